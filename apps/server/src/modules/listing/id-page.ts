import type { AdminListQuery } from '@sodalis/contracts';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The column a staff list sorts by for the screen's `sort` field: own keys of the map only, so
 * a name every object inherits (`__proto__`, `constructor`, `toString`) falls back like any
 * unknown field instead of reaching the SQL.
 */
export function sortColumnOf<Column>(
  columns: Record<string, Column>,
  sort: string | undefined,
): Column | undefined {
  return sort !== undefined && Object.hasOwn(columns, sort) ? columns[sort] : undefined;
}

export interface IdPageOptions {
  idColumn: string;
  sortColumns: Record<string, string>;
  fallback: string;
}

/**
 * One page of an admin list (numbered pages with a total, ADR 013): the ids of the filtered
 * rows in the chosen order, id last, and how many rows match. Callers load the records by id.
 * `sortColumns` maps the screen's sort fields to qualified columns; others fall back to `fallback`.
 */
export async function idPage<TB extends keyof Database>(
  filtered: SelectQueryBuilder<Database, TB, object>,
  query: AdminListQuery,
  options: IdPageOptions,
): Promise<{ ids: number[]; total: number }> {
  const direction = query.order === 'ASC' ? 'asc' : 'desc';
  const sortColumn =
    sortColumnOf(options.sortColumns, query.sort) ??
    sortColumnOf(options.sortColumns, options.fallback) ??
    options.idColumn;
  const [rows, count] = await Promise.all([
    filtered
      .select(sql<number>`${sql.ref(options.idColumn)}`.as('page_id'))
      .orderBy(sql.ref(sortColumn), direction)
      .orderBy(sql.ref(options.idColumn), direction)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute(),
    countOf(filtered),
  ]);
  return { ids: rows.map((row) => Number(row.page_id)), total: count };
}

/** How many rows a filtered query matches (a list's total, the dashboard's counts). */
export async function countOf<TB extends keyof Database>(
  filtered: SelectQueryBuilder<Database, TB, object>,
): Promise<number> {
  const row = await filtered
    .select(sql<number | string>`count(*)`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The rows of a page loaded by id (`idPage`), back in the page's order; vanished ids are skipped. */
export function inPageOrder<Row extends { id: number }>(ids: number[], rows: Row[]): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row === undefined ? [] : [row];
  });
}

/** A list of one table sorted by when its rows were made (`created_at`), the staff inboxes'. */
export const BY_CREATION_TIME: IdPageOptions = {
  idColumn: 'id',
  sortColumns: { createdAt: 'created_at' },
  fallback: 'createdAt',
};

/** One page of whole rows: `idPage`, then the page's rows loaded by id, in the page's order. */
export async function rowsPage<TB extends keyof Database, Row extends { id: number }>(
  filtered: SelectQueryBuilder<Database, TB, object>,
  query: AdminListQuery,
  options: IdPageOptions,
  loadRows: (ids: number[]) => Promise<Row[]>,
): Promise<{ rows: Row[]; total: number }> {
  const page = await idPage(filtered, query, options);
  const rows = page.ids.length === 0 ? [] : await loadRows(page.ids);
  return { rows: inPageOrder(page.ids, rows), total: page.total };
}
