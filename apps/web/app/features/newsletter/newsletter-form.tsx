import { isValidEmail, NEWSLETTER_CONSENT, VALIDATION_MESSAGES } from '@sodalis/contracts';
import { useId, useState, type FormEvent } from 'react';
import { apiRequest } from '../../api/api-client';
import { ExternalLink, useExternalLink } from '../../components/external-link';
import { showError, showToast } from '../../state/toasts';
import { NEWSLETTER_COPY } from './newsletter-copy';

/**
 * The home page's newsletter signup (spec §2.5, §5): e-mail and privacy consent required, the
 * form marked touched on submit, reset after sending, a toast either way. The subscription is
 * double opt-in: after sending, the form tells the visitor to confirm from the e-mail.
 */
export function NewsletterForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [privacy, setPrivacy] = useState(false);
  const [touched, setTouched] = useState({ email: false, privacy: false });
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const privacyPolicy = useExternalLink('privacy');

  const emailError = isValidEmail(email) ? null : VALIDATION_MESSAGES.newsletterEmail;
  const privacyError = privacy ? null : VALIDATION_MESSAGES.newsletterPrivacy;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched({ email: true, privacy: true });
    if (emailError || privacyError || sending) return;
    setSending(true);
    setSent(false);
    try {
      await apiRequest('/api/v1/Account/SubscribeMailUp', {
        method: 'POST',
        body: { email: email.trim() },
      });
      // The spec's text, then what double opt-in asks (ADR 008), so toast and note agree.
      showToast(`${NEWSLETTER_COPY.success} ${NEWSLETTER_COPY.checkInbox}`);
      setEmail('');
      setPrivacy(false);
      setTouched({ email: false, privacy: false });
      setSent(true);
    } catch {
      showError(NEWSLETTER_COPY.failure);
    } finally {
      setSending(false);
    }
  }

  const showEmailError = touched.email && emailError !== null;
  const showPrivacyError = touched.privacy && privacyError !== null;
  return (
    <form
      className="newsletter-form"
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      data-testid="newsletter-form"
    >
      <h2 id={`${id}-title`} className="h4">
        {NEWSLETTER_COPY.title}
      </h2>
      <p>{NEWSLETTER_COPY.intro}</p>
      <div className="mb-2">
        <label htmlFor={`${id}-email`} className="form-label">
          {NEWSLETTER_COPY.emailLabel}
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          className={`form-control${showEmailError ? ' is-invalid' : ''}`}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setSent(false);
          }}
          onBlur={() => setTouched((current) => ({ ...current, email: true }))}
          aria-invalid={showEmailError}
          aria-describedby={showEmailError ? `${id}-email-error` : undefined}
          required
        />
        {/* The line is always there, empty until an error: the checkbox below does not move
            while it is being clicked (the e-mail's error appears on leaving the field). */}
        <div id={`${id}-email-error`} className="invalid-feedback d-block newsletter-form__error">
          {showEmailError ? emailError : ''}
        </div>
      </div>
      <div className="form-check mb-3">
        <input
          id={`${id}-privacy`}
          name="privacy"
          type="checkbox"
          className={`form-check-input${showPrivacyError ? ' is-invalid' : ''}`}
          checked={privacy}
          onChange={(event) => {
            setPrivacy(event.target.checked);
            setTouched((current) => ({ ...current, privacy: true }));
          }}
          aria-invalid={showPrivacyError}
          aria-describedby={showPrivacyError ? `${id}-privacy-error` : undefined}
          required
        />
        <label htmlFor={`${id}-privacy`} className="form-check-label">
          {NEWSLETTER_CONSENT.text}
        </label>
        {showPrivacyError ? (
          <div id={`${id}-privacy-error`} className="invalid-feedback">
            {privacyError}
          </div>
        ) : null}
        <div className="small mt-1">
          <ExternalLink href={privacyPolicy?.url ?? '/'}>
            {NEWSLETTER_COPY.privacyLink}
          </ExternalLink>
        </div>
      </div>
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {NEWSLETTER_COPY.submit}
      </button>
      <p className="newsletter-form__note small mt-3 mb-0" role="status">
        {sent ? NEWSLETTER_COPY.checkInbox : ''}
      </p>
    </form>
  );
}
