import { isStaffRole } from '@sodalis/contracts';
import { SESSION_TOKEN_KEY } from '../../api/api-client';
import { clearSession, saveSession, signOut, userOfToken } from './session';

/**
 * The staff session shared between the tabs of one browser (ADR 023). The token stays in each
 * tab's sessionStorage and in the bearer header (never a cookie, so cross-site request forgery
 * still has nothing to ride on); a tab of the back office without one asks the others over a
 * same-origin BroadcastChannel, and a fresh sign-in or "Esci" in one tab reaches them all.
 * Only staff tokens travel (any staff role, ADR 031): members keep spec §3's one session per tab.
 */
const CHANNEL_NAME = 'sodalis-sessione-segreteria';

/** How long a new tab waits for another tab's answer before going to the sign-in page. */
const ANSWER_WAIT_MS = 400;

type StaffTabMessage =
  { kind: 'chiede-sessione' } | { kind: 'sessione'; token: string } | { kind: 'uscita' };

function channel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
}

/** A staff token that is not expiring, or none. */
function staffToken(token: string | null): string | null {
  if (token === null) return null;
  return isStaffRole(userOfToken(token)?.role) ? token : null;
}

function storedToken(): string | null {
  try {
    return sessionStorage.getItem(SESSION_TOKEN_KEY);
  } catch {
    return null;
  }
}

/**
 * Asks the other tabs for their staff session; stores and answers the first one that comes,
 * or null after a short wait (no other tab of the back office is open).
 */
export function borrowStaffSession(waitMs = ANSWER_WAIT_MS): Promise<string | null> {
  const tabs = channel();
  if (tabs === null) return Promise.resolve(null);
  return new Promise((resolve) => {
    const finish = (token: string | null) => {
      window.clearTimeout(timer);
      tabs.close();
      if (token !== null) saveSession(token);
      resolve(token);
    };
    const timer = window.setTimeout(() => finish(null), waitMs);
    tabs.onmessage = (event: MessageEvent<StaffTabMessage>) => {
      if (event.data.kind === 'sessione') {
        const token = staffToken(event.data.token);
        if (token !== null) finish(token);
      }
    };
    tabs.postMessage({ kind: 'chiede-sessione' } satisfies StaffTabMessage);
  });
}

/** Tells the other tabs about a new staff session (a sign-in after the old one expired). */
export function announceStaffSession(token: string): void {
  const tabs = channel();
  tabs?.postMessage({ kind: 'sessione', token } satisfies StaffTabMessage);
  tabs?.close();
}

/** "Esci" in one tab signs out the others too: the shared session ends everywhere. */
export function announceStaffSignOut(): void {
  // This tab ends the session on the server too (ADR 021); the others only forget the token.
  signOut();
  const tabs = channel();
  tabs?.postMessage({ kind: 'uscita' } satisfies StaffTabMessage);
  tabs?.close();
}

/**
 * While a back-office tab is open: answers other tabs' requests with this tab's staff session,
 * takes a newer one another tab announces, and signs out when another tab does. Answers the
 * function that stops listening.
 */
export function shareStaffSession(onSignedOut: () => void): () => void {
  const tabs = channel();
  if (tabs === null) return () => undefined;
  tabs.onmessage = (event: MessageEvent<StaffTabMessage>) => {
    const message = event.data;
    if (message.kind === 'chiede-sessione') {
      const token = staffToken(storedToken());
      if (token !== null) tabs.postMessage({ kind: 'sessione', token } satisfies StaffTabMessage);
    } else if (message.kind === 'sessione') {
      const token = staffToken(message.token);
      if (token !== null) saveSession(token);
    } else {
      clearSession();
      onSignedOut();
    }
  };
  return () => tabs.close();
}
