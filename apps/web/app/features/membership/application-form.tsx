import {
  AFFILIATE_SECTIONS,
  APPLICATION_MESSAGES,
  ITALIAN_REGIONS,
  MEMBERSHIP_KINDS,
  MEMBERSHIP_PRIVACY,
  type MembershipKind,
} from '@sodalis/contracts';
import { Form, useNavigation } from 'react-router';
import type { ApplicationActionData } from './application-action';

interface FieldProps {
  name: string;
  label: string;
  errors: Map<string, string>;
  values: Record<string, string>;
  required?: boolean;
  type?: string;
  autoComplete?: string;
}

function TextField({
  name,
  label,
  errors,
  values,
  required = true,
  type,
  autoComplete,
}: FieldProps) {
  const id = `domanda-${name}`;
  const error = errors.get(name);
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
        {required ? ' (obbligatorio)' : ''}
      </label>
      <input
        id={id}
        name={name}
        type={type ?? 'text'}
        className={`form-control${error ? ' is-invalid' : ''}`}
        defaultValue={values[name] ?? ''}
        required={required}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-errore` : undefined}
      />
      {error ? (
        <div id={`${id}-errore`} className="invalid-feedback">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/**
 * "Iscriviti" (ADR 024): the application form of the members' and affiliates' pages. A plain
 * multipart form posted to the page's action, so it works before or without scripts; with
 * scripts React Router sends it in place.
 */
export function ApplicationForm({
  defaultKind,
  action,
  answer,
}: {
  defaultKind: MembershipKind;
  /** The page's address, with the tab the form is on. */
  action: string;
  answer: ApplicationActionData | undefined;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formAction === action;
  const result = answer?.result;
  if (result?.ok) {
    return (
      <section aria-labelledby="iscriviti" className="mt-4">
        <h3 id="iscriviti">{APPLICATION_MESSAGES.heading}</h3>
        <div className="alert alert-success" role="status" data-testid="application-received">
          {result.message}
        </div>
      </section>
    );
  }
  const values = answer?.fields ?? {};
  const errors = new Map((result?.issues ?? []).map((issue) => [issue.path, issue.message]));
  const field = (name: string, label: string, extra: Partial<FieldProps> = {}) => (
    <TextField name={name} label={label} errors={errors} values={values} {...extra} />
  );
  const kind = values.kind ?? defaultKind;
  const sectionError = errors.get('section');
  const cvError = errors.get('cv');
  const privacyError = errors.get('privacy');
  const regionError = errors.get('region');
  return (
    <section aria-labelledby="iscriviti" className="mt-4">
      <h3 id="iscriviti">{APPLICATION_MESSAGES.heading}</h3>
      <p>{APPLICATION_MESSAGES.intro}</p>
      {result ? (
        <div className="alert alert-danger" role="alert" data-testid="application-error">
          {result.message}
        </div>
      ) : null}
      <Form method="post" encType="multipart/form-data" action={action} noValidate>
        <fieldset className="mb-3">
          <legend className="form-label fs-6">Mi iscrivo come (obbligatorio)</legend>
          {MEMBERSHIP_KINDS.map((choice) => (
            <div className="form-check form-check-inline" key={choice}>
              <input
                className="form-check-input"
                type="radio"
                name="kind"
                id={`domanda-kind-${choice}`}
                value={choice}
                defaultChecked={kind === choice}
              />
              <label className="form-check-label" htmlFor={`domanda-kind-${choice}`}>
                {choice}
              </label>
            </div>
          ))}
        </fieldset>
        <div className="mb-3">
          <label htmlFor="domanda-section" className="form-label">
            Sezione (solo per gli Affiliati)
          </label>
          <select
            id="domanda-section"
            name="section"
            className={`form-select${sectionError ? ' is-invalid' : ''}`}
            defaultValue={values.section ?? ''}
            aria-invalid={sectionError ? true : undefined}
            aria-describedby={sectionError ? 'domanda-section-errore' : undefined}
          >
            <option value="">—</option>
            {Object.entries(AFFILIATE_SECTIONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          {sectionError ? (
            <div id="domanda-section-errore" className="invalid-feedback">
              {sectionError}
            </div>
          ) : null}
        </div>
        {field('firstName', 'Nome', { autoComplete: 'given-name' })}
        {field('lastName', 'Cognome', { autoComplete: 'family-name' })}
        {field('email', 'E-mail', { type: 'email', autoComplete: 'email' })}
        {field('codiceFiscale', 'Codice fiscale')}
        {field('qualification', 'Qualifica')}
        {field('workplace', 'Sede di lavoro', { autoComplete: 'organization' })}
        {field('centre', 'Centro o servizio', { required: false })}
        <div className="mb-3">
          <label htmlFor="domanda-region" className="form-label">
            Regione (obbligatorio)
          </label>
          <select
            id="domanda-region"
            name="region"
            className={`form-select${regionError ? ' is-invalid' : ''}`}
            defaultValue={values.region ?? ''}
            required
            aria-invalid={regionError ? true : undefined}
            aria-describedby={regionError ? 'domanda-region-errore' : undefined}
          >
            <option value="">Scegli la regione</option>
            {ITALIAN_REGIONS.map((region) => (
              <option key={region} value={region}>
                {region}
              </option>
            ))}
          </select>
          {regionError ? (
            <div id="domanda-region-errore" className="invalid-feedback">
              {regionError}
            </div>
          ) : null}
        </div>
        {field('registerNumber', 'Numero di iscrizione all’albo professionale', {
          required: false,
        })}
        <div className="mb-3">
          <label htmlFor="domanda-cv" className="form-label">
            Curriculum in PDF (obbligatorio)
          </label>
          <input
            id="domanda-cv"
            name="cv"
            type="file"
            accept="application/pdf,.pdf"
            className={`form-control${cvError ? ' is-invalid' : ''}`}
            required
            aria-invalid={cvError ? true : undefined}
            aria-describedby={cvError ? 'domanda-cv-errore' : undefined}
          />
          {cvError ? (
            <div id="domanda-cv-errore" className="invalid-feedback">
              {cvError}
            </div>
          ) : null}
        </div>
        <input type="hidden" name="privacyVersion" value={MEMBERSHIP_PRIVACY.version} />
        <div className="form-check mb-3">
          <input
            className={`form-check-input${privacyError ? ' is-invalid' : ''}`}
            type="checkbox"
            name="privacy"
            id="domanda-privacy"
            required
            aria-invalid={privacyError ? true : undefined}
            aria-describedby={privacyError ? 'domanda-privacy-errore' : undefined}
          />
          <label className="form-check-label" htmlFor="domanda-privacy">
            {MEMBERSHIP_PRIVACY.text}
          </label>
          {privacyError ? (
            <div id="domanda-privacy-errore" className="invalid-feedback">
              {privacyError}
            </div>
          ) : null}
        </div>
        <button type="submit" className="btn btn-primary" disabled={sending}>
          Invia la domanda
        </button>
      </Form>
    </section>
  );
}
