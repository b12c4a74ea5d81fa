import type { MemberRole } from '@sodalis/contracts';
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
