import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import { parseInput } from '../../http/validation.js';
import type { FeedFormat, TransparencyService } from './service.js';

const CategoryParamsSchema = z.object({
  id: z.coerce
    .number({ message: 'Categoria non valida.' })
    .int({ message: 'Categoria non valida.' })
    .positive({ message: 'Categoria non valida.' }),
});

/** Readers and crawlers re-read these often: an hour, like the web app's other files. */
const PUBLIC_CACHE = 'public, max-age=3600';

function sendText(reply: FastifyReply, type: string, body: string) {
  return reply.type(type).header('cache-control', PUBLIC_CACHE).send(body);
}

/**
 * The site's files for search engines and feed readers (ADR 026), at the site's root: the
 * sitemap, robots.txt, the news feeds (RSS 2.0 and Atom, all news and one per category) and
 * the web manifest.
 */
export async function transparencyRoutes(
  app: FastifyInstance,
  options: { transparency: TransparencyService },
) {
  const { transparency } = options;

  app.get('/sitemap.xml', async (_request, reply) =>
    sendText(reply, 'application/xml; charset=utf-8', await transparency.sitemap()),
  );
  app.get('/robots.txt', async (_request, reply) =>
    sendText(reply, 'text/plain; charset=utf-8', transparency.robots()),
  );
  app.get('/manifest.webmanifest', async (_request, reply) =>
    sendText(reply, 'application/manifest+json; charset=utf-8', transparency.manifest()),
  );

  const feedType: Record<FeedFormat, string> = {
    rss: 'application/rss+xml; charset=utf-8',
    atom: 'application/atom+xml; charset=utf-8',
  };
  for (const format of ['rss', 'atom'] as const) {
    app.get(transparency.feedPath(format, null), async (_request, reply) =>
      sendText(reply, feedType[format], (await transparency.feed(format, null)) ?? ''),
    );
    app.get(`/feed/categorie/:id/${format}.xml`, async (request, reply) => {
      const { id } = parseInput(CategoryParamsSchema, request.params);
      const feed = await transparency.feed(format, id);
      if (feed === null) throw new AppError('notFound');
      return sendText(reply, feedType[format], feed);
    });
  }
}
