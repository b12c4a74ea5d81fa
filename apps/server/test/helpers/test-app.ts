import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig, type AppConfig } from '../../src/config.js';
import type { DatabaseEngine } from '../../src/db/database.js';
import { romeDate } from '@sodalis/contracts';
import { systemClock, type Clock } from '../../src/text/dates.js';
import { copyBase, readyBase, type DatabaseCopy } from './base-database.js';

/**
 * Engines the API tests run on: SQLite always, PostgreSQL too when TEST_DATABASE_URL names a
 * server where the tests may create and drop databases.
 */
export function testEngines(): DatabaseEngine[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/**
 * A throwaway PostgreSQL database on the TEST_DATABASE_URL server: empty, or a copy of
 * `template` (a database nobody is connected to).
 */
export async function createPostgresDatabase(options: { template?: string } = {}): Promise<{
  name: string;
  url: string;
  drop: () => Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL non impostata');
  const name = `sodalis_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(
      options.template === undefined
        ? `create database ${name} template template0 encoding 'UTF8'`
        : // A file copy of the small template is about twice as fast as PostgreSQL 15's default
          // (writing it through the log), and a test creates one per app (ADR 039).
          `create database ${name} template ${options.template} strategy file_copy`,
    );
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export function makeTempDir(prefix = 'sodalis-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  /**
   * Another instance on the same database and data folder (PostgreSQL: two servers behind a
   * balancer, ADR 033), closed with this one.
   */
  anotherInstance(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  demoContent?: boolean;
  clock?: Clock;
  env?: Record<string, string>;
  /** The web app too (the client build of `npm run build`); API tests leave it off. */
  web?: 'build';
  /**
   * `manual`: the outbox delivers only on `services.outbox.runOnce()`, so a test can see what
   * is queued before it runs (the default, `auto`, may run it between two requests).
   */
  outbox?: 'auto' | 'manual';
}

/**
 * A real app on a fresh database of the given engine, with a silent logger. The database is a
 * copy of the run's base (base-database.ts) holding what the app's first start would write:
 * the schema and, with `demoContent`, the demo content of the clock's Rome date.
 */
export async function createTestApp(
  engine: DatabaseEngine,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = makeTempDir();
  const env = {
    DATA_DIR: dataDir,
    DEMO_CONTENT: options.demoContent ? 'true' : 'false',
    LOG_LEVEL: 'silent',
    ...options.env,
  };
  const database = await copyOfBase(engine, loadConfig(env), options.clock ?? systemClock);
  const config = loadConfig({
    ...env,
    ...(database.databaseUrl !== null ? { DATABASE_URL: database.databaseUrl } : {}),
    ...options.env,
  });
  const instance = () =>
    buildApp(config, {
      logger: pino({ level: 'silent' }),
      ...(options.clock ? { clock: options.clock } : {}),
      web: options.web ?? 'off',
      ...(options.outbox === undefined ? {} : { outbox: options.outbox }),
      // The reminders' mail would join every suite's outbox: their own tests run them (ADR 026).
      reminders: 'manual',
    });
  const app = await instance();
  const others: FastifyInstance[] = [];
  return {
    app,
    config,
    anotherInstance: async () => {
      const other = await instance();
      others.push(other);
      return other;
    },
    close: async () => {
      for (const other of others) await other.close();
      await app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Fills the app's data folder (and, on PostgreSQL, a new database) from the run's base for its
 * engine, demo content and Rome date.
 */
export async function copyOfBase(
  engine: DatabaseEngine,
  settings: AppConfig,
  clock: Clock,
): Promise<DatabaseCopy> {
  const base = await readyBase(
    inject('testBaseFolder'),
    settings.demoContent
      ? { engine, demo: { today: romeDate(clock()), societyAcronym: settings.societyAcronym } }
      : { engine, demo: null },
  );
  return copyBase(base, settings.dataDir);
}

/** A clock fixed at noon UTC of `date` (`YYYY-MM-DD`). */
export function fixedClock(date: string): Clock {
  const instant = new Date(`${date}T12:00:00Z`);
  return () => instant;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the run's base databases (test/setup/base-databases.ts). */
    testBaseFolder: string;
  }
}
