import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  isStaffRole,
  SESSION_LIFETIME_SECONDS,
  type MemberRole,
  type SessionClaims,
} from '@sodalis/contracts';
import { errors, jwtVerify, SignJWT } from 'jose';
import { PRIVATE_DIRECTORY_MODE } from '../files/data-dir.js';

/** The member a verified session token names, with its claims. */
export interface VerifiedSession {
  memberId: number;
  /** The server-side session the token belongs to (ADR 021). */
  sessionId: string;
  claims: SessionClaims;
  /** Issued-at, seconds. */
  issuedAt: number;
}

export class InvalidSessionTokenError extends Error {
  constructor(reason: string) {
    super(`token di sessione non valido: ${reason}`);
    this.name = 'InvalidSessionTokenError';
  }
}

/**
 * The JWT secret: JWT_SECRET when configured (several instances must share it), otherwise one
 * generated once into DATA_DIR/jwt-secret (readable by the owner only).
 */
export function loadJwtSecret(configured: string | null, dataDir: string): Uint8Array {
  if (configured !== null) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'jwt-secret');
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  try {
    fs.writeFileSync(file, randomBytes(48).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}

/** A new session's id: 128 random bits, the token's `sid` and its row's key (ADR 021). */
export function newSessionId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * Session tokens (spec §3): HS256 JWTs with `unique_name`, `family_name`, `role`, `exp`, valid
 * 12 hours; staff tokens (every staff role, ADR 031) live `staffLifetimeSeconds` (STAFF_SESSION_MINUTES,
 * ADR 017). Only HS256 is accepted; `exp` is enforced. `sid` names the server-side session
 * (ADR 021): a token without one is refused.
 */
export class SessionTokens {
  constructor(
    private readonly secret: Uint8Array,
    private readonly now: () => Date,
    private readonly staffLifetimeSeconds: number = SESSION_LIFETIME_SECONDS,
  ) {}

  async issue(
    member: { id: number; firstName: string; lastName: string; role: MemberRole },
    sessionId: string,
  ): Promise<{ token: string; issuedAt: Date; expiresAt: Date }> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    const expiresAt =
      issuedAt + (isStaffRole(member.role) ? this.staffLifetimeSeconds : SESSION_LIFETIME_SECONDS);
    const token = await new SignJWT({
      unique_name: member.firstName,
      family_name: member.lastName,
      role: member.role,
      sid: sessionId,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(member.id))
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.secret);
    return { token, issuedAt: new Date(issuedAt * 1000), expiresAt: new Date(expiresAt * 1000) };
  }

  async verify(token: string): Promise<VerifiedSession> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: ['HS256'],
        currentDate: this.now(),
        requiredClaims: ['exp', 'iat', 'sub', 'sid'],
      });
      const memberId = Number(payload.sub);
      if (!Number.isInteger(memberId) || memberId <= 0)
        throw new InvalidSessionTokenError('soggetto');
      if (typeof payload.sid !== 'string' || payload.sid === '')
        throw new InvalidSessionTokenError('sessione');
      return {
        memberId,
        sessionId: payload.sid,
        issuedAt: payload.iat as number,
        claims: {
          unique_name: String(payload.unique_name ?? ''),
          family_name: String(payload.family_name ?? ''),
          role: payload.role as MemberRole,
          exp: payload.exp as number,
        },
      };
    } catch (error) {
      if (error instanceof InvalidSessionTokenError) throw error;
      if (error instanceof errors.JOSEError) throw new InvalidSessionTokenError(error.code);
      throw new InvalidSessionTokenError('formato');
    }
  }
}
