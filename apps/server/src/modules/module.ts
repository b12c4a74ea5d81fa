import type { SodalisLoadContext } from '@sodalis/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { ContentCache } from '../cache/content-cache.js';
import type { AppConfig } from '../config.js';
import type { DatabaseEngine } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { FileStore } from '../files/file-store.js';
import type { Mailer } from '../mail/mailer.js';
import type { PublicFormGate } from '../security/public-forms.js';
import type { Throttle } from '../security/throttle.js';
import type { Clock } from '../text/dates.js';
import type { PendingWorkProvider } from './admin/dashboard.js';
import type { OutboxJobHandler } from './outbox/worker.js';
import type { SearchSource } from './search/sources.js';

/**
 * What every module is built from (ADR 046): the configuration, the opened database and the
 * shared pieces that belong to no domain. The composition (`services.ts`) makes it once.
 */
export interface Kernel {
  config: AppConfig;
  db: Kysely<Database>;
  engine: DatabaseEngine;
  files: FileStore;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  /** Wakes the outbox worker after a row is queued; the worker exists by the time one is. */
  notifyOutbox: () => void;
  /** The society as the mails and pages name it. */
  society: { acronym: string; name: string; publicBaseUrl: string };
  throttle: Throttle;
  /** The public forms' hourly limits and upload budget (ADR 040). */
  publicForms: PublicFormGate;
  /** Several instances share PostgreSQL: each cached answer checks the version row (ADR 033). */
  contentCache: ContentCache;
  /**
   * `manual` leaves the reminders (transparency, ADR 026; dues, ADR 030) to explicit
   * `runOnce()` calls (tests).
   */
  remindersMode: 'auto' | 'manual';
  /** Every module's search sources, in the list's order (ADR 025, 044). */
  searchSources: readonly SearchSource[];
  /**
   * Every module's pages for sitemap.xml (ADR 026), in the list's order: filled once every
   * module's services exist, read only when a sitemap is built.
   */
  sitemapPages: readonly SitemapPages[];
}

/** A page of sitemap.xml: its address from the site's root and its last change, if known. */
export interface SitemapEntry {
  path: string;
  /** `YYYY-MM-DD`, or null when the site keeps no date for it. */
  lastmod: string | null;
}

/**
 * A module's public pages for sitemap.xml (ADR 026), read when the day's sitemap is built.
 * `contentDay` is the day of the site's last content change, the date of pages whose own the
 * site does not keep.
 */
export type SitemapPages = (contentDay: string | null) => Promise<SitemapEntry[]>;

/** What a module's demo content is given (docs/architecture.md, "Data"). */
export interface DemoFacts {
  societyAcronym: string;
  /** `YYYY-MM-DD`, Rome's today: every demo record is dated from it, so the demo is stable. */
  today: string;
  /** The demo's creation instant, for `created_at` and `updated_at`. */
  stamp: string;
}

/**
 * A module's part of the demo content, written in the demo's one transaction after the
 * society's content and accounts; answers how many records it made.
 */
export type DemoContent = (trx: Transaction<Database>, facts: DemoFacts) => Promise<number>;

/** Work that runs on its own from the app's start to its close (reminders, schedules). */
export interface PeriodicWork {
  start(): void;
  stop(): Promise<void> | void;
}

/** A kind of record whose bin is emptied for good after 30 days (ADR 031). */
export interface Bin {
  purgeExpired(): Promise<number>;
}

/** The staff guard: session, role and two-factor, before any staff route runs (ADR 013, 017). */
export type StaffGuard = (request: FastifyRequest) => Promise<void>;

/**
 * A module's part of the web app's SSR load context (ADR 046): some of `SodalisLoadContext`'s
 * keys; the web app checks, when compiling, that the modules give every key it does not set.
 */
export type PageContextPart = Partial<SodalisLoadContext>;

/** What a module's page part knows of the page's request: the client's address (ADR 040). */
export type PageRequest = Pick<FastifyRequest, 'ip'>;

/** What a module's routes, jobs and periodic work are given: its needs, its services, its staff. */
export type ModuleServices<Needs, Provides, Staff> = Needs & Provides & { staff: Staff };

/**
 * A server module as it describes itself, once, in `modules/<domain>/module.ts` (ADR 046):
 * how it builds its services and what it brings to the app. The composition loops over the
 * list of modules (`modules/index.ts`): `services.ts` builds, `app.ts` registers the routes and
 * starts the periodic work, `staff-routes.ts` registers the staff routes and the home's
 * pending work. `Needs` is what the module takes from the kernel and from other modules;
 * `services.ts` checks that the list provides all of it.
 */
export interface ServerModule<
  Needs,
  Provides,
  Staff,
  Page extends PageContextPart = PageContextPart,
> {
  /** The domain's folder, for messages. */
  readonly name: string;
  /**
   * The module's services, built in the list's order: the kernel and what modules before it
   * provide (the composition refuses, at start, a need read before it is built).
   */
  readonly services: (deps: Needs) => Provides;
  /** Its staff services (ADR 013), built once every module's services exist. */
  readonly staff?: (services: Needs & Provides) => Staff;
  /** Plugins for the whole app, registered before any route (the request metrics). */
  readonly plugins?: (
    app: FastifyInstance,
    services: ModuleServices<Needs, Provides, Staff>,
  ) => Promise<void>;
  /** Its public and members' routes under /api/v1, each plugin with its prefix. */
  readonly apiRoutes?: (
    api: FastifyInstance,
    services: ModuleServices<Needs, Provides, Staff>,
  ) => Promise<void>;
  /** Its routes at the site's root, outside /api/v1 (sitemap, feeds). */
  readonly siteRoutes?: (
    app: FastifyInstance,
    services: ModuleServices<Needs, Provides, Staff>,
  ) => Promise<void>;
  /** Its staff routes under /api/v1/Admin, behind the staff guard (ADR 013). */
  readonly staffRoutes?: (
    admin: FastifyInstance,
    services: ModuleServices<Needs, Provides, Staff>,
  ) => Promise<void>;
  /** What waits for the secretariat on the back office's home, in the list's order (ADR 023). */
  readonly pendingWork?: readonly PendingWorkProvider[];
  /** The kinds of record it gives the site search (ADR 025, 044). */
  readonly searchSources?: readonly SearchSource[];
  /** Its public pages in sitemap.xml (ADR 026). */
  readonly sitemap?: (services: ModuleServices<Needs, Provides, Staff>) => SitemapPages;
  /**
   * What its pages read and post on the server (the SSR loaders' and actions' context), through
   * the same services and rules as its API, for one page request.
   */
  readonly pageContext?: (
    services: ModuleServices<Needs, Provides, Staff>,
    request: PageRequest,
  ) => Page;
  /** Its outbox jobs: kind, payload schema and handler (ADR 044). */
  readonly outboxJobs?: (
    services: ModuleServices<Needs, Provides, Staff>,
  ) => readonly OutboxJobHandler[];
  /** Work started with the app and stopped before the outbox and the database (ADR 028). */
  readonly periodicWork?: (
    services: ModuleServices<Needs, Provides, Staff>,
  ) => readonly PeriodicWork[];
  /** Its bins, emptied hourly by the composition's purge (ADR 031). */
  readonly bins?: (services: ModuleServices<Needs, Provides, Staff>) => readonly Bin[];
  /** Its records in the demo content of a fresh install. */
  readonly demoContent?: DemoContent;
}

/**
 * Any module, as the composition loops over the list: each part takes `never` (whatever a
 * module needs) and gives `unknown`. Written out rather than `ServerModule<never, unknown,
 * unknown>`: a module's services are both built and given back to its other parts, so
 * TypeScript would compare that parameter both ways and no one type would hold every module.
 */
export interface AnyServerModule {
  readonly name: string;
  readonly services: (deps: never) => unknown;
  readonly staff?: (services: never) => unknown;
  readonly plugins?: (app: FastifyInstance, services: never) => Promise<void>;
  readonly apiRoutes?: (api: FastifyInstance, services: never) => Promise<void>;
  readonly siteRoutes?: (app: FastifyInstance, services: never) => Promise<void>;
  readonly staffRoutes?: (admin: FastifyInstance, services: never) => Promise<void>;
  readonly pendingWork?: readonly PendingWorkProvider[];
  readonly searchSources?: readonly SearchSource[];
  readonly sitemap?: (services: never) => SitemapPages;
  readonly pageContext?: (services: never, request: PageRequest) => PageContextPart;
  readonly outboxJobs?: (services: never) => readonly OutboxJobHandler[];
  readonly periodicWork?: (services: never) => readonly PeriodicWork[];
  readonly bins?: (services: never) => readonly Bin[];
  readonly demoContent?: DemoContent;
}

/**
 * A module's description, typed: `defineModule<Needs>()({ … })`. `Needs` is written, the
 * services, the staff services and the page context's part are inferred from what the module
 * builds.
 */
export function defineModule<Needs>() {
  return <
    Provides,
    Staff = Record<never, never>,
    Page extends PageContextPart = Record<never, never>,
  >(
    module: ServerModule<Needs, Provides, Staff, Page>,
  ): ServerModule<Needs, Provides, Staff, Page> => module;
}
