import type { FastifyInstance } from 'fastify';
import { requireMember } from '../accounts/guard.js';
import type { AccountService } from '../accounts/service.js';
import type { MembershipService } from './service.js';

/**
 * /api/v1/Membership (ADR 029): the signed-in member's own dues. Not behind the reserved-area
 * check: a lapsed member pays the arrears here to come back (ADR 024).
 */
export async function membershipRoutes(
  app: FastifyInstance,
  options: { accounts: AccountService; membership: MembershipService },
) {
  const { accounts, membership } = options;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.get('/MyDues', async (request) => {
    const member = await requireMember(request, accounts);
    return { data: await membership.duesToPay(member) };
  });
}
