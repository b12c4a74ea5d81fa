import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A text answer a client may keep and ask again for cheaply (the events' calendars, ADR 052):
 * its ETag is the hash of its body and its Last-Modified the last change of what it says, so
 * a calendar app reading a feed every hour gets a 304 while nothing changed.
 */
export function sendCacheableText(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { type: string; body: string; lastModified: string | null; cacheControl: string },
): FastifyReply {
  const etag = `"${createHash('sha256').update(answer.body).digest('base64url').slice(0, 27)}"`;
  reply.header('cache-control', answer.cacheControl).header('etag', etag);
  const modified = answer.lastModified === null ? null : new Date(answer.lastModified);
  if (modified !== null) reply.header('last-modified', modified.toUTCString());
  if (notModified(request, etag, modified)) return reply.code(304).send();
  return reply.type(answer.type).send(answer.body);
}

/** RFC 9110 §13.1: If-None-Match when present (weak comparison), else If-Modified-Since. */
function notModified(request: FastifyRequest, etag: string, modified: Date | null): boolean {
  const match = request.headers['if-none-match'];
  if (match !== undefined) {
    return match
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === etag || tag === '*');
  }
  const since = request.headers['if-modified-since'];
  if (since === undefined || modified === null) return false;
  const sinceMs = Date.parse(since);
  // HTTP dates are whole seconds: the change's milliseconds do not make it newer.
  return !Number.isNaN(sinceMs) && Math.floor(modified.getTime() / 1000) * 1000 <= sinceMs;
}
