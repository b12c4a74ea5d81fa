import type { Database, Executor } from '../../db/schema.js';

/** The tables of staff records whose saves name a version (ADR 041): a `version` column. */
export type VersionTable = {
  [T in keyof Database]: Database[T] extends { version: unknown } ? T : never;
}[keyof Database];

/** The column a versioned table's records are found by: `id`, or `member_id` for positions. */
type KeyColumn<T extends VersionTable> = Extract<keyof Database[T], 'id' | 'member_id'>;

/** The two queries of one table's versions, written once for every table that has them. */
export interface VersionQueries {
  /**
   * Raises the record's version by one, in one UPDATE whose WHERE holds the check: only while
   * it is still `expected` (null: whatever it is). Answers whether the row was changed.
   */
  next(db: Executor, id: number, expected: number | null): Promise<boolean>;
  /** Whether the record exists (a save that changed no row: stale, or gone). */
  exists(db: Executor, id: number): Promise<boolean>;
}

/**
 * The version queries of `table` (its repository declares them, as it does its bin's), its
 * records found by `key` (`id` unless named).
 */
export function versionQueries<T extends VersionTable>(
  table: T,
  key?: KeyColumn<T>,
): VersionQueries {
  // Kysely types a query for one named table; every versioned table has the columns used here.
  const versioned = table as VersionTable as 'articles';
  const column = (key ?? 'id') as 'id';
  return {
    async next(db, id, expected) {
      let update = db
        .updateTable(versioned)
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where(column, '=', id);
      if (expected !== null) update = update.where('version', '=', expected);
      const result = await update.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async exists(db, id) {
      const row = await db
        .selectFrom(versioned)
        .select(column)
        .where(column, '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
