import {
  duesReminderStepLabel,
  italianDate,
  italianDateTime,
  type DuesRemindersOverview,
} from '@sodalis/contracts';
import { useCallback, useEffect, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { errorText } from '../../admin/error-text';
import { adminJson } from '../../admin/data-provider';

const ROOT = '/api/v1/Admin/DuesReminders';

/**
 * The dues reminders (ADR 030): who gets which reminder next and when, the latest sent, and
 * the pause for one member or for everyone.
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
          <table className="table table-sm">
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
                  <td>
                    {member.paused
                      ? 'Sospesi per questo socio'
                      : member.next === null
                        ? 'Nessuno: quota in regola'
                        : `Quota ${member.next.year}: ${duesReminderStepLabel(member.next.step)}`}
                  </td>
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
