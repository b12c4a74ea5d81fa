import path from 'node:path';
import { ContentCache } from './cache/content-cache.js';
import { PeriodicJob } from './db/scheduled-runs.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { SERVER_MODULES } from './modules/index.js';
import type { AnyServerModule, Kernel, PeriodicWork, SitemapPages } from './modules/module.js';
import { OutboxWorker } from './modules/outbox/worker.js';
import { PublicFormGate } from './security/public-forms.js';
import { Throttle } from './security/throttle.js';

/** The modules of the list, one type each. */
export type ServerModules = (typeof SERVER_MODULES)[number];

/** `A | B` → `A & B`: what every module provides, together. */
export type Together<U> = (U extends unknown ? (part: U) => void : never) extends (
  all: infer I,
) => void
  ? I
  : never;

type ProvidedBy<M> = M extends { services: (deps: never) => infer P } ? P : never;
type StaffOf<M> = M extends { staff?: (services: never) => infer S } ? S : never;
type NeedsOf<M> = M extends { services: (deps: infer N) => unknown } ? N : never;

/**
 * What the routes and the SSR loaders are given: services, never raw requests. Derived from the
 * modules (ADR 046): the kernel, what each module provides, the staff services, and what the
 * composition builds over every module (the outbox worker, the bins' purge).
 */
export type AppServices = Kernel &
  Together<ProvidedBy<ServerModules>> & {
    /** The back office's services, one per domain (ADR 013); only the staff routes use them. */
    staff: Together<StaffOf<ServerModules>>;
    /** Delivers the outbox; started with the app, stopped before the database closes. */
    outbox: OutboxWorker;
    /** Deletes for good what has been in the bins 30 days, hourly, one instance (ADR 031, 033). */
    binPurge: PeriodicJob;
  };

/** The back office's services, one per domain (ADR 013). */
export type StaffServices = AppServices['staff'];

/** A module's needs that the kernel and the list do not provide (or not of the type needed). */
type MissingNeeds<M> = {
  [K in keyof NeedsOf<M>]: K extends keyof AppServices
    ? AppServices[K] extends NeedsOf<M>[K]
      ? never
      : K
    : K;
}[keyof NeedsOf<M>];
type Missing = ServerModules extends infer M
  ? M extends unknown
    ? MissingNeeds<M>
    : never
  : never;
export type Expect<T extends true> = T;

/**
 * Compiles only when every module's needs are provided (ADR 046); otherwise the error names
 * the missing ones. Their order is checked at start (`inListOrder`).
 */
export type EveryNeedProvided = Expect<[Missing] extends [never] ? true : { missing: Missing }>;

/** The list as the composition loops over it: every part of a module, whatever its types. */
const MODULES: readonly AnyServerModule[] = SERVER_MODULES;

/**
 * The records the site search indexes, one source per kind, from the modules that have them
 * (ADR 025, 044): search owns the interface and imports no domain.
 */
export const SEARCH_SOURCES = MODULES.flatMap((module) => module.searchSources ?? []);

const BIN_PURGE_EVERY_MS = 3_600_000;

/** What the composition is given: the opened database and files, the clock and the logger. */
export interface ServiceDeps extends Pick<
  Kernel,
  'config' | 'db' | 'engine' | 'files' | 'clock' | 'logger'
> {
  /** `manual` leaves delivery to explicit `outbox.runOnce()` calls (tests, the command line). */
  outboxMode: 'auto' | 'manual';
  /** `manual` leaves the transparency and dues reminders to explicit `runOnce()` calls (tests). */
  remindersMode?: 'auto' | 'manual';
  /** A transport to use instead of the configured SMTP or `.eml` files (tests). */
  mailer?: Mailer;
}

/**
 * The services built so far, as the modules read them while the list is built: a need read
 * before the module that provides it is built is a mistake in the list's order, refused at
 * start with the module's name and the need (ADR 046).
 */
export function inListOrder(built: Record<string, unknown>) {
  let building: string | null = null;
  const view = new Proxy(built, {
    get(target, key, receiver) {
      if (building !== null && typeof key === 'string' && !(key in target)) {
        throw new Error(
          `composizione dei moduli: ${building} usa «${key}» prima che un modulo lo costruisca`,
        );
      }
      return Reflect.get(target, key, receiver);
    },
  });
  return {
    view,
    build<T>(module: AnyServerModule, step: (view: object) => T): T {
      building = module.name;
      try {
        return step(view);
      } finally {
        building = null;
      }
    },
  };
}

/**
 * The composition root (ADR 046): the kernel, then every module of the list in order, its
 * services and then, once all exist, its staff services; then what runs over every module:
 * the outbox worker with each module's jobs, the bins' purge over each module's bins.
 * `app.ts` only registers plugins, hooks and each module's routes.
 */
export function createServices(deps: ServiceDeps): AppServices {
  const { config, db, engine, files, clock, logger } = deps;
  // Filled below, once the modules whose pages they list are built.
  const sitemapPages: SitemapPages[] = [];
  const throttle = new Throttle(db, clock);
  const kernel: Kernel = {
    config,
    db,
    engine,
    files,
    clock,
    logger,
    mailer:
      deps.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, mailDir: path.join(config.dataDir, 'mail') }),
    // Services that queue messages wake the worker; it exists by the time anything is queued.
    notifyOutbox: () => outbox.notify(),
    society: {
      acronym: config.societyAcronym,
      name: config.societyName,
      publicBaseUrl: config.publicBaseUrl,
    },
    throttle,
    publicForms: new PublicFormGate(throttle, config.publicForms, config.publicUploadBytesPerHour),
    // Several instances share PostgreSQL: each cached answer checks the version row (ADR 033).
    contentCache: new ContentCache(db, {
      maxBytes: config.contentCacheBytes,
      ...(engine === 'postgres' ? { versionCheckMs: 0 } : {}),
    }),
    remindersMode: deps.remindersMode ?? deps.outboxMode,
    searchSources: SEARCH_SOURCES,
    sitemapPages,
  };

  const built: Record<string, unknown> = { ...kernel };
  const order = inListOrder(built);
  // A module's parts take its declared needs; the list provides every one of them
  // (`EveryNeedProvided`, checked when compiling) and in order (`inListOrder`, at start), so
  // the part is called with what is built so far (`never`: any module's needs).
  for (const module of MODULES) {
    order.build(module, (view) => Object.assign(built, module.services(view as never)));
  }
  const staff: Record<string, unknown> = {};
  for (const module of MODULES) {
    order.build(module, (view) => Object.assign(staff, module.staff?.(view as never)));
  }
  built.staff = staff;
  // Every module's services exist: from here on they are the app's, as the type says.
  const services = built as unknown as AppServices;

  const outbox = new OutboxWorker({
    db,
    clock,
    logger: logger.child({ component: 'outbox' }),
    maxAttempts: config.outboxMaxAttempts,
    mode: deps.outboxMode,
    // Each kind of job from its owner (ADR 044): the outbox runs what it is given.
    handlers: SERVER_MODULES.flatMap((module) => module.outboxJobs?.(services) ?? []),
  });
  sitemapPages.push(...SERVER_MODULES.flatMap((module) => module.sitemap?.(services) ?? []));
  // The bins' purge runs over every module's bins (ADR 031).
  const bins = SERVER_MODULES.flatMap((module) => module.bins?.(services) ?? []);
  built.outbox = outbox;
  built.binPurge = new PeriodicJob({
    db,
    name: 'bin-purge',
    clock,
    everyMs: BIN_PURGE_EVERY_MS,
    logger: logger.child({ component: 'bin' }),
    failureMessage: 'svuotamento dei cestini non riuscito',
    work: async () => {
      let purged = 0;
      for (const bin of bins) purged += await bin.purgeExpired();
      return purged;
    },
  });
  return services;
}

/**
 * What runs on its own from the app's start to its close: every module's periodic work, then
 * the bins' purge. `app.ts` starts it after the outbox and stops it before (ADR 028).
 */
export function periodicWorkOf(services: AppServices): PeriodicWork[] {
  return [
    ...SERVER_MODULES.flatMap((module) => module.periodicWork?.(services) ?? []),
    services.binPurge,
  ];
}
