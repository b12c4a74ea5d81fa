import {
  CERTIFICATE_STATE_LABELS,
  CertificateRevokeSchema,
  creditsPhrase,
  ECM_CREDIT_CONDITION_LABELS,
  ECM_CREDIT_CONDITIONS,
  ECM_REPORT_WARNING_DAYS,
  italianDate,
  romeDate,
  type EcmCreditRow,
  type EcmCreditsReport,
  type EcmReportSentInput,
} from '@sodalis/contracts';
import {
  Alert,
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Title, useNotify } from 'react-admin';
import { useSearchParams } from 'react-router';
import { adminJson, downloadExport } from '../../admin/data-provider';
import { errorText, fieldErrorsOf } from '../../admin/error-text';
import { ReasonDialog } from '../../admin/reason-dialog';
import { ATTENDANCE_API } from './admin-data';
import { AttendanceEventSelect, useAttendanceEvents } from './event-select';

/** Days from today (Rome) to an ISO date: negative when past. */
function daysUntil(day: string): number {
  return Math.round((Date.parse(day) - Date.parse(romeDate())) / 86_400_000);
}

/** Where the report to Age.Na.S. stands: sent (when, by whom) or due (in how many days). */
function ReportDeadline({ report }: { report: EcmCreditsReport }) {
  if (report.reported !== null) {
    return (
      <Alert severity="success" sx={{ mb: 2 }} data-testid="ecm-report-state">
        Rapporto inviato ad Age.Na.S. il {italianDate(report.reported.on)}
        {report.reported.by === null ? '' : ` (registrato da ${report.reported.by})`}
        {report.reported.note === null ? '' : `: ${report.reported.note}`}.
      </Alert>
    );
  }
  if (report.reportDueOn === null) return null;
  const days = daysUntil(report.reportDueOn);
  const ended = report.endedOn !== null && daysUntil(report.endedOn) < 0;
  if (!ended) return null;
  return (
    <Alert
      severity={days < 0 ? 'error' : days <= ECM_REPORT_WARNING_DAYS ? 'warning' : 'info'}
      sx={{ mb: 2 }}
      data-testid="ecm-report-state"
    >
      Rapporto dei partecipanti da inviare ad Age.Na.S. entro il {italianDate(report.reportDueOn)}{' '}
      (90 giorni dalla fine dell’evento):{' '}
      {days < 0 ? `in ritardo di ${-days} giorni.` : `mancano ${days} giorni.`}
    </Alert>
  );
}

/** The record of the report's upload to the Age.Na.S. portal: the day and a note. */
function ReportSentForm({
  report,
  onDone,
}: {
  report: EcmCreditsReport;
  onDone: () => Promise<unknown>;
}) {
  const notify = useNotify();
  const [sentOn, setSentOn] = useState(report.reported?.on ?? romeDate());
  const [note, setNote] = useState(report.reported?.note ?? '');
  const [errors, setErrors] = useState<Partial<Record<keyof EcmReportSentInput, string>>>({});
  const [busy, setBusy] = useState(false);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const body: EcmReportSentInput = { sentOn, note };
      await adminJson(`${ATTENDANCE_API}/Events/${report.eventId}/EcmReportSent`, {
        method: 'PUT',
        body,
      });
      setErrors({});
      notify('Invio del rapporto registrato.', { type: 'success' });
      await onDone();
    } catch (error) {
      const fields = fieldErrorsOf<keyof EcmReportSentInput>(error);
      setErrors(fields ?? {});
      if (fields === undefined)
        notify(errorText(error, 'Invio non registrato.'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const clear = async () => {
    setBusy(true);
    try {
      await adminJson(`${ATTENDANCE_API}/Events/${report.eventId}/EcmReportSent`, {
        method: 'DELETE',
      });
      notify('Registrazione dell’invio annullata.', { type: 'success' });
      await onDone();
    } catch (error) {
      notify(errorText(error, 'Operazione non riuscita.'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box
      component="form"
      onSubmit={(event: FormEvent) => void send(event)}
      aria-label="Registra l’invio del rapporto ad Age.Na.S."
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}
    >
      <TextField
        size="small"
        type="date"
        label="Inviato il"
        value={sentOn}
        onChange={(event) => setSentOn(event.target.value)}
        error={errors.sentOn !== undefined}
        helperText={errors.sentOn}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        label="Nota (facoltativa)"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        error={errors.note !== undefined}
        helperText={errors.note}
        sx={{ minWidth: 260 }}
      />
      <Button type="submit" size="small" variant="outlined" disabled={busy}>
        {report.reported === null ? 'Registra l’invio' : 'Aggiorna l’invio'}
      </Button>
      {report.reported === null ? null : (
        <Button size="small" disabled={busy} onClick={() => void clear()}>
          Annulla la registrazione
        </Button>
      )}
    </Box>
  );
}

function ConditionCell({ row, condition }: { row: EcmCreditRow; condition: string }) {
  const check = row.checks.find((item) => item.condition === condition);
  if (check === undefined) return <TableCell>—</TableCell>;
  return (
    <TableCell data-testid={`ecm-check-${condition}`} data-met={check.met}>
      <span aria-hidden="true">{check.met ? '✓ ' : '✗ '}</span>
      {check.text}
    </TableCell>
  );
}

/**
 * The ECM credits of an event for the secretariat (ADR 060): for each confirmed registrant the
 * four conditions, met or not and why; the certificates issued in bulk, downloaded or revoked
 * with a reason; the participants' report for Age.Na.S. (XML, refused with whom to fix) and its
 * CSV; the 90 days' countdown and the record of the upload.
 */
export function EcmCreditsScreen() {
  const notify = useNotify();
  const [searchParams, setSearchParams] = useSearchParams();
  const chosen = Number(searchParams.get('evento'));
  const eventId = Number.isInteger(chosen) && chosen > 0 ? chosen : null;
  const events = useAttendanceEvents();
  const [report, setReport] = useState<EcmCreditsReport | null>(null);
  const [busy, setBusy] = useState(false);
  const [revoking, setRevoking] = useState<EcmCreditRow | null>(null);

  const load = useCallback(async () => {
    if (eventId === null) return;
    try {
      setReport(
        await adminJson<EcmCreditsReport>(`${ATTENDANCE_API}/Events/${eventId}/EcmCredits`),
      );
    } catch (error) {
      notify(errorText(error, 'Crediti ECM non disponibili.'), { type: 'error' });
    }
  }, [eventId, notify]);
  useEffect(() => {
    const first = setTimeout(() => void load(), 0);
    return () => clearTimeout(first);
  }, [load]);

  const act = async (work: () => Promise<string>): Promise<boolean> => {
    setBusy(true);
    try {
      notify(await work(), { type: 'success' });
      await load();
      return true;
    } catch (error) {
      notify(errorText(error, 'Operazione non riuscita.'), {
        type: 'error',
        autoHideDuration: 20_000,
      });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const issueAll = () =>
    act(async () => {
      const { issued } = await adminJson<{ issued: number }>(
        `${ATTENDANCE_API}/Events/${eventId}/EcmCertificates`,
        { method: 'POST' },
      );
      return issued === 0
        ? 'Nessun nuovo attestato ECM: chi ha i crediti lo ha già.'
        : `${issued} attestati ECM emessi: ciascuno li scarica da «Le mie iscrizioni».`;
    });

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }} data-testid="ecm-credits-screen">
      <Title title="Crediti ECM" />
      <Typography variant="h5" component="h1" gutterBottom>
        Crediti ECM
      </Typography>
      <AttendanceEventSelect
        events={events}
        value={eventId}
        onChange={(id) => {
          setReport(null);
          setSearchParams({ evento: String(id) });
        }}
      />
      {report === null ? null : !report.accredited ? (
        <Alert severity="info">
          L’evento non ha dati ECM: compilali nella sezione «ECM» dell’evento.
        </Alert>
      ) : (
        <>
          <Typography sx={{ mb: 1 }}>
            {report.creditsText === '' ? 'Crediti non indicati' : creditsPhrase(report.creditsText)}
            {report.endedOn === null ? '' : ` · fine dell’evento ${italianDate(report.endedOn)}`}
            {` · ${report.rows.filter((row) => row.earned).length} su ${report.rows.length} iscritti confermati con i crediti`}
          </Typography>
          <ReportDeadline report={report} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
            <Button variant="contained" disabled={busy} onClick={() => void issueAll()}>
              Emetti gli attestati ECM
            </Button>
            <Button
              variant="outlined"
              disabled={busy}
              onClick={() =>
                void act(async () => {
                  await downloadExport(
                    `${ATTENDANCE_API}/Events/${report.eventId}/EcmReport?formato=xml`,
                    'rapporto-ecm.xml',
                  );
                  return 'Rapporto scaricato: caricalo nel portale Age.Na.S.';
                })
              }
            >
              Rapporto per Age.Na.S. (XML)
            </Button>
            <Button
              variant="outlined"
              disabled={busy}
              onClick={() =>
                void act(async () => {
                  await downloadExport(
                    `${ATTENDANCE_API}/Events/${report.eventId}/EcmReport?formato=csv`,
                    'rapporto-ecm.csv',
                  );
                  return 'Controllo scaricato (CSV).';
                })
              }
            >
              Controllo (CSV)
            </Button>
          </Box>
          <ReportSentForm key={report.reported?.on ?? 'nuovo'} report={report} onDone={load} />
          <Table size="small" aria-label="Crediti ECM degli iscritti">
            <TableHead>
              <TableRow>
                <TableCell>Nome</TableCell>
                {ECM_CREDIT_CONDITIONS.map((condition) => (
                  <TableCell key={condition}>{ECM_CREDIT_CONDITION_LABELS[condition]}</TableCell>
                ))}
                <TableCell>Crediti</TableCell>
                <TableCell>Attestato ECM</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.rows.map((row) => (
                <TableRow
                  key={row.registrationId}
                  data-testid="ecm-credit-row"
                  data-earned={row.earned}
                >
                  <TableCell>
                    {row.name}
                    <Typography variant="body2" component="div">
                      {row.fiscalCode}
                    </Typography>
                  </TableCell>
                  {ECM_CREDIT_CONDITIONS.map((condition) => (
                    <ConditionCell key={condition} row={row} condition={condition} />
                  ))}
                  <TableCell>{row.earned ? `Sì, dal ${row.earnedOn ?? ''}` : 'No'}</TableCell>
                  <TableCell>
                    {row.certificate === null ? (
                      '—'
                    ) : (
                      <>
                        n. {row.certificate.number} ·{' '}
                        {CERTIFICATE_STATE_LABELS[row.certificate.state]}
                        {row.certificateToReview ? (
                          <Typography variant="body2" color="error" component="div">
                            Da verificare: le condizioni non sono più tutte soddisfatte.
                          </Typography>
                        ) : null}
                        <div>
                          <Button
                            size="small"
                            onClick={() =>
                              void downloadExport(
                                `${ATTENDANCE_API}/EcmCertificates/${row.certificate?.id}/Pdf`,
                                'attestato-ecm.pdf',
                              )
                            }
                          >
                            PDF
                          </Button>
                          {row.certificate.state === 'valid' ? (
                            <Button
                              size="small"
                              color="error"
                              disabled={busy}
                              onClick={() => setRevoking(row)}
                            >
                              Revoca
                            </Button>
                          ) : null}
                        </div>
                      </>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <ReasonDialog
            open={revoking !== null}
            onClose={() => setRevoking(null)}
            title={`Revoca dell’attestato ECM di ${revoking?.name ?? ''}`}
            explanation="La pagina di verifica dirà che l’attestato è revocato. Se le condizioni sono ancora soddisfatte, la persona potrà scaricarne uno nuovo, con un nuovo numero."
            confirmLabel="Revoca l’attestato"
            schema={CertificateRevokeSchema}
            saving={busy}
            onConfirm={(reason) =>
              act(async () => {
                await adminJson(
                  `${ATTENDANCE_API}/EcmCertificates/${revoking?.certificate?.id}/Revoke`,
                  { method: 'POST', body: { reason } },
                );
                return 'Attestato ECM revocato: la pagina di verifica lo dice.';
              })
            }
          />
        </>
      )}
    </Box>
  );
}
