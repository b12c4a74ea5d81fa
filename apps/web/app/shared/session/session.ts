import {
  isParticipantRole,
  isStaffRole,
  MY_REGISTRATIONS_PATH,
  ROLE_NUMBER,
  TOKEN_EXPIRY_MARGIN_SECONDS,
  type MemberRole,
  type SessionClaims,
} from '@sodalis/contracts';
import { jwtDecode } from 'jwt-decode';
import { SESSION_TOKEN_KEY } from '../../api/api-client';

/** The signed-in user (spec §3 "Session user"). */
export interface SessionUser {
  name: string;
  surname: string;
  role: MemberRole;
}

/** Claims of a token; jwt-decode's own errors for a bad token (spec §8). */
export function decodeClaims(token: string): SessionClaims {
  return jwtDecode<SessionClaims>(token);
}

/** Spec §4: a token counts as expiring when now + 3000 s is at or after its `exp`. */
export function isExpiring(
  claims: Pick<SessionClaims, 'exp'>,
  nowMs: number = Date.now(),
): boolean {
  return typeof claims.exp !== 'number' || nowMs / 1000 + TOKEN_EXPIRY_MARGIN_SECONDS >= claims.exp;
}

/**
 * Milliseconds until the token starts counting as expiring (the moment `isExpiring` turns true):
 * when an open tab must sign out. Staff tokens are short (STAFF_SESSION_MINUTES, ADR 017).
 */
export function msUntilExpiring(
  claims: Pick<SessionClaims, 'exp'>,
  nowMs: number = Date.now(),
): number {
  return (claims.exp - TOKEN_EXPIRY_MARGIN_SECONDS) * 1000 - nowMs;
}

/** The role as the breadcrumbs show it: first letter capitalised (spec §3, §6). */
export function displayRole(role: string): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}

/** The reserved home of a member (spec §4). */
export const RESERVED_HOME = '/area-riservata-homepage';
/** The back office, where staff land after signing in (ADR 023). */
export const STAFF_HOME = '/amministrazione';

/** Whether an address is the back office's, which has its own frame (ADR 013). */
export function isBackOffice(pathname: string): boolean {
  return pathname.startsWith(STAFF_HOME);
}

/**
 * Where a scripted sign-in leads: staff to the back office (ADR 023), members to the reserved
 * home (spec §4), unless the sign-in page was opened to come back to a page of this site (the
 * dues panel's "Accedi", ADR 030). Without scripts staff land on the reserved home, which links
 * to it.
 */
export function homeOfToken(token: string, returnTo: string | null = null): string {
  const back = safeReturnPath(returnTo);
  if (back !== null) return back;
  return homeOfRole(userOfToken(token)?.role);
}

/**
 * Where a role's sign-in leads: staff to the back office (ADR 023), an events' participant to
 * "Le mie iscrizioni" (ADR 055), members to the reserved home (spec §4).
 */
export function homeOfRole(role: string | null | undefined): string {
  if (isStaffRole(role)) return STAFF_HOME;
  return isParticipantRole(role) ? MY_REGISTRATIONS_PATH : RESERVED_HOME;
}

/**
 * Where a sign-in without scripts leads (ADR 022): the reserved home, which links staff to the
 * back office (it needs scripts), or a participant's registrations (ADR 055).
 */
export function homeWithoutScripts(token: string, returnTo: string | null = null): string {
  const back = safeReturnPath(returnTo);
  if (back !== null) return back;
  return isParticipantRole(userOfToken(token)?.role) ? MY_REGISTRATIONS_PATH : RESERVED_HOME;
}

/** The sign-in page's parameter naming the page to go back to (the dues reminder's link). */
export const RETURN_PARAM = 'ritorno';

/**
 * A page of this site to go back to after signing in, or null: only a path of this origin
 * ("/…", never "//host" or "/\\host"), so the link cannot send anyone elsewhere. Only visible
 * ASCII: browsers drop tabs and line breaks from addresses ("/\t/host" would become "//host"),
 * and a redirect's Location cannot carry other characters (a real path is percent-encoded).
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || !/^\/(?![/\\])[\x21-\x7e]*$/.test(value)) return null;
  return value;
}

/**
 * The sign-in page's address, coming back to `path` once signed in when it is a page of this
 * site (`safeReturnPath`); the plain sign-in page otherwise.
 */
export function signInReturningTo(path: string | null): string {
  const back = safeReturnPath(path);
  return back === null
    ? '/area-riservata'
    : `/area-riservata?${new URLSearchParams({ [RETURN_PARAM]: back })}`;
}

/**
 * The password change of a first sign-in (spec §4), keeping the page to come back to: after the
 * change the member signs in again, and that sign-in leads there (`signInReturningTo`).
 */
export function firstPasswordChange(
  resetToken: string,
  username: string,
  returnTo: string | null,
): string {
  const params = new URLSearchParams({ token: resetToken, username });
  const back = safeReturnPath(returnTo);
  if (back !== null) params.set(RETURN_PARAM, back);
  return `/area-riservata-resetpwd?${params}`;
}

export function roleNumber(role: MemberRole): number {
  return ROLE_NUMBER[role] ?? 0;
}

export function saveSession(token: string): void {
  sessionStorage.setItem(SESSION_TOKEN_KEY, token);
}

export function clearSession(): void {
  sessionStorage.removeItem(SESSION_TOKEN_KEY);
  if (typeof document !== 'undefined' && document.cookie.includes(`${SESSION_COOKIE}=`))
    document.cookie = clearedSessionCookie();
}

/**
 * The cookie that carries the session of a sign-in posted without scripts (ADR 022): a browser
 * cookie (gone when the browser closes, like the tab's storage), SameSite=Strict, never sent
 * to the API (which reads only the bearer header). The server reads it to render the reserved
 * home without scripts; once scripts run, the token moves to sessionStorage and the cookie goes.
 */
export const SESSION_COOKIE = 'sodalis_sessione';

/** "Esci" (spec §2.8): the sign-in page, which also drops a cookie session (ADR 022). */
export const LOGOUT_HREF = '/area-riservata?esci=1';

/**
 * "Esci" with scripts: the server ends the session (`POST /api/v1/Account/Logout`, ADR 021),
 * so a copy of the token stops working too; then the tab forgets it. The call is not awaited
 * (`keepalive` lets it finish while the page changes).
 */
export function signOut(): void {
  let token: string | null = null;
  try {
    token = sessionStorage.getItem(SESSION_TOKEN_KEY) ?? sessionCookieToken(document.cookie);
  } catch {
    token = null;
  }
  if (token) {
    void fetch('/api/v1/Account/Logout', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      keepalive: true,
    }).catch(() => undefined);
  }
  clearSession();
}

export function sessionCookie(token: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict`;
}

/** The token of the session cookie in a `Cookie` header (or `document.cookie`), if any. */
export function sessionCookieToken(cookieHeader: string | null): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE && value.join('=') !== '') return value.join('=');
  }
  return null;
}

/** The user of a token, or none when it is malformed or expiring (spec §4). */
export function userOfToken(token: string, nowMs: number = Date.now()): SessionUser | null {
  try {
    const claims = decodeClaims(token);
    if (isExpiring(claims, nowMs)) return null;
    return { name: claims.unique_name, surname: claims.family_name, role: claims.role };
  } catch {
    return null;
  }
}

/** Scripts have arrived after a sign-in without them: the tab's storage takes the session. */
function adoptSessionCookie(): void {
  const token = typeof document === 'undefined' ? null : sessionCookieToken(document.cookie);
  if (token === null) return;
  sessionStorage.setItem(SESSION_TOKEN_KEY, token);
  document.cookie = clearedSessionCookie();
}

/** The current user when a valid, non-expiring token is stored; otherwise none (and it is removed). */
export function currentUser(nowMs: number = Date.now()): SessionUser | null {
  let token: string | null;
  try {
    adoptSessionCookie();
    token = sessionStorage.getItem(SESSION_TOKEN_KEY);
  } catch {
    return null;
  }
  if (!token) return null;
  const user = userOfToken(token, nowMs);
  if (user === null) clearSession();
  return user;
}
