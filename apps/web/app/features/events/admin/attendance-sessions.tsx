import {
  romeDate,
  romeTime,
  type EventSession,
  type EventSessionInput,
  type EventSessions,
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
import { sessionLabel } from './checkin-screen';
import { useAdminRead } from './admin-data';

type Field = 'name' | 'startsAt' | 'endsAt' | 'addonId';

/** The form's Rome date and time (`2027-01-28T09:00`) of a stored instant. */
function romeLocal(instant: string): string {
  const moment = new Date(instant);
  return `${romeDate(moment)}T${romeTime(moment)}`;
}

/** The add-on choice meaning "every registrant". */
const EVERYONE = 'tutti';
const EMPTY = { name: '', startsAt: '', endsAt: '', addonId: EVERYONE };

/**
 * An event's sessions within a day (ADR 054): added, corrected and deleted here, each checked
 * by the server (the event's dates, one day, the name once, the event's add-on) with its
 * message under its field. The check-in chooses among them.
 */
export function SessionsEditor({ eventId }: { eventId: number }) {
  const notify = useNotify();
  const [data, setData] = useState<EventSessions>({ sessions: [], addons: [] });
  const [editing, setEditing] = useState<number | null>(null);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  // One editor per event (the screen keys it by the event), so nothing to reset here.
  const load = useAdminRead(
    `${ATTENDANCE_API}/Events/${eventId}/Sessions`,
    setData,
    'Sessioni non disponibili.',
  );

  const edit = (session: EventSession) => {
    setEditing(session.id);
    setErrors({});
    setValues({
      name: session.name,
      startsAt: romeLocal(session.startsAt),
      endsAt: romeLocal(session.endsAt),
      addonId: session.addonId === null ? EVERYONE : String(session.addonId),
    });
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const body: EventSessionInput = {
      name: values.name,
      startsAt: values.startsAt,
      endsAt: values.endsAt,
      addonId: values.addonId === EVERYONE ? null : Number(values.addonId),
    };
    setBusy(true);
    try {
      await adminJson(
        editing === null
          ? `${ATTENDANCE_API}/Events/${eventId}/Sessions`
          : `${ATTENDANCE_API}/Sessions/${editing}`,
        { method: editing === null ? 'POST' : 'PUT', body },
      );
      notify(editing === null ? 'Sessione aggiunta.' : 'Sessione modificata.', {
        type: 'success',
      });
      setEditing(null);
      setValues(EMPTY);
      setErrors({});
      await load();
    } catch (error) {
      const fields = fieldErrorsOf<Field>(error);
      setErrors(fields ?? {});
      if (fields === undefined)
        notify(errorText(error, 'Sessione non salvata.'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (session: EventSession) => {
    if (!window.confirm(`Eliminare la sessione «${session.name}»?`)) return;
    try {
      await adminJson(`${ATTENDANCE_API}/Sessions/${session.id}`, { method: 'DELETE' });
      notify('Sessione eliminata.', { type: 'success' });
      await load();
    } catch (error) {
      notify(errorText(error, 'Sessione non eliminata.'), { type: 'error' });
    }
  };

  const field = (name: Field) => ({
    error: errors[name] !== undefined,
    helperText: errors[name],
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues({ ...values, [name]: event.target.value }),
  });

  return (
    <Box component="section" sx={{ mb: 3 }} aria-labelledby="sessioni-titolo">
      <Typography variant="h6" component="h2" id="sessioni-titolo" gutterBottom>
        Sessioni
      </Typography>
      <Typography variant="body2" gutterBottom>
        Con le sessioni l’accoglienza registra ingressi e uscite per ciascuna; nei giorni che ne
        hanno, le ore dell’evento sono quelle delle sessioni aperte a tutti.
      </Typography>
      {data.sessions.length === 0 ? null : (
        <Table size="small" aria-label="Sessioni">
          <TableHead>
            <TableRow>
              <TableCell>Sessione</TableCell>
              <TableCell>Per chi</TableCell>
              <TableCell>Scansioni</TableCell>
              <TableCell>Azioni</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.sessions.map((session) => (
              <TableRow key={session.id}>
                <TableCell>{sessionLabel(session)}</TableCell>
                <TableCell>{session.addonName ?? 'Tutti gli iscritti'}</TableCell>
                <TableCell>{session.scans}</TableCell>
                <TableCell>
                  <Button size="small" onClick={() => edit(session)}>
                    Modifica
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    disabled={session.scans > 0}
                    onClick={() => void remove(session)}
                  >
                    Elimina
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Box
        component="form"
        onSubmit={(event) => void save(event)}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2, alignItems: 'flex-start' }}
        aria-label={editing === null ? 'Nuova sessione' : 'Modifica della sessione'}
      >
        <TextField label="Nome" {...field('name')} sx={{ minWidth: 240 }} />
        <TextField
          label="Inizio (ora di Roma)"
          type="datetime-local"
          {...field('startsAt')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="Fine (ora di Roma)"
          type="datetime-local"
          {...field('endsAt')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField select label="Servizio aggiuntivo" {...field('addonId')} sx={{ minWidth: 220 }}>
          <MenuItem value={EVERYONE}>Tutti gli iscritti</MenuItem>
          {data.addons.map((addon) => (
            <MenuItem key={addon.id} value={String(addon.id)}>
              Solo chi ha «{addon.name}»
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={busy}>
          {editing === null ? 'Aggiungi la sessione' : 'Salva la sessione'}
        </Button>
        {editing === null ? null : (
          <Button
            onClick={() => {
              setEditing(null);
              setValues(EMPTY);
              setErrors({});
            }}
          >
            Annulla
          </Button>
        )}
      </Box>
    </Box>
  );
}
