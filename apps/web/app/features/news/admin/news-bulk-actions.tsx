import type { AdminNewsBulk } from '@sodalis/contracts';
import { useState } from 'react';
import { Button, Confirm, useListContext, useNotify, useRefresh } from 'react-admin';
import { adminJson, adminPath, downloadExport } from '../../admin/data-provider';
import { errorText } from '../../admin/error-text';

type BulkAction = AdminNewsBulk['action'];

/** Each bulk action as the list offers it: its button, its question, and its outcome. */
const BULK_WORDS: Record<
  BulkAction,
  { label: string; question: string; confirm: string; done: [string, string] }
> = {
  pubblica: {
    label: 'Pubblica',
    question: 'Pubblicare le notizie selezionate?',
    confirm: 'Pubblica',
    done: ['notizia pubblicata', 'notizie pubblicate'],
  },
  ritira: {
    label: 'Ritira',
    question: 'Ritirare dal sito le notizie selezionate? Tornano bozze.',
    confirm: 'Ritira',
    done: ['notizia ritirata', 'notizie ritirate'],
  },
  elimina: {
    label: 'Sposta nel cestino',
    question: 'Spostare nel cestino le notizie selezionate? Restano ripristinabili per 30 giorni.',
    confirm: 'Sposta nel cestino',
    done: ['notizia spostata nel cestino', 'notizie spostate nel cestino'],
  },
};

/** "3 notizie pubblicate", "1 notizia ritirata". */
function outcomeText(action: BulkAction, count: number): string {
  const [one, many] = BULK_WORDS[action].done;
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * The news list's bulk actions (ADR 023): each change asks first, then sends the selected ids
 * to `POST /News/Bulk` and says what happened; an error of the server is shown as it words it.
 * "Esporta selezionati" downloads the selected items as CSV.
 */
export function NewsBulkActions() {
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asked, setAsked] = useState<BulkAction | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: BulkAction) {
    setBusy(true);
    const ids = selectedIds.map(Number);
    try {
      await adminJson(`${adminPath('news')}/Bulk`, { method: 'POST', body: { ids, action } });
      notify(outcomeText(action, ids.length), { type: 'info' });
      onUnselectItems();
    } catch (error) {
      notify(errorText(error, 'Azione in blocco non riuscita.'), {
        type: 'error',
      });
    } finally {
      setBusy(false);
      refresh();
    }
  }

  return (
    <>
      {(Object.keys(BULK_WORDS) as BulkAction[]).map((action) => (
        <Button
          key={action}
          label={BULK_WORDS[action].label}
          disabled={busy}
          onClick={() => setAsked(action)}
        />
      ))}
      <Button
        label="Esporta selezionati"
        disabled={busy}
        onClick={() => {
          downloadExport(
            `${adminPath('news')}/Export?ids=${selectedIds.map(String).join(',')}`,
            'notizie-selezionate.csv',
          ).catch((error: unknown) =>
            notify(errorText(error, 'Esportazione non riuscita.'), { type: 'error' }),
          );
        }}
      />
      <Confirm
        isOpen={asked !== null}
        title={asked === null ? '' : BULK_WORDS[asked].question}
        content={`Notizie selezionate: ${selectedIds.length}.`}
        confirm={asked === null ? 'Conferma' : BULK_WORDS[asked].confirm}
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
