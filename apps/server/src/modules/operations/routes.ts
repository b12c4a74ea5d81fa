import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../http/app-error.js';
import type { OperationsService } from './service.js';

export interface OperationsRoutesOptions {
  operations: OperationsService;
  /** Bearer token of /metrics; null: no metrics endpoint (ADR 028). */
  metricsToken: string | null;
}

/** The sign-in calls whose refusals the metrics count. */
const LOGIN_ROUTES = new Set(['/api/v1/Account/Login', '/api/v1/Account/LoginOtp']);

/**
 * Probes log only warnings: a load balancer asking every few seconds would otherwise fill the
 * log with one line per probe. No rate limit applies to them (ADR 028).
 */
const PROBE = { logLevel: 'warn' } as const;

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `/healthz` (the process answers), `/readyz` (it can serve: database, migrations, files) and,
 * when a token is configured, Prometheus `/metrics` (ADR 028). Also times every request, so it
 * is registered before the other routes.
 */
export const operationsRoutes = fp<OperationsRoutesOptions>(
  async (app: FastifyInstance, options) => {
    const { operations, metricsToken } = options;
    const { metrics } = operations;

    // A callback hook: every request runs it (ADR 038, amendment of 2026-11-24).
    app.addHook('onResponse', (request, reply, done) => {
      // The route's pattern, never the raw address: unknown addresses share one label.
      const route = request.routeOptions.url ?? '(sconosciuto)';
      metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      if (LOGIN_ROUTES.has(route)) metrics.countLoginRefusal(reply.statusCode);
      done();
    });

    app.get('/healthz', PROBE, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: { status: 'ok' } };
    });

    app.get('/readyz', PROBE, async (request, reply) => {
      const { ready, checks } = await operations.readiness();
      reply.header('cache-control', 'no-store');
      const answer = Object.fromEntries(
        Object.entries(checks).map(([name, check]) => [
          name,
          check.ok ? { ok: true } : { ok: false, problem: check.problem },
        ]),
      );
      if (ready) return { data: { status: 'pronto', checks: answer } };
      const causes = Object.fromEntries(
        Object.entries(checks).flatMap(([name, check]) => (check.ok ? [] : [[name, check.cause]])),
      );
      request.log.warn({ causes }, 'servizio non pronto');
      return reply.status(503).send({ data: { status: 'non pronto', checks: answer } });
    });

    if (metricsToken === null) return;
    const expected = digest(`Bearer ${metricsToken}`);
    app.get('/metrics', PROBE, async (request, reply) => {
      // Digests of equal length, compared in constant time: the token is not guessable by timing.
      const given = digest(request.headers.authorization ?? '');
      if (!timingSafeEqual(given, expected)) {
        reply.header('www-authenticate', 'Bearer');
        throw new AppError('unauthorized');
      }
      const { text, contentType } = await metrics.exposition();
      return reply.header('cache-control', 'no-store').type(contentType).send(text);
    });
  },
);
