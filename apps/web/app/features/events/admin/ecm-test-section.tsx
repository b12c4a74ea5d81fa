import {
  ECM_TEST_RULES,
  italianDateTime,
  romeDate,
  romeInstant,
  romeTime,
  type EcmQuestion,
  type EcmQuestionInput,
  type EcmTestAdmin,
} from '@sodalis/contracts';
import {
  Box,
  Button,
  FormControlLabel,
  List,
  ListItem,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useState, type FormEvent } from 'react';
import { useNotify } from 'react-admin';
import { adminJson } from '../../admin/data-provider';
import { errorText, fieldErrorsOf } from '../../admin/error-text';
import { useAdminRead } from './admin-data';

interface Draft {
  text: string;
  options: string[];
  correct: number | null;
}

const EMPTY_DRAFT: Draft = { text: '', options: ['', '', '', ''], correct: null };

/** The draft as the API's body; an option not chosen is sent as such, for the server to name. */
export function questionBody(draft: Draft): EcmQuestionInput {
  return {
    text: draft.text,
    options: draft.options,
    correct: draft.correct ?? Number.NaN,
  };
}

/** The errors of a question's form: the text, the options (any of them), the right one. */
type QuestionErrors = { text?: string; options?: string; correct?: string; form?: string };

function questionErrorsOf(error: unknown): QuestionErrors | undefined {
  const fields = fieldErrorsOf<string>(error);
  if (fields === undefined) return undefined;
  const options = Object.entries(fields).find(([key]) => key.startsWith('options'))?.[1];
  return {
    ...(fields.text === undefined ? {} : { text: fields.text }),
    ...(options === undefined ? {} : { options }),
    ...(fields.correct === undefined ? {} : { correct: fields.correct }),
  };
}

/** A question's form: its text, 4 options, the right one chosen with a radio button. */
function QuestionForm({
  initial,
  label,
  onSave,
  onCancel,
}: {
  initial: Draft;
  label: string;
  onSave: (draft: Draft) => Promise<QuestionErrors | null>;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<QuestionErrors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const refused = await onSave(draft);
    setBusy(false);
    setErrors(refused ?? {});
    if (refused === null && onCancel === undefined) setDraft(EMPTY_DRAFT);
  };
  return (
    <Box
      component="form"
      onSubmit={(event: FormEvent) => void submit(event)}
      sx={{ display: 'grid', gap: 1.5, maxWidth: 720, mt: 1 }}
      data-testid="ecm-question-form"
    >
      <TextField
        label="Domanda"
        multiline
        value={draft.text}
        onChange={(event) => setDraft({ ...draft, text: event.target.value })}
        error={errors.text !== undefined}
        helperText={errors.text}
        inputProps={{ 'data-testid': 'ecm-question-text' }}
      />
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="body2">
          Le 4 risposte: scegli quella corretta
        </Typography>
        <RadioGroup
          value={draft.correct === null ? '' : String(draft.correct)}
          onChange={(event) => setDraft({ ...draft, correct: Number(event.target.value) })}
        >
          {draft.options.map((option, index) => (
            <Box key={index} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <FormControlLabel
                value={String(index)}
                control={<Radio />}
                label={`Corretta la ${index + 1}`}
                sx={{ minWidth: 120 }}
              />
              <TextField
                label={`Risposta ${index + 1}`}
                value={option}
                onChange={(event) =>
                  setDraft({
                    ...draft,
                    options: draft.options.map((item, at) =>
                      at === index ? event.target.value : item,
                    ),
                  })
                }
                error={errors.options !== undefined}
                fullWidth
                inputProps={{ 'data-testid': `ecm-question-option-${index}` }}
              />
            </Box>
          ))}
        </RadioGroup>
        {errors.options === undefined ? null : (
          <Typography color="error" variant="body2">
            {errors.options}
          </Typography>
        )}
        {errors.correct === undefined ? null : (
          <Typography color="error" variant="body2">
            {errors.correct}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {label}
        </Button>
        {onCancel === undefined ? null : <Button onClick={onCancel}>Annulla</Button>}
      </Box>
    </Box>
  );
}

/** An instant as the Rome date and time fields show it. */
function romeFields(instant: string | null): { date: string; time: string } {
  if (instant === null) return { date: '', time: '' };
  const date = new Date(instant);
  return { date: romeDate(date), time: romeTime(date) };
}

/**
 * "Test di apprendimento" on an event's screen (ADR 057), beside its ECM data: the bank's
 * questions (4 options, one right) added, edited, moved and removed; the questions per attempt
 * and the closing instant; opening the test, refused with the missing count.
 */
export function EcmTestSection({ eventId }: { eventId: number }) {
  const notify = useNotify();
  const [test, setTest] = useState<EcmTestAdmin | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [perAttempt, setPerAttempt] = useState('');
  const [closing, setClosing] = useState({ date: '', time: '' });
  const [settingsErrors, setSettingsErrors] = useState<Partial<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const url = `/api/v1/Admin/Events/${eventId}/EcmTest`;

  const shown = useCallback((answer: EcmTestAdmin) => {
    setTest(answer);
    setPerAttempt(
      answer.questionsPerAttemptSetting === null ? '' : String(answer.questionsPerAttemptSetting),
    );
    setClosing(romeFields(answer.closesAtSetting));
  }, []);
  useAdminRead(url, shown, 'Test di apprendimento non disponibile.');

  if (test === null) return null;

  const call = async (path: string, method: 'POST' | 'PUT' | 'DELETE', body?: object) => {
    setBusy(true);
    try {
      shown(
        await adminJson<EcmTestAdmin>(`${url}${path}`, {
          method,
          ...(body === undefined ? {} : { body }),
        }),
      );
      return null;
    } catch (error) {
      return error;
    } finally {
      setBusy(false);
    }
  };
  const saveQuestion =
    (path: string, method: 'POST' | 'PUT') =>
    async (draft: Draft): Promise<QuestionErrors | null> => {
      const error = await call(path, method, questionBody(draft));
      if (error === null) {
        setEditing(null);
        notify('Domanda salvata.', { type: 'success' });
        return null;
      }
      const fields = questionErrorsOf(error);
      if (fields === undefined) notify(errorText(error, 'Domanda non salvata.'), { type: 'error' });
      return fields ?? {};
    };
  const plain = async (
    path: string,
    method: 'POST' | 'DELETE',
    body: object | undefined,
    ok: string,
  ) => {
    const error = await call(path, method, body);
    if (error === null) notify(ok, { type: 'success' });
    else notify(errorText(error, 'Modifica non salvata.'), { type: 'error' });
  };
  const move = (question: EcmQuestion, step: -1 | 1) => {
    const ids = test.questions.map((item) => item.id);
    const at = ids.indexOf(question.id);
    const other = ids[at + step];
    if (other === undefined) return;
    ids[at + step] = question.id;
    ids[at] = other;
    void plain('/Order', 'POST', { ids }, 'Ordine salvato.');
  };
  const saveSettings = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = perAttempt.trim();
    const error = await call('', 'PUT', {
      questionsPerAttempt: trimmed === '' ? null : Number(trimmed),
      closesAt:
        closing.date === ''
          ? null
          : romeInstant(closing.date, closing.time || '23:59').toISOString(),
    });
    const fields = error === null ? {} : (fieldErrorsOf<string>(error) ?? {});
    setSettingsErrors(fields);
    if (error === null) notify('Impostazioni del test salvate.', { type: 'success' });
    else if (Object.keys(fields).length === 0)
      notify(errorText(error, 'Impostazioni non salvate.'), { type: 'error' });
  };

  return (
    <Box
      component="section"
      aria-labelledby="ecm-test-title"
      sx={{ mt: 4 }}
      data-testid="ecm-test-section"
    >
      <Typography id="ecm-test-title" variant="h6" component="h2">
        Test di apprendimento
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }} data-testid="ecm-test-status">
        {test.minimumQuestions === null
          ? 'Indica i crediti nei dati ECM: il test richiede almeno 3 domande per credito.'
          : `Almeno ${test.minimumQuestions} domande per tentativo (3 per credito); in uso ${test.questionsPerAttempt}. ` +
            (test.newPerAttempt > 0
              ? `Con ${test.attempts} tentativi ogni tentativo mostra almeno ${test.newPerAttempt} domande nuove: servono ${test.bankRequired} domande. `
              : '') +
            `Domande nell’elenco: ${test.questions.length}. Soglia di superamento ${test.passMark}%.`}
      </Typography>
      <Typography variant="body2" data-testid="ecm-test-window">
        {test.open ? 'Aperto' : 'Non aperto'}: i partecipanti lo svolgono dalla fine dell’evento (
        {italianDateTime(test.opensAt)}) fino al {italianDateTime(test.closesAt)}.
        {test.attemptsStarted > 0
          ? ` Tentativi iniziati: ${test.attemptsStarted} (ciascuno conserva le domande che ha mostrato).`
          : ''}
      </Typography>
      {test.missing === null ? null : (
        <Typography color="error" variant="body2" role="status" data-testid="ecm-test-missing">
          {test.missing}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
        {test.open ? (
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() => void plain('/Close', 'POST', undefined, 'Test chiuso.')}
          >
            Chiudi il test
          </Button>
        ) : (
          <Button
            variant="contained"
            disabled={busy}
            data-testid="ecm-test-open"
            onClick={() => void plain('/Open', 'POST', undefined, 'Test aperto.')}
          >
            Apri il test
          </Button>
        )}
      </Box>

      <Box
        component="form"
        onSubmit={(event: FormEvent) => void saveSettings(event)}
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 2, alignItems: 'flex-start' }}
      >
        <TextField
          label="Domande per tentativo"
          value={perAttempt}
          onChange={(event) => setPerAttempt(event.target.value)}
          error={settingsErrors.questionsPerAttempt !== undefined}
          helperText={settingsErrors.questionsPerAttempt ?? 'Vuoto: il minimo.'}
        />
        <TextField
          label="Chiusura: giorno"
          type="date"
          value={closing.date}
          onChange={(event) => setClosing({ ...closing, date: event.target.value })}
          InputLabelProps={{ shrink: true }}
          error={settingsErrors.closesAt !== undefined}
          helperText={
            settingsErrors.closesAt ??
            `Vuoto: ${ECM_TEST_RULES.closeDaysAfterEnd} giorni dopo la fine dell’evento.`
          }
        />
        <TextField
          label="Chiusura: ora"
          type="time"
          value={closing.time}
          onChange={(event) => setClosing({ ...closing, time: event.target.value })}
          InputLabelProps={{ shrink: true }}
        />
        <Button type="submit" variant="outlined" disabled={busy}>
          Salva impostazioni
        </Button>
      </Box>

      <Typography variant="subtitle2" component="h3" sx={{ mt: 3 }}>
        Domande
      </Typography>
      <List dense data-testid="ecm-questions">
        {test.questions.map((question, index) => (
          <ListItem key={question.id} sx={{ display: 'block' }} data-testid="ecm-question">
            {editing === question.id ? (
              <QuestionForm
                initial={{
                  text: question.text,
                  options: question.options,
                  correct: question.correct,
                }}
                label="Salva la domanda"
                onSave={saveQuestion(`/Questions/${question.id}`, 'PUT')}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <>
                <Typography variant="body2" component="p" sx={{ fontWeight: 600 }}>
                  {index + 1}. {question.text}
                </Typography>
                <Box component="ol" type="A" sx={{ my: 0.5 }}>
                  {question.options.map((option, at) => (
                    <li key={at}>
                      {option}
                      {at === question.correct ? ' — corretta' : ''}
                    </li>
                  ))}
                </Box>
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button size="small" onClick={() => setEditing(question.id)}>
                    Modifica
                  </Button>
                  <Button
                    size="small"
                    disabled={busy || index === 0}
                    onClick={() => move(question, -1)}
                    aria-label={`Sposta su la domanda ${index + 1}`}
                  >
                    Su
                  </Button>
                  <Button
                    size="small"
                    disabled={busy || index === test.questions.length - 1}
                    onClick={() => move(question, 1)}
                    aria-label={`Sposta giù la domanda ${index + 1}`}
                  >
                    Giù
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    disabled={busy}
                    onClick={() =>
                      void plain(`/Questions/${question.id}`, 'DELETE', undefined, 'Domanda tolta.')
                    }
                  >
                    Togli
                  </Button>
                </Box>
              </>
            )}
          </ListItem>
        ))}
      </List>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        Nuova domanda
      </Typography>
      <QuestionForm
        initial={EMPTY_DRAFT}
        label="Aggiungi la domanda"
        onSave={saveQuestion('/Questions', 'POST')}
      />
    </Box>
  );
}
