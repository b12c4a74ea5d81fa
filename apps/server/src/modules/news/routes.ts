import { IdQuerySchema, ListFilterSchema } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.js';
import type { NewsService } from './service.js';

/** /api/v1/SharepointContent news calls (spec §7): validate, call the service, wrap in `data`. */
export async function newsRoutes(app: FastifyInstance, options: { news: NewsService }) {
  const { news } = options;

  app.get('/GetArticleCategories', async () => ({ data: await news.listCategories() }));

  app.post('/GetArticoli', { bodyLimit: 16 * 1024 }, async (request) => {
    const filter = parseInput(ListFilterSchema, request.body);
    return { data: await news.listArticles(filter) };
  });

  app.get('/GetNewsFileById', async (request, reply) => {
    const { id } = parseInput(IdQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    return { data: await news.newsFile(id) };
  });
}
