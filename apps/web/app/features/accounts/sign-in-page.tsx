import {
  API_ERRORS,
  isValidEmail,
  LOGIN_CHALLENGE_LIFETIME_SECONDS,
  TWO_FACTOR_MESSAGES,
  VALIDATION_MESSAGES,
  type ContactsContent,
  type LoginResponse,
} from '@sodalis/contracts';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useActionData, useNavigate } from 'react-router';
import { ApiError, apiRequest, UnexpectedApiError } from '../../api/api-client';
import { Breadcrumb } from '../../components/breadcrumb';
import { RESERVED_COPY } from '../../copy/reserved';
import {
  currentUser,
  firstPasswordChange,
  homeOfRole,
  homeOfToken,
  signInReturningTo,
  saveSession,
} from '../../shared/session/session';
import { useHydrated } from '../../state/hydrated';
import { showError, showToast } from '../../state/toasts';

/** What the sign-in's `action` answers when it refuses a sign-in posted without scripts (ADR 022). */
export interface SignInRefusal {
  error: string;
  username: string;
}

/** The address to write to about signing in: the contacts' membership e-mail, else the first. */
export function signInHelpEmail(contacts: ContactsContent | null | undefined): string | null {
  return (
    contacts?.email.find((row) => /iscrizion/i.test(row.ruolo))?.indirizzo ??
    contacts?.email[0]?.indirizzo ??
    null
  );
}

/**
 * What a sign-in field already on the page holds: text typed before the scripts ran (hydration
 * would empty the field), or typed into the form this one replaces (a reserved page draws the
 * sign-in before its scripts run, then the guard leads to the sign-in page, whose form is
 * another). Read while this form is first rendered, when those fields are still there; null on
 * the server and for an empty field.
 */
function typedOnPage(id: string): string | null {
  if (typeof document === 'undefined') return null;
  const field = document.getElementById(id);
  return field instanceof HTMLInputElement && field.value !== '' ? field.value : null;
}

/**
 * The sign-in (spec §2.7, §4): the form that posts without scripts (ADR 022) and signs in
 * through the API with them, the password recovery and the two-factor code (ADR 017). Shown by
 * the sign-in page, and by a reserved page to a visitor without a session before its scripts
 * run (ADR 022's amendment of 2026-11-24), so what the guard leads to is in the first paint.
 */
export function SignInPage({
  acronym,
  featured,
  helpEmail,
  returnTo,
  leavesWithSession,
}: {
  acronym: string;
  /** The featured news beside the form (the news feature's block); none in a reserved page. */
  featured: ReactNode;
  helpEmail: string | null;
  /** The page a sign-in comes back to (a safe path, `safeReturnPath`), or the home of the role. */
  returnTo: string | null;
  /**
   * Whether the page itself sends a visitor with a session on (spec §4): the sign-in page does;
   * in a reserved page the guard does (the layout's `clientLoader`), so this copy must not.
   */
  leavesWithSession: boolean;
}) {
  const refused = useActionData<SignInRefusal>();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  // What was typed before the scripts ran, or a refused sign-in's address (without scripts).
  const [username, setUsername] = useState(
    () => typedOnPage('login-username') ?? refused?.username ?? '',
  );
  const [password, setPassword] = useState(() => typedOnPage('login-password') ?? '');
  const [recovering, setRecovering] = useState(false);
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  // Spec §4: entering recovery clears the password and remembers it for the way back.
  const rememberedPassword = useRef('');
  // Two-factor sign-in (ADR 017): the challenge of the password step, then a code.
  const [challenge, setChallenge] = useState<string | null>(null);
  /** When the challenge came: past its lifetime a refused code means "sign in again". */
  const challengeReceivedAt = useRef(0);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (challenge !== null) codeInput.current?.focus();
  }, [challenge, recoveryCode]);

  // Spec §4: with a non-expiring session the login page goes straight to the reserved home.
  useEffect(() => {
    if (!leavesWithSession) return;
    const user = currentUser();
    if (user !== null)
      void navigate(returnTo ?? homeOfRole(user.role), {
        replace: true,
      });
  }, [navigate, returnTo, leavesWithSession]);

  const usernameError = isValidEmail(username) ? null : VALIDATION_MESSAGES.email;
  const valid = usernameError === null && (recovering || password.length > 0);

  function toggleRecovery() {
    if (recovering) {
      setPassword(rememberedPassword.current);
    } else {
      rememberedPassword.current = password;
      setPassword('');
    }
    setRecovering(!recovering);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (!valid || sending) return;
    setSending(true);
    try {
      if (recovering) {
        await apiRequest('/api/v1/Account/SendResetPasswordEmail', {
          method: 'POST',
          body: { username: username.trim() },
        });
        showToast(RESERVED_COPY.resetEmailSent);
        setPassword(rememberedPassword.current);
        setRecovering(false);
        return;
      }
      const answer = await apiRequest<LoginResponse>('/api/v1/Account/Login', {
        method: 'POST',
        body: { username: username.trim(), password },
      });
      if (answer?.twoFactorRequired && answer.challenge) {
        setCode('');
        setRecoveryCode(false);
        challengeReceivedAt.current = Date.now();
        setChallenge(answer.challenge);
      } else if (answer?.passwordChanged && answer.token) {
        saveSession(answer.token);
        await navigate(homeOfToken(answer.token, returnTo));
      } else if (answer && !answer.passwordChanged && answer.resetToken) {
        await navigate(firstPasswordChange(answer.resetToken, answer.username, returnTo));
      } else {
        showError(RESERVED_COPY.genericFailure);
      }
    } catch (error) {
      // Sign-in limits (ADR 021): say to wait rather than that something went wrong.
      const status =
        error instanceof ApiError || error instanceof UnexpectedApiError ? error.status : 0;
      showError(
        status === 429
          ? API_ERRORS.tooManyRequests.message
          : status === 503
            ? API_ERRORS.passwordCheckBusy.message
            : RESERVED_COPY.genericFailure,
      );
    } finally {
      setSending(false);
    }
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (challenge === null || code.trim() === '' || sending) return;
    setSending(true);
    try {
      const answer = await apiRequest<LoginResponse>('/api/v1/Account/LoginOtp', {
        method: 'POST',
        body: { challenge, code: code.trim() },
      });
      if (answer?.token) {
        saveSession(answer.token);
        await navigate(homeOfToken(answer.token, returnTo));
      } else {
        showError(RESERVED_COPY.genericFailure);
      }
    } catch (error) {
      const status =
        error instanceof ApiError || error instanceof UnexpectedApiError ? error.status : 0;
      const expired =
        Date.now() - challengeReceivedAt.current > LOGIN_CHALLENGE_LIFETIME_SECONDS * 1000;
      if (status === 429) {
        showError(TWO_FACTOR_MESSAGES.tooManyAttempts);
      } else if (status === 401 && expired) {
        setChallenge(null);
        setCode('');
        showError(TWO_FACTOR_MESSAGES.challengeExpired);
      } else if (status === 401) {
        showError(TWO_FACTOR_MESSAGES.wrongCode);
      } else {
        showError(RESERVED_COPY.genericFailure);
      }
    } finally {
      setSending(false);
    }
  }

  const showUsernameError = touched && usernameError !== null;
  return (
    <div className="container py-4">
      <Breadcrumb trail={[{ label: 'Area riservata' }]} />
      <div className="row g-4">
        <div className="col-12 col-lg-7">
          <h1 className="mb-3">Area riservata</h1>
          <p>
            Accedi con l’indirizzo e-mail con cui sei iscritto come Socio o Affiliato {acronym}.
          </p>
          {challenge !== null ? (
            <form
              className="card card-body login-form"
              noValidate
              onSubmit={submitCode}
              data-testid="login-code-form"
              aria-labelledby="login-code-title"
            >
              <h2 id="login-code-title" className="h5">
                Verifica in due passaggi
              </h2>
              <div className="mb-3">
                <label htmlFor="login-code" className="form-label">
                  {recoveryCode ? 'Codice di recupero' : 'Codice di verifica'}
                </label>
                <input
                  ref={codeInput}
                  id="login-code"
                  name="code"
                  type="text"
                  inputMode={recoveryCode ? 'text' : 'numeric'}
                  autoComplete="one-time-code"
                  autoCapitalize="off"
                  spellCheck={false}
                  maxLength={recoveryCode ? 11 : 7}
                  className="form-control"
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  aria-describedby="login-code-help"
                  required
                />
                <div id="login-code-help" className="form-text">
                  {recoveryCode
                    ? 'Uno dei codici di recupero ricevuti quando hai attivato la verifica (vale una sola volta).'
                    : 'Le 6 cifre mostrate ora dall’app di autenticazione.'}
                </div>
              </div>
              <div className="d-flex gap-2 flex-wrap">
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  onClick={() => {
                    setChallenge(null);
                    setCode('');
                  }}
                >
                  {RESERVED_COPY.cancel}
                </button>
                <button
                  type="button"
                  className="btn btn-link"
                  onClick={() => {
                    setRecoveryCode(!recoveryCode);
                    setCode('');
                  }}
                >
                  {recoveryCode ? 'Usa il codice dell’app' : 'Usa un codice di recupero'}
                </button>
                <button
                  type="submit"
                  className="btn btn-primary"
                  disabled={code.trim() === '' || sending}
                >
                  Verifica
                </button>
              </div>
            </form>
          ) : (
            <form
              className="card card-body login-form"
              method="post"
              action={signInReturningTo(returnTo)}
              noValidate={hydrated}
              onSubmit={submit}
              data-testid="login-form"
            >
              {refused?.error ? (
                <p className="alert alert-danger" role="alert">
                  {refused.error}
                </p>
              ) : null}
              <div className="mb-3">
                <label htmlFor="login-username" className="form-label">
                  Username (e-mail)
                </label>
                <input
                  id="login-username"
                  name="username"
                  type="email"
                  autoComplete="username"
                  className={`form-control${showUsernameError ? ' is-invalid' : ''}`}
                  value={username}
                  onChange={(event) => setUsername(event.target.value)}
                  onBlur={() => setTouched(true)}
                  aria-invalid={showUsernameError}
                  aria-describedby={showUsernameError ? 'login-username-error' : undefined}
                  required
                />
                {showUsernameError ? (
                  <div id="login-username-error" className="invalid-feedback">
                    {usernameError}
                  </div>
                ) : null}
              </div>
              <div className="mb-3">
                <label htmlFor="login-password" className="form-label">
                  Password
                </label>
                <input
                  id="login-password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  className="form-control"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  disabled={recovering}
                  required={!recovering}
                />
              </div>
              {recovering ? (
                <p className="small">
                  Ti invieremo un collegamento per scegliere una nuova password.
                </p>
              ) : null}
              <div className="d-flex gap-2 flex-wrap">
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  onClick={toggleRecovery}
                  hidden={!hydrated}
                >
                  {recovering ? RESERVED_COPY.cancel : RESERVED_COPY.recover}
                </button>
                {/* Enabled in the server's HTML: without scripts the form posts (ADR 022). */}
                <button
                  type="submit"
                  className="btn btn-primary"
                  disabled={hydrated && (!valid || sending)}
                >
                  {recovering ? RESERVED_COPY.request : RESERVED_COPY.login}
                </button>
              </div>
            </form>
          )}
          {helpEmail ? (
            <p className="mt-3">
              Problemi di accesso? Scrivi a <a href={`mailto:${helpEmail}`}>{helpEmail}</a>.
            </p>
          ) : null}
        </div>
        <aside className="col-12 col-lg-5">
          <div className="card mb-4">
            <div className="card-body">
              <h2 className="h5">Cosa trovi nell’area riservata</h2>
              <p className="mb-0">
                Raccomandazioni, pareri del Consiglio Direttivo, assemblee nazionali e regionali,
                rassegna stampa e la rivista “Il Servizio Trasfusionale”.
              </p>
            </div>
          </div>
          <div className="card mb-4">
            <div className="card-body">
              <h2 className="h5">Non sei ancora iscritto?</h2>
              <p className="mb-0">
                Scopri come diventare <a href="/chi-siamo-iscrizione">Socio</a> o{' '}
                <a href="/chi-siamo-affiliati">Affiliato</a>.
              </p>
            </div>
          </div>
          {featured}
        </aside>
      </div>
    </div>
  );
}
