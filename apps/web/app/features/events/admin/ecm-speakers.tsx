import {
  ECM_PROFESSIONS,
  EMPLOYMENT_LABELS,
  EMPLOYMENT_STATUSES,
  SPEAKER_CREDIT_RULES,
  SPEAKER_ROLE_LABELS,
  SPEAKER_ROLES,
  type EcmSpeaker,
  type EcmSpeakerInput,
  type SpeakerRole,
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
import { useAdminRead } from './admin-data';

type Field = keyof EcmSpeakerInput;

interface Form {
  firstName: string;
  lastName: string;
  fiscalCode: string;
  professionCode: string;
  disciplineCode: string;
  employment: string;
  role: SpeakerRole;
  minutes: string;
  sessions: string;
}

const EMPTY: Form = {
  firstName: '',
  lastName: '',
  fiscalCode: '',
  professionCode: '',
  disciplineCode: '',
  employment: '',
  role: 'relatore',
  minutes: '',
  sessions: '',
};

function formOf(speaker: EcmSpeaker): Form {
  return {
    firstName: speaker.firstName,
    lastName: speaker.lastName,
    fiscalCode: speaker.fiscalCode,
    professionCode: String(speaker.professionCode),
    disciplineCode: String(speaker.disciplineCode),
    employment: speaker.employment,
    role: speaker.role,
    minutes: speaker.minutes === null ? '' : String(speaker.minutes),
    sessions: speaker.sessions === null ? '' : String(speaker.sessions),
  };
}

/** What the role counts: minutes of teaching, or sessions moderated. */
function workOf(speaker: EcmSpeaker): string {
  return speaker.role === 'moderatore'
    ? `${speaker.sessions ?? 0} sessioni`
    : `${speaker.minutes ?? 0} minuti`;
}

/**
 * An event's speakers for ECM (ADR 059), under its ECM data: who they are (codice fiscale checked
 * against the name, a warning only), their profession and discipline from the national lists,
 * employment status and role, and the credits the role's rule gives them; added, edited and
 * removed here, each change audited by the server.
 */
export function EcmSpeakersSection({ eventId }: { eventId: number }) {
  const notify = useNotify();
  const [speakers, setSpeakers] = useState<EcmSpeaker[] | null>(null);
  const [form, setForm] = useState<Form>(EMPTY);
  const [editing, setEditing] = useState<number | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const url = `/api/v1/Admin/Events/${eventId}/EcmSpeakers`;
  const load = useAdminRead(url, setSpeakers, 'Docenti non disponibili.');

  if (speakers === null) return null;
  const set = (change: Partial<Form>) => setForm({ ...form, ...change });
  const chosen = ECM_PROFESSIONS.find((each) => String(each.code) === form.professionCode);
  const moderator = form.role === 'moderatore';
  const text = (field: Field & keyof Form, label: string, helper?: string) => (
    <TextField
      label={label}
      value={form[field]}
      onChange={(event) => set({ [field]: event.target.value })}
      error={errors[field] !== undefined}
      helperText={errors[field] ?? helper}
      inputProps={{ 'data-testid': `speaker-${field}` }}
    />
  );

  const body = (): EcmSpeakerInput => ({
    firstName: form.firstName,
    lastName: form.lastName,
    fiscalCode: form.fiscalCode,
    professionCode: form.professionCode,
    disciplineCode: form.disciplineCode,
    employment: form.employment,
    role: form.role,
    minutes: moderator ? '' : form.minutes,
    sessions: moderator ? form.sessions : '',
    memberId: '',
  });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await adminJson<EcmSpeaker>(editing === null ? url : `${url}/${editing}`, {
        method: editing === null ? 'POST' : 'PUT',
        body: body(),
      });
      setErrors({});
      setForm(EMPTY);
      setEditing(null);
      notify(editing === null ? 'Docente aggiunto.' : 'Docente modificato.', { type: 'success' });
      await load();
    } catch (error) {
      const fields = fieldErrorsOf<Field>(error);
      setErrors(fields ?? {});
      if (fields === undefined) notify(errorText(error, 'Docente non salvato.'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (speaker: EcmSpeaker) => {
    if (!window.confirm(`Togliere ${speaker.firstName} ${speaker.lastName} dai docenti?`)) return;
    try {
      await adminJson<null>(`${url}/${speaker.id}`, { method: 'DELETE' });
      notify('Docente tolto.', { type: 'success' });
      if (editing === speaker.id) {
        setEditing(null);
        setForm(EMPTY);
      }
      await load();
    } catch (error) {
      notify(errorText(error, 'Docente non tolto.'), { type: 'error' });
    }
  };

  return (
    <Box
      component="section"
      aria-labelledby="ecm-speakers-title"
      sx={{ mt: 3 }}
      data-testid="ecm-speakers"
    >
      <Typography id="ecm-speakers-title" variant="h6" component="h3">
        Docenti, relatori, tutor e moderatori
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Crediti per ruolo: docenti e relatori 1 ogni {SPEAKER_CREDIT_RULES.minutesPerTeachingCredit}{' '}
        minuti di docenza, tutor 1,5 per ogni ora intera, moderatori 1 per sessione moderata.
      </Typography>
      {speakers.length === 0 ? (
        <Typography variant="body2">Nessun docente inserito.</Typography>
      ) : (
        <Table size="small" aria-label="Docenti dell’evento">
          <TableHead>
            <TableRow>
              <TableCell>Nominativo</TableCell>
              <TableCell>Codice fiscale</TableCell>
              <TableCell>Professione e disciplina</TableCell>
              <TableCell>Condizione lavorativa</TableCell>
              <TableCell>Ruolo</TableCell>
              <TableCell>Crediti</TableCell>
              <TableCell>Azioni</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {speakers.map((speaker) => (
              <TableRow key={speaker.id} data-testid="ecm-speaker">
                <TableCell>
                  {speaker.lastName} {speaker.firstName}
                </TableCell>
                <TableCell>
                  {speaker.fiscalCode}
                  {speaker.fiscalCodeNameMismatch
                    ? ' – attenzione: le lettere non corrispondono a nome e cognome'
                    : ''}
                </TableCell>
                <TableCell>
                  {speaker.professionName} – {speaker.disciplineName}
                </TableCell>
                <TableCell>{speaker.employmentLabel}</TableCell>
                <TableCell>
                  {speaker.roleLabel} ({workOf(speaker)})
                </TableCell>
                <TableCell>{speaker.credits.toLocaleString('it-IT')}</TableCell>
                <TableCell>
                  <Button
                    size="small"
                    onClick={() => {
                      setEditing(speaker.id);
                      setForm(formOf(speaker));
                      setErrors({});
                    }}
                  >
                    Modifica
                  </Button>
                  <Button size="small" color="error" onClick={() => void remove(speaker)}>
                    Togli
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Box
        component="form"
        aria-label={editing === null ? 'Aggiungi un docente' : 'Modifica il docente'}
        onSubmit={(event: FormEvent) => void save(event)}
        sx={{ display: 'grid', gap: 2, maxWidth: 720, mt: 2 }}
      >
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          {text('firstName', 'Nome')}
          {text('lastName', 'Cognome')}
          {text('fiscalCode', 'Codice fiscale')}
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <TextField
            select
            label="Professione"
            value={form.professionCode}
            onChange={(event) => {
              const profession = ECM_PROFESSIONS.find(
                (each) => String(each.code) === event.target.value,
              );
              const only = profession?.disciplines.length === 1 ? profession.disciplines[0] : null;
              set({
                professionCode: event.target.value,
                disciplineCode: only === null || only === undefined ? '' : String(only.code),
              });
            }}
            error={errors.professionCode !== undefined}
            helperText={errors.professionCode}
            sx={{ minWidth: 280 }}
          >
            {ECM_PROFESSIONS.map((profession) => (
              <MenuItem key={profession.code} value={String(profession.code)}>
                {profession.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Disciplina"
            value={form.disciplineCode}
            onChange={(event) => set({ disciplineCode: event.target.value })}
            error={errors.disciplineCode !== undefined}
            helperText={
              errors.disciplineCode ??
              (chosen === undefined
                ? 'Scegli prima la professione.'
                : 'Quelle della professione scelta.')
            }
            sx={{ minWidth: 280 }}
          >
            {(chosen?.disciplines ?? []).map((discipline) => (
              <MenuItem key={discipline.code} value={String(discipline.code)}>
                {discipline.name}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <TextField
            select
            label="Condizione lavorativa"
            value={form.employment}
            onChange={(event) => set({ employment: event.target.value })}
            error={errors.employment !== undefined}
            helperText={errors.employment}
            sx={{ minWidth: 220 }}
          >
            {EMPLOYMENT_STATUSES.map((status) => (
              <MenuItem key={status} value={status}>
                {EMPLOYMENT_LABELS[status]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Ruolo"
            value={form.role}
            onChange={(event) => set({ role: event.target.value as SpeakerRole })}
            error={errors.role !== undefined}
            helperText={errors.role}
            sx={{ minWidth: 180 }}
          >
            {SPEAKER_ROLES.map((role) => (
              <MenuItem key={role} value={role}>
                {SPEAKER_ROLE_LABELS[role]}
              </MenuItem>
            ))}
          </TextField>
          {moderator
            ? text('sessions', 'Sessioni moderate')
            : text('minutes', 'Minuti di docenza', 'I crediti si calcolano da qui.')}
        </Box>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button type="submit" variant="contained" disabled={busy}>
            {editing === null ? 'Aggiungi docente' : 'Salva docente'}
          </Button>
          {editing === null ? null : (
            <Button
              onClick={() => {
                setEditing(null);
                setForm(EMPTY);
                setErrors({});
              }}
            >
              Annulla
            </Button>
          )}
        </Box>
      </Box>
    </Box>
  );
}
