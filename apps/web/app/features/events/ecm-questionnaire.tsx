import {
  italianDateTime,
  OTHER_SPONSOR,
  QUESTIONNAIRE_STATE_LABELS,
  questionnairePath,
  SPONSOR_FIELDS,
  SPONSOR_QUESTION,
  type ApiErrorBody,
  type MyQuestionnaire,
  type MyQuestionnaireState,
  type QuestionnaireAnswer,
} from '@sodalis/contracts';
import { Form, Link, useNavigation } from 'react-router';
import { ApiError, apiRequest } from '../../api/api-client';
import { ErrorSummary } from '../../components/error-summary';
import { MY_REGISTRATIONS_PATH } from './event-format';

/** The questionnaire's API (ADR 058), under `/api/v1/Events`. */
export const questionnaireApi = (registrationId: number) =>
  `/api/v1/Events/Registrations/${registrationId}/Questionnaire`;

/** What a submission answered, for the page. */
export type QuestionnaireOutcome =
  | { ok: true; message: string }
  | { ok: false; issues: { path: string; message: string }[]; values: Record<string, string> };

const UNAVAILABLE = 'Il servizio non risponde: riprova tra qualche minuto.';

/** The form's posted fields as text (what the API reads, the same names). */
export function fieldsOfForm(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === 'string') values[name] = value;
  return values;
}

/** The questionnaire with the tab's session; null when it could not be read. */
export async function browserQuestionnaire(
  registrationId: number,
): Promise<MyQuestionnaire | null> {
  try {
    return await apiRequest<MyQuestionnaire>(questionnaireApi(registrationId));
  } catch (error) {
    console.warn('questionario non letto', error);
    return null;
  }
}

/** A submission with the tab's session, as the page shows it. */
export async function browserSubmitQuestionnaire(
  registrationId: number,
  values: Record<string, string>,
): Promise<QuestionnaireOutcome> {
  try {
    const answer = await apiRequest<QuestionnaireAnswer>(questionnaireApi(registrationId), {
      body: values,
    });
    return { ok: true, message: answer?.message ?? '' };
  } catch (error) {
    const body = error instanceof ApiError ? (error.body as Partial<ApiErrorBody> | null) : null;
    const issues = body?.error?.issues;
    return {
      ok: false,
      values,
      issues:
        issues !== undefined && issues.length > 0
          ? issues
          : [{ path: 'questionnaire', message: body?.error?.message ?? UNAVAILABLE }],
    };
  }
}

const fieldId = (name: string) => `questionario-${name}`;
const errorId = (name: string) => `${fieldId(name)}-errore`;

function FieldError({ name, message }: { name: string; message: string | undefined }) {
  if (message === undefined) return null;
  return (
    <div id={errorId(name)} className="invalid-feedback d-block">
      {message}
    </div>
  );
}

/** A group of radio buttons under its legend, its error tied to it. */
function RadioGroup({
  name,
  legend,
  options,
  value,
  error,
}: {
  name: string;
  legend: string;
  options: readonly { key: string; label: string }[];
  value: string | undefined;
  error: string | undefined;
}) {
  return (
    <fieldset
      className="mb-3"
      id={fieldId(name)}
      aria-describedby={error === undefined ? undefined : errorId(name)}
    >
      <legend className="fs-6 fw-semibold">{legend}</legend>
      {options.map((option) => (
        <div className="form-check" key={option.key}>
          <input
            className={`form-check-input${error === undefined ? '' : ' is-invalid'}`}
            type="radio"
            id={`${fieldId(name)}-${option.key}`}
            name={name}
            value={option.key}
            defaultChecked={value === option.key}
            required
          />
          <label className="form-check-label" htmlFor={`${fieldId(name)}-${option.key}`}>
            {option.label}
          </label>
        </div>
      ))}
      <FieldError name={name} message={error} />
    </fieldset>
  );
}

/** A text field with its label and error. */
function TextField({
  name,
  label,
  value,
  error,
  multiline = false,
}: {
  name: string;
  label: string;
  value: string | undefined;
  error: string | undefined;
  multiline?: boolean;
}) {
  const common = {
    id: fieldId(name),
    name,
    defaultValue: value ?? '',
    className: `form-control${error === undefined ? '' : ' is-invalid'}`,
    'aria-describedby': error === undefined ? undefined : errorId(name),
    'aria-invalid': error === undefined ? undefined : true,
  };
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={fieldId(name)}>
        {label}
      </label>
      {multiline ? (
        <textarea rows={3} maxLength={2000} {...common} />
      ) : (
        <input type="text" maxLength={200} {...common} />
      )}
      <FieldError name={name} message={error} />
    </div>
  );
}

/**
 * The questionnaire's page (ADR 058): the Age.Na.S. form's questions, each a fieldset of radio
 * buttons, the "if not, why" under the question on commercial interests, then the sponsor
 * declaration in a fieldset of its own. A server-rendered form that posts: it works without
 * scripts; every error is next to its field and in the summary at the top.
 */
export function EcmQuestionnaireForm({
  questionnaire,
  outcome,
}: {
  questionnaire: MyQuestionnaire;
  outcome: QuestionnaireOutcome | undefined;
}) {
  const navigation = useNavigation();
  const { form, sponsors, state } = questionnaire;
  if (outcome?.ok === true || state === 'compilato') {
    return (
      <div className="alert alert-success" role="status" data-testid="questionnaire-done">
        {outcome?.ok === true
          ? outcome.message
          : `Hai compilato il questionario il ${italianDateTime(questionnaire.completedAt ?? '')}.`}{' '}
        <Link to={MY_REGISTRATIONS_PATH}>Torna a Le mie iscrizioni</Link>
      </div>
    );
  }
  if (state !== 'da-compilare') {
    return (
      <p role="status" data-testid="questionnaire-closed">
        {state === 'non-ancora'
          ? `Il questionario si potrà compilare dalla fine dell’evento (${italianDateTime(questionnaire.opensAt)}).`
          : `Il questionario si poteva compilare fino al ${italianDateTime(new Date(Date.parse(questionnaire.closesAt) - 60_000).toISOString())}.`}{' '}
        <Link to={MY_REGISTRATIONS_PATH}>Torna a Le mie iscrizioni</Link>
      </p>
    );
  }
  const issues = outcome?.ok === false ? outcome.issues : [];
  const values = outcome?.ok === false ? outcome.values : {};
  const errorOf = (name: string) => issues.find((issue) => issue.path === name)?.message;
  const fields = new Set<string>([
    ...form.questions.flatMap((question) =>
      question.reason === undefined ? [question.key] : [question.key, question.reason.key],
    ),
    ...Object.values(SPONSOR_FIELDS),
  ]);
  return (
    <Form
      method="post"
      action={questionnairePath(questionnaire.registrationId)}
      noValidate
      data-testid="questionnaire-form"
    >
      <ErrorSummary
        issues={issues}
        fieldIdOf={(path) => (fields.has(path) ? fieldId(path) : null)}
        testId="questionnaire-errors"
      />
      <section aria-labelledby="questionario-anonimo" className="mb-4">
        <h2 id="questionario-anonimo" className="h4">
          {form.title}
        </h2>
        <p>
          Le risposte sono <strong>anonime</strong>: sono conservate separate dalla tua iscrizione e
          la segreteria le vede solo nel loro insieme. Tutte le domande sono obbligatorie; il
          questionario si compila una volta sola.
        </p>
        {form.questions.map((question) => (
          <div key={question.key}>
            <RadioGroup
              name={question.key}
              legend={question.text}
              options={question.options}
              value={values[question.key]}
              error={errorOf(question.key)}
            />
            {question.reason === undefined ? null : (
              <TextField
                name={question.reason.key}
                label={`${question.reason.label} (obbligatorio se hai risposto «${
                  question.options.find((option) => option.key === question.reason?.when)?.label ??
                  ''
                }»)`}
                value={values[question.reason.key]}
                error={errorOf(question.reason.key)}
                multiline
              />
            )}
          </div>
        ))}
      </section>
      <section aria-labelledby="questionario-sponsor" className="mb-4">
        <h2 id="questionario-sponsor" className="h4">
          Reclutamento da parte di uno sponsor
        </h2>
        <p>
          Questa dichiarazione <strong>non è anonima</strong>: è registrata con la tua iscrizione e
          comunicata ad Age.Na.S. con i dati dei partecipanti.
        </p>
        <RadioGroup
          name={SPONSOR_FIELDS.recruited}
          legend={SPONSOR_QUESTION}
          options={[
            { key: 'si', label: 'Sì' },
            { key: 'no', label: 'No' },
          ]}
          value={values[SPONSOR_FIELDS.recruited]}
          error={errorOf(SPONSOR_FIELDS.recruited)}
        />
        <fieldset className="mb-3">
          <legend className="fs-6 fw-semibold">Se sì, da quale azienda</legend>
          {sponsors.length === 0 ? null : (
            <div className="mb-3">
              <label className="form-label" htmlFor={fieldId(SPONSOR_FIELDS.sponsor)}>
                Azienda (tra gli sponsor dell’evento)
              </label>
              <select
                id={fieldId(SPONSOR_FIELDS.sponsor)}
                name={SPONSOR_FIELDS.sponsor}
                defaultValue={values[SPONSOR_FIELDS.sponsor] ?? ''}
                className={`form-select${errorOf(SPONSOR_FIELDS.sponsor) === undefined ? '' : ' is-invalid'}`}
                aria-describedby={
                  errorOf(SPONSOR_FIELDS.sponsor) === undefined
                    ? undefined
                    : errorId(SPONSOR_FIELDS.sponsor)
                }
              >
                <option value="">— scegli —</option>
                {sponsors.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
                <option value={OTHER_SPONSOR}>Altra azienda (indicala sotto)</option>
              </select>
              <FieldError name={SPONSOR_FIELDS.sponsor} message={errorOf(SPONSOR_FIELDS.sponsor)} />
            </div>
          )}
          <TextField
            name={SPONSOR_FIELDS.otherSponsor}
            label={sponsors.length === 0 ? 'Nome dell’azienda' : 'Altra azienda: nome'}
            value={values[SPONSOR_FIELDS.otherSponsor]}
            error={errorOf(SPONSOR_FIELDS.otherSponsor)}
          />
        </fieldset>
      </section>
      <button
        type="submit"
        className="btn btn-primary"
        disabled={navigation.state === 'submitting'}
      >
        Invia il questionario
      </button>
    </Form>
  );
}

/** "Le mie iscrizioni": the questionnaire's state, a link while it can be filled in. */
export function EcmQuestionnaireLine({
  registrationId,
  questionnaire,
}: {
  registrationId: number;
  questionnaire: MyQuestionnaireState;
}) {
  const label = QUESTIONNAIRE_STATE_LABELS[questionnaire.state];
  return (
    <p data-testid="ecm-questionnaire">
      <strong>Questionario di gradimento ECM:</strong>{' '}
      {questionnaire.state === 'da-compilare' ? (
        <>
          <Link to={questionnairePath(registrationId)}>Compila il questionario</Link> ({label},
          entro il{' '}
          {italianDateTime(new Date(Date.parse(questionnaire.closesAt) - 60_000).toISOString())})
        </>
      ) : questionnaire.state === 'compilato' ? (
        <Link to={questionnairePath(registrationId)}>{label}</Link>
      ) : questionnaire.state === 'non-ancora' ? (
        `${label}: si potrà compilare dalla fine dell’evento (${italianDateTime(questionnaire.opensAt)}).`
      ) : (
        `${label}.`
      )}
    </p>
  );
}
