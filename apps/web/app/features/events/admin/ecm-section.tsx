import {
  ECM_RULES,
  ECM_TYPE_LABELS,
  ECM_TYPES,
  type EcmType,
  type EventEcm,
  type EventEcmInput,
} from '@sodalis/contracts';
import {
  Autocomplete,
  Box,
  Button,
  List,
  ListItem,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useNotify } from 'react-admin';
import { adminJson } from '../../admin/data-provider';
import { errorText, fieldErrorsOf } from '../../admin/error-text';
import { useAdminRead } from './admin-data';

type Field = keyof EventEcmInput;

interface Form {
  providerCode: string;
  eventCode: string;
  edition: string;
  type: EcmType;
  credits: string;
  professions: number[];
  disciplines: number[];
  attendanceThreshold: string;
  passMark: string;
  attempts: string;
  sponsors: string;
}

function formOf(ecm: EventEcm): Form {
  const values = ecm.values;
  return {
    providerCode: values?.providerCode ?? '',
    eventCode: values?.eventCode ?? '',
    edition: String(values?.edition ?? 1),
    type: values?.type ?? 'congresso',
    credits: values?.credits === null || values === null ? '' : String(values.credits),
    professions: values?.professions ?? [],
    disciplines: values?.disciplines ?? [],
    attendanceThreshold: String(values?.attendanceThreshold ?? ECM_RULES.defaultThreshold),
    passMark: String(values?.passMark ?? ECM_RULES.minPassMark),
    attempts: String(values?.attempts ?? ECM_RULES.defaultAttempts),
    sponsors: (values?.sponsors ?? []).join('\n'),
  };
}

/** A number typed in the Italian way (`4,5`); blank: null, left to the server's message. */
function numberOf(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? null : Number(trimmed);
}

/** The form as the API's body; a number not typed is sent as such, for the server to name it. */
export function ecmBody(form: Form): EventEcmInput {
  return {
    providerCode: form.providerCode,
    eventCode: form.eventCode,
    edition: numberOf(form.edition) ?? Number.NaN,
    type: form.type,
    credits: numberOf(form.credits),
    professions: form.professions,
    disciplines: form.disciplines,
    attendanceThreshold: numberOf(form.attendanceThreshold) ?? Number.NaN,
    passMark: numberOf(form.passMark) ?? Number.NaN,
    attempts: numberOf(form.attempts) ?? Number.NaN,
    sponsors: form.sponsors
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
  };
}

/**
 * "ECM" on an event's screen (ADR 056): Age.Na.S.'s codes, the credits, the professions and
 * disciplines from the national lists, the attendance threshold and the test's rules, the
 * sponsors; saved apart from the event's form, each refusal under its field, and above them
 * what is still missing before the event can award credits.
 */
export function EcmSection({ eventId }: { eventId: number }) {
  const notify = useNotify();
  const [ecm, setEcm] = useState<EventEcm | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const url = `/api/v1/Admin/Events/${eventId}/Ecm`;

  const shown = useCallback((answer: EventEcm) => {
    setEcm(answer);
    setForm(formOf(answer));
  }, []);

  useAdminRead(url, shown, 'Dati ECM non disponibili.');

  const professions = useMemo(() => ecm?.reference.professions ?? [], [ecm]);
  const disciplineOptions = useMemo(
    () =>
      professions
        .filter((profession) => form?.professions.includes(profession.code) === true)
        .flatMap((profession) =>
          profession.disciplines.map((discipline) => ({ ...discipline, group: profession.name })),
        ),
    [professions, form?.professions],
  );

  if (ecm === null || form === null) return null;
  const set = (change: Partial<Form>) => setForm({ ...form, ...change });
  const text = (field: Field & keyof Form, label: string, helper?: string) => (
    <TextField
      label={label}
      value={form[field]}
      onChange={(event) => set({ [field]: event.target.value })}
      error={errors[field] !== undefined}
      helperText={errors[field] ?? helper}
      inputProps={{ 'data-testid': `ecm-${field}` }}
    />
  );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      shown(await adminJson<EventEcm>(url, { method: 'PUT', body: ecmBody(form) }));
      setErrors({});
      notify('Dati ECM salvati.', { type: 'success' });
    } catch (error) {
      const fields = fieldErrorsOf<Field>(error);
      setErrors(fields ?? {});
      if (fields === undefined)
        notify(errorText(error, 'Dati ECM non salvati.'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="ecm-title" sx={{ mt: 3 }} data-testid="ecm-section">
      <Typography id="ecm-title" variant="h6" component="h2">
        ECM
      </Typography>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        {ecm.ready
          ? 'Tutto pronto: l’evento può assegnare i crediti.'
          : 'Manca ancora, prima di poter assegnare i crediti:'}
      </Typography>
      <List dense data-testid="ecm-checklist">
        {ecm.checklist.map((item) => (
          <ListItem key={item.key} data-done={item.done}>
            {item.done ? '✓' : '✗'} {item.label}
            {item.done ? '' : ' — mancante'}
          </ListItem>
        ))}
      </List>
      <Box
        component="form"
        onSubmit={(event: FormEvent) => void save(event)}
        sx={{ display: 'grid', gap: 2, maxWidth: 720 }}
      >
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          {text('providerCode', 'Codice provider')}
          {text('eventCode', 'Codice evento ECM')}
          {text('edition', 'Edizione')}
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <TextField
            select
            label="Tipologia"
            value={form.type}
            onChange={(event) => set({ type: event.target.value as EcmType })}
            error={errors.type !== undefined}
            helperText={errors.type}
            sx={{ minWidth: 280 }}
          >
            {ECM_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {ECM_TYPE_LABELS[type]}
              </MenuItem>
            ))}
          </TextField>
          {text('credits', 'Crediti', 'Es. 4,5 (da 0,1 a 50).')}
        </Box>
        <Autocomplete
          multiple
          options={professions.map((profession) => profession.code)}
          getOptionLabel={(code) =>
            professions.find((profession) => profession.code === code)?.name ?? String(code)
          }
          value={form.professions}
          onChange={(_event, value) =>
            set({
              professions: value,
              // A discipline goes with its profession.
              disciplines: form.disciplines.filter((code) =>
                professions.some(
                  (profession) =>
                    value.includes(profession.code) &&
                    profession.disciplines.some((discipline) => discipline.code === code),
                ),
              ),
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label="Professioni accreditate"
              error={errors.professions !== undefined}
              helperText={
                errors.professions ?? `Elenco nazionale Age.Na.S. ${ecm.reference.version}.`
              }
            />
          )}
        />
        <Autocomplete
          multiple
          options={disciplineOptions.map((discipline) => discipline.code)}
          groupBy={(code) =>
            disciplineOptions.find((discipline) => discipline.code === code)?.group ?? ''
          }
          getOptionLabel={(code) =>
            disciplineOptions.find((discipline) => discipline.code === code)?.name ?? String(code)
          }
          value={form.disciplines}
          onChange={(_event, value) => set({ disciplines: value })}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Discipline accreditate"
              error={errors.disciplines !== undefined}
              helperText={errors.disciplines ?? 'Quelle delle professioni scelte.'}
            />
          )}
        />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          {text('attendanceThreshold', 'Soglia di presenza (%)', 'Di norma 90.')}
          {text('passMark', 'Soglia di superamento del test (%)', 'Almeno 75.')}
          {text(
            'attempts',
            'Tentativi del test',
            'Di norma 1 per la formazione residenziale; fino a 10 (oltre 5, un terzo di domande nuove a ogni tentativo).',
          )}
        </Box>
        <TextField
          label="Sponsor (uno per riga)"
          multiline
          minRows={2}
          value={form.sponsors}
          onChange={(event) => set({ sponsors: event.target.value })}
          error={errors.sponsors !== undefined}
          helperText={errors.sponsors}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            Salva dati ECM
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
