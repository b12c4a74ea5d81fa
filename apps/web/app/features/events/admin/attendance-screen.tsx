import {
  CERTIFICATE_STATE_LABELS,
  hoursPresentText,
  type AdminAttendanceRow,
} from '@sodalis/contracts';
import {
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useCallback, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { adminJson, downloadExport } from '../../admin/data-provider';
import { errorText } from '../../admin/error-text';
import { SessionsEditor } from './attendance-sessions';
import { EcmAttendance } from './ecm-attendance';
import { ATTENDANCE_API } from './admin-data';
import { AttendanceEventSelect, useAttendanceEvents } from './event-select';

/**
 * An event's attendance for the secretariat (ADR 051): its sessions within a day (ADR 054), the
 * badges to print in bulk (A6 or labels), each confirmed person's hours present from the
 * check-in (and per session), and the certificates: issued to everyone who came once the event
 * is over, reissued or revoked one by one.
 */
export function AttendanceScreen() {
  const notify = useNotify();
  const events = useAttendanceEvents();
  const [eventId, setEventId] = useState<number | null>(null);
  const [rows, setRows] = useState<AdminAttendanceRow[]>([]);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    async (id: number) => {
      try {
        setRows(await adminJson<AdminAttendanceRow[]>(`${ATTENDANCE_API}/Events/${id}/Report`));
      } catch (error) {
        notify(errorText(error, 'Presenze non disponibili.'), { type: 'error' });
      }
    },
    [notify],
  );

  const act = async (work: () => Promise<string>) => {
    if (eventId === null) return;
    setBusy(true);
    try {
      notify(await work(), { type: 'success' });
      await load(eventId);
    } catch (error) {
      notify(errorText(error, 'Operazione non riuscita.'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const issue = () =>
    act(async () => {
      const { issued } = await adminJson<{ issued: number }>(
        `${ATTENDANCE_API}/Events/${eventId}/Certificates`,
        { method: 'POST' },
      );
      return issued === 0
        ? 'Nessun nuovo attestato: tutti i presenti lo hanno già.'
        : `${issued} attestati emessi e inviati per e-mail.`;
    });
  const reissue = (id: number) =>
    act(async () => {
      await adminJson(`${ATTENDANCE_API}/Certificates/${id}/Reissue`, { method: 'POST' });
      return 'Attestato riemesso con lo stesso numero e inviato di nuovo.';
    });
  const revoke = (id: number) => {
    const reason = window.prompt('Motivo della revoca');
    if (reason === null) return;
    void act(async () => {
      await adminJson(`${ATTENDANCE_API}/Certificates/${id}/Revoke`, {
        method: 'POST',
        body: { reason },
      });
      return 'Attestato revocato: la pagina di verifica lo dice.';
    });
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }} data-testid="attendance-screen">
      <Title title="Presenze e attestati" />
      <Typography variant="h5" component="h1" gutterBottom>
        Presenze e attestati
      </Typography>
      <AttendanceEventSelect
        events={events}
        value={eventId}
        onChange={(id) => {
          setEventId(id);
          void load(id);
        }}
      />
      {eventId === null ? null : (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
            <Button
              variant="outlined"
              onClick={() =>
                void downloadExport(
                  `${ATTENDANCE_API}/Events/${eventId}/Badges?formato=a6`,
                  'badge.pdf',
                )
              }
            >
              Badge A6 (PDF)
            </Button>
            <Button
              variant="outlined"
              onClick={() =>
                void downloadExport(
                  `${ATTENDANCE_API}/Events/${eventId}/Badges?formato=etichette`,
                  'badge-etichette.pdf',
                )
              }
            >
              Badge su etichette A4 (PDF)
            </Button>
            <Button variant="contained" disabled={busy} onClick={() => void issue()}>
              Emetti gli attestati
            </Button>
          </Box>
          <SessionsEditor key={eventId} eventId={eventId} />
          <EcmAttendance key={`ecm-${eventId}`} eventId={eventId} />
          <Table size="small" aria-label="Presenze">
            <TableHead>
              <TableRow>
                <TableCell>Nome</TableCell>
                <TableCell>Tipo</TableCell>
                <TableCell>Presenza</TableCell>
                <TableCell>Attestato</TableCell>
                <TableCell>Azioni</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.registrationId}>
                  <TableCell>{row.name}</TableCell>
                  <TableCell>{row.typeName}</TableCell>
                  <TableCell>
                    {hoursPresentText(row.attendance.minutesPresent)} ({row.attendance.percent}%)
                    {row.attendance.sessions.map((session) => (
                      <Typography key={session.sessionId} variant="body2" component="div">
                        {session.name}: {session.minutesPresent} su {session.sessionMinutes} min
                      </Typography>
                    ))}
                  </TableCell>
                  <TableCell>
                    {row.certificate === null
                      ? '—'
                      : `n. ${row.certificate.number} · ${CERTIFICATE_STATE_LABELS[row.certificate.state]}`}
                  </TableCell>
                  <TableCell>
                    {row.certificate === null ? null : (
                      <>
                        <Button
                          size="small"
                          onClick={() =>
                            void downloadExport(
                              `${ATTENDANCE_API}/Certificates/${row.certificate?.id}/Pdf`,
                              'attestato.pdf',
                            )
                          }
                        >
                          PDF
                        </Button>
                        {row.certificate.state === 'valid' ? (
                          <>
                            <Button
                              size="small"
                              disabled={busy}
                              onClick={() => void reissue(row.certificate?.id ?? 0)}
                            >
                              Riemetti
                            </Button>
                            <Button
                              size="small"
                              color="error"
                              disabled={busy}
                              onClick={() => revoke(row.certificate?.id ?? 0)}
                            >
                              Revoca
                            </Button>
                          </>
                        ) : null}
                      </>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Box>
  );
}
