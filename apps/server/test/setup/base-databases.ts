import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * Global setup: the run's folder of base databases (helpers/base-database.ts), which the test
 * processes fill on first use (a demo base depends on the date of the test's clock), and its
 * removal at the end. It imports no server code: the global setup runs outside the test
 * processes, without the `sodalis-source` resolution of the workspace packages.
 */
export default function setup(project: TestProject): () => Promise<void> {
  const runFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'sodalis-bases-'));
  project.provide('testBaseFolder', runFolder);
  return async () => {
    await dropBaseDatabases(runFolder);
    fs.rmSync(runFolder, { recursive: true, force: true });
  };
}

/** The file, in a base's folder, naming its PostgreSQL database. */
export const DATABASE_NAME_FILE = 'database-name';

async function dropBaseDatabases(runFolder: string): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return;
  const names = fs
    .readdirSync(runFolder)
    .map((entry) => path.join(runFolder, entry, DATABASE_NAME_FILE))
    .filter((file) => fs.existsSync(file))
    .map((file) => fs.readFileSync(file, 'utf8'));
  if (names.length === 0) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
