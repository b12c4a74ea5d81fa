import { TWO_FACTOR_MESSAGES, type LoginResponse } from '@sodalis/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { ApiError, apiRequest } from '../../api/api-client';
import { RESERVED_COPY } from '../../copy/reserved';
import { saveSession } from '../../shared/session/session';
import { announceStaffSession } from '../../shared/session/staff-tabs';
import { ADMIN_THEME } from './theme';

/**
 * Signing in again without leaving the screen (ADR 023). When the staff session ends — the
 * tab's timer (ADR 017) or a 401 from the admin API — the calls that need it wait on
 * `staffSignIn()`, a dialog asks for e-mail and password (and the code with two-factor) over
 * the form, which stays mounted with what was typed; once signed in the waiting calls go again.
 */

interface RenewalState {
  /** The dialog is open: calls wait for a sign-in. */
  asking: boolean;
  /** Sign-ins completed in this tab: the session timer restarts on each. */
  signIns: number;
}

let state: RenewalState = { asking: false, signIns: 0 };
let waiting: { promise: Promise<void>; resolve: () => void } | null = null;
const listeners = new Set<() => void>();

function setState(next: RenewalState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens the sign-in dialog (once, however many calls ask) and resolves after the sign-in. */
export function staffSignIn(): Promise<void> {
  if (waiting === null) {
    let resolve: () => void = () => undefined;
    const promise = new Promise<void>((done) => {
      resolve = done;
    });
    waiting = { promise, resolve };
    setState({ ...state, asking: true });
  }
  return waiting.promise;
}

function signedIn(token: string): void {
  saveSession(token);
  announceStaffSession(token);
  const done = waiting;
  waiting = null;
  setState({ asking: false, signIns: state.signIns + 1 });
  done?.resolve();
}

/** The renewal's state, for the dialog and the session timer. */
export function useStaffSessionRenewal(): RenewalState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

const DIALOG_THEME = createTheme(ADMIN_THEME);

function errorOf(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return 'E-mail o password non corretti.';
  if (error instanceof ApiError && error.status === 429) return TWO_FACTOR_MESSAGES.tooManyAttempts;
  return RESERVED_COPY.genericFailure;
}

/** The dialog itself: mounted once around the back office, open while calls wait. */
export function StaffSignInDialog() {
  const { asking } = useStaffSessionRenewal();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  function finish(token: string) {
    setPassword('');
    setCode('');
    setChallenge(null);
    setError(null);
    signedIn(token);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setError(null);
    try {
      if (challenge === null) {
        const answer = await apiRequest<LoginResponse>('/api/v1/Account/Login', {
          method: 'POST',
          body: { username: username.trim(), password },
        });
        if (answer?.twoFactorRequired && answer.challenge) setChallenge(answer.challenge);
        else if (answer?.token && answer.passwordChanged) finish(answer.token);
        else setError(RESERVED_COPY.genericFailure);
      } else {
        const answer = await apiRequest<LoginResponse>('/api/v1/Account/LoginOtp', {
          method: 'POST',
          body: { challenge, code: code.trim() },
        });
        if (answer?.token) finish(answer.token);
        else setError(RESERVED_COPY.genericFailure);
      }
    } catch (failure) {
      setError(
        challenge !== null && failure instanceof ApiError && failure.status === 401
          ? TWO_FACTOR_MESSAGES.wrongCode
          : errorOf(failure),
      );
    } finally {
      setSending(false);
    }
  }

  return (
    <ThemeProvider theme={DIALOG_THEME}>
      <Dialog open={asking} aria-labelledby="staff-sign-in-title" disableEscapeKeyDown>
        <form onSubmit={submit} noValidate>
          <DialogTitle id="staff-sign-in-title">Sessione scaduta: accedi di nuovo</DialogTitle>
          <DialogContent>
            <DialogContentText>
              Quello che hai scritto è ancora nel modulo: dopo l’accesso il salvataggio riprende da
              dove si era fermato.
            </DialogContentText>
            {error === null ? null : (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {error}
              </Alert>
            )}
            {challenge === null ? (
              <>
                <TextField
                  label="E-mail"
                  type="email"
                  autoComplete="username"
                  value={username}
                  onChange={(event) => setUsername(event.target.value)}
                  fullWidth
                  margin="normal"
                  required
                  autoFocus
                />
                <TextField
                  label="Password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  fullWidth
                  margin="normal"
                  required
                />
              </>
            ) : (
              <TextField
                label="Codice di verifica"
                autoComplete="one-time-code"
                helperText="Le 6 cifre dell’app di autenticazione, o un codice di recupero."
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 11 } }}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                fullWidth
                margin="normal"
                required
                autoFocus
              />
            )}
          </DialogContent>
          <DialogActions>
            <Button href="/area-riservata" color="inherit">
              Esci senza salvare
            </Button>
            <Button type="submit" variant="contained" disabled={sending}>
              Accedi e continua
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </ThemeProvider>
  );
}
