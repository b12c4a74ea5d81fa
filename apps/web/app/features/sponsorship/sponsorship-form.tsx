import {
  EMPTY_SPONSORSHIP_FORM,
  SPONSORSHIP_EVENT_KINDS,
  SPONSORSHIP_FIELD_LABELS as LABELS,
  SPONSORSHIP_REQUEST_KINDS,
  SPONSORSHIP_REQUIRED_FIELDS,
  SPONSORSHIP_TEXT_LIMITS,
  sponsorshipFieldErrors,
  type SponsorshipField,
  type SponsorshipFormValues,
  type SponsorshipTextField,
} from '@sodalis/contracts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { apiRequest } from '../../api/api-client';
import { ExternalLink, useExternalLink } from '../../components/external-link';
import { SOMETHING_WENT_WRONG } from '../../copy/site';
import { showError, showToast } from '../../state/toasts';
import { AttachmentsField } from './attachments-field';
import { SPONSORSHIP_COPY as COPY } from './sponsorship-copy';
import { usePdfAttachments } from './use-pdf-attachments';
import './sponsorship.scss';

const REQUIRED = new Set<string>(SPONSORSHIP_REQUIRED_FIELDS);

interface FieldSpec {
  name: SponsorshipTextField;
  type?: 'text' | 'email' | 'tel' | 'url' | 'date' | 'textarea' | 'select';
  options?: readonly string[];
  autoComplete?: string;
  /** Bootstrap column classes. */
  col?: string;
  placeholder?: string;
}

const REQUESTER_FIELDS: FieldSpec[] = [
  { name: 'richiedente', autoComplete: 'name', col: 'col-md-6' },
  { name: 'email', type: 'email', autoComplete: 'email', col: 'col-md-6' },
  { name: 'ente', autoComplete: 'organization', col: 'col-md-6' },
  { name: 'telefono', type: 'tel', autoComplete: 'tel', col: 'col-md-6' },
];

const EVENT_FIELDS: FieldSpec[] = [
  { name: 'richiesta', type: 'select', options: SPONSORSHIP_REQUEST_KINDS, col: 'col-md-6' },
  { name: 'tipoEvento', type: 'select', options: SPONSORSHIP_EVENT_KINDS, col: 'col-md-6' },
  { name: 'titoloEvento', col: 'col-12' },
  { name: 'dataInizio', type: 'date', col: 'col-md-6' },
  { name: 'dataFine', type: 'date', col: 'col-md-6' },
  { name: 'luogo', col: 'col-md-6', placeholder: 'Città' },
  { name: 'sede', col: 'col-md-6' },
  { name: 'organizzatore', col: 'col-md-6' },
  { name: 'sitoWeb', type: 'url', col: 'col-md-6', placeholder: 'https://' },
  { name: 'segreteriaScientifica', col: 'col-md-6' },
  { name: 'segreteriaOrganizzativa', col: 'col-md-6' },
  { name: 'altriEntiPatrocinanti', col: 'col-12' },
  { name: 'contenutiEvento', type: 'textarea', col: 'col-12' },
];

/**
 * The sponsorship request form (spec §2.12, §3, §4, §5): the fields with the shared rules of
 * `contracts`, messages once a field is touched, PDF attachments, submit disabled until the
 * form is valid and at least one PDF is loaded. On success the form and the attachments are
 * cleared; on failure everything is kept.
 */
export function SponsorshipForm({
  maxFileBytes,
  maxAttachments,
}: {
  maxFileBytes: number;
  maxAttachments: number;
}) {
  const id = useId();
  const [values, setValues] = useState<SponsorshipFormValues>(EMPTY_SPONSORSHIP_FORM);
  const [touched, setTouched] = useState<Partial<Record<SponsorshipField, boolean>>>({});
  const [sending, setSending] = useState(false);
  const privacyPolicy = useExternalLink('privacy');
  const attachments = usePdfAttachments({ maxFiles: maxAttachments, maxFileBytes });

  const errors = sponsorshipFieldErrors(values);
  const valid = Object.keys(errors).length === 0;
  const ready = attachments.items.length > 0 && !attachments.loading;
  const canSubmit = valid && ready && !sending;

  const touch = (name: SponsorshipField) =>
    setTouched((current) => (current[name] ? current : { ...current, [name]: true }));
  const set = <K extends SponsorshipField>(name: K, value: SponsorshipFormValues[K]) =>
    setValues((current) => ({ ...current, [name]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    setSending(true);
    try {
      await apiRequest('/api/v1/SharepointContent/InviaRichiestaPatrocinio', {
        method: 'POST',
        body: {
          ...values,
          attachments: attachments.items.map((item) => ({
            fileName: item.name,
            content: item.content,
          })),
        },
      });
      showToast(COPY.success);
      setValues(EMPTY_SPONSORSHIP_FORM);
      setTouched({});
      attachments.clear();
    } catch {
      showError(SOMETHING_WENT_WRONG);
    } finally {
      setSending(false);
    }
  }

  const field = (spec: FieldSpec): ReactNode => {
    const { name, type = 'text' } = spec;
    const inputId = `${id}-${name}`;
    const error = touched[name] ? errors[name] : undefined;
    const required = REQUIRED.has(name);
    const common = {
      id: inputId,
      name,
      value: values[name],
      required,
      disabled: sending,
      'aria-invalid': error !== undefined,
      'aria-describedby': error ? `${inputId}-error` : undefined,
      onBlur: () => touch(name),
    };
    let control: ReactNode;
    if (type === 'select') {
      control = (
        <select
          {...common}
          className={`form-select${error ? ' is-invalid' : ''}`}
          onChange={(event) => {
            set(name, event.target.value);
            touch(name);
          }}
        >
          <option value="">{COPY.choose}</option>
          {spec.options?.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
    } else if (type === 'textarea') {
      control = (
        <textarea
          {...common}
          rows={5}
          maxLength={SPONSORSHIP_TEXT_LIMITS.contenutiEvento}
          className={`form-control${error ? ' is-invalid' : ''}`}
          onChange={(event) => set(name, event.target.value)}
        />
      );
    } else {
      control = (
        <input
          {...common}
          type={type}
          autoComplete={spec.autoComplete}
          placeholder={spec.placeholder}
          maxLength={(SPONSORSHIP_TEXT_LIMITS as Partial<Record<string, number>>)[name]}
          min={name === 'dataFine' && values.dataInizio !== '' ? values.dataInizio : undefined}
          className={`form-control${error ? ' is-invalid' : ''}`}
          onChange={(event) => {
            set(name, event.target.value);
            if (type === 'date') touch(name);
          }}
        />
      );
    }
    return (
      <div className={spec.col ?? 'col-12'} key={name}>
        <label htmlFor={inputId} className="form-label">
          {LABELS[name]}
          {required ? <span aria-hidden="true"> *</span> : null}
        </label>
        {control}
        {error ? (
          <div id={`${inputId}-error`} className="invalid-feedback">
            {error}
          </div>
        ) : null}
      </div>
    );
  };

  const privacyError = touched.accettaPrivacy ? errors.accettaPrivacy : undefined;
  return (
    <form noValidate onSubmit={submit} className="sponsorship-form" data-testid="sponsorship-form">
      <p className="small text-body-secondary">{COPY.requiredNote}</p>

      <fieldset className="mb-4">
        <legend className="h5">{COPY.requesterLegend}</legend>
        <div className="row g-3">{REQUESTER_FIELDS.map(field)}</div>
      </fieldset>

      <fieldset className="mb-4">
        <legend className="h5">{COPY.eventLegend}</legend>
        <div className="row g-3">{EVENT_FIELDS.map(field)}</div>
      </fieldset>

      <fieldset className="mb-4">
        <legend className="h5">{COPY.attachmentsLegend}</legend>
        <AttachmentsField attachments={attachments} maxFiles={maxAttachments} disabled={sending} />
      </fieldset>

      <div className="form-check mb-4">
        <input
          id={`${id}-privacy`}
          name="accettaPrivacy"
          type="checkbox"
          className={`form-check-input${privacyError ? ' is-invalid' : ''}`}
          checked={values.accettaPrivacy}
          disabled={sending}
          required
          onChange={(event) => {
            set('accettaPrivacy', event.target.checked);
            touch('accettaPrivacy');
          }}
          aria-invalid={privacyError !== undefined}
          aria-describedby={privacyError ? `${id}-privacy-error` : undefined}
        />
        <label htmlFor={`${id}-privacy`} className="form-check-label">
          {COPY.privacyLabel}
          <span aria-hidden="true"> *</span>
        </label>
        {privacyError ? (
          <div id={`${id}-privacy-error`} className="invalid-feedback">
            {privacyError}
          </div>
        ) : null}
        <div className="small mt-1">
          <ExternalLink href={privacyPolicy?.url ?? '/'}>{COPY.privacyLink}</ExternalLink>
        </div>
      </div>

      <button
        type="submit"
        className="btn btn-primary btn-lg"
        disabled={!canSubmit}
        aria-describedby={canSubmit ? undefined : `${id}-submit-hint`}
      >
        {COPY.submit}
      </button>
      {canSubmit ? null : (
        <p id={`${id}-submit-hint`} className="small text-body-secondary mt-2">
          {COPY.submitHint}
        </p>
      )}
    </form>
  );
}
