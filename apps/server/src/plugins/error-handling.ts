import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ApiErrorKind } from '@sodalis/contracts';
import type { ConnectionError, FastifyBaseLogger, FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../db/database.js';
import { isStorageFull } from '../files/data-dir.js';
import { AppError } from '../http/app-error.js';

/** Seconds a client is asked to wait while the database is unreachable (ADR 028). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Seconds a client is asked to wait when the disk is full: an operator has to free space. */
export const STORAGE_FULL_RETRY_AFTER_SECONDS = 60;

/** Fastify's own client errors mapped to our error kinds (spec §8: never a 500 for bad input). */
function kindOfFastifyError(error: FastifyError): AppError | null {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new AppError('payloadTooLarge');
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new AppError('unsupportedMediaType');
  if (error.statusCode === 429) return new AppError('tooManyRequests');
  if (
    error.validation ||
    (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
  ) {
    return new AppError('invalidRequest', [
      { path: '(corpo)', message: 'Il corpo della richiesta non è valido.' },
    ]);
  }
  return null;
}

/** The parser's refusals with an answer of their own; any other is a 400. */
const CLIENT_ERROR_KINDS: Record<string, ApiErrorKind> = {
  ERR_HTTP_REQUEST_TIMEOUT: 'requestTimeout',
  HPE_HEADER_OVERFLOW: 'headersTooLarge',
};

/**
 * What Node's HTTP parser could not read (Fastify's `clientErrorHandler`): a malformed chunked
 * body, a broken request line or header, a request too slow to arrive (ADR 027, ADR 028). It
 * is the client's mistake: one info line with the parser's code and no stack, and, while the
 * connection can still be written, the API's Italian error body with the matching status
 * (Fastify's own handler answered in English). A connection the client reset needs neither.
 */
export function answerClientError(
  log: FastifyBaseLogger,
  error: ConnectionError,
  socket: Duplex,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = new AppError(CLIENT_ERROR_KINDS[error.code] ?? 'invalidRequest');
  log.info(
    { code: answer.code, cause: { code: error.code, message: error.message } },
    'richiesta illeggibile del client',
  );
  if (socket.writable) {
    const body = JSON.stringify(answer.toBody());
    socket.write(
      [
        `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'X-Content-Type-Options: nosniff',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy(error);
}

/**
 * One error shape for every failure (contracts `ApiErrorBody`): the client reads a
 * generic Italian message; details go to the log with the request id.
 */
export const errorHandling = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const appError = error instanceof AppError ? error : kindOfFastifyError(error);
    if (appError !== null) {
      // The client's mistake: what it was, never a stack (ADR 028).
      request.log.info(
        {
          code: appError.code,
          issues: appError.issues,
          ...(error instanceof AppError
            ? {}
            : { cause: { code: error.code, message: error.message } }),
        },
        'richiesta rifiutata',
      );
      if (appError.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(appError.retryAfterSeconds));
      return reply.status(appError.status).send(appError.toBody());
    }
    if (isDatabaseUnavailable(error)) {
      // A restart or outage of PostgreSQL: temporary, so 503 with a time to retry, not 500.
      request.log.warn({ err: error }, 'database non raggiungibile');
      const unavailable = new AppError('serviceUnavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(unavailable.status).send(unavailable.toBody());
    }
    if (isStorageFull(error)) {
      // The request was sound; the disk or the database is full (ADR 028). Nothing was kept:
      // files are written aside and renamed, rows roll back with their transaction. An error
      // line, since only an operator can free space.
      request.log.error({ err: error }, 'spazio su disco esaurito: richiesta non salvata');
      const unavailable = new AppError('serviceUnavailable');
      reply.header('retry-after', String(STORAGE_FULL_RETRY_AFTER_SECONDS));
      return reply.status(unavailable.status).send(unavailable.toBody());
    }
    request.log.error({ err: error }, 'errore non gestito');
    const internal = new AppError('internal');
    return reply.status(internal.status).send(internal.toBody());
  });

  app.setNotFoundHandler((_request, reply) => {
    const notFound = new AppError('routeNotFound');
    return reply.status(notFound.status).send(notFound.toBody());
  });
});
