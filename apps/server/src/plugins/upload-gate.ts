import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/app-error.js';

/** Routes whose body limit is above this take files: only they pass through the gate. */
export const LARGE_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Upload bodies of the largest size the process reads at once (ADR 027). A JSON body with
 * base64 files is held about four times while it is parsed and decoded (the chunks, the text,
 * the parsed strings, the decoded files), so the uploads' memory stays near eight bodies of the
 * largest size however many arrive together; smaller uploads count for their own length, so many
 * of them pass together. One upload alone always passes.
 */
export const LARGEST_UPLOADS_IN_FLIGHT = 2;

/** Seconds a refused client is asked to wait: an upload of the largest size takes about that. */
export const UPLOAD_RETRY_AFTER_SECONDS = 10;

/**
 * The gate in front of the upload routes (the spec keeps files in JSON bodies, §3, §7): before
 * a body is read, its declared length (the route's limit when it declares none) is counted
 * against the bytes already being received; beyond `LARGEST_UPLOADS_IN_FLIGHT` times the
 * route's limit the answer is 503 with
 * Retry-After and an Italian message, and the body is never parsed (Node discards it as it
 * arrives).
 */
export const uploadGate = fp(async (app: FastifyInstance) => {
  let inFlight = 0;

  app.addHook('onRequest', async (request, reply) => {
    const limit = request.routeOptions.bodyLimit ?? 0;
    if (limit <= LARGE_BODY_LIMIT_BYTES || request.method === 'GET' || request.method === 'HEAD') {
      return;
    }
    const declared = Number(request.headers['content-length']);
    const bytes = Number.isFinite(declared) && declared >= 0 ? Math.min(declared, limit) : limit;
    if (inFlight > 0 && inFlight + bytes > LARGEST_UPLOADS_IN_FLIGHT * limit) {
      request.log.warn({ inFlight, bytes }, 'caricamento rinviato: troppi file in arrivo');
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
