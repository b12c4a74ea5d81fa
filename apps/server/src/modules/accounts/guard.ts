import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import type { AccountService, AuthenticatedMember } from './service.js';

/**
 * Who is behind a request (ADR 010): the reserved area, the bulletin, fee payments and the back
 * office's staff check (`staff-guard.ts`) all start from here.
 */

/** The token of `Authorization: Bearer …`, or null when there is none of a token's shape. */
export function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer ([A-Za-z0-9._-]{10,4096})$/.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** The member behind `Authorization: Bearer …`, or 401 (every reserved-area call uses it). */
export async function requireMember(
  request: FastifyRequest,
  accounts: AccountService,
): Promise<AuthenticatedMember> {
  const token = bearerToken(request);
  if (token === null) throw new AppError('unauthorized');
  return accounts.authenticate(token);
}

/**
 * The member behind a bearer token when there is a valid one, else null: for public calls that
 * note who made them (a fee payment) but must work for visitors and expired sessions too.
 */
export async function optionalMember(
  request: FastifyRequest,
  accounts: AccountService,
): Promise<AuthenticatedMember | null> {
  if (request.headers.authorization === undefined) return null;
  try {
    return await requireMember(request, accounts);
  } catch (error) {
    if (error instanceof AppError && error.status === 401) return null;
    throw error;
  }
}
