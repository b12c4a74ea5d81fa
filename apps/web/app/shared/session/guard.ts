import { isParticipantRole, MY_REGISTRATIONS_PATH, type MemberRole } from '@sodalis/contracts';
import { redirect } from 'react-router';
import { currentUser, roleNumber, type SessionUser } from './session';

/**
 * The reserved-area guard (spec §6), run in client loaders: no session or an expiring one goes
 * to the login page; a route with allowed roles sends other roles to the home page. The server
 * checks every call again; this is the user's path, not the protection.
 */
export function requireUser(allowedRoles?: MemberRole[]): SessionUser {
  const user = currentUser();
  if (user === null) throw redirect('/area-riservata');
  if (allowedRoles && !allowedRoles.map(roleNumber).includes(roleNumber(user.role)))
    throw redirect('/');
  return user;
}

/** "Le mie iscrizioni" and the pages of one registration below it (ADR 055, 058). */
function isMyRegistrationsPage(pathname: string): boolean {
  return pathname === MY_REGISTRATIONS_PATH || pathname.startsWith(`${MY_REGISTRATIONS_PATH}/`);
}

/**
 * The reserved pages an events' participant may open (ADR 055): their registrations and the
 * pages under them (a registration's learning test, ADR 057, and questionnaire, ADR 058); any
 * other sends them there, as the server refuses them the reserved area's contents.
 */
export function participantRedirect(
  role: string | null | undefined,
  pathname: string,
): Response | null {
  if (!isParticipantRole(role) || isMyRegistrationsPage(pathname)) return null;
  return redirect(MY_REGISTRATIONS_PATH);
}

/** The guard's verdict for each navigation: React Router gives all its loaders one `Request`. */
const reservedAreaVerdicts = new WeakMap<Request, SessionUser | Response>();

/**
 * The reserved area's guard, decided once a navigation (spec §6). The layout route around the
 * reserved pages takes the verdict; its pages' client loaders, which React Router runs in
 * parallel with the layout's, call this first and get the same verdict, so a visitor the guard
 * sends away never triggers a reserved call.
 */
export function reservedAreaGuard(request: Request): SessionUser {
  let verdict = reservedAreaVerdicts.get(request);
  if (verdict === undefined) {
    try {
      const user = requireUser();
      verdict = participantRedirect(user.role, new URL(request.url).pathname) ?? user;
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      verdict = thrown;
    }
    reservedAreaVerdicts.set(request, verdict);
  }
  if (verdict instanceof Response) throw verdict;
  return verdict;
}
