import { VALIDATION_MESSAGES, type LoginResponse } from '@sodalis/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/area-riservata-resetpwd';
import { ApiError, apiRequest } from '../api/api-client';
import { RESERVED_COPY } from '../copy/reserved';
import { privatePageMeta } from '../format/meta';
import {
  homeOfToken,
  RETURN_PARAM,
  saveSession,
  signInReturningTo,
} from '../shared/session/session';
import { showError, showToast } from '../state/toasts';

/** The link carries a secret: the page's address must not leak to other sites. */
export function headers() {
  return { 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...privatePageMeta(matches, {
    title: 'Cambio password',
    description: 'Scegli la nuova password dell’area riservata.',
  }),
];

/** The server's reason for refusing a password (policy), when it gave one. */
function refusalReason(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body as { error?: { issues?: { message: string }[] } } | null;
  return body?.error?.issues?.[0]?.message ?? null;
}

/** Password change (spec §2.13, §4, §5): after a recovery e-mail or at the first sign-in. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const username = params.get('username') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [touched, setTouched] = useState({ password: false, confirm: false });
  const [sending, setSending] = useState(false);
  const [reason, setReason] = useState<string | null>(null);

  const mismatch = password !== confirmPassword;
  const valid = password.length > 0 && confirmPassword.length > 0 && !mismatch;
  const linkComplete = token !== '' && username !== '';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Spec §5: no call without the token and the username in the address.
    if (!valid || !linkComplete || sending) return;
    setSending(true);
    setReason(null);
    try {
      const session = await apiRequest<LoginResponse | null>('/api/v1/Account/ResetPassword', {
        method: 'POST',
        body: { username, password, confirmPassword, token },
      });
      if (session?.token) {
        // Signed in with the new password: straight to where the sign-in would lead.
        saveSession(session.token);
        showToast(RESERVED_COPY.passwordChosen);
        await navigate(homeOfToken(session.token, params.get(RETURN_PARAM)));
        return;
      }
      showToast(RESERVED_COPY.passwordChanged);
      // The sign-in page (a code is asked first, ADR 017), coming back to the page the first
      // sign-in was for (ADR 030).
      await navigate(signInReturningTo(params.get(RETURN_PARAM)));
    } catch (error) {
      setReason(refusalReason(error));
      showError(RESERVED_COPY.genericFailure);
    } finally {
      setSending(false);
    }
  }

  const showMismatch = touched.confirm && mismatch;
  return (
    <div className="container py-4" style={{ maxWidth: '36rem' }}>
      <h1>{RESERVED_COPY.changePasswordTitle}</h1>
      <p className="lead">{RESERVED_COPY.changePasswordSubtitle}</p>
      {!linkComplete ? (
        <p className="alert alert-warning" role="alert">
          Il collegamento non è completo: richiedi un nuovo collegamento dalla pagina di accesso.
        </p>
      ) : null}
      <form className="card card-body" noValidate onSubmit={submit} data-testid="reset-form">
        <div className="mb-3">
          <label htmlFor="reset-password" className="form-label">
            Password
          </label>
          <input
            id="reset-password"
            type="password"
            autoComplete="new-password"
            className="form-control"
            placeholder={RESERVED_COPY.newPasswordPlaceholder}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            onBlur={() => setTouched((current) => ({ ...current, password: true }))}
            aria-describedby="reset-password-hint"
            required
          />
          <div id="reset-password-hint" className="form-text">
            Almeno 10 caratteri; non usare il tuo indirizzo e-mail né il nome della società.
          </div>
        </div>
        <div className="mb-3">
          <label htmlFor="reset-confirm" className="form-label">
            Conferma password
          </label>
          <input
            id="reset-confirm"
            type="password"
            autoComplete="new-password"
            className={`form-control${showMismatch ? ' is-invalid' : ''}`}
            placeholder={RESERVED_COPY.confirmPasswordPlaceholder}
            value={confirmPassword}
            onChange={(event) => {
              setConfirmPassword(event.target.value);
              setTouched((current) => ({ ...current, confirm: true }));
            }}
            aria-invalid={showMismatch}
            aria-describedby={showMismatch ? 'reset-confirm-error' : undefined}
            required
          />
          {showMismatch ? (
            <div id="reset-confirm-error" className="invalid-feedback">
              {VALIDATION_MESSAGES.passwordMismatch}
            </div>
          ) : null}
        </div>
        {reason ? (
          <p className="text-danger" role="alert" data-testid="reset-reason">
            {reason}
          </p>
        ) : null}
        <div className="d-flex gap-2">
          <Link to="/area-riservata" className="btn btn-outline-secondary">
            {RESERVED_COPY.cancel}
          </Link>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={!valid || !linkComplete || sending}
          >
            {RESERVED_COPY.request}
          </button>
        </div>
      </form>
    </div>
  );
}
