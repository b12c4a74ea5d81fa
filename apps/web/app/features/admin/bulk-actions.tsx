import type { BulkAction } from '@sodalis/contracts';
import { useState } from 'react';
import { Button, Confirm, useListContext, useNotify } from 'react-admin';
import { adminPath, downloadExport, type AdminResource } from './data-provider';
import { errorText } from './error-text';
import { useStaffCall } from './staff-call';

/**
 * How a list names what it selects: "notizia"/"notizie" (feminine, ending a) or
 * "documento"/"documenti" (masculine, ending o).
 */
export interface SelectedNouns {
  one: string;
  many: string;
  ending: 'a' | 'o';
}

/** Each bulk action as the list offers it: its button, its question, and its outcome. */
function bulkWords(
  { one, many, ending }: SelectedNouns,
  action: BulkAction,
): { label: string; question: string; done: [string, string] } {
  const plural = ending === 'a' ? 'e' : 'i';
  const chosen = `${ending === 'a' ? 'le' : 'i'} ${many} selezionat${plural}`;
  const done = (verb: string): [string, string] => [
    `${one} ${verb}${ending}`,
    `${many} ${verb}${plural}`,
  ];
  switch (action) {
    case 'pubblica':
      return { label: 'Pubblica', question: `Pubblicare ${chosen}?`, done: done('pubblicat') };
    case 'ritira':
      return {
        label: 'Ritira',
        question: `Ritirare dal sito ${chosen}? Tornano bozze.`,
        done: done('ritirat'),
      };
    case 'elimina': {
      const [single, several] = done('spostat');
      return {
        label: 'Sposta nel cestino',
        question: `Spostare nel cestino ${chosen}? Restano ripristinabili per 30 giorni.`,
        done: [`${single} nel cestino`, `${several} nel cestino`],
      };
    }
  }
}

const ACTIONS: readonly BulkAction[] = ['pubblica', 'ritira', 'elimina'];

/**
 * A list's bulk actions (ADR 023, ADR 031): each change asks first, then sends the selected ids
 * to `POST /<Kind>/Bulk` (all of them change or none) and says what happened ("3 notizie
 * pubblicate"); an error of the server is shown as it words it. "Esporta selezionati" downloads
 * the selected items as CSV.
 */
export function BulkActions({
  resource,
  nouns,
  exportFileName,
}: {
  resource: AdminResource;
  nouns: SelectedNouns;
  exportFileName: string;
}) {
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  const { saving: busy, call } = useStaffCall();
  const [asked, setAsked] = useState<BulkAction | null>(null);

  // All the selected items change or none (ADR 031): after an error the list is as it was.
  async function run(action: BulkAction) {
    const ids = selectedIds.map(Number);
    const [one, many] = bulkWords(nouns, action).done;
    const done = await call(
      `${adminPath(resource)}/Bulk`,
      { method: 'POST', body: { ids, action } },
      () => `${ids.length} ${ids.length === 1 ? one : many}`,
    );
    if (done) onUnselectItems();
  }

  const question = asked === null ? null : bulkWords(nouns, asked);
  return (
    <>
      {ACTIONS.map((action) => (
        <Button
          key={action}
          label={bulkWords(nouns, action).label}
          disabled={busy}
          onClick={() => setAsked(action)}
        />
      ))}
      <Button
        label="Esporta selezionati"
        disabled={busy}
        onClick={() => {
          downloadExport(
            `${adminPath(resource)}/Export?ids=${selectedIds.map(String).join(',')}`,
            exportFileName,
          ).catch((error: unknown) =>
            notify(errorText(error, 'Esportazione non riuscita.'), { type: 'error' }),
          );
        }}
      />
      <Confirm
        isOpen={question !== null}
        title={question?.question ?? ''}
        content={`Selezionati: ${selectedIds.length}.`}
        confirm={question?.label ?? 'Conferma'}
        onConfirm={() => {
          const action = asked;
          setAsked(null);
          if (action !== null) void run(action);
        }}
        onClose={() => setAsked(null)}
      />
    </>
  );
}
