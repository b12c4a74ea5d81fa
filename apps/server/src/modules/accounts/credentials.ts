import type { LoginResponse } from '@sodalis/contracts';
import { newSessionId, type SessionTokens } from '../../security/session-tokens.js';
import { hashLinkToken, newLinkToken } from '../../security/tokens.js';
import type { Executor } from '../../db/schema.js';
import { insertResetToken, insertSession, type MemberRow } from './repository.js';

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
 * The answer of a completed sign-in (password, and the code where asked): a new server-side
 * session (ADR 021) and its token.
 */
export async function signedIn(
  db: Executor,
  tokens: SessionTokens,
  member: MemberRow,
): Promise<LoginResponse> {
  const sessionId = newSessionId();
  const issued = await tokens.issue(
    { id: member.id, firstName: member.first_name, lastName: member.last_name, role: member.role },
    sessionId,
  );
  await insertSession(db, {
    id: sessionId,
    memberId: member.id,
    createdAt: issued.issuedAt.toISOString(),
    expiresAt: issued.expiresAt.toISOString(),
  });
  return { passwordChanged: true, token: issued.token, resetToken: null, username: member.email };
}
