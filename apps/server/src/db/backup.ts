import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * The database side of `backup` and `restore` (ADR 033): a consistent copy of the live
 * database and the rows per table it holds, on either engine. The files and the manifest are
 * the command line's (`cli/backup.ts`).
 */

/** A failure the operator can act on, in Italian; the command line prints it without a trace. */
export class BackupError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BackupError';
  }
}

export type TableCounts = Record<string, number>;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Rows of every table of an open SQLite file (SQLite's own tables left out). */
function sqliteCounts(database: SQLite.Database): TableCounts {
  const tables = database
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
    )
    .all() as { name: string }[];
  const counts: TableCounts = {};
  for (const { name } of tables) {
    const row = database.prepare(`select count(*) as total from ${quoted(name)}`).get() as {
      total: number;
    };
    counts[name] = row.total;
  }
  return counts;
}

/**
 * Copies the live SQLite file with SQLite's online backup API while the server keeps writing:
 * every page in one step, so the copy is the database as one read transaction saw it (in WAL
 * mode writers go on meanwhile). The copy leaves WAL mode, so it is one self-contained file,
 * and its rows per table are counted on the copy itself.
 */
export async function copySqliteOnline(source: string, target: string): Promise<TableCounts> {
  if (!fs.existsSync(source))
    throw new BackupError(`il database ${source} non esiste: DATA_DIR è quella giusta?`);
  const live = new SQLite(source, { fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    await live.backup(target, { progress: () => 0x7fffffff });
  } finally {
    live.close();
  }
  const copy = new SQLite(target, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    return sqliteCounts(copy);
  } finally {
    copy.close();
  }
}

/** Rows per table of a restored SQLite file (compared with the manifest). */
export function countSqliteFile(file: string): TableCounts {
  const database = new SQLite(file, { fileMustExist: true, readonly: true });
  try {
    return sqliteCounts(database);
  } finally {
    database.close();
  }
}

/** Rows per table of the PostgreSQL database's `public` schema, as `db` sees it. */
export async function countPostgres(db: Kysely<Database>): Promise<TableCounts> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const counts: TableCounts = {};
  for (const { name } of tables.rows) {
    const { rows } = await sql<{
      total: number;
    }>`select count(*)::int as total from ${sql.table(name)}`.execute(db);
    counts[name] = rows[0]?.total ?? 0;
  }
  return counts;
}

/**
 * Runs `dump` while a repeatable-read transaction holds the database still: the counts and
 * pg_dump (given the exported snapshot) see exactly the same rows, whatever is written
 * meanwhile.
 */
export async function withPostgresSnapshot<T>(
  db: Kysely<Database>,
  dump: (snapshot: string) => Promise<T>,
): Promise<{ counts: TableCounts; result: T }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const { rows } = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(trx);
      const snapshot = rows[0]?.id;
      if (snapshot === undefined) throw new BackupError('PostgreSQL non ha dato uno snapshot');
      const counts = await countPostgres(trx);
      return { counts, result: await dump(snapshot) };
    });
}

/** Tables in the `public` schema: a restore goes only into a database that has none. */
export async function postgresTableCount(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ total: number }>`
    select count(*)::int as total from information_schema.tables
    where table_schema = 'public'`.execute(db);
  return rows[0]?.total ?? 0;
}

/**
 * Where a PostgreSQL client program is: in PG_BIN if set, else on PATH (Debian's
 * postgresql-client puts pg_dump and pg_restore there); null when neither has it.
 */
export function findPostgresTool(
  tool: 'pg_dump' | 'pg_restore',
  env: NodeJS.ProcessEnv,
): string | null {
  const folders = env.PG_BIN
    ? [env.PG_BIN]
    : (env.PATH ?? '').split(path.delimiter).filter((folder) => folder !== '');
  for (const folder of folders) {
    const candidate = path.join(folder, tool);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return null;
}

/**
 * The URL without its password, and the password apart: the tools get it in PGPASSWORD, so
 * it shows in no process list and no printed command.
 */
export function splitPassword(databaseUrl: string): { url: string; password: string | null } {
  const url = new URL(databaseUrl);
  const password = url.password === '' ? null : decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), password };
}

/** Runs a PostgreSQL client program; its error output becomes the error's message. */
export function runPostgresTool(
  program: string,
  args: string[],
  password: string | null,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      env: { ...process.env, ...(password === null ? {} : { PGPASSWORD: password }) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', (error) =>
      reject(new BackupError(`${path.basename(program)} non si avvia: ${error.message}`)),
    );
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else
        reject(
          new BackupError(
            `${path.basename(program)} non riuscito (uscita ${code}): ${errors.trim()}`,
          ),
        );
    });
  });
}
