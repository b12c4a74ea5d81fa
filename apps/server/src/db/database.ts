import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import type { Logger } from 'pino';
import { PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from '../files/data-dir.js';
import { LimitLiteralPlugin } from './limit-literal.js';
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
 * `DATA_DIR/sodalis.db` in WAL mode (docs/architecture.md, "Data").
 */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl !== null) return openPostgres(options.databaseUrl, options.logger);
  return openSqlite(path.join(options.dataDir, SQLITE_FILE_NAME));
}

function openSqlite(file: string): DatabaseHandle {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  const sqlite = new SQLite(file);
  // The owner's alone (ADR 028); SQLite gives its -wal and -shm files the same mode.
  fs.chmodSync(file, PRIVATE_FILE_MODE);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    // SQLite prepares a statement again whenever its LIMIT's bound value changes.
    plugins: [new LimitLiteralPlugin()],
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
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // A request waits at most this long for a connection, then answers 503 (ADR 028).
    connectionTimeoutMillis: 10_000,
    types: pgTypes as pg.CustomTypesConfig,
  });
  // An idle client's error (e.g. the database restarting) must not kill the process:
  // the pool drops that client and the next query opens a new connection.
  pool.on('error', (error) =>
    logger.error({ err: error }, 'errore di una connessione PostgreSQL inattiva'),
  );
  // The pool listens only to idle clients: one in use when the database drops emits 'error'
  // with nobody listening, which ends the process (ADR 028). Its query fails on its own and
  // the pool discards the broken client when it is released.
  pool.on('connect', (client) => {
    client.on('error', (error) =>
      logger.warn({ err: error }, 'connessione PostgreSQL interrotta durante l’uso'),
    );
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', close: () => db.destroy() };
}

/** Errors that mean PostgreSQL cannot be reached right now (ADR 028): the client may retry. */
const UNREACHABLE_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);
/** SQLSTATE: shutting down, crashed, starting up, too many connections (class 08: connection). */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const CONNECTION_LOST_MESSAGES = [
  'Connection terminated',
  'not queryable',
  'timeout exceeded when trying to connect',
];

/** Whether `error` says the database is unreachable for now (not a wrong query or bad data). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNREACHABLE_NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  return CONNECTION_LOST_MESSAGES.some((message) => error.message.includes(message));
}
