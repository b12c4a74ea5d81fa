import { MemberProfileUpdateSchema } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.js';
import { requireMember } from '../accounts/guard.js';
import type { AccountService } from '../accounts/service.js';
import type { MemberProfiles } from './profile.js';

/**
 * /api/v1/Membership (ADR 030): "Il mio profilo". A signed-in member only, lapsed included:
 * they keep their history and may correct their data.
 */
export async function membershipRoutes(
  app: FastifyInstance,
  options: { accounts: AccountService; memberProfiles: MemberProfiles },
) {
  const { accounts, memberProfiles } = options;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
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
