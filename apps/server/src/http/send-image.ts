import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An image whose address is its bytes' hash (news covers, the pages' share image; ADR 034):
 * kept by browsers and proxies for a year and never revalidated, since a new image has a new
 * address; the hash is the ETag.
 */
export function sendHashAddressedImage(
  request: FastifyRequest,
  reply: FastifyReply,
  image: { bytes: Buffer; contentType: string; sha256: string },
): FastifyReply {
  const etag = `"${image.sha256}"`;
  reply
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.header('content-type', image.contentType).send(image.bytes);
}
