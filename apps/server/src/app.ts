import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { romeDate } from '@sodalis/contracts';
import type { AppConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { dropPlannerSamples } from './db/planner-samples.js';
import { ensureReferenceData } from './db/reference-data.js';
import { isDatabaseEmpty, loadDemoContent } from './db/seed/demo-content.js';
import { prepareDataDir } from './files/data-dir.js';
import { LocalFileStore } from './files/file-store.js';
import { AppError } from './http/app-error.js';
import { createLogger } from './logger.js';
import type { Mailer } from './mail/mailer.js';
import { SERVER_MODULES } from './modules/index.js';
import { adminRoutes } from './staff-routes.js';
import { compression } from './plugins/compression.js';
import { answerClientError, errorHandling } from './plugins/error-handling.js';
import { securityHeaders } from './plugins/security-headers.js';
import { uploadGate } from './plugins/upload-gate.js';
import { webApp, type WebMode } from './plugins/web-app.js';
import { createServices, periodicWorkOf, type AppServices } from './services.js';
import { systemClock, type Clock } from './text/dates.js';

export type { AppServices } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    /** Every /api/v1/Admin route (the access matrix test walks them all). */
    adminRouteTable: { method: string; url: string }[];
  }
}

export interface BuildAppOptions {
  clock?: Clock;
  /** A logger to use instead of one made from the config (tests pass a silent one). */
  logger?: Logger;
  /**
   * How the web app is served: the production build, Vite in development, or not at all (API
   * tests). Default: the build under NODE_ENV=production, Vite under development, else none.
   */
  web?: WebMode | 'off';
  /**
   * The outbox worker: `auto` (default) delivers on its own from start to close; `manual`
   * delivers only on `services.outbox.runOnce()` (tests, deterministic).
   */
  outbox?: 'auto' | 'manual';
  /**
   * The transparency reminders (ADR 026): `auto` checks hourly from start to close; `manual`
   * only on `services.transparencyReminders.runOnce()`. Default: as the outbox. The same for
   * the dues reminders (ADR 030, `services.duesReminders`).
   */
  reminders?: 'auto' | 'manual';
  /** A mail transport instead of the configured SMTP or `.eml` files (tests). */
  mailer?: Mailer;
}

function defaultWebMode(): WebMode | 'off' {
  if (process.env.NODE_ENV === 'production') return 'build';
  if (process.env.NODE_ENV === 'development') return 'vite';
  return 'off';
}

/** Default body limit of the API; routes that take files set their own. */
const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Builds the application: database (migrated), reference and demo data, plugins and routes.
 * It does not listen; `server.ts` does (docs/architecture.md, "Code and test conventions").
 */
export async function buildApp(
  config: AppConfig,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const logger = options.logger ?? createLogger(config);
  const clock = options.clock ?? systemClock;
  // A read-only, full or misplaced DATA_DIR stops the start naming it and the cause (ADR 028).
  await prepareDataDir(config.dataDir);
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    logger,
  });

  let app: FastifyInstance;
  try {
    await migrateToLatest(database.db, database.engine);
    if (database.engine === 'sqlite') await dropPlannerSamples(database.db);
    await ensureReferenceData(database.db, config.societyAcronym);
    const files = new LocalFileStore(path.join(config.dataDir, 'files'));
    let demoLoaded = false;
    if (config.demoContent && (await isDatabaseEmpty(database.db))) {
      try {
        const summary = await loadDemoContent({
          db: database.db,
          files,
          societyAcronym: config.societyAcronym,
          today: romeDate(clock()),
          memberNumberFormat: config.membership.memberNumberFormat,
          publicBaseUrl: config.publicBaseUrl,
        });
        logger.info({ summary }, 'contenuti dimostrativi caricati');
        demoLoaded = true;
      } catch (error) {
        // Another instance starting on the same PostgreSQL may have loaded them first: the
        // loader runs in one transaction, so ours rolled back whole and the data is theirs.
        if (await isDatabaseEmpty(database.db)) throw error;
        logger.info('contenuti dimostrativi già caricati da un’altra istanza');
      }
    }

    app = Fastify({
      // pino's Logger is a FastifyBaseLogger; the cast only widens the generic logger type.
      loggerInstance: logger as FastifyBaseLogger,
      bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
      // A request still arriving after this is ended with 408, so a slow upload cannot hold
      // the upload gate's budget for ever (ADR 027). Node applies it only when the headers'
      // own timeout is not longer, and checks every few seconds at most.
      requestTimeout: config.requestTimeoutMs,
      http: {
        headersTimeout: Math.min(60_000, config.requestTimeoutMs),
        connectionsCheckingInterval: Math.min(30_000, Math.ceil(config.requestTimeoutMs / 2)),
      },
      trustProxy: config.trustProxy,
      // What the HTTP parser cannot read is the client's mistake: the Italian error body and
      // an info line, never Fastify's English answer (ADR 028).
      clientErrorHandler: (error, socket) => answerClientError(logger, error, socket),
      // One line per request, written when it completes (below), instead of Fastify's two.
      logController: new LogController({ disableRequestLogging: true }),
      requestIdHeader: false,
      genReqId: (request) => {
        const incoming = request.headers['x-request-id'];
        return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming)
          ? incoming
          : randomUUID();
      },
      routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    });

    app.decorate(
      'services',
      createServices({
        config,
        db: database.db,
        engine: database.engine,
        files,
        clock,
        logger,
        outboxMode: options.outbox ?? 'auto',
        remindersMode: options.reminders ?? options.outbox ?? 'auto',
        ...(options.mailer ? { mailer: options.mailer } : {}),
      }),
    );
    // The demo's texts and PDFs searchable from the first page view (ADR 025).
    if (demoLoaded) {
      const summary = await app.services.searchIndex.rebuild('now');
      logger.info({ summary }, 'indice di ricerca dei contenuti dimostrativi creato');
    } else {
      // An index written by an older version is built again once (ADR 025); its PDFs are
      // read by the outbox.
      const summary = await app.services.searchIndex.rebuildIfFormatChanged();
      if (summary !== null)
        logger.info({ summary }, 'indice di ricerca ricostruito nel nuovo formato');
    }
  } catch (error) {
    await database.close();
    throw error;
  }

  // Every module's reminders and schedules, and the bins' purge (services.ts).
  const periodic = periodicWorkOf(app.services);
  // While shutting down, answers close their connection so a keep-alive socket does not hold
  // the process open until its idle timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // The periodic work stops first, so that it queues nothing more; then the outbox (its delivery
  // in progress finishes): rows it has not reached wait in the database for the next start.
  app.addHook('preClose', async () => {
    for (const work of periodic) await work.stop();
    await app.services.outbox.stop();
    app.services.mailer.close();
  });
  // Hooks every request runs take a callback rather than return a promise: cheaper per request
  // (ADR 038, amendment of 2026-11-24).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        req: request,
        res: { statusCode: reply.statusCode },
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      'richiesta completata',
    );
    done();
  });
  // The database closes last, after in-flight requests have finished (graceful shutdown).
  app.addHook('onClose', async () => {
    await database.close();
  });

  app.decorate('adminRouteTable', []);
  await app.register(securityHeaders, { https: config.publicBaseUrl.startsWith('https:') });
  await app.register(errorHandling);
  await app.register(compression);
  // Plugins of the whole app from the modules (the request metrics, ADR 028), before any route.
  for (const module of SERVER_MODULES) await module.plugins?.(app, app.services);
  await app.register(uploadGate, { budgetBytes: config.uploadsInFlightBytes });
  await app.register(
    async (api) => {
      // The API speaks JSON only: any other body is a 415, not a string handed to a handler.
      api.removeContentTypeParser('text/plain');
      api.addHook('onSend', (_request, reply, payload, done) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
        done(null, payload);
      });
      // Each module's routes, with their prefixes; they take their services by name (ADR 046).
      for (const module of SERVER_MODULES) await module.apiRoutes?.(api, app.services);
      await api.register(adminRoutes, {
        prefix: '/Admin',
        services: app.services,
        routeTable: app.adminRouteTable,
      });
      // Unknown API addresses answer the API's 404, never the web app's page.
      api.all('/*', async () => {
        throw new AppError('routeNotFound');
      });
    },
    { prefix: '/api/v1' },
  );
  // Routes at the site's root: sitemap.xml, robots.txt, the news feeds and the web manifest.
  for (const module of SERVER_MODULES) await module.siteRoutes?.(app, app.services);

  const web = options.web ?? defaultWebMode();
  if (web !== 'off') await app.register(webApp, { mode: web, services: app.services });

  // Delivers what a previous process left pending, then whatever the routes queue.
  app.services.outbox.start();
  for (const work of periodic) work.start();
  return app;
}
