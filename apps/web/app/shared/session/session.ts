import {
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

export function roleNumber(role: MemberRole): number {
  return ROLE_NUMBER[role] ?? 0;
}

export function saveSession(token: string): void {
  sessionStorage.setItem(SESSION_TOKEN_KEY, token);
}

export function clearSession(): void {
  sessionStorage.removeItem(SESSION_TOKEN_KEY);
}

/** The current user when a valid, non-expiring token is stored; otherwise none (and it is removed). */
export function currentUser(nowMs: number = Date.now()): SessionUser | null {
  let token: string | null;
  try {
    token = sessionStorage.getItem(SESSION_TOKEN_KEY);
  } catch {
    return null;
  }
  if (!token) return null;
  try {
    const claims = decodeClaims(token);
    if (isExpiring(claims, nowMs)) {
      clearSession();
      return null;
    }
    return { name: claims.unique_name, surname: claims.family_name, role: claims.role };
  } catch {
    clearSession();
    return null;
  }
}
