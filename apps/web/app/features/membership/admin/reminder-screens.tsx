import {
  DUES_REMINDER_SEND_GROUP_LABELS,
  DUES_REMINDER_SEND_GROUPS,
  duesReminderStepLabel,
  italianDate,
  italianDateTime,
  type DuesReminderHistoryEntry,
  type DuesReminderMember,
  type DuesReminderSendBody,
  type DuesReminderSendGroup,
  type DuesReminderSendPreview,
  type DuesReminderSendResult,
  type DuesRemindersOverview,
} from '@sodalis/contracts';
import { useCallback, useEffect, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { Link } from 'react-router';
import { errorText } from '../../admin/error-text';
import { adminJson } from '../../admin/data-provider';

const ROOT = '/api/v1/Admin/DuesReminders';

/** What the "next reminder" column says: never "in regola" for a lapsed member (ADR 030). */
function nextText(member: DuesReminderMember): string {
  if (member.paused) return 'Sospesi per questo socio';
  if (member.next !== null)
    return `Quota ${member.next.year}: ${duesReminderStepLabel(member.next.step)}`;
  if (member.standing === 'lapsed')
    return member.lapseNoticeSentAt === null
      ? 'Nessun promemoria: iscrizione decaduta'
      : `Avviso di decadenza inviato il ${italianDate(member.lapseNoticeSentAt)}`;
  return 'Nessuno: quota in regola';
}

/**
 * "Invia ora" (ADR 030, amendment of 27 November 2026): the preview first — how many, a sample
 * of names, the first message as it will be sent — then the confirmation, which queues the
 * messages through the outbox. For one member (`memberId`) or a group chosen here.
 */
export function SendNowPanel({ memberId, onSent }: { memberId?: number; onSent?: () => void }) {
  const notify = useNotify();
  const [group, setGroup] = useState<DuesReminderSendGroup>('arrears');
  const [preview, setPreview] = useState<DuesReminderSendPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const body: DuesReminderSendBody = memberId === undefined ? { group } : { memberId };

  const run = <T,>(path: string, done: (answer: T) => void) => {
    setBusy(true);
    adminJson<T>(`${ROOT}/${path}`, { method: 'POST', body })
      .then(done)
      .catch((error: unknown) =>
        notify(errorText(error, 'Operazione non riuscita.'), { type: 'error' }),
      )
      .finally(() => setBusy(false));
  };

  return (
    <section className="mt-3" aria-labelledby="send-now-title">
      <h2 id="send-now-title" className="h6">
        Invia ora un promemoria
      </h2>
      <div className="d-flex flex-wrap gap-2 align-items-end">
        {memberId === undefined && (
          <label>
            A chi
            <select
              className="form-select"
              value={group}
              onChange={(event) => {
                setGroup(event.target.value as DuesReminderSendGroup);
                setPreview(null);
              }}
            >
              {DUES_REMINDER_SEND_GROUPS.map((value) => (
                <option key={value} value={value}>
                  {DUES_REMINDER_SEND_GROUP_LABELS[value]}
                </option>
              ))}
            </select>
          </label>
        )}
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={busy}
          onClick={() => run<DuesReminderSendPreview>('Send/Preview', setPreview)}
        >
          Anteprima
        </button>
      </div>
      {preview !== null && (
        <div className="mt-2" role="status">
          <p>
            {preview.count === 1
              ? 'Il promemoria andrà a 1 socio'
              : `Il promemoria andrà a ${preview.count} soci`}
            {preview.skipped > 0
              ? ` (${preview.skipped} esclusi: sospesi o già avvisati nelle ultime 24 ore)`
              : ''}
            {preview.names.length > 0 ? `: ${preview.names.join(', ')}` : ''}
            {preview.count > preview.names.length ? ', …' : '.'}
          </p>
          {preview.sample !== null && (
            <>
              <p className="mb-1">
                Messaggio a {preview.sample.to} — <strong>{preview.sample.subject}</strong>
              </p>
              <pre className="border p-2 small" style={{ whiteSpace: 'pre-wrap' }}>
                {preview.sample.text}
              </pre>
              <button
                type="button"
                className="btn btn-primary"
                disabled={busy}
                onClick={() =>
                  run<DuesReminderSendResult>('Send', (answer) => {
                    notify(
                      answer.sent === 1
                        ? 'Promemoria inviato a 1 socio.'
                        : `Promemoria inviato a ${answer.sent} soci.`,
                      { type: 'success' },
                    );
                    setPreview(null);
                    onSent?.();
                  })
                }
              >
                Conferma invio
              </button>
            </>
          )}
        </div>
      )}
    </section>
  );
}

/** The reminders a member received, newest first (the member's dues screen). */
export function MemberReminderHistory({ memberId }: { memberId: number }) {
  const [entries, setEntries] = useState<DuesReminderHistoryEntry[] | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    adminJson<DuesReminderHistoryEntry[]>(`${ROOT}/Member/${memberId}`).then(setEntries, () =>
      setEntries([]),
    );
  }, [memberId, version]);
  return (
    <>
      <SendNowPanel memberId={memberId} onSent={() => setVersion((value) => value + 1)} />
      <h2 className="h6 mt-3">Promemoria inviati</h2>
      {entries === null ? (
        <p role="status">Caricamento…</p>
      ) : entries.length === 0 ? (
        <p>Nessun promemoria inviato a questo socio.</p>
      ) : (
        <table className="table table-sm">
          <thead>
            <tr>
              <th scope="col">Promemoria</th>
              <th scope="col">Inviato il</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={`${entry.year}-${entry.step}`}>
                <td>
                  Quota {entry.year}: {duesReminderStepLabel(entry.step)}
                </td>
                <td>{italianDateTime(entry.sentAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/**
 * The dues reminders (ADR 030): who gets which reminder next and when, the latest sent, and
 * the pause for one member or for everyone; "Invia ora" to a group.
 */
export function DuesReminderScreen() {
  const notify = useNotify();
  const [overview, setOverview] = useState<DuesRemindersOverview | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    adminJson<DuesRemindersOverview>(ROOT).then(setOverview, (error: unknown) =>
      notify(errorText(error, 'Promemoria non disponibili.'), {
        type: 'error',
      }),
    );
  }, [notify]);
  useEffect(load, [load]);

  const setPaused = (paused: boolean, memberId?: number) => {
    setBusy(true);
    adminJson<DuesRemindersOverview>(`${ROOT}/${paused ? 'Pause' : 'Resume'}`, {
      method: 'POST',
      body: memberId === undefined ? {} : { memberId },
    })
      .then((answer) => {
        setOverview(answer);
        notify(paused ? 'Promemoria sospesi.' : 'Promemoria ripresi.', { type: 'success' });
      })
      .catch((error: unknown) =>
        notify(errorText(error, 'Operazione non riuscita.'), {
          type: 'error',
        }),
      )
      .finally(() => setBusy(false));
  };

  return (
    <div className="p-3">
      <Title title="Promemoria delle quote" />
      <h1 className="h4">Promemoria delle quote</h1>
      {overview === null ? (
        <p role="status">Caricamento…</p>
      ) : (
        <>
          <p role="status">
            {overview.pausedForEveryone
              ? 'I promemoria sono sospesi per tutti: nessun socio li riceve finché non li riprendi.'
              : 'I promemoria partono ai soci che non hanno pagato la quota dell’anno, secondo il calendario.'}
          </p>
          <button
            type="button"
            className={
              overview.pausedForEveryone ? 'btn btn-primary mb-3' : 'btn btn-outline-danger mb-3'
            }
            disabled={busy}
            onClick={() => setPaused(!overview.pausedForEveryone)}
          >
            {overview.pausedForEveryone ? 'Riprendi per tutti' : 'Sospendi per tutti'}
          </button>
          <p className="mt-2">
            <Link to="/amministrazione/testi-promemoria">Modifica i testi dei promemoria</Link>
          </p>
          <SendNowPanel onSent={load} />
          <table className="table table-sm mt-3">
            <caption>Prossimo promemoria di ciascun socio</caption>
            <thead>
              <tr>
                <th scope="col">Socio</th>
                <th scope="col">N. socio</th>
                <th scope="col">Prossimo promemoria</th>
                <th scope="col">Data</th>
                <th scope="col">Azioni</th>
              </tr>
            </thead>
            <tbody>
              {overview.members.map((member) => (
                <tr key={member.memberId}>
                  <td>
                    {member.name}
                    <div className="small">{member.email}</div>
                  </td>
                  <td>{member.memberNumber ?? '—'}</td>
                  <td>{nextText(member)}</td>
                  <td>
                    {member.paused || member.next === null ? '—' : italianDate(member.next.on)}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-secondary"
                      disabled={busy}
                      aria-label={`${member.paused ? 'Riprendi' : 'Sospendi'} i promemoria di ${member.name}`}
                      onClick={() => setPaused(!member.paused, member.memberId)}
                    >
                      {member.paused ? 'Riprendi' : 'Sospendi'}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2 className="h5">Ultimi promemoria inviati</h2>
          {overview.sent.length === 0 ? (
            <p>Nessun promemoria inviato finora.</p>
          ) : (
            <table className="table table-sm">
              <caption>Gli ultimi invii, dal più recente</caption>
              <thead>
                <tr>
                  <th scope="col">Socio</th>
                  <th scope="col">Promemoria</th>
                  <th scope="col">Inviato il</th>
                </tr>
              </thead>
              <tbody>
                {overview.sent.map((sent) => (
                  <tr key={`${sent.memberId}-${sent.year}-${sent.step}`}>
                    <td>{sent.name}</td>
                    <td>
                      Quota {sent.year}: {duesReminderStepLabel(sent.step)}
                    </td>
                    <td>{italianDateTime(sent.sentAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </div>
  );
}
