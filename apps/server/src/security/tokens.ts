import { createHash, randomBytes } from 'node:crypto';

/**
 * Secrets sent by e-mail (newsletter links; later password resets): 256 random bits, URL-safe.
 * Only their sha256 is stored, so a copy of the database opens no link.
 */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** sha256 (hex) of a link token: what the database keeps and looks up. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A token as newLinkToken makes it; anything else is refused before any lookup. */
export function isLinkTokenShaped(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
