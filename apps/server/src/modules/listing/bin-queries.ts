import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A row in a bin as the bin's list reads it (ADR 023, ADR 031). */
export interface BinnedRow {
  id: number;
  title: string;
  deleted_at: string;
}

/** The tables whose records go to a bin: an `id` and a `deleted_at` (null while not binned). */
export type BinTable = {
  [T in keyof Database]: Database[T] extends { id: unknown; deleted_at: unknown } ? T : never;
}[keyof Database];

/** The two queries of one table's bin, written once for every table that has one. */
export interface BinQueries {
  /** Moves a record to the bin (`at`, ISO instant) or takes it out (null). */
  setBinned(db: Kysely<Database>, id: number, at: string | null): Promise<void>;
  /** The binned rows, most recently deleted first; those binned at or before `upTo` only. */
  binned(db: Kysely<Database>, upTo?: string): Promise<BinnedRow[]>;
}

/**
 * The bin queries of `table` (its repository declares them, as `idPage` serves every staff
 * list), titled by one of its columns or by an expression over them ("grantor (year)").
 */
export function binQueries<T extends BinTable>(
  table: T,
  title: (keyof Database[T] & string) | RawBuilder<string>,
): BinQueries {
  // Kysely types a query for one named table; every bin table has the columns used here, and
  // the signature checks the title's column against `table` itself.
  const binTable = table as BinTable as 'articles';
  const titleExpression = typeof title === 'string' ? sql<string>`${sql.ref(title)}` : title;
  return {
    async setBinned(db, id, at) {
      await db.updateTable(binTable).set({ deleted_at: at }).where('id', '=', id).execute();
    },
    async binned(db, upTo) {
      let builder = db
        .selectFrom(binTable)
        .select(['id', titleExpression.as('title'), 'deleted_at'])
        .where('deleted_at', 'is not', null);
      if (upTo !== undefined) builder = builder.where('deleted_at', '<=', upTo);
      const rows = await builder.orderBy('deleted_at', 'desc').orderBy('id', 'desc').execute();
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        deleted_at: String(row.deleted_at),
      }));
    },
  };
}
