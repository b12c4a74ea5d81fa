import type { FastifyRequest } from 'fastify';
import { requireMember } from '../accounts/guard.js';
import type { AccountService, AuthenticatedMember } from '../accounts/service.js';
import type { MembershipService } from './service.js';

/**
 * Where the reserved area is decided (ADR 011, ADR 024): a valid session (401 otherwise) of a
 * member who has not lapsed (403 `socio-decaduto`, the web app shows the rejoin page).
 */
export async function requireReservedMember(
  request: FastifyRequest,
  accounts: AccountService,
  membership: MembershipService,
): Promise<AuthenticatedMember> {
  const member = await requireMember(request, accounts);
  await membership.assertMayEnterReservedArea(member);
  return member;
}
