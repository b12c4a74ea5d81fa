import { italianDateTime, type EditConflict } from '@sodalis/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useFormContext } from 'react-hook-form';
import { SaveButton, useEditContext, useRecordContext, useResourceContext } from 'react-admin';
import { dropLocalDraft } from './local-draft';

import {
  keyOf,
  listeners,
  overwriting,
  refused,
  saveAnswered,
  type RefusedSave,
} from './edit-conflict-state';

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function useRefusedSave(resource: string | undefined, id: unknown): RefusedSave | null {
  const key = resource === undefined || id === undefined ? null : keyOf(resource, String(id));
  return useSyncExternalStore(
    subscribe,
    () => (key === null ? null : (refused.get(key) ?? null)),
    () => null,
  );
}

/** "noteInterne" → "note interne": a field as the audit log names it, in words. */
function fieldWords(field: string): string {
  return field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** "Modificato da anna@… il 27/11/2026, 21:30: titolo, note interne." */
export function changeLine(change: EditConflict['changes'][number]): string {
  const fields = change.fields.map(fieldWords).join(', ');
  return `Modificato da ${change.actorEmail} il ${italianDateTime(change.at)}${fields === '' ? '' : `: ${fields}`}.`;
}

/** The values the form's button added to what was typed ("Salva bozza": `published: false`). */
function addedBySave(
  sent: Record<string, unknown>,
  typed: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(sent).filter(
      ([field, value]) => JSON.stringify(typed[field]) !== JSON.stringify(value),
    ),
  );
}

/** The notice of a refused save, inside the edit form (an edit screen's only). */
function RefusedSaveNotice({ resource, refusal }: { resource: string; refusal: RefusedSave }) {
  const record = useRecordContext();
  const { refetch } = useEditContext();
  const { reset, getValues } = useFormContext();
  // What the save added to the typed values, taken when it was refused: "Sovrascrivi" saves
  // the same way (a draft stays a draft), with whatever is typed by then.
  const [added] = useState(() => addedBySave(refusal.sent, getValues() as Record<string, unknown>));
  const [reloading, setReloading] = useState(false);
  const id = record?.id;
  if (id === undefined) return null;
  const key = keyOf(resource, id);

  async function reload() {
    setReloading(true);
    // Mine dropped: the form and its local draft become the current version.
    dropLocalDraft(resource, id);
    reset(refusal.conflict.current);
    await refetch();
    setReloading(false);
    saveAnswered(resource, id as string | number, null);
  }

  return (
    <Alert
      severity="warning"
      role="alert"
      className="admin-edit-conflict"
      data-testid="edit-conflict"
      sx={{ mb: 2, width: '100%' }}
    >
      <AlertTitle>Salvataggio non riuscito: l’elemento è cambiato</AlertTitle>
      <p>
        Qualcun altro ha modificato questo elemento dopo che lo hai aperto. Quello che hai scritto è
        ancora nel modulo: ricarica per vedere la versione attuale (le tue modifiche andranno
        perse), oppure sovrascrivila con la tua.
      </p>
      {refusal.conflict.changes.length === 0 ? null : (
        <ul>
          {refusal.conflict.changes.map((change) => (
            <li key={`${change.at}-${change.actorEmail}`}>{changeLine(change)}</li>
          ))}
        </ul>
      )}
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button variant="outlined" disabled={reloading} onClick={() => void reload()}>
          Ricarica
        </Button>
        <SaveButton
          label="Sovrascrivi"
          type="button"
          alwaysEnable
          variant="contained"
          icon={<></>}
          onClick={() => overwriting.add(key)}
          transform={(data: Record<string, unknown>) => ({ ...data, ...added })}
        />
      </div>
    </Alert>
  );
}

/** In every staff form: the notice of its record's refused save, while there is one. */
export function EditConflictNotice() {
  const resource = useResourceContext();
  const record = useRecordContext();
  const refusal = useRefusedSave(resource, record?.id);
  // A form that closes forgets its record's refusal: opened again, it reads the current one.
  useEffect(
    () => () => {
      if (resource !== undefined && record?.id !== undefined) {
        saveAnswered(resource, record.id, null);
      }
    },
    [resource, record?.id],
  );
  if (refusal === null || resource === undefined) return null;
  return <RefusedSaveNotice key={refusal.serial} resource={resource} refusal={refusal} />;
}
