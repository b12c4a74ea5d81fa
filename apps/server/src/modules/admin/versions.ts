import type { AdminAuditEntry, EditConflict } from '@sodalis/contracts';
import type { Executor } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { VersionQueries } from '../listing/version-queries.js';

/**
 * No silent overwrite (ADR 041): a staff save takes the record's next version first thing in
 * its transaction, in the UPDATE that checks the version the form was read at. Of two saves
 * read at the same version only one changes the row; the other (PostgreSQL waits for the
 * first's row lock, then finds the version moved on; SQLite runs one writer at a time) changes
 * nothing and is refused with `editConflict`, and its transaction writes nothing. `expected`
 * null (a bulk action, a rollback, a call without `If-Match`) raises the version all the same,
 * so a form opened before it is refused in turn.
 */
export async function takeNextVersion(
  trx: Executor,
  versions: VersionQueries,
  id: number,
  expected: number | null,
): Promise<void> {
  if (await versions.next(trx, id, expected)) return;
  throw new AppError((await versions.exists(trx, id)) ? 'editConflict' : 'notFound');
}

/**
 * What a refused save is told (ADR 041): the record as it is now, and the saves since version
 * `expected` from its history (each save raises the version by one and writes one entry with
 * both sides, `saveEntry`), newest first, with who made them, when and which fields.
 */
export function editConflict(
  current: { version: number },
  expected: number,
  history: readonly AdminAuditEntry[],
): EditConflict {
  const edits = history.filter((entry) => entry.before !== null && entry.after !== null);
  return {
    current: current as unknown as Record<string, unknown>,
    changes: edits.slice(0, Math.max(0, current.version - expected)).map((entry) => ({
      at: entry.at,
      actorEmail: entry.actorEmail,
      fields: Object.keys(entry.after ?? {}),
    })),
  };
}
