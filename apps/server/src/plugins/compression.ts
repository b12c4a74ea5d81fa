import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Below this, compressing costs more than the bytes it saves (docs/decisions/020-compression-and-page-speed.md). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/** Brotli's quality for answers compressed on the fly (HTML, API), close to gzip's speed. */
export const ON_THE_FLY_BROTLI_QUALITY = 4;

/**
 * HTML and API answers compressed on the fly by content negotiation (Brotli, then gzip), with
 * `Vary: accept-encoding` (ADR 020). Brotli at quality 4: near gzip's speed, smaller output;
 * the highest quality is kept for the assets, compressed once at build time. Types that are
 * already compressed (PDFs, images) are left alone: `@fastify/compress` only touches the
 * compressible types of mime-db, and never a reply that already has a `content-encoding`
 * (the pre-compressed assets).
 */
export const compression = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: ON_THE_FLY_BROTLI_QUALITY } },
    zlibOptions: { level: 6 },
  });
});
