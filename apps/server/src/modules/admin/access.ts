import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { requireMember } from '../accounts/guard.js';
import type { AccountService, AuthenticatedMember } from '../accounts/service.js';

/** The role that may use the back office. */
export const STAFF_ROLE = 'segreteria';

/**
 * The staff member behind the request: 401 without a valid session, 403 for any other role.
 * Every admin route runs it before its handler (routes.ts registers it as a hook).
 */
export async function requireStaff(
  request: FastifyRequest,
  accounts: AccountService,
): Promise<AuthenticatedMember> {
  const member = await requireMember(request, accounts);
  if (member.role !== STAFF_ROLE) throw new AppError('forbidden');
  return member;
}
