import type { LoginResponse } from '@sodalis/contracts';
import type { SessionTokens } from '../../security/session-tokens.js';
import { hashLinkToken, newLinkToken } from '../../security/tokens.js';
import type { Executor } from '../../db/schema.js';
import { insertResetToken, type MemberRow } from './repository.js';

/**
 * The single-use links that let a member choose a password (spec §7 ResetPassword, ADR 010):
 * the recovery e-mail, the first sign-in and the secretariat's invitation share them.
 */

/** Stores a new link token of the member (only its hash) and answers the token itself. */
export async function issueResetToken(
  db: Executor,
  link: { memberId: number; purpose: 'reset' | 'first-login'; now: Date; expiresAt: Date },
): Promise<string> {
  const token = newLinkToken();
  await insertResetToken(db, {
    memberId: link.memberId,
    tokenHash: hashLinkToken(token),
    purpose: link.purpose,
    expiresAt: link.expiresAt.toISOString(),
    createdAt: link.now.toISOString(),
  });
  return token;
}

/** The page of the site where the member chooses a password with the token. */
export function resetPasswordLink(publicBaseUrl: string, token: string, email: string): string {
  return `${publicBaseUrl}/area-riservata-resetpwd?${new URLSearchParams({ token, username: email })}`;
}

/**
 * The instant from which the member's earlier sessions end: now, down to the whole second,
 * since session tokens carry their issue time in whole seconds.
 */
export function sessionsEndAt(now: Date): string {
  return new Date(Math.floor(now.getTime() / 1000) * 1000).toISOString();
}

/** The answer of a completed sign-in (password, and the code where asked): a session token. */
export async function signedIn(tokens: SessionTokens, member: MemberRow): Promise<LoginResponse> {
  const token = await tokens.issue({
    id: member.id,
    firstName: member.first_name,
    lastName: member.last_name,
    role: member.role,
  });
  return { passwordChanged: true, token, resetToken: null, username: member.email };
}
