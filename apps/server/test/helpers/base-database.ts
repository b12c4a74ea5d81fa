import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type DatabaseEngine } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { DATABASE_NAME_FILE } from '../setup/base-databases.js';
import { createPostgresDatabase, fixedClock } from './test-app.js';

/*
 * Databases built once per Vitest run and copied into each test's app: migrating, and above all
 * loading the demo content (PDFs, a password hash), for every test file took most of the suite's
 * time. A base lives in the run's folder (made by the global setup, test/setup/base-databases.ts):
 * its data folder (the SQLite file, the demo files) and, on PostgreSQL, a database that new test
 * databases are created from with `create database … template`. The copy holds exactly what the
 * app would have written on first start; the app still migrates on start (a no-op then).
 */

/** What a base holds; the demo content depends on Rome's today and the society's acronym. */
export type BaseSpec =
  | { engine: DatabaseEngine; demo: null }
  | { engine: DatabaseEngine; demo: { today: string; societyAcronym: string } };

/** A test's own copy of a base: its data folder is filled, its PostgreSQL database created. */
export interface DatabaseCopy {
  /** The copy's PostgreSQL database, null on SQLite (the file is in the data folder). */
  databaseUrl: string | null;
  drop(): Promise<void>;
}

/** Secrets are per app, as on a fresh data folder: the generated JWT secret is not copied. */
const NOT_COPIED = new Set(['jwt-secret', 'mail']);
/** How long a worker waits for another one building the same base. */
const BUILD_WAIT_MS = 180_000;

function baseFolderName(spec: BaseSpec): string {
  if (spec.demo === null) return `${spec.engine}-migrated`;
  const acronym = createHash('sha256').update(spec.demo.societyAcronym).digest('hex').slice(0, 8);
  return `${spec.engine}-demo-${spec.demo.today}-${acronym}`;
}

/**
 * The folder of a ready base, built on first use. Test files run in parallel processes: a lock
 * folder (mkdir is atomic) lets one build while the others wait, and the base appears by rename
 * only once complete.
 */
export async function readyBase(runFolder: string, spec: BaseSpec): Promise<string> {
  const folder = path.join(runFolder, baseFolderName(spec));
  const lock = `${folder}.lock`;
  const waitUntil = Date.now() + BUILD_WAIT_MS;
  for (;;) {
    if (fs.existsSync(folder)) return folder;
    try {
      fs.mkdirSync(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > waitUntil) throw new Error(`Base di prova mai pronta: ${lock}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      if (!fs.existsSync(folder)) {
        const building = `${folder}.building`;
        fs.rmSync(building, { recursive: true, force: true });
        fs.mkdirSync(building);
        await buildBase(runFolder, building, spec);
        fs.renameSync(building, folder);
      }
      return folder;
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

function dataFolderOf(baseFolder: string): string {
  return path.join(baseFolder, 'data');
}

async function buildBase(runFolder: string, folder: string, spec: BaseSpec): Promise<void> {
  const dataDir = dataFolderOf(folder);
  if (spec.demo === null) {
    fs.mkdirSync(dataDir);
    let databaseUrl: string | null = null;
    if (spec.engine === 'postgres') {
      const database = await createPostgresDatabase();
      // Named before anything else, so the run's teardown drops it even if the build fails.
      fs.writeFileSync(path.join(folder, DATABASE_NAME_FILE), database.name);
      databaseUrl = database.url;
    }
    const handle = openDatabase({ databaseUrl, dataDir, logger: pino({ level: 'silent' }) });
    try {
      await migrateToLatest(handle.db, handle.engine);
    } finally {
      await handle.close();
    }
    return;
  }
  // The demo content loaded exactly as on an app's first start, on a copy of the migrated base.
  const migrated = await readyBase(runFolder, { engine: spec.engine, demo: null });
  const copy = await copyBase(migrated, dataDir);
  if (copy.databaseUrl !== null) {
    const name = new URL(copy.databaseUrl).pathname.slice(1);
    fs.writeFileSync(path.join(folder, DATABASE_NAME_FILE), name);
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_CONTENT: 'true',
    LOG_LEVEL: 'silent',
    SOCIETY_ACRONYM: spec.demo.societyAcronym,
    ...(copy.databaseUrl !== null ? { DATABASE_URL: copy.databaseUrl } : {}),
  });
  const app = await buildApp(config, {
    logger: pino({ level: 'silent' }),
    clock: fixedClock(spec.demo.today),
    outbox: 'manual',
    web: 'off',
  });
  await app.close();
}

/** Fills `dataDir` with a copy of the base and, on PostgreSQL, creates a database from it. */
export async function copyBase(baseFolder: string, dataDir: string): Promise<DatabaseCopy> {
  fs.cpSync(dataFolderOf(baseFolder), dataDir, {
    recursive: true,
    filter: (source) => !NOT_COPIED.has(path.basename(source)),
  });
  const nameFile = path.join(baseFolder, DATABASE_NAME_FILE);
  if (!fs.existsSync(nameFile)) return { databaseUrl: null, drop: async () => {} };
  const database = await createPostgresDatabase({ template: fs.readFileSync(nameFile, 'utf8') });
  return { databaseUrl: database.url, drop: database.drop };
}
