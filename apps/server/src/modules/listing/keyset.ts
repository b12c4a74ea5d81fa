import {
  decodePagingToken,
  encodePagingToken,
  InvalidPagingTokenError,
  MAX_PAGE_SIZE,
  type ListFilter,
  type PagedList,
} from '@sodalis/contracts';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { AppError } from '../../http/app-error.js';

/**
 * Keyset paging shared by every list call (docs/architecture.md, "Paging"). An order is a list of sort
 * keys plus the row id as the final tie-breaker, all in one direction; the paging token names
 * the last row of a page, and the next page is every row after it in that order.
 */

export type SortValueType = 'date' | 'integer' | 'text';

export interface SortKey {
  /** Name in the token and in `orderByFields` (spec spelling, e.g. `Datapubblicazione`). */
  field: string;
  /** Qualified column, e.g. `articles.published_on`. */
  column: string;
  type: SortValueType;
}

export interface ListOrder {
  keys: SortKey[];
  idColumn: string;
  ascending: boolean;
}

const VALUE_PATTERNS: Record<SortValueType, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  integer: /^-?\d{1,15}$/,
  text: /^[\s\S]*$/,
};

function invalidToken(): AppError {
  return new AppError('invalidPagingToken');
}

/** Picks the order named by `orderByFields` among `allowed` (case-insensitive); 400 otherwise. */
export function chooseOrder(
  orderByFields: string | null | undefined,
  allowed: Record<string, SortKey[]>,
  fallback: string,
): SortKey[] {
  const wanted = (orderByFields ?? fallback).trim().toLowerCase();
  for (const [name, keys] of Object.entries(allowed)) {
    if (name.toLowerCase() === wanted) return keys;
  }
  throw new AppError('invalidRequest', [
    {
      path: 'orderByFields',
      message: `orderByFields deve essere uno tra: ${Object.keys(allowed).join(', ')}.`,
    },
  ]);
}

/**
 * The order a list's filter asks for among the list's `orders` (`orderByFields`, else its
 * fallback); 400 for any other. The reserved area's lists and the bulletin's share it.
 */
export function orderOf(
  filter: Pick<ListFilter, 'orderByFields' | 'ascending'>,
  listing: {
    orders: Record<string, SortKey[]>;
    fallback: string;
    idColumn: string;
    ascending?: boolean;
  },
): ListOrder {
  const wanted = filter.orderByFields?.replace(/\s+/g, '') || undefined;
  return {
    keys: chooseOrder(wanted, listing.orders, listing.fallback),
    idColumn: listing.idColumn,
    ascending: filter.ascending ?? listing.ascending ?? false,
  };
}

/** Page size from `dataOffset` (already range-checked by the schema) or the list's default. */
function pageSizeOf(dataOffset: number | null | undefined, fallback: number): number {
  return Math.min(dataOffset ?? fallback, MAX_PAGE_SIZE);
}

/** The position a paging token names for `order`; 400 when it is malformed. */
export function decodedToken(
  order: ListOrder,
  token: string,
): ReturnType<typeof decodePagingToken> {
  try {
    return decodePagingToken(
      token,
      order.keys.map((key) => key.field),
    );
  } catch (error) {
    if (error instanceof InvalidPagingTokenError) throw invalidToken();
    throw error;
  }
}

/** The position a page starts after: the row's id and its values of the order's keys. */
export interface KeysetPosition {
  id: number;
  /** In the order's keys' order; null for a token that names an ID only. */
  sortValues: (string | number)[] | null;
}

/**
 * The position a paging token names for `order`, validated, or null for the first page.
 * A token without sort values compares on ID only, as SharePoint does (spec §4 opinion detail).
 */
export function keysetPosition(
  order: ListOrder,
  token: string | null | undefined,
): KeysetPosition | null {
  if (token === null || token === undefined || token === '') return null;
  const position = decodedToken(order, token);
  const { sortValues } = position;
  if (sortValues === null) return { id: position.id, sortValues: null };
  return {
    id: position.id,
    sortValues: order.keys.map((key) => {
      const text = sortValues[key.field] ?? '';
      if (!VALUE_PATTERNS[key.type].test(text)) throw invalidToken();
      return key.type === 'integer' ? Number(text) : text;
    }),
  };
}

/**
 * The WHERE condition "after `position`" in `order`. The values are the position's, or what
 * stands for them in a query compiled once per shape (`db/query-shapes.ts`).
 */
export function keysetConditionOf(
  order: ListOrder,
  position: { id: unknown; sortValues: readonly unknown[] | null },
): RawBuilder<SqlBool> {
  const comparison = order.ascending ? sql.raw('>') : sql.raw('<');
  let condition: RawBuilder<SqlBool> = sql<SqlBool>`${sql.ref(order.idColumn)} ${comparison} ${position.id}`;
  const { sortValues } = position;
  if (sortValues === null) return condition;
  for (let index = order.keys.length - 1; index >= 0; index -= 1) {
    const column = sql.ref((order.keys[index] as SortKey).column);
    const value = sortValues[index];
    condition = sql<SqlBool>`(${column} ${comparison} ${value} or (${column} = ${value} and ${condition}))`;
  }
  return condition;
}

/**
 * Where a descending page starts on the order's first key: the value of that key at
 * `position` (every row of the page has at most it), or null for the first page, an ascending
 * order, a position without sort values or a key that is not `field`. A list whose query
 * already bounds that column from above passes the lower of the two as its one bound: SQLite
 * then seeks to the position instead of reading every row before it (page 500 as fast as page
 * 1, ADR 003, ADR 020); the keyset condition still decides among the rows of that value.
 */
export function descendingStartOf(
  order: ListOrder,
  position: KeysetPosition | null,
  field: string,
): string | null {
  const [first] = order.keys;
  if (order.ascending || first?.field !== field || position?.sortValues == null) return null;
  const value = position.sortValues[0];
  return typeof value === 'string' ? value : null;
}

export interface OrderTerm {
  ref: RawBuilder<unknown>;
  direction: 'asc' | 'desc';
}

/** ORDER BY terms for the order, id last. */
function orderTerms(order: ListOrder): OrderTerm[] {
  const direction = order.ascending ? 'asc' : 'desc';
  return [...order.keys.map((key) => key.column), order.idColumn].map((column) => ({
    ref: sql.ref(column),
    direction,
  }));
}

/**
 * A row's values of the order's keys, for a token naming its place: a list's rows carry every
 * column the list sorts on, under the column's name.
 */
export function sortValuesOf(order: ListOrder, row: object): Record<string, string> {
  const values = row as Record<string, string | number>;
  const sortValues: Record<string, string> = {};
  for (const key of order.keys) {
    sortValues[key.field] = String(values[key.column.slice(key.column.lastIndexOf('.') + 1)]);
  }
  return sortValues;
}

/**
 * Cuts the rows fetched with `limit pageSize + 1` into a page and the token of its last row,
 * absent when nothing follows (spec §3).
 */
function toPage<Row extends { id: number }>(
  rows: Row[],
  pageSize: number,
  order: ListOrder,
): { rows: Row[]; pagingInfo?: string } {
  if (rows.length <= pageSize) return { rows };
  const pageRows = rows.slice(0, pageSize);
  const last = pageRows[pageRows.length - 1] as Row;
  return {
    rows: pageRows,
    pagingInfo: encodePagingToken({ id: last.id, sortValues: sortValuesOf(order, last) }),
  };
}

/** What a list's query adds to its own filters: where the page starts, the order, the limit. */
export interface PageQuery {
  conditions: RawBuilder<SqlBool>[];
  /** Where the page starts (already in `conditions`), for lists that build their own query. */
  position: KeysetPosition | null;
  order: OrderTerm[];
  limit: number;
}

/** How one public list fetches, positions and shows its rows. */
export interface KeysetList<Row extends { id: number }, Item> {
  defaultPageSize: number;
  /** The list's own filter conditions (null where a filter is not set). */
  conditions: (RawBuilder<SqlBool> | null)[];
  /** The rows the query asks for; `token` is the position the page starts after, if any. */
  rows: (query: PageQuery, token: string | null | undefined) => Promise<Row[]>;
  items: (rows: Row[]) => Item[] | Promise<Item[]>;
}

/**
 * One page of a public list (spec §3): the rows after the filter's token in `order`, at most
 * `dataOffset` of them, with the token of the last when more follow. `paginated: false` answers
 * the first page without a token.
 */
export async function keysetPage<Row extends { id: number }, Item>(
  filter: Pick<ListFilter, 'dataOffset' | 'paginated' | 'pagingInfo'>,
  order: ListOrder,
  list: KeysetList<Row, Item>,
): Promise<PagedList<Item>> {
  const pageSize = pageSizeOf(filter.dataOffset, list.defaultPageSize);
  const paginated = filter.paginated ?? true;
  const token = paginated ? filter.pagingInfo : null;
  const position = keysetPosition(order, token);
  const rows = await list.rows(
    {
      // Built when read: a list that builds its own query from `position` (the news list,
      // ADR 038) does not pay for them.
      get conditions() {
        const after = position === null ? null : keysetConditionOf(order, position);
        return [after, ...list.conditions].filter((condition) => condition !== null);
      },
      position,
      get order() {
        return orderTerms(order);
      },
      limit: pageSize + 1,
    },
    token,
  );
  const page = toPage(rows, pageSize, order);
  return pagedList(await list.items(page.rows), paginated ? page.pagingInfo : undefined);
}

function pagedList<T>(items: T[], pagingInfo: string | undefined): PagedList<T> {
  return pagingInfo === undefined ? { items } : { items, pagingInfo };
}

/**
 * What the date filter of the list filter (spec §3 `years[]`, `months[]`) matches: the months
 * (two digits) of any year when no year is chosen, else every chosen month of every chosen year
 * as ranges `[from, to)` of ISO dates, flattened (from, to, from, to…); null without a filter.
 */
export type DateFilterBounds = { months: string[] } | { ranges: string[] };

export function dateFilterBounds(
  years: number[] | null | undefined,
  months: number[] | null | undefined,
): DateFilterBounds | null {
  const pad = (value: number) => String(value).padStart(2, '0');
  const chosenYears = [...new Set(years ?? [])];
  const chosenMonths = [...new Set(months ?? [])];
  if (chosenYears.length === 0 && chosenMonths.length === 0) return null;
  if (chosenYears.length === 0) return { months: chosenMonths.map(pad) };
  const ranges: string[] = [];
  for (const year of chosenYears) {
    if (chosenMonths.length === 0) {
      ranges.push(`${year}-01-01`, `${year + 1}-01-01`);
      continue;
    }
    for (const month of chosenMonths) {
      const next = month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
      ranges.push(`${year}-${pad(month)}-01`, next);
    }
  }
  return { ranges };
}

/**
 * The condition of date filter bounds on an ISO date column, as ranges the index serves. The
 * bounds are the filter's, or what stands for them in a query compiled once per shape.
 */
export function dateFilterConditionOf(
  column: string,
  bounds: DateFilterBounds,
): RawBuilder<SqlBool> {
  const ref = sql.ref(column);
  if ('months' in bounds) return sql<SqlBool>`substr(${ref}, 6, 2) in (${sql.join(bounds.months)})`;
  const ranges: RawBuilder<SqlBool>[] = [];
  for (let index = 0; index < bounds.ranges.length; index += 2) {
    ranges.push(
      sql<SqlBool>`(${ref} >= ${bounds.ranges[index]} and ${ref} < ${bounds.ranges[index + 1]})`,
    );
  }
  return sql<SqlBool>`(${sql.join(ranges, sql` or `)})`;
}

/** Date filter of the list filter (spec §3 `years[]`, `months[]`) on an ISO date column. */
export function dateFilterCondition(
  column: string,
  years: number[] | null | undefined,
  months: number[] | null | undefined,
): RawBuilder<SqlBool> | null {
  const bounds = dateFilterBounds(years, months);
  return bounds === null ? null : dateFilterConditionOf(column, bounds);
}

/** `column like pattern` with `\` as the escape of `containsPattern`, or null without a pattern. */
export function likeCondition(column: string, pattern: string | null): RawBuilder<SqlBool> | null {
  if (pattern === null) return null;
  return sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;
}
