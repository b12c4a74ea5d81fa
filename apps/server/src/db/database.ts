import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from './schema.js';

export type DatabaseEngine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  logger: Logger;
}

/** File name of the embedded database inside DATA_DIR. */
export const SQLITE_FILE_NAME = 'sodalis.db';

/**
 * Opens the database: PostgreSQL when a URL is configured, otherwise the embedded SQLite file
 * `DATA_DIR/sodalis.db` in WAL mode (DESIGN.md "Data").
 */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl !== null) return openPostgres(options.databaseUrl, options.logger);
  return openSqlite(path.join(options.dataDir, SQLITE_FILE_NAME));
}

function openSqlite(file: string): DatabaseHandle {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return {
    db,
    engine: 'sqlite',
    // Kysely's destroy closes the better-sqlite3 handle, which checkpoints the WAL.
    close: () => db.destroy(),
  };
}

/** Most distinct statements kept prepared; list queries vary with their filters. */
const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely prepares every query anew; preparing costs more than running our small indexed
 * queries. Statements are reused by SQL text (least recently used dropped first). Safe because
 * Kysely runs one query at a time on the single SQLite connection.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      let statement = statements.get(sqlText);
      if (statement === undefined) {
        statement = sqlite.prepare(sqlText);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          const oldest = statements.keys().next().value as string;
          statements.delete(oldest);
        }
      } else {
        statements.delete(sqlText);
      }
      statements.set(sqlText, statement);
      return statement;
    },
  };
}

// int8 (counts, sums) arrives as text by default; our values fit in a JavaScript number.
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

function openPostgres(connectionString: string, logger: Logger): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: 10, types: pgTypes as pg.CustomTypesConfig });
  // An idle client's error (e.g. the database restarting) must not kill the process:
  // the pool drops that client and the next query opens a new connection.
  pool.on('error', (error) =>
    logger.error({ err: error }, 'errore di una connessione PostgreSQL inattiva'),
  );
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', close: () => db.destroy() };
}
