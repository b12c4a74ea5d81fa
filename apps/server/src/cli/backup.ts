import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import type { AppConfig } from '../config.js';
import {
  BackupError,
  copySqliteOnline,
  countPostgres,
  countSqliteFile,
  findPostgresTool,
  postgresTableCount,
  runPostgresTool,
  splitPassword,
  withPostgresSnapshot,
  type TableCounts,
} from '../db/backup.js';
import { openDatabase, SQLITE_FILE_NAME, type DatabaseEngine } from '../db/database.js';
import { PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from '../files/data-dir.js';

/**
 * `backup <cartella>` and `restore <cartella>` (ADR 033, README "Copie di sicurezza"): the
 * database copied consistently while the server runs, then every file of DATA_DIR, with a
 * manifest of rows per table and a checksum of every file. The database goes first: a blob is
 * stored before the row that names it commits and is never rewritten (content-addressed), so
 * every file the copied rows name is on disk by the time the files are copied.
 */

const MANIFEST = 'manifest.json';
const FORMAT = 'sodalis-backup';
const VERSION = 1;
/** The PostgreSQL copy inside the backup folder (pg_dump's custom format). */
const POSTGRES_DUMP = 'database.dump';
/** DATA_DIR's own copy of the files, under this folder of the backup. */
const DATA_FOLDER = 'data';

export interface BackupManifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  engine: DatabaseEngine;
  /** The database copy, or null when pg_dump was missing and the commands were printed. */
  database: { file: string; sha256: string; bytes: number } | null;
  tables: TableCounts;
  /** Every file of DATA_DIR but the database, relative to it. */
  files: { path: string; sha256: string; bytes: number }[];
}

export interface BackupReport {
  manifest: BackupManifest;
  /** Commands the operator must run by hand (PostgreSQL client tools not found). */
  manualCommands: string[];
}

async function sha256Of(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.byteLength;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** The database's own files in DATA_DIR, and leftovers of a write or a probe in progress. */
function isSkipped(relative: string): boolean {
  const name = path.basename(relative);
  return (
    relative === SQLITE_FILE_NAME ||
    relative.startsWith(`${SQLITE_FILE_NAME}-`) ||
    name.startsWith('.prova-scrittura-') ||
    name.endsWith('.tmp')
  );
}

/** Every regular file under `root`, relative to it, in a stable order. */
async function filesUnder(root: string, skip: (relative: string) => boolean): Promise<string[]> {
  const found: string[] = [];
  const walk = async (relative: string) => {
    const entries = await fsp.readdir(path.join(root, relative), { withFileTypes: true });
    for (const entry of entries) {
      const child = relative === '' ? entry.name : path.join(relative, entry.name);
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile() && !skip(child)) found.push(child);
    }
  };
  if (fs.existsSync(root)) await walk('');
  return found.sort();
}

/** An absent folder, or one with nothing inside: the only places a backup or restore writes to. */
function isEmptyOrAbsent(directory: string): boolean {
  if (!fs.existsSync(directory)) return true;
  if (!fs.statSync(directory).isDirectory()) return false;
  return fs.readdirSync(directory).length === 0;
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

async function copyPrivate(from: string, to: string): Promise<void> {
  await fsp.mkdir(path.dirname(to), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  await fsp.copyFile(from, to);
  await fsp.chmod(to, PRIVATE_FILE_MODE);
}

/** The address without its password, for a printed command. */
const printable = (databaseUrl: string) => splitPassword(databaseUrl).url;

export async function backup(config: AppConfig, target: string): Promise<BackupReport> {
  const dataDir = config.dataDir;
  if (isInside(target, dataDir))
    throw new BackupError(
      `la cartella della copia (${target}) non può stare dentro DATA_DIR (${dataDir}): scegline una fuori.`,
    );
  if (!isEmptyOrAbsent(target))
    throw new BackupError(
      `la cartella ${target} non è vuota: la copia va in una cartella nuova o vuota.`,
    );
  await fsp.mkdir(target, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });

  const engine: DatabaseEngine = config.databaseUrl === null ? 'sqlite' : 'postgres';
  const manualCommands: string[] = [];
  let tables: TableCounts;
  let database: BackupManifest['database'] = null;

  if (config.databaseUrl === null) {
    const copy = path.join(target, SQLITE_FILE_NAME);
    tables = await copySqliteOnline(path.join(dataDir, SQLITE_FILE_NAME), copy);
    await fsp.chmod(copy, PRIVATE_FILE_MODE);
    database = { file: SQLITE_FILE_NAME, ...(await sha256Of(copy)) };
  } else {
    const databaseUrl = config.databaseUrl;
    const dumpFile = path.join(target, POSTGRES_DUMP);
    const pgDump = findPostgresTool('pg_dump', process.env);
    const handle = openDatabase({ databaseUrl, dataDir, logger: pino({ level: 'silent' }) });
    try {
      const { url, password } = splitPassword(databaseUrl);
      const snapshot = await withPostgresSnapshot(handle.db, async (snapshotId) => {
        if (pgDump === null) return false;
        await runPostgresTool(
          pgDump,
          ['--format=custom', `--snapshot=${snapshotId}`, `--file=${dumpFile}`, `--dbname=${url}`],
          password,
        );
        return true;
      });
      tables = snapshot.counts;
      if (snapshot.result) {
        await fsp.chmod(dumpFile, PRIVATE_FILE_MODE);
        database = { file: POSTGRES_DUMP, ...(await sha256Of(dumpFile)) };
      } else {
        manualCommands.push(
          `pg_dump --format=custom --file='${dumpFile}' --dbname='${printable(databaseUrl)}'`,
        );
      }
    } finally {
      await handle.close();
    }
  }

  const files: BackupManifest['files'] = [];
  for (const relative of await filesUnder(dataDir, isSkipped)) {
    const copy = path.join(target, DATA_FOLDER, relative);
    await copyPrivate(path.join(dataDir, relative), copy);
    files.push({ path: relative, ...(await sha256Of(copy)) });
  }

  const manifest: BackupManifest = {
    format: FORMAT,
    version: VERSION,
    createdAt: new Date().toISOString(),
    engine,
    database,
    tables,
    files,
  };
  await fsp.writeFile(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: PRIVATE_FILE_MODE,
  });
  return { manifest, manualCommands };
}

function readManifest(source: string): BackupManifest {
  const file = path.join(source, MANIFEST);
  if (!fs.existsSync(file))
    throw new BackupError(`in ${source} non c'è ${MANIFEST}: non è una copia fatta con "backup".`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${file} non è leggibile (JSON non valido).`);
  }
  if (
    manifest.format !== FORMAT ||
    manifest.version !== VERSION ||
    !Array.isArray(manifest.files) ||
    typeof manifest.tables !== 'object'
  )
    throw new BackupError(`${file} non è un manifesto di copia di Sodalis (versione ${VERSION}).`);
  return manifest;
}

async function verified(file: string, expected: { sha256: string; bytes: number }) {
  if (!fs.existsSync(file)) throw new BackupError(`manca ${file}: la copia è incompleta.`);
  const actual = await sha256Of(file);
  if (actual.sha256 !== expected.sha256 || actual.bytes !== expected.bytes)
    throw new BackupError(
      `${file} non corrisponde al manifesto (checksum diverso): copia rovinata.`,
    );
}

function sameCounts(expected: TableCounts, actual: TableCounts): string[] {
  const names = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  return [...names]
    .filter((name) => expected[name] !== actual[name])
    .map((name) => `${name}: attese ${expected[name] ?? 0} righe, trovate ${actual[name] ?? 0}`);
}

/**
 * Restores a backup into an empty DATA_DIR (and, with PostgreSQL, an empty database): every
 * checksum is verified before anything is written, and the rows per table after.
 */
export async function restore(config: AppConfig, source: string): Promise<BackupReport> {
  const manifest = readManifest(source);
  const dataDir = config.dataDir;
  const engine: DatabaseEngine = config.databaseUrl === null ? 'sqlite' : 'postgres';
  if (manifest.engine !== engine)
    throw new BackupError(
      `la copia è di un database ${manifest.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ma la configurazione ne usa uno ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}${engine === 'sqlite' ? ' (DATABASE_URL non impostata)' : ' (DATABASE_URL impostata)'}.`,
    );
  if (!isEmptyOrAbsent(dataDir))
    throw new BackupError(
      `DATA_DIR (${dataDir}) non è vuota: il ripristino scrive solo in una cartella dei dati nuova o vuota, per non mescolare due siti. Indica un'altra DATA_DIR o svuota questa.`,
    );

  if (manifest.database !== null)
    await verified(path.join(source, manifest.database.file), manifest.database);
  for (const entry of manifest.files) {
    if (path.isAbsolute(entry.path) || entry.path.split(path.sep).includes('..'))
      throw new BackupError(`il manifesto nomina un percorso non ammesso: ${entry.path}`);
    await verified(path.join(source, DATA_FOLDER, entry.path), entry);
  }

  const manualCommands: string[] = [];
  let handle: ReturnType<typeof openDatabase> | null = null;
  try {
    if (config.databaseUrl !== null) {
      handle = openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir,
        logger: pino({ level: 'silent' }),
      });
      if ((await postgresTableCount(handle.db)) > 0)
        throw new BackupError(
          'il database PostgreSQL di DATABASE_URL contiene già delle tabelle: il ripristino va fatto in un database vuoto (createdb).',
        );
    }

    await fsp.mkdir(dataDir, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
    await fsp.chmod(dataDir, PRIVATE_DIRECTORY_MODE);
    for (const entry of manifest.files) {
      const copy = path.join(dataDir, entry.path);
      await copyPrivate(path.join(source, DATA_FOLDER, entry.path), copy);
      await verified(copy, entry);
    }

    if (config.databaseUrl === null) {
      if (manifest.database === null) throw new BackupError('la copia non contiene il database.');
      const copy = path.join(dataDir, SQLITE_FILE_NAME);
      await copyPrivate(path.join(source, manifest.database.file), copy);
      await verified(copy, manifest.database);
      const differences = sameCounts(manifest.tables, countSqliteFile(copy));
      if (differences.length > 0)
        throw new BackupError(`righe diverse dal manifesto: ${differences.join('; ')}`);
    } else if (handle !== null) {
      const pgRestore = findPostgresTool('pg_restore', process.env);
      const dumpFile = path.join(source, manifest.database?.file ?? POSTGRES_DUMP);
      if (pgRestore === null || manifest.database === null) {
        manualCommands.push(
          `pg_restore --no-owner --no-privileges --exit-on-error --dbname='${printable(config.databaseUrl)}' '${dumpFile}'`,
        );
      } else {
        const { url, password } = splitPassword(config.databaseUrl);
        await runPostgresTool(
          pgRestore,
          ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${url}`, dumpFile],
          password,
        );
        const differences = sameCounts(manifest.tables, await countPostgres(handle.db));
        if (differences.length > 0)
          throw new BackupError(`righe diverse dal manifesto: ${differences.join('; ')}`);
      }
    }
  } finally {
    await handle?.close();
  }
  return { manifest, manualCommands };
}
