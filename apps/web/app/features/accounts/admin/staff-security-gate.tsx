import Alert from '@mui/material/Alert';
import CssBaseline from '@mui/material/CssBaseline';
import Typography from '@mui/material/Typography';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { SESSION_TOKEN_KEY } from '../../../api/api-client';
import {
  clearSession,
  decodeClaims,
  msUntilExpiring,
  signOut,
} from '../../../shared/session/session';
import { staffSignIn, useStaffSessionRenewal } from '../../admin/session-renewal';
import { ADMIN_THEME } from '../../admin/theme';
import { useTwoFactorStatus } from './two-factor-status';

/**
 * The gate around the back office (ADR 017, ADR 023), apart from the security screens so the
 * first admin screen does not carry the enrolment's code (ADR 020): it is loaded only when a
 * staff member must turn two-factor on.
 */
const TwoFactorPanel = lazy(async () => ({
  default: (await import('./security-screens')).TwoFactorPanel,
}));

/** How long before the session ends the back office warns (time to save a form). */
const SESSION_END_WARNING_MS = 5 * 60_000;

/**
 * Ends the staff session in this tab when the browser's expiry rule (spec §9: 3000 s before
 * `exp`) reaches it, even if the page stays open without navigating: the sign-in dialog opens
 * over the screen, which keeps what was typed (ADR 023). Answers true during the last minutes,
 * so the back office can say so. Each sign-in in the dialog starts the count again.
 */
function useSessionEnd(): boolean {
  // The session (counted by sign-ins) whose end is near: a new sign-in clears the warning.
  const [endingSession, setEndingSession] = useState<number | null>(null);
  const { signIns } = useStaffSessionRenewal();
  useEffect(() => {
    let exp: number;
    try {
      exp = decodeClaims(sessionStorage.getItem(SESSION_TOKEN_KEY) ?? '').exp;
    } catch {
      return undefined;
    }
    // The token has expired: the sign-in dialog opens over the screen, the form keeps its text.
    const endSession = () => {
      clearSession();
      void staffSignIn();
    };
    const remaining = msUntilExpiring({ exp });
    if (remaining <= 0) {
      endSession();
      return undefined;
    }
    const timers = [
      window.setTimeout(endSession, Math.min(remaining, 2_147_483_647)),
      window.setTimeout(
        () => setEndingSession(signIns),
        Math.min(Math.max(remaining - SESSION_END_WARNING_MS, 0), 2_147_483_647),
      ),
    ];
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [signIns]);
  return endingSession === signIns;
}

const GATE_THEME = createTheme(ADMIN_THEME);

/**
 * Around the back office: signs out when the session ends, and while STAFF_TWO_FACTOR_REQUIRED
 * is on and this staff member has no two-factor, shows only its enrolment (the server refuses
 * every other admin call with 403 anyway).
 */
export function StaffSecurityGate({ children }: { children: ReactNode }) {
  const endingSoon = useSessionEnd();
  const [status, reload] = useTwoFactorStatus();
  const warning = endingSoon ? (
    <ThemeProvider theme={GATE_THEME}>
      <Alert severity="warning" role="alert" className="admin-session-warning">
        La sessione sta per scadere: salva le modifiche in corso. Tra pochi minuti servirà un nuovo
        accesso.
      </Alert>
    </ThemeProvider>
  ) : null;
  if (status === null) {
    return (
      <div className="container py-5" role="status">
        Caricamento dell’amministrazione…
      </div>
    );
  }
  if (status === 'error' || !status.required || status.enabled) {
    return (
      <>
        {warning}
        {children}
      </>
    );
  }
  return (
    <ThemeProvider theme={GATE_THEME}>
      <CssBaseline />
      {warning}
      <main className="admin-dashboard admin-enrolment-only">
        <Typography component="h1" variant="h5" gutterBottom>
          Sicurezza dell’account
        </Typography>
        <Suspense fallback={<p role="status">Caricamento…</p>}>
          <TwoFactorPanel status={status} onChanged={reload} />
        </Suspense>
        <p className="admin-enrolment-exit">
          <a href="/area-riservata" onClick={() => signOut()}>
            Esci
          </a>
        </p>
      </main>
    </ThemeProvider>
  );
}
