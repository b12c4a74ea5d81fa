import type { FastifyReply } from 'fastify';
import type { ContentCache } from '../cache/content-cache.js';

/**
 * Answers a public read from the content cache: the `{ data }` envelope is serialised once per
 * content version and sent as is. `key` must name everything the answer depends on.
 */
export async function sendCachedData(
  reply: FastifyReply,
  cache: ContentCache,
  key: string,
  load: () => Promise<unknown>,
): Promise<FastifyReply> {
  const body = await cache.get(key, async () => JSON.stringify({ data: await load() }));
  return reply.type('application/json; charset=utf-8').send(body);
}
