import {
  PRICE_WINDOW_LABELS,
  priceInWindow,
  registrationEligibilityText,
  type MyRegistration,
  type PublicEvent,
  type RegistrationAnswer,
  type RegistrationQuote,
  type RegistrantPrefill,
} from '@sodalis/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { ErrorSummary } from '../../components/error-summary';
import { CheckedInput } from '../../components/form-fields';
import { useHydrated } from '../../state/hydrated';
import { MY_REGISTRATIONS_PATH, priceText } from './event-format';
import { ProfessionalFactsFields } from './professional-facts-fields';
import {
  fieldOfIssue,
  REGISTRATION_FIELDS as NAMES,
  REGISTRATION_INTENTS,
  type RegistrationFields,
} from './registration-fields';

/** The id of a field's input (`invoice.taxId` → `iscrizione-invoice-taxId`). */
export const fieldId = (name: string) => `iscrizione-${name.replace('.', '-')}`;

/** The summary's link target of an issue: its field, or none. */
const issueFieldId = (path: string) => {
  const field = fieldOfIssue(path);
  return field === null ? null : fieldId(field);
};

/** A new form's fields, with what the server knows of the person. */
export function emptyFields(requestKey: string, prefill: RegistrantPrefill): RegistrationFields {
  return {
    typeId: '',
    addonIds: [],
    accessCode: '',
    fiscalCode: prefill.fiscalCode ?? '',
    professionCode: prefill.professionCode === null ? '' : String(prefill.professionCode),
    disciplineCode: prefill.disciplineCode === null ? '' : String(prefill.disciplineCode),
    otherProfession: prefill.otherProfession ?? '',
    employment: prefill.employment ?? '',
    employer: prefill.employer ?? '',
    wantsInvoice: false,
    invoiceName: '',
    invoiceTaxId: '',
    invoiceRecipientCode: '',
    invoicePec: '',
    requestKey,
  };
}

/** Moves the focus to a step's heading once scripts run (the new step is announced). */
function useFocusHere<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

/** A field's error and the attributes that tie it to the field. */
function errorOf(errors: Map<string, string>, name: string) {
  const error = errors.get(name);
  return {
    error,
    describedBy: error === undefined ? undefined : `${fieldId(name)}-errore`,
    message:
      error === undefined ? null : (
        <div id={`${fieldId(name)}-errore`} className="invalid-feedback d-block">
          {error}
        </div>
      ),
  };
}

/**
 * The registration's first step (ADR 049): the type (each with its price in the window in
 * force and who may choose it), the add-ons, the code of a type reserved to code holders, the
 * person's professional facts and the invoice. A plain form posted to the page, so it works
 * without scripts; refusals are shown next to their fields and summed up at the top.
 */
export function RegistrationForm({
  event,
  fields,
  issues,
  action,
}: {
  event: PublicEvent;
  fields: RegistrationFields;
  issues: readonly { path: string; message: string }[];
  action: string;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const sending = navigation.state !== 'idle' && navigation.formAction === action;
  const [wantsInvoice, setWantsInvoice] = useState(fields.wantsInvoice);
  const errors = new Map<string, string>();
  for (const issue of issues) {
    const field = fieldOfIssue(issue.path);
    if (field !== null && !errors.has(field)) errors.set(field, issue.message);
  }
  const type = errorOf(errors, NAMES.typeId);
  const addons = errorOf(errors, NAMES.addonIds);
  const withCode = event.registrationTypes.some((choice) => choice.eligibility === 'codice');
  const input = (name: string, label: string, value: string, extra: object = {}) => (
    <CheckedInput
      id={fieldId(name)}
      name={name}
      label={label}
      defaultValue={value}
      error={errors.get(name)}
      {...extra}
    />
  );
  return (
    <Form method="post" action={action} noValidate data-testid="registration-form">
      <ErrorSummary issues={issues} fieldIdOf={issueFieldId} testId="registration-errors" />
      <input type="hidden" name={NAMES.requestKey} value={fields.requestKey} />
      <fieldset
        className="mb-4"
        id={fieldId(NAMES.typeId)}
        aria-describedby={type.describedBy}
        aria-invalid={type.error === undefined ? undefined : true}
      >
        <legend className="h5">Tipo di iscrizione (obbligatorio)</legend>
        <p className="small text-body-secondary mb-2">
          Quote in vigore ora: {PRICE_WINDOW_LABELS[event.priceWindow]}.
        </p>
        {event.registrationTypes.map((choice) => {
          const id = `${fieldId(NAMES.typeId)}-${choice.id}`;
          return (
            <div className="form-check mb-2" key={choice.id}>
              <input
                className={`form-check-input${type.error ? ' is-invalid' : ''}`}
                type="radio"
                name={NAMES.typeId}
                id={id}
                value={choice.id}
                defaultChecked={fields.typeId === String(choice.id)}
              />
              <label className="form-check-label" htmlFor={id}>
                <span className="fw-semibold">{choice.name}</span>
                {' – '}
                {priceText(priceInWindow(choice, event.priceWindow))}
                <span className="d-block small text-body-secondary">
                  {registrationEligibilityText(choice)}
                  {choice.description === null ? null : `. ${choice.description}`}
                </span>
              </label>
            </div>
          );
        })}
        {type.message}
      </fieldset>
      {withCode
        ? input(
            NAMES.accessCode,
            'Codice di accesso (per i tipi riservati a chi ha il codice)',
            fields.accessCode,
            {
              autoComplete: 'off',
            },
          )
        : null}
      {event.addons.length === 0 ? null : (
        <fieldset
          className="mb-4"
          id={fieldId(NAMES.addonIds)}
          aria-describedby={addons.describedBy}
          aria-invalid={addons.error === undefined ? undefined : true}
        >
          <legend className="h5">Servizi aggiuntivi</legend>
          {event.addons.map((addon) => {
            const id = `${fieldId(NAMES.addonIds)}-${addon.id}`;
            return (
              <div className="form-check mb-2" key={addon.id}>
                <input
                  className={`form-check-input${addons.error ? ' is-invalid' : ''}`}
                  type="checkbox"
                  name={NAMES.addonIds}
                  id={id}
                  value={addon.id}
                  defaultChecked={fields.addonIds.includes(String(addon.id))}
                />
                <label className="form-check-label" htmlFor={id}>
                  {addon.name} – {priceText(addon.priceCents)}
                  {addon.description === null ? null : (
                    <span className="d-block small text-body-secondary">{addon.description}</span>
                  )}
                </label>
              </div>
            );
          })}
          {addons.message}
        </fieldset>
      )}
      <fieldset className="mb-4">
        <legend className="h5">I tuoi dati professionali</legend>
        {input(NAMES.fiscalCode, 'Codice fiscale', fields.fiscalCode, {
          maxLength: 16,
          autoComplete: 'off',
          spellCheck: false,
        })}
        <ProfessionalFactsFields
          idOf={fieldId}
          values={fields}
          errors={errors}
          professionRequired={false}
        />
        {input(NAMES.employer, 'Ente di appartenenza', fields.employer, {
          autoComplete: 'organization',
        })}
      </fieldset>
      <div className="form-check mb-3">
        <input
          className="form-check-input"
          type="checkbox"
          name={NAMES.wantsInvoice}
          id={fieldId(NAMES.wantsInvoice)}
          value="1"
          defaultChecked={fields.wantsInvoice}
          aria-controls={fieldId('fattura')}
          onChange={(change) => setWantsInvoice(change.currentTarget.checked)}
        />
        <label className="form-check-label" htmlFor={fieldId(NAMES.wantsInvoice)}>
          Desidero la fattura
        </label>
      </div>
      {/* Without scripts the invoice's fields are always there; with them, when asked for. */}
      <fieldset className="mb-4" id={fieldId('fattura')} hidden={hydrated && !wantsInvoice}>
        <legend className="h5">Dati per la fattura</legend>
        {!hydrated ? (
          <p className="small text-body-secondary">
            Da compilare solo se hai scelto «Desidero la fattura».
          </p>
        ) : null}
        {input(NAMES.invoiceName, 'Denominazione', fields.invoiceName, {
          autoComplete: 'organization',
        })}
        {input(NAMES.invoiceTaxId, 'Partita IVA o codice fiscale', fields.invoiceTaxId, {
          maxLength: 16,
          spellCheck: false,
        })}
        {input(NAMES.invoiceRecipientCode, 'Codice destinatario', fields.invoiceRecipientCode, {
          maxLength: 7,
          spellCheck: false,
          hint: 'Indica il codice destinatario oppure la PEC a cui recapitare la fattura.',
        })}
        {input(NAMES.invoicePec, 'PEC', fields.invoicePec, {
          type: 'email',
          autoComplete: 'off',
        })}
      </fieldset>
      <button
        type="submit"
        name="intent"
        value={REGISTRATION_INTENTS.quote}
        className="btn btn-primary"
        disabled={sending}
      >
        Continua: riepilogo e quota
      </button>
    </Form>
  );
}

/** The form's values as hidden inputs: the second step posts them again. */
function FieldsKept({ fields }: { fields: RegistrationFields }) {
  const hidden: ReactNode[] = [];
  for (const key of Object.keys(NAMES) as (keyof typeof NAMES)[]) {
    const name = NAMES[key];
    const value = fields[key];
    if (key === 'wantsInvoice') {
      if (value === true) hidden.push(<input key={name} type="hidden" name={name} value="1" />);
    } else if (Array.isArray(value)) {
      for (const each of value)
        hidden.push(<input key={`${name}-${each}`} type="hidden" name={name} value={each} />);
    } else if (typeof value === 'string' && value !== '') {
      hidden.push(<input key={name} type="hidden" name={name} value={value} />);
    }
  }
  return <>{hidden}</>;
}

/**
 * The second step (ADR 049): what the registration costs now — the type in its price window,
 * the add-ons, the total, and the dues years a member in arrears pays with it ("rinnova e
 * iscriviti") — or that it joins the waiting list; then "Conferma iscrizione" or "Modifica".
 */
export function RegistrationQuoteStep({
  fields,
  quote,
  action,
}: {
  fields: RegistrationFields;
  quote: RegistrationQuote;
  action: string;
}) {
  const heading = useFocusHere<HTMLHeadingElement>();
  const navigation = useNavigation();
  const sending = navigation.state !== 'idle' && navigation.formAction === action;
  const withDues = quote.duesYears.length > 0;
  return (
    <section aria-labelledby="riepilogo-iscrizione" data-testid="registration-quote">
      <h2 id="riepilogo-iscrizione" className="h4" tabIndex={-1} ref={heading}>
        Riepilogo dell’iscrizione
      </h2>
      {quote.placeAvailable ? null : (
        <div className="alert alert-warning" role="status" data-testid="registration-waiting">
          L’evento è al completo: la tua iscrizione andrà in lista d’attesa.
        </div>
      )}
      {quote.requiresApproval ? (
        <div className="alert alert-info" role="status" data-testid="registration-approval">
          Questo tipo di iscrizione è soggetto ad approvazione: la segreteria esamina la richiesta e
          ti scrive l’esito; il pagamento, se previsto, si fa dopo l’approvazione.
        </div>
      ) : null}
      <table className="table w-auto">
        <caption className="visually-hidden">Le voci dell’iscrizione e i loro importi</caption>
        <tbody>
          <tr>
            <th scope="row" className="fw-normal">
              {quote.typeName}{' '}
              <span className="text-body-secondary">
                (quota {PRICE_WINDOW_LABELS[quote.priceWindow]})
              </span>
            </th>
            <td className="text-end text-nowrap">{priceText(quote.typeCents)}</td>
          </tr>
          {quote.addons.map((addon) => (
            <tr key={addon.id}>
              <th scope="row" className="fw-normal">
                {addon.name}
              </th>
              <td className="text-end text-nowrap">{priceText(addon.cents)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">Totale dell’iscrizione</th>
            <td className="text-end text-nowrap fw-bold" data-testid="registration-total">
              {priceText(quote.totalCents)}
            </td>
          </tr>
          {withDues ? (
            <>
              <tr>
                <th scope="row" className="fw-normal">
                  Quota associativa {quote.duesYears.join(', ')} (rinnova e iscriviti)
                </th>
                <td className="text-end text-nowrap">{priceText(quote.duesCents)}</td>
              </tr>
              <tr>
                <th scope="row">Totale da pagare</th>
                <td className="text-end text-nowrap fw-bold" data-testid="registration-pay">
                  {priceText(quote.payCents)}
                </td>
              </tr>
            </>
          ) : null}
        </tbody>
      </table>
      {withDues ? (
        <p>
          Non risulti in regola con la quota associativa: con l’iscrizione paghi anche la quota
          degli anni indicati, in un solo pagamento.
        </p>
      ) : null}
      <Form method="post" action={action} className="d-flex flex-wrap gap-2">
        <FieldsKept fields={fields} />
        <button
          type="submit"
          name="intent"
          value={REGISTRATION_INTENTS.confirm}
          className="btn btn-primary"
          disabled={sending}
        >
          Conferma iscrizione
        </button>
        <button
          type="submit"
          name="intent"
          value={REGISTRATION_INTENTS.edit}
          className="btn btn-outline-primary"
          disabled={sending}
        >
          Modifica
        </button>
      </Form>
    </section>
  );
}

/** The registration made: the server's words, and where to find and pay it. */
export function RegistrationDone({ answer }: { answer: RegistrationAnswer }) {
  const heading = useFocusHere<HTMLHeadingElement>();
  return (
    <section aria-labelledby="iscrizione-fatta" data-testid="registration-done">
      <h2 id="iscrizione-fatta" className="h4" tabIndex={-1} ref={heading}>
        {answer.registration.stateLabel}
      </h2>
      <div className="alert alert-success" role="status">
        {answer.message}
      </div>
      <Link to={MY_REGISTRATIONS_PATH} className="btn btn-primary">
        Le mie iscrizioni
      </Link>
    </section>
  );
}

/**
 * Already registered (a place, an offer or the waiting list): one live registration per person
 * and event (ADR 049), so the page shows it and leads to where it is paid or cancelled.
 */
export function RegistrationCurrent({ registration }: { registration: MyRegistration }) {
  return (
    <section aria-labelledby="iscrizione-attuale" data-testid="registration-current">
      <h2 id="iscrizione-attuale" className="h4">
        Sei già iscritto a questo evento
      </h2>
      <p>
        Stato: <strong>{registration.stateLabel}</strong> · tipo {registration.typeName}
        {registration.waitingPosition === null
          ? null
          : ` · posizione ${registration.waitingPosition} in lista d’attesa`}
        .
      </p>
      <p>Il pagamento, la ricevuta e l’annullamento sono in «Le mie iscrizioni».</p>
      <Link to={MY_REGISTRATIONS_PATH} className="btn btn-primary">
        Le mie iscrizioni
      </Link>
    </section>
  );
}

/** A registration the secretariat refused (ADR 053): why, above the form for a new one. */
export function RegistrationRefused({ registration }: { registration: MyRegistration }) {
  return (
    <div className="alert alert-warning" data-testid="registration-refused">
      <p className="mb-1">
        La tua iscrizione precedente ({registration.typeName}) è stata rifiutata dalla segreteria.
      </p>
      {registration.refusalReason === null ? null : (
        <p className="mb-0">Motivo: {registration.refusalReason}</p>
      )}
    </div>
  );
}
