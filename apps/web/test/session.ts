import type { MemberRole } from '@sodalis/contracts';

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A session token as the API issues it (ADR 010): the browser only reads its claims, never its
 * signature. Valid for `hours` from now.
 */
export function sessionToken(role: MemberRole, hours = 12): string {
  const exp = Math.floor(Date.now() / 1000) + hours * 3600;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ unique_name: 'Giulia', family_name: 'Ferri', role, exp })}.firma`;
}

/** The tab signed in as `role`: the token in sessionStorage, where the site keeps it (spec §3). */
export function signInTab(role: MemberRole): string {
  const token = sessionToken(role);
  sessionStorage.setItem('token', token);
  return token;
}
