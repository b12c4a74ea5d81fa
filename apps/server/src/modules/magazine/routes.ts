import { ListFilterSchema } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.js';
import type { AccountService } from '../accounts/service.js';
import { requireReservedMember } from '../membership/guard.js';
import type { MembershipService } from '../membership/service.js';
import type { MagazineService } from './service.js';

export interface MagazineRoutesOptions {
  magazine: MagazineService;
  accounts: AccountService;
  /** A lapsed member is refused (ADR 024). */
  membership: MembershipService;
}

const LIST_BODY_LIMIT = 16 * 1024;

/**
 * /api/v1/ReservedArea/GetRiviste and GetArticoliRiviste (spec §7): members only, answers by
 * role, never cached (ADR 011). The documents are served by DownloadDoc like the archives'.
 */
export async function magazineRoutes(app: FastifyInstance, options: MagazineRoutesOptions) {
  const { magazine, accounts, membership } = options;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/GetRiviste', { bodyLimit: LIST_BODY_LIMIT }, async (request) => {
    const { role } = await requireReservedMember(request, accounts, membership);
    const filter = parseInput(ListFilterSchema, request.body);
    return { data: await magazine.listIssues(role, filter) };
  });

  app.post('/GetArticoliRiviste', { bodyLimit: LIST_BODY_LIMIT }, async (request) => {
    const { role } = await requireReservedMember(request, accounts, membership);
    const filter = parseInput(ListFilterSchema, request.body);
    return { data: await magazine.listArticles(role, filter) };
  });
}
