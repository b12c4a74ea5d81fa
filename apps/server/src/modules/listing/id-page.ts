import type { AdminListQuery } from '@sodalis/contracts';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * One page of an admin list (numbered pages with a total, ADR 013): the ids of the filtered
 * rows in the chosen order, id last, and how many rows match. Callers load the records by id.
 * `sortColumns` maps the screen's sort fields to qualified columns; others fall back to `fallback`.
 */
export async function idPage<TB extends keyof Database>(
  filtered: SelectQueryBuilder<Database, TB, object>,
  query: AdminListQuery,
  options: { idColumn: string; sortColumns: Record<string, string>; fallback: string },
): Promise<{ ids: number[]; total: number }> {
  const direction = query.order === 'ASC' ? 'asc' : 'desc';
  const sortColumn =
    (query.sort === undefined ? undefined : options.sortColumns[query.sort]) ??
    options.sortColumns[options.fallback] ??
    options.idColumn;
  const [rows, count] = await Promise.all([
    filtered
      .select(sql<number>`${sql.ref(options.idColumn)}`.as('page_id'))
      .orderBy(sql.ref(sortColumn), direction)
      .orderBy(sql.ref(options.idColumn), direction)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute(),
    filtered.select(sql<number | string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((row) => Number(row.page_id)), total: Number(count.total) };
}

/** The rows of a page loaded by id (`idPage`), back in the page's order; vanished ids are skipped. */
export function inPageOrder<Row extends { id: number }>(ids: number[], rows: Row[]): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row === undefined ? [] : [row];
  });
}
