import { SearchQuerySchema } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.js';
import { optionalMember } from '../accounts/guard.js';
import type { AccountService } from '../accounts/service.js';
import type { SearchService } from './service.js';

export interface SearchRoutesOptions {
  search: SearchService;
  accounts: AccountService;
}

/**
 * `/api/v1/Search` (ADR 025; not a call of the specification): the site search and its
 * suggestions. A session's bearer token widens the results to what its role may read; without
 * one (or with an expired one) only public content is searched. Answers depend on the caller,
 * so they are never cached.
 */
export async function searchRoutes(app: FastifyInstance, options: SearchRoutesOptions) {
  const { search, accounts } = options;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/', async (request) => {
    const { q } = parseInput(SearchQuerySchema, request.query);
    const member = await optionalMember(request, accounts);
    return { data: await search.search(member?.role ?? null, q) };
  });

  app.get('/Suggest', async (request) => {
    const { q } = parseInput(SearchQuerySchema, request.query);
    const member = await optionalMember(request, accounts);
    return { data: await search.suggest(member?.role ?? null, q) };
  });
}
