import {
  ECM_TEST_STATE_LABELS,
  italianDateTime,
  percentText,
  type ApiErrorBody,
  type EcmTestOutcome,
  type EcmTestView,
} from '@sodalis/contracts';
import { useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { ApiError, apiRequest } from '../../api/api-client';
import { ErrorSummary } from '../../components/error-summary';
import { MY_REGISTRATIONS_PATH } from './event-format';

/** The learning test's API (ADR 057), under `/api/v1/Events`. */
export const ECM_TEST_API = {
  view: (id: number) => `/api/v1/Events/Registrations/${id}/EcmTest`,
  start: (id: number) => `/api/v1/Events/Registrations/${id}/EcmTest/Attempts`,
  answer: (id: number, position: number) =>
    `/api/v1/Events/Registrations/${id}/EcmTest/Answers/${position}`,
  submit: (id: number) => `/api/v1/Events/Registrations/${id}/EcmTest/Submit`,
} as const;

/** The form's intents: begin an attempt, save the answers, hand the attempt in. */
export const ECM_TEST_INTENTS = { start: 'inizia', save: 'salva', submit: 'consegna' } as const;
export type EcmTestIntent = 'start' | 'save' | 'submit';

const UNAVAILABLE = 'Il servizio del test non risponde: riprova tra qualche minuto.';

/** The form's name of the answer at a position. */
export const answerField = (position: number) => `risposta-${position}`;

/** The form's submission: its intent and the answers chosen (without scripts, all of them). */
export function ecmTestFormOf(form: FormData): {
  intent: EcmTestIntent | null;
  answers: { position: number; choice: number }[];
} {
  const intentValue = form.get('intent');
  const intent =
    intentValue === ECM_TEST_INTENTS.start
      ? 'start'
      : intentValue === ECM_TEST_INTENTS.save
        ? 'save'
        : intentValue === ECM_TEST_INTENTS.submit
          ? 'submit'
          : null;
  const answers: { position: number; choice: number }[] = [];
  for (const [key, value] of form.entries()) {
    const match = /^risposta-(\d{1,4})$/.exec(key);
    if (match === null || typeof value !== 'string') continue;
    const choice = Number(value);
    if (Number.isInteger(choice)) answers.push({ position: Number(match[1]), choice });
  }
  return { intent, answers };
}

/** A failed call as the page shows it: the API's issues, or why there are none. */
function refusalOf(error: unknown): EcmTestOutcome {
  if (error instanceof ApiError) {
    const body = error.body as Partial<ApiErrorBody> | null;
    const issues = body?.error?.issues;
    return {
      ok: false,
      status: error.status,
      issues:
        issues !== undefined && issues.length > 0
          ? issues
          : [{ path: '(corpo)', message: body?.error?.message ?? UNAVAILABLE }],
    };
  }
  return { ok: false, status: 503, issues: [{ path: '(corpo)', message: UNAVAILABLE }] };
}

/** A call of the test's API from the browser, with the tab's session, as an outcome. */
export async function browserEcmTest(
  url: string,
  method: 'GET' | 'POST' | 'PUT' = 'GET',
  body?: unknown,
): Promise<EcmTestOutcome> {
  try {
    const data = await apiRequest<EcmTestView>(url, {
      method,
      ...(body === undefined ? {} : { body }),
    });
    return data === null ? refusalOf(null) : { ok: true, data };
  } catch (error) {
    return refusalOf(error);
  }
}

/** The last result: passed or not, the score, the attempts left; never which answers were right. */
function LastResult({ test }: { test: EcmTestView }) {
  const last = test.last;
  if (last === null) return null;
  return (
    <div
      className={`alert ${last.passed ? 'alert-success' : 'alert-warning'}`}
      role="status"
      data-testid="ecm-test-result"
    >
      <p className="fw-semibold mb-1">
        {last.passed ? 'Test superato' : 'Test non superato'} (tentativo {last.number})
      </p>
      <p className="mb-1">
        {last.correct} risposte corrette su {last.total}: {percentText(last.percent)} (soglia{' '}
        {test.passMark}%).
      </p>
      {last.passed ? null : (
        <p className="mb-0">
          {test.attemptsLeft === 0
            ? 'Non ti restano tentativi.'
            : test.attemptsLeft === 1
              ? 'Ti resta 1 tentativo.'
              : `Ti restano ${test.attemptsLeft} tentativi.`}
        </p>
      )}
    </div>
  );
}

/**
 * The attempt under way: each question a fieldset of 4 radio buttons. Without scripts the form
 * posts (save or hand in) and the page comes back with what was saved; with scripts each choice
 * is saved at once, so a dropped connection loses nothing.
 */
function AttemptForm({
  test,
  saveAnswer,
}: {
  test: EcmTestView;
  saveAnswer?: (position: number, choice: number) => Promise<boolean>;
}) {
  const navigation = useNavigation();
  const attempt = test.attempt;
  const [saved, setSaved] = useState<string>('');
  if (attempt === null) return null;
  const answered = attempt.questions.filter((question) => question.chosen !== null).length;
  return (
    <Form method="post" data-testid="ecm-test-form" aria-describedby="ecm-test-help">
      <p id="ecm-test-help">
        Tentativo {attempt.number} di {test.attemptsAllowed}: {attempt.questions.length} domande,
        una sola risposta corretta per ciascuna. Le risposte si salvano man mano; puoi riprendere il
        test più tardi, fino al {italianDateTime(test.closesAt)}.
      </p>
      {attempt.questions.map((question) => (
        <fieldset
          key={question.position}
          className="mb-4"
          data-testid="ecm-test-question"
          id={`domanda-${question.position}`}
        >
          <legend className="h6">
            {question.position + 1}. {question.text}
          </legend>
          {question.options.map((option, index) => {
            const id = `domanda-${question.position}-${index}`;
            return (
              <div className="form-check" key={index}>
                <input
                  className="form-check-input"
                  type="radio"
                  id={id}
                  name={answerField(question.position)}
                  value={index}
                  defaultChecked={question.chosen === index}
                  onChange={
                    saveAnswer === undefined
                      ? undefined
                      : () =>
                          void saveAnswer(question.position, index).then((ok) =>
                            setSaved(
                              ok
                                ? `Risposta alla domanda ${question.position + 1} salvata.`
                                : `Risposta alla domanda ${question.position + 1} non salvata: riprova.`,
                            ),
                          )
                  }
                />
                <label className="form-check-label" htmlFor={id}>
                  {option}
                </label>
              </div>
            );
          })}
        </fieldset>
      ))}
      <p className="visually-hidden" aria-live="polite" data-testid="ecm-test-saved">
        {saved}
      </p>
      <p>
        Risposte salvate: {answered} su {attempt.questions.length}. Una domanda senza risposta conta
        come errata.
      </p>
      <div className="d-flex flex-wrap gap-2">
        <button
          type="submit"
          name="intent"
          value={ECM_TEST_INTENTS.save}
          className="btn btn-outline-primary"
          disabled={navigation.state !== 'idle'}
        >
          Salva le risposte
        </button>
        <button
          type="submit"
          name="intent"
          value={ECM_TEST_INTENTS.submit}
          className="btn btn-primary"
          disabled={navigation.state !== 'idle'}
        >
          Consegna il test
        </button>
      </div>
    </Form>
  );
}

/** The page of a registration's learning test (ADR 057), with or without scripts. */
export function EcmTestPage({
  test,
  issues,
  saveAnswer,
}: {
  test: EcmTestView;
  issues: readonly { path: string; message: string }[];
  saveAnswer?: (position: number, choice: number) => Promise<boolean>;
}) {
  const navigation = useNavigation();
  const canStart =
    test.attempt === null &&
    test.refusal === null &&
    test.state !== 'superato' &&
    test.attemptsLeft > 0;
  return (
    <div data-testid="ecm-test-page">
      <p className="lead">{test.eventTitle}</p>
      <ErrorSummary
        issues={issues}
        fieldIdOf={() => null}
        title="Il test non ha accettato la richiesta"
        testId="ecm-test-errors"
      />
      <ul className="list-unstyled" data-testid="ecm-test-facts">
        <li>Stato: {ECM_TEST_STATE_LABELS[test.state]}</li>
        <li>
          Tentativi: {test.attemptsUsed} usati su {test.attemptsAllowed}
        </li>
        <li>Soglia di superamento: {test.passMark}% di risposte corrette</li>
        <li>
          Aperto dal {italianDateTime(test.opensAt)} al {italianDateTime(test.closesAt)}
        </li>
      </ul>
      {test.refusal === null ? null : (
        <p className="alert alert-info" role="status" data-testid="ecm-test-refusal">
          {test.refusal}
        </p>
      )}
      <LastResult test={test} />
      {test.last === null ? null : (
        <p className="small text-body-secondary">
          Per non svelare le domande agli altri partecipanti, il test non mostra quali risposte
          erano corrette.
        </p>
      )}
      {canStart ? (
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value={ECM_TEST_INTENTS.start}
            className="btn btn-primary"
            disabled={navigation.state !== 'idle'}
            data-testid="ecm-test-start"
          >
            {test.attemptsUsed === 0 ? 'Inizia il test' : 'Inizia un nuovo tentativo'}
          </button>
        </Form>
      ) : null}
      {test.refusal === null ? (
        <AttemptForm
          key={test.attempt?.number ?? 0}
          test={test}
          {...(saveAnswer === undefined ? {} : { saveAnswer })}
        />
      ) : null}
      <p className="mt-4">
        <Link to={MY_REGISTRATIONS_PATH}>Torna a «Le mie iscrizioni»</Link>
      </p>
    </div>
  );
}
