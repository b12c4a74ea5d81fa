import { MemberProfileUpdateSchema } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.js';
import { requireMember } from '../accounts/guard.js';
import type { AccountService } from '../accounts/service.js';
import type { MemberProfiles } from './profile.js';
import type { MembershipService } from './service.js';

/**
 * /api/v1/Membership: the signed-in member's own dues (ADR 029) and "Il mio profilo" (ADR 030).
 * Not behind the reserved-area check: a lapsed member pays the arrears here to come back
 * (ADR 024), keeps their history and may correct their data.
 */
export async function membershipRoutes(
  app: FastifyInstance,
  options: {
    accounts: AccountService;
    membership: MembershipService;
    memberProfiles: MemberProfiles;
  },
) {
  const { accounts, membership, memberProfiles } = options;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.get('/MyDues', async (request) => {
    const member = await requireMember(request, accounts);
    return { data: await membership.duesToPay(member) };
  });
  app.get('/Profilo', async (request) => {
    const member = await requireMember(request, accounts);
    return { data: await memberProfiles.get(member.id) };
  });
  app.put('/Profilo', { bodyLimit: 8 * 1024 }, async (request) => {
    const member = await requireMember(request, accounts);
    const change = parseInput(MemberProfileUpdateSchema, request.body);
    return { data: await memberProfiles.update(member.id, change) };
  });
}
