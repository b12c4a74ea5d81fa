import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * DATA_DIR holds the database, members' documents, stored mail and the generated secrets: no
 * other local user reads them (ADR 028). Folders are the owner's alone, files likewise.
 */
export const PRIVATE_DIRECTORY_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** What an operating-system error means for a data folder, in Italian for the operator. */
const CAUSES: Record<string, string> = {
  EACCES: 'permesso negato',
  EPERM: 'operazione non permessa',
  EROFS: 'il file system è in sola lettura',
  ENOSPC: 'il disco è pieno',
  EDQUOT: 'la quota del disco è esaurita',
  ENOTDIR: 'il percorso attraversa un file che non è una cartella',
  EEXIST: 'esiste già un file con questo nome, non una cartella',
};

function causeOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const cause = code === undefined ? undefined : CAUSES[code];
  if (cause !== undefined) return `${cause} (${code})`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Error codes of a write refused because the disk (or the database) is full: the file system's
 * ENOSPC and EDQUOT, SQLite's SQLITE_FULL, PostgreSQL's SQLSTATE 53100 (disk_full).
 */
const STORAGE_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);

/**
 * Whether `error` says a write found no space (ADR 028): the server answers 503 with
 * Retry-After rather than 500, since the request was sound and will go through once an
 * operator frees space.
 */
export function isStorageFull(error: unknown, depth = 0): boolean {
  // A few levels of wrapping at most: a cause that points back at its error ends here.
  if (!(error instanceof Error) || depth > 4) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && STORAGE_FULL_CODES.has(code)) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((inner) => isStorageFull(inner, depth + 1))
  )
    return true;
  return isStorageFull(error.cause, depth + 1);
}

/** A folder the server cannot use, named with the reason (start-up and readiness, ADR 028). */
export class DataDirError extends Error {
  constructor(
    readonly directory: string,
    readonly reason: string,
  ) {
    super(`La cartella dei dati ${directory} non è utilizzabile: ${reason}.`);
    this.name = 'DataDirError';
  }
}

/**
 * Creates `directory` if needed (owner only), then proves it writable by writing and removing
 * a probe file: permissions alone do not show a read-only mount or a full disk, and root
 * passes every permission check.
 */
export async function checkWritableDirectory(directory: string): Promise<void> {
  try {
    await fsp.mkdir(directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
    const probe = path.join(directory, `.prova-scrittura-${process.pid}-${randomUUID()}`);
    try {
      await fsp.writeFile(probe, 'ok', { mode: PRIVATE_FILE_MODE });
    } finally {
      // Also after a failed write (a full disk can leave the file created but empty).
      await fsp.rm(probe, { force: true });
    }
  } catch (error) {
    throw new DataDirError(directory, causeOf(error));
  }
}

/**
 * Prepares DATA_DIR at start-up: a writable folder the owner alone may open. A folder made
 * by an older version with wider modes is narrowed (ADR 028).
 */
export async function prepareDataDir(directory: string): Promise<void> {
  await checkWritableDirectory(directory);
  try {
    if ((fs.statSync(directory).mode & 0o777) !== PRIVATE_DIRECTORY_MODE)
      fs.chmodSync(directory, PRIVATE_DIRECTORY_MODE);
  } catch (error) {
    throw new DataDirError(directory, causeOf(error));
  }
}
