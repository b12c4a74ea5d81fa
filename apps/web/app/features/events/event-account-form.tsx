import {
  EVENT_ACCOUNT_MESSAGES,
  EVENT_ACCOUNT_PRIVACY,
  type EventAccountResult,
} from '@sodalis/contracts';
import { Form, Link, useNavigation } from 'react-router';
import { CheckedInput } from '../../components/form-fields';
import { ErrorSummary } from '../../components/error-summary';
import { signInReturningTo } from '../../shared/session/session';
import { PROFESSIONAL_FACTS_NAMES, ProfessionalFactsFields } from './professional-facts-fields';

/** What the page's action answers: the server's result, and what was typed after a refusal. */
export interface EventAccountActionData {
  result: EventAccountResult;
  fields: Record<string, string>;
}

/** The form's fields before and after the professional facts: name, label, autofill. */
const PERSON_FIELDS = [
  { name: 'firstName', label: 'Nome (obbligatorio)', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Cognome (obbligatorio)', autoComplete: 'family-name' },
  { name: 'email', label: 'E-mail (obbligatorio)', autoComplete: 'email', type: 'email' },
  { name: 'fiscalCode', label: 'Codice fiscale (obbligatorio)', autoComplete: 'off' },
] as const;
const WORK_FIELDS = [
  { name: 'employer', label: 'Ente di appartenenza', autoComplete: 'organization' },
] as const;

const fieldId = (name: string) => `account-${name}`;

/**
 * "Crea il tuo account per gli eventi" (ADR 055): a plain form posted to the page's action, so it
 * works before or without scripts; with scripts React Router sends it in place. The answer is
 * the same for a new address and a known one: the mail says what to do next.
 */
export function EventAccountForm({
  action,
  returnTo,
  answer,
}: {
  action: string;
  /** The registration page to come back to once the password is chosen, if any. */
  returnTo: string | null;
  answer: EventAccountActionData | undefined;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting';
  const result = answer?.result;
  if (result?.ok) {
    return (
      <div className="alert alert-success" role="status" data-testid="event-account-sent">
        {result.message}
      </div>
    );
  }
  const values = answer?.fields ?? {};
  const issues = result?.issues ?? [];
  const errors = new Map(issues.map((issue) => [issue.path, issue.message]));
  const privacyError = errors.get('privacy');
  const known = new Set<string>([
    ...[...PERSON_FIELDS, ...WORK_FIELDS].map((field) => field.name),
    ...Object.values(PROFESSIONAL_FACTS_NAMES),
    'privacy',
  ]);
  const input = (field: (typeof PERSON_FIELDS)[number] | (typeof WORK_FIELDS)[number]) => (
    <CheckedInput
      key={field.name}
      id={fieldId(field.name)}
      name={field.name}
      label={field.label}
      type={'type' in field ? field.type : 'text'}
      autoComplete={field.autoComplete}
      defaultValue={values[field.name] ?? ''}
      error={errors.get(field.name)}
      required={field.label.endsWith('(obbligatorio)')}
    />
  );
  return (
    <>
      <p>{EVENT_ACCOUNT_MESSAGES.intro}</p>
      <p>
        {EVENT_ACCOUNT_MESSAGES.members} <Link to={signInReturningTo(returnTo)}>Accedi</Link>
      </p>
      {result && issues.length === 0 ? (
        <div className="alert alert-danger" role="alert" data-testid="event-account-error">
          {result.message}
        </div>
      ) : null}
      <ErrorSummary
        issues={issues}
        fieldIdOf={(path) => (known.has(path) ? fieldId(path) : null)}
        testId="event-account-errors"
      />
      <Form method="post" action={action} noValidate data-testid="event-account-form">
        {PERSON_FIELDS.map(input)}
        <ProfessionalFactsFields
          idOf={fieldId}
          values={{
            professionCode: values.professionCode ?? '',
            disciplineCode: values.disciplineCode ?? '',
            otherProfession: values.otherProfession ?? '',
            employment: values.employment ?? '',
          }}
          errors={errors}
          professionRequired
        />
        {WORK_FIELDS.map(input)}
        <input type="hidden" name="privacyVersion" value={EVENT_ACCOUNT_PRIVACY.version} />
        {returnTo === null ? null : <input type="hidden" name="returnTo" value={returnTo} />}
        <div className="form-check mb-3">
          <input
            className={`form-check-input${privacyError ? ' is-invalid' : ''}`}
            type="checkbox"
            name="privacy"
            id={fieldId('privacy')}
            required
            aria-invalid={privacyError ? true : undefined}
            aria-describedby={privacyError ? `${fieldId('privacy')}-errore` : undefined}
          />
          <label className="form-check-label" htmlFor={fieldId('privacy')}>
            {EVENT_ACCOUNT_PRIVACY.text}
          </label>
          {privacyError ? (
            <div id={`${fieldId('privacy')}-errore`} className="invalid-feedback">
              {privacyError}
            </div>
          ) : null}
        </div>
        <button type="submit" className="btn btn-primary" disabled={sending}>
          Crea l’account
        </button>
      </Form>
    </>
  );
}
