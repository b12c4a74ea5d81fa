import fs from 'node:fs';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { buildApp } from '../../src/app.js';
import { loadConfig, type AppConfig } from '../../src/config.js';
import type { DatabaseEngine } from '../../src/db/database.js';
import { systemClock, type Clock } from '../../src/text/dates.js';
import type { DatabaseCopy } from './base-database.js';
import { minimalPdf } from './pdf-corpus.js';
import { copyOfBase, makeTempDir } from './test-app.js';

/** A clock the test moves by hand (retries come due when the test says so, never by waiting). */
export class TestClock {
  private instant: Date;

  constructor(start = '2026-03-02T09:00:00.000Z') {
    this.instant = new Date(start);
  }

  readonly clock: Clock = () => new Date(this.instant.getTime());

  advance(ms: number): void {
    this.instant = new Date(this.instant.getTime() + ms);
  }
}

/** Log lines captured in memory, to check what is (and is not) logged. */
export class CapturedLog {
  readonly lines: Record<string, unknown>[] = [];
  readonly logger: Logger = pino(
    { level: 'info' },
    new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        for (const line of chunk.toString().split('\n')) {
          if (line.trim() !== '') this.lines.push(JSON.parse(line) as Record<string, unknown>);
        }
        done();
      },
    }),
  );

  text(): string {
    return this.lines.map((line) => JSON.stringify(line)).join('\n');
  }
}

/**
 * A data folder and a database (SQLite file or a throwaway PostgreSQL database) that several
 * apps can share, as instances of one installation do.
 */
export interface MailTestSite {
  dataDir: string;
  build(options?: MailTestAppOptions): Promise<MailTestApp>;
  /** Closes every app built here and removes the data. */
  close(): Promise<void>;
}

export interface MailTestAppOptions {
  env?: Record<string, string>;
  clock?: Clock;
  logger?: Logger;
  outbox?: 'auto' | 'manual';
}

export interface MailTestApp {
  app: FastifyInstance;
  config: AppConfig;
  /** Closes this app early (a restart); the site closes the others. */
  close(): Promise<void>;
}

export async function createMailTestSite(engine: DatabaseEngine): Promise<MailTestSite> {
  const dataDir = makeTempDir('sodalis-mail-');
  // Made when the first app starts: a copy of the run's base with what that start would write.
  let database: Promise<DatabaseCopy> | null = null;
  const apps: FastifyInstance[] = [];
  return {
    dataDir,
    async build(options = {}) {
      const env = {
        DATA_DIR: dataDir,
        DEMO_CONTENT: 'false',
        LOG_LEVEL: 'silent',
        PUBLIC_BASE_URL: 'https://www.simti.example',
        SECRETARIAT_EMAIL: 'segreteria@simti.example',
        MAIL_FROM: 'SIMTI <noreply@simti.example>',
        SPONSORSHIP_RATE_LIMIT_PER_HOUR: '1000',
        NEWSLETTER_RATE_LIMIT_PER_HOUR: '1000',
        NEWSLETTER_SIGNUPS_PER_HOUR: '1000',
        SPONSORSHIP_REQUESTS_PER_HOUR: '1000',
        APPLICATION_RATE_LIMIT_PER_HOUR: '1000',
        APPLICATIONS_PER_HOUR: '1000',
        EVENT_ACCOUNT_RATE_LIMIT_PER_HOUR: '1000',
        EVENT_ACCOUNTS_PER_HOUR: '1000',
        ...options.env,
      };
      database ??= copyOfBase(engine, loadConfig(env), options.clock ?? systemClock);
      const { databaseUrl } = await database;
      const config = loadConfig({
        ...env,
        ...(databaseUrl !== null ? { DATABASE_URL: databaseUrl } : {}),
        ...options.env,
      });
      const app = await buildApp(config, {
        logger: options.logger ?? pino({ level: 'silent' }),
        outbox: options.outbox ?? 'manual',
        ...(options.clock ? { clock: options.clock } : {}),
      });
      apps.push(app);
      return {
        app,
        config,
        close: async () => {
          apps.splice(apps.indexOf(app), 1);
          await app.close();
        },
      };
    },
    async close() {
      for (const app of apps.splice(0)) await app.close();
      if (database !== null) await (await database).drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A minimal valid PDF with some text, distinct per `label`. */
export const samplePdf = minimalPdf;
