import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/app-error.js';

/** Routes whose body limit is above this take files: only they pass through the gate. */
export const LARGE_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Upload bodies of the largest size the default budget holds (ADR 027). A JSON body with base64
 * files is held about four times while it is parsed and decoded (the chunks, the text, the
 * parsed strings, the decoded files), so the uploads' memory stays near eight bodies of the
 * largest size however many arrive together, on whichever routes.
 */
export const LARGEST_UPLOADS_IN_FLIGHT = 2;

/** Seconds a refused client is asked to wait: an upload of the largest size takes about that. */
export const UPLOAD_RETRY_AFTER_SECONDS = 10;

export interface UploadGateOptions {
  /**
   * Bytes of bodies in flight across every upload route; null: `LARGEST_UPLOADS_IN_FLIGHT`
   * times the largest body limit of a route registered after the gate.
   */
  budgetBytes: number | null;
}

/**
 * The gate in front of the upload routes (the spec keeps files in JSON bodies, §3, §7). Every
 * route whose body limit passes `LARGE_BODY_LIMIT_BYTES` draws from one budget of bytes in flight
 * (ADR 027, amended 2026-11-24): before a body is read, its declared length (the route's limit
 * when it declares none, never more than the limit, which Fastify still enforces with 413) is
 * counted against the bytes already being received on any route. Beyond the budget the answer
 * is 503 with Retry-After and an Italian message, and the body is never parsed (Node discards
 * it as it arrives). A small body is refused only when the budget is truly spent, not because
 * another route's limit is larger; one upload alone always passes, so a budget set below a
 * route's limit does not close that route.
 */
export const uploadGate = fp(async (app: FastifyInstance, options: UploadGateOptions) => {
  let inFlight = 0;
  let largestLimit = 0;

  app.addHook('onRoute', (route) => {
    largestLimit = Math.max(largestLimit, route.bodyLimit ?? 0);
  });

  app.addHook('onRequest', async (request, reply) => {
    const limit = request.routeOptions.bodyLimit ?? 0;
    if (limit <= LARGE_BODY_LIMIT_BYTES || request.method === 'GET' || request.method === 'HEAD') {
      return;
    }
    const budget = options.budgetBytes ?? LARGEST_UPLOADS_IN_FLIGHT * largestLimit;
    const declared = Number(request.headers['content-length']);
    const bytes = Number.isFinite(declared) && declared >= 0 ? Math.min(declared, limit) : limit;
    if (inFlight > 0 && inFlight + bytes > budget) {
      request.log.warn({ inFlight, bytes, budget }, 'caricamento rinviato: troppi file in arrivo');
      reply.header('retry-after', String(UPLOAD_RETRY_AFTER_SECONDS));
      throw new AppError('uploadsBusy');
    }
    inFlight += bytes;
    let released = false;
    reply.raw.once('close', () => {
      if (released) return;
      released = true;
      inFlight -= bytes;
    });
  });
});
