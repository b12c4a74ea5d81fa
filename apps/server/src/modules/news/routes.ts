import { IdQuerySchema, ListFilterSchema } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import type { ContentCache } from '../../cache/content-cache.js';
import { sendCachedData } from '../../http/cached-json.js';
import { parseInput } from '../../http/validation.js';
import { romeDate, type Clock } from '../../text/dates.js';
import type { NewsService } from './service.js';

export interface NewsRoutesOptions {
  news: NewsService;
  cache: ContentCache;
  clock: Clock;
}

/** /api/v1/SharepointContent news calls (spec §7): validate, call the service, wrap in `data`. */
export async function newsRoutes(app: FastifyInstance, options: NewsRoutesOptions) {
  const { news, cache, clock } = options;

  app.get('/GetArticleCategories', async (_request, reply) =>
    sendCachedData(reply, cache, 'GetArticleCategories', () => news.listCategories()),
  );

  app.post('/GetArticoli', { bodyLimit: 16 * 1024 }, async (request, reply) => {
    // The answer depends on the body and on today (scheduled items appear at midnight). The
    // body is validated on a miss only: a body answered before was valid then and is now.
    const key = `GetArticoli:${romeDate(clock())}:${JSON.stringify(request.body ?? {})}`;
    return sendCachedData(reply, cache, key, () =>
      news.listArticles(parseInput(ListFilterSchema, request.body)),
    );
  });

  app.get('/GetNewsFileById', async (request, reply) => {
    const { id } = parseInput(IdQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    return { data: await news.newsFile(id) };
  });
}
