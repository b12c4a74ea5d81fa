import { IdQuerySchema } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { sendHashAddressedImage } from '../../http/send-image.js';
import { sendJson } from '../../http/send-json.js';
import { parseInput } from '../../http/validation.js';
import type { NewsPublicReads } from './public-reads.js';
import type { NewsService } from './service.js';

export interface NewsRoutesOptions {
  news: NewsService;
  publicReads: NewsPublicReads;
}

/** /api/v1/SharepointContent news calls (spec §7): validate, call the service, wrap in `data`. */
export async function newsRoutes(app: FastifyInstance, options: NewsRoutesOptions) {
  const { news, publicReads } = options;

  app.get('/GetArticleCategories', async (_request, reply) =>
    sendJson(reply, await publicReads.categories()),
  );

  app.post('/GetArticoli', { bodyLimit: 16 * 1024 }, async (request, reply) =>
    sendJson(reply, await publicReads.articles(request.body)),
  );

  /** A news cover's file (ADR 034), at the address of its hash. */
  app.get('/NewsCover/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    return sendHashAddressedImage(request, reply, await news.coverFile(file));
  });

  app.get('/GetNewsFileById', async (request, reply) => {
    const { id } = parseInput(IdQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    return { data: await news.newsFile(id) };
  });
}
