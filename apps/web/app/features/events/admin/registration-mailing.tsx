import {
  italianDateTime,
  MAILING_STATES,
  REGISTRATION_STATE_LABELS,
  RegistrationMailingSchema,
  type AdminRegistrationMailing,
  type RegistrationMailingSent,
  type RegistrationState,
} from '@sodalis/contracts';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useNotify } from 'react-admin';
import { adminJson, adminPath } from '../../admin/data-provider';
import { errorText, fieldErrorsOf, fieldErrorsOfIssues } from '../../admin/error-text';

type Field = 'states' | 'subject' | 'text';

/** A new form's random key: the same key sent again is the same message (ADR 049). */
const newRequestKey = () => crypto.randomUUID().replaceAll('-', '');

/** The states preselected: who holds a place. */
const HOLDING: readonly RegistrationState[] = ['confirmed', 'awaiting_payment', 'offered'];

/**
 * "Scrivi agli iscritti" (ADR 049, amendment "writing to the registrants"): the states to write
 * to with how many people that is now, subject and text, then the messages already sent to the
 * event. Each registrant gets the text with their name, by e-mail through the outbox.
 */
export function RegistrationMailingPanel({ eventId }: { eventId: string }) {
  const notify = useNotify();
  const id = useId();
  const [states, setStates] = useState<RegistrationState[]>([...HOLDING]);
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [requestKey, setRequestKey] = useState(newRequestKey);
  /** How many the states chosen reach, as the server last counted them. */
  const [counted, setCounted] = useState<{ states: string; count: number } | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const [history, setHistory] = useState<AdminRegistrationMailing[]>([]);
  const base = adminPath('iscrizioni');

  const loadHistory = useCallback(() => {
    adminJson<AdminRegistrationMailing[]>(`${base}/Mailings?eventId=${encodeURIComponent(eventId)}`)
      .then(setHistory)
      .catch((error: unknown) =>
        notify(errorText(error, 'Messaggi inviati non disponibili.'), { type: 'error' }),
      );
  }, [base, eventId, notify]);
  useEffect(loadHistory, [loadHistory]);

  const chosen = states.join(',');
  useEffect(() => {
    if (chosen === '') return;
    let current = true;
    adminJson<{ count: number }>(
      `${base}/Recipients?eventId=${encodeURIComponent(eventId)}&states=${chosen}`,
    )
      .then((answer) => {
        if (current) setCounted({ states: chosen, count: answer.count });
      })
      .catch((error: unknown) => console.warn('destinatari non contati', error));
    return () => {
      current = false;
    };
  }, [base, eventId, chosen]);
  // The count of the states chosen now, not of those chosen before.
  const count = counted !== null && counted.states === chosen ? counted.count : null;

  const toggle = (state: RegistrationState) =>
    setStates((chosen) =>
      chosen.includes(state) ? chosen.filter((one) => one !== state) : [...chosen, state],
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { eventId: Number(eventId), states, subject, text, requestKey };
    const checked = RegistrationMailingSchema.safeParse(body);
    const found = checked.success ? {} : fieldErrorsOfIssues<Field>(checked.error.issues);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    adminJson<RegistrationMailingSent>(`${base}/Mailings`, { method: 'POST', body })
      .then((sent) => {
        notify(
          sent.repeated
            ? 'Questo messaggio era già stato inviato.'
            : `Messaggio in invio a ${sent.recipients} ${sent.recipients === 1 ? 'persona' : 'persone'}.`,
          { type: 'success' },
        );
        setSubject('');
        setText('');
        setRequestKey(newRequestKey());
        loadHistory();
      })
      .catch((failure: unknown) => {
        const fieldErrors = fieldErrorsOf<Field>(failure);
        if (fieldErrors !== undefined) setErrors(fieldErrors);
        notify(errorText(failure, 'Messaggio non inviato.'), { type: 'error' });
      })
      .finally(() => setSending(false));
  };

  const described = (name: Field) =>
    errors[name] === undefined
      ? {}
      : { 'aria-invalid': true as const, 'aria-describedby': `${id}-${name}-errore` };
  const error = (name: Field) =>
    errors[name] === undefined ? null : (
      <div id={`${id}-${name}-errore`} className="invalid-feedback d-block">
        {errors[name]}
      </div>
    );

  return (
    <section className="mb-3" aria-labelledby={`${id}-titolo`}>
      <details>
        <summary id={`${id}-titolo`} className="h6 d-inline">
          Scrivi agli iscritti
        </summary>
        <form className="mt-2" onSubmit={submit} noValidate data-testid="registration-mailing">
          <fieldset {...described('states')}>
            <legend className="form-label fs-6">Destinatari: le iscrizioni</legend>
            {MAILING_STATES.map((state) => (
              <div className="form-check form-check-inline" key={state}>
                <input
                  className="form-check-input"
                  type="checkbox"
                  id={`${id}-stato-${state}`}
                  checked={states.includes(state)}
                  onChange={() => toggle(state)}
                />
                <label className="form-check-label" htmlFor={`${id}-stato-${state}`}>
                  {REGISTRATION_STATE_LABELS[state].toLowerCase()}
                </label>
              </div>
            ))}
            {error('states')}
          </fieldset>
          <p className="small" role="status" data-testid="mailing-count">
            {count === null
              ? 'Scegli almeno uno stato.'
              : `Lo riceveranno ${count} ${count === 1 ? 'persona' : 'persone'}.`}
          </p>
          <div className="mb-2">
            <label className="form-label" htmlFor={`${id}-subject`}>
              Oggetto
            </label>
            <input
              id={`${id}-subject`}
              className="form-control"
              value={subject}
              maxLength={150}
              onChange={(change) => setSubject(change.target.value)}
              {...described('subject')}
            />
            {error('subject')}
          </div>
          <div className="mb-2">
            <label className="form-label" htmlFor={`${id}-text`}>
              Testo (ogni persona lo riceve con «Gentile nome cognome,» in apertura)
            </label>
            <textarea
              id={`${id}-text`}
              className="form-control"
              rows={6}
              value={text}
              onChange={(change) => setText(change.target.value)}
              {...described('text')}
            />
            {error('text')}
          </div>
          <button type="submit" className="btn btn-primary btn-sm" disabled={sending}>
            {sending ? 'Invio in corso…' : 'Invia il messaggio'}
          </button>
        </form>
        {history.length === 0 ? null : (
          <table className="table table-sm w-auto mt-3" data-testid="mailing-history">
            <caption>Messaggi inviati agli iscritti di questo evento</caption>
            <thead>
              <tr>
                <th scope="col">Inviato il</th>
                <th scope="col">Oggetto</th>
                <th scope="col">Destinatari</th>
                <th scope="col">Da</th>
              </tr>
            </thead>
            <tbody>
              {history.map((mailing) => (
                <tr key={mailing.id}>
                  <td>{italianDateTime(mailing.createdAt)}</td>
                  <th scope="row">{mailing.subject}</th>
                  <td>
                    {mailing.recipients} (
                    {mailing.states
                      .map((state) => REGISTRATION_STATE_LABELS[state].toLowerCase())
                      .join(', ')}
                    )
                  </td>
                  <td>{mailing.sentBy}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </details>
    </section>
  );
}
