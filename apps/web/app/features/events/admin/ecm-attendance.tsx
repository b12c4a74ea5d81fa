import {
  percentText,
  ECM_ADJUSTMENT_KIND_LABELS,
  ECM_ADJUSTMENT_KINDS,
  italianDateTime,
  type EcmAdjustmentInput,
  type EcmAdjustmentKind,
  type EcmAttendanceReport,
  type EcmAttendanceRow,
} from '@sodalis/contracts';
import {
  Box,
  Button,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNotify } from 'react-admin';
import { adminJson } from '../../admin/data-provider';
import { errorText, fieldErrorsOf } from '../../admin/error-text';
import { ATTENDANCE_API } from './admin-data';
import { useAdminRead } from './admin-data';

type Field = keyof EcmAdjustmentInput;

/** A correction's effect in words: "+30 minuti", "−15 minuti", "sostituiti con 228 minuti". */
function adjustmentText(kind: EcmAdjustmentKind, minutes: number): string {
  if (kind === 'replace') return `sostituiti con ${minutes} minuti`;
  return `${minutes > 0 ? '+' : '−'}${Math.abs(minutes)} minuti`;
}

/** The form correcting one person's minutes, with its reason (ADR 056). */
function AdjustForm({ row, onDone }: { row: EcmAttendanceRow; onDone: () => Promise<unknown> }) {
  const notify = useNotify();
  const [kind, setKind] = useState<EcmAdjustmentKind>('delta');
  const [minutes, setMinutes] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const body: EcmAdjustmentInput = {
        kind,
        minutes: minutes.trim() === '' ? Number.NaN : Number(minutes),
        reason,
      };
      await adminJson(`${ATTENDANCE_API}/Registrations/${row.registrationId}/EcmAdjustments`, {
        method: 'POST',
        body,
      });
      notify(`Presenza di ${row.name} corretta.`, { type: 'success' });
      setMinutes('');
      setReason('');
      setErrors({});
      await onDone();
    } catch (error) {
      const fields = fieldErrorsOf<Field>(error);
      setErrors(fields ?? {});
      if (fields === undefined)
        notify(errorText(error, 'Correzione non salvata.'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="form"
      onSubmit={(event: FormEvent) => void save(event)}
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', mt: 1 }}
      aria-label={`Correggi la presenza di ${row.name}`}
    >
      <TextField
        select
        size="small"
        label="Correzione"
        value={kind}
        onChange={(event) => setKind(event.target.value as EcmAdjustmentKind)}
        sx={{ minWidth: 220 }}
      >
        {ECM_ADJUSTMENT_KINDS.map((item) => (
          <MenuItem key={item} value={item}>
            {ECM_ADJUSTMENT_KIND_LABELS[item]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label="Minuti"
        value={minutes}
        onChange={(event) => setMinutes(event.target.value)}
        error={errors.minutes !== undefined}
        helperText={errors.minutes}
        sx={{ width: 140 }}
      />
      <TextField
        size="small"
        label="Motivo"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={errors.reason !== undefined}
        helperText={errors.reason}
        sx={{ minWidth: 260 }}
      />
      <Button type="submit" size="small" disabled={busy}>
        Correggi
      </Button>
    </Box>
  );
}

/**
 * An ECM event's attendance on "Presenze e attestati" (ADR 056): each confirmed person's minutes
 * and percentage against the threshold, the corrections made with their reasons and authors,
 * and a form to add one. Shown only for an event with ECM
 * data.
 */
export function EcmAttendance({ eventId }: { eventId: number }) {
  const [report, setReport] = useState<EcmAttendanceReport | null>(null);
  const load = useAdminRead(
    `${ATTENDANCE_API}/Events/${eventId}/Ecm`,
    setReport,
    'Presenze ECM non disponibili.',
  );

  if (report === null || !report.accredited) return null;
  return (
    <Box component="section" aria-labelledby="ecm-attendance-title" sx={{ mt: 3 }}>
      <Typography id="ecm-attendance-title" variant="h6" component="h2">
        Presenze ECM (soglia {report.threshold}%)
      </Typography>
      <Table size="small" data-testid="ecm-attendance">
        <TableHead>
          <TableRow>
            <TableCell>Partecipante</TableCell>
            <TableCell>Professione e disciplina</TableCell>
            <TableCell>Minuti</TableCell>
            <TableCell>Presenza</TableCell>
            <TableCell>Correzioni</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {report.rows.map((row) => (
            <TableRow key={row.registrationId}>
              <TableCell>{row.name}</TableCell>
              <TableCell>
                {[row.profession, row.discipline].filter((text) => text !== null).join(' — ')}
              </TableCell>
              <TableCell>
                {row.presence.minutesPresent} su {row.presence.eventMinutes}
                {row.presence.corrected ? ` (rilevati ${row.presence.measuredMinutes})` : ''}
              </TableCell>
              <TableCell>
                {percentText(row.presence.percent)}{' '}
                {row.presence.reached ? 'raggiunta' : 'non raggiunta'}
              </TableCell>
              <TableCell>
                {row.adjustments.map((item) => (
                  <Typography key={item.id} variant="body2">
                    {italianDateTime(item.at)}: {adjustmentText(item.kind, item.minutes)} —{' '}
                    {item.reason}
                    {item.by === null ? '' : ` (${item.by})`}
                  </Typography>
                ))}
                <AdjustForm row={row} onDone={load} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
