import { italianDateTime, type AdminAuditEntry } from '@sodalis/contracts';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import {
  Button,
  useRecordContext,
  useResourceContext,
  type EditProps,
  type RaRecord,
} from 'react-admin';
import { adminJson, adminPath } from './data-provider';
import { changedFieldsText } from './format';
import { dropLocalDraft } from './local-draft';
import { useStaffCall } from './staff-call';
import { StaffEdit } from './staff-edit';

/** The version a rollback just saved, from the history panel to the open form beside it. */
const RestoredVersionContext = createContext<{
  restored: RaRecord | null;
  setRestored: (item: RaRecord) => void;
}>({ restored: null, setRestored: () => undefined });

/** Around an edit screen whose form shows the version a rollback restores. */
export function RestoredVersionProvider({ children }: { children: ReactNode }) {
  const [restored, setRestored] = useState<RaRecord | null>(null);
  return (
    <RestoredVersionContext.Provider value={{ restored, setRestored }}>
      {children}
    </RestoredVersionContext.Provider>
  );
}

/**
 * Inside the form: after "Annulla questa modifica" the open form shows the restored values
 * (ADR 023). It resets whole to them, typed values included, and the local draft goes, so
 * neither the form's kept values nor the draft put the undone version back.
 */
export function RestoredVersionReset() {
  const { restored } = useContext(RestoredVersionContext);
  const resource = useResourceContext();
  const { reset } = useFormContext();
  useEffect(() => {
    if (restored === null || resource === undefined) return;
    dropLocalDraft(resource, restored.id);
    reset(restored);
  }, [restored, reset, resource]);
  return null;
}

/**
 * The item's history from the audit log (ADR 023, ADR 031), beside its form: each change with
 * who and when, and "Annulla questa modifica" to put back the values it replaced. `undone` is
 * the notice after a rollback ("la notizia è tornata alla versione precedente").
 */
export function RecordHistory({ undone, testId }: { undone: string; testId: string }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const { setRestored } = useContext(RestoredVersionContext);
  const { saving: busy, call } = useStaffCall();
  const [entries, setEntries] = useState<AdminAuditEntry[] | null>(null);
  const [rollbacks, setRollbacks] = useState(0);
  const id = record?.id;
  // A save reloads the history; records without `updatedAt` (sponsorship requests) by their
  // values, and a rollback by itself, as it leaves the record read beside the form as it was.
  const version = JSON.stringify(record ?? null);
  useEffect(() => {
    if (id === undefined || resource === undefined) return undefined;
    let live = true;
    adminJson<AdminAuditEntry[]>(`${adminPath(resource, id)}/History`)
      .then((answer) => {
        if (live) setEntries(answer);
      })
      .catch(() => {
        if (live) setEntries([]);
      });
    return () => {
      live = false;
    };
  }, [id, resource, version, rollbacks]);
  if (id === undefined || resource === undefined || entries === null) return null;
  function undo(entry: AdminAuditEntry) {
    if (id === undefined || resource === undefined) return;
    void call<RaRecord>(
      `${adminPath(resource, id)}/Rollback`,
      { method: 'POST', body: { auditId: entry.id } },
      (restored) => {
        setRestored(restored);
        setRollbacks((count) => count + 1);
        return `Modifica annullata: ${undone}`;
      },
    );
  }
  const headingId = `${testId}-title`;
  return (
    <section className="admin-history" aria-labelledby={headingId}>
      <h2 id={headingId} className="h6">
        Versioni e modifiche
      </h2>
      <ol data-testid={testId}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <span>{italianDateTime(entry.at)}</span> — {entry.summary}{' '}
            <span className="admin-latest-who">({entry.actorEmail})</span>
            {changedFieldsText(entry) === null ? null : (
              <div className="admin-history-fields">{changedFieldsText(entry)}</div>
            )}
            {entry.before !== null && entry.action !== 'crea' ? (
              <Button label="Annulla questa modifica" disabled={busy} onClick={() => undo(entry)} />
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * A staff edit screen with the record's history beside its form (ADR 031): the form inside
 * holds `RestoredVersionReset`, so a rollback shows at once.
 */
export function StaffEditWithHistory({
  historyTestId,
  undone,
  ...props
}: EditProps & { historyTestId: string; undone: string }) {
  return (
    <RestoredVersionProvider>
      <StaffEdit {...props} aside={<RecordHistory testId={historyTestId} undone={undone} />} />
    </RestoredVersionProvider>
  );
}
