import type {
  AdminMagazineArticleListQuery,
  AdminMagazineIssueListQuery,
} from '@sodalis/contracts';
import {
  sql,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  type Transaction,
} from 'kysely';
import type {
  Audience,
  Database,
  MagazineArticlesTable,
  MagazineIssuesTable,
} from '../../db/schema.js';
import { deleteAttachmentsOf } from '../attachments/repository.js';
import { containsPattern } from '../../text/search-text.js';
import { likeCondition } from '../listing/keyset.js';
import { idPage } from '../listing/id-page.js';
import { binQueries } from '../listing/bin-queries.js';
import { versionQueries } from '../listing/version-queries.js';

/** Query parts of the magazine lists: who may see, extra conditions, order, limit. */
export interface MagazineQuery {
  audiences: readonly Audience[];
  conditions: RawBuilder<SqlBool>[];
  order: { ref: RawBuilder<unknown>; direction: 'asc' | 'desc' }[];
  limit: number;
}

/**
 * An issue is on the site when published, its scheduled moment (`now`, ISO instant) has come
 * and it is not in the bin (ADR 023, ADR 031): its page, its articles, its files and its search
 * entries all check this one condition.
 */
export function issueOnSite(now: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`magazine_issues.published = 1 and magazine_issues.deleted_at is null and (magazine_issues.publish_at is null or magazine_issues.publish_at <= ${now})`;
}

/**
 * An article is on the site when its issue is and it is not in the bin on its own (ADR 031):
 * the issue's page, the article's PDF and its search entry check this condition.
 */
export function articleOnSite(now: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`magazine_articles.deleted_at is null and ${issueOnSite(now)}`;
}

export interface MagazineIssueRow {
  id: number;
  title: string;
  title_search: string;
  year: number;
  issue_number: number;
  published_on: string;
  audience: Audience;
}

const ISSUE_COLUMNS = [
  'magazine_issues.id',
  'magazine_issues.title',
  'magazine_issues.title_search',
  'magazine_issues.year',
  'magazine_issues.issue_number',
  'magazine_issues.published_on',
  'magazine_issues.audience',
] as const;

/** Issues on the site the audiences may see, optionally of some years only. */
export async function findIssues(
  db: Kysely<Database>,
  query: MagazineQuery & { years: number[]; now: string },
): Promise<MagazineIssueRow[]> {
  let builder = db
    .selectFrom('magazine_issues')
    .select([...ISSUE_COLUMNS])
    .where(issueOnSite(query.now))
    .where('magazine_issues.audience', 'in', [...query.audiences]);
  if (query.years.length > 0) builder = builder.where('magazine_issues.year', 'in', query.years);
  for (const condition of query.conditions) builder = builder.where(condition);
  for (const term of query.order) builder = builder.orderBy(term.ref, term.direction);
  return builder.limit(query.limit).execute();
}

/** The issue on the site with this title (compared as search text), whatever its audience. */
export async function findIssueByTitle(
  db: Kysely<Database>,
  titleSearch: string,
  now: string,
): Promise<MagazineIssueRow | undefined> {
  return db
    .selectFrom('magazine_issues')
    .select([...ISSUE_COLUMNS])
    .where(issueOnSite(now))
    .where('magazine_issues.title_search', '=', titleSearch)
    .orderBy('magazine_issues.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export type MagazineArticleRow = Pick<
  Selectable<Database['magazine_articles']>,
  'id' | 'title' | 'title_search' | 'authors_json' | 'newspaper' | 'published_on' | 'sort_order'
>;

/** Articles of one issue. */
export async function findArticles(
  db: Kysely<Database>,
  issueId: number,
  query: Omit<MagazineQuery, 'audiences'>,
): Promise<MagazineArticleRow[]> {
  let builder = db
    .selectFrom('magazine_articles')
    .select([
      'magazine_articles.id',
      'magazine_articles.title',
      'magazine_articles.title_search',
      'magazine_articles.authors_json',
      'magazine_articles.newspaper',
      'magazine_articles.published_on',
      'magazine_articles.sort_order',
    ])
    .where('magazine_articles.issue_id', '=', issueId)
    .where('magazine_articles.deleted_at', 'is', null);
  for (const condition of query.conditions) builder = builder.where(condition);
  for (const term of query.order) builder = builder.orderBy(term.ref, term.direction);
  return builder.limit(query.limit).execute();
}

/** The author names stored in `authors_json`, in order; anything unreadable counts as none. */
export function parseAuthors(authorsJson: string): string[] {
  try {
    const names: unknown = JSON.parse(authorsJson);
    return Array.isArray(names)
      ? names.filter((name): name is string => typeof name === 'string')
      : [];
  } catch {
    return [];
  }
}

// The back office's reads and writes (ADR 014). Writes take the service's transaction.

const ISSUE_SORTS: Record<string, string> = {
  title: 'magazine_issues.title_search',
  publishedOn: 'magazine_issues.published_on',
  year: 'magazine_issues.year',
  number: 'magazine_issues.issue_number',
  updatedAt: 'magazine_issues.updated_at',
  id: 'magazine_issues.id',
};
const ARTICLE_SORTS: Record<string, string> = {
  sortOrder: 'magazine_articles.sort_order',
  title: 'magazine_articles.title_search',
  updatedAt: 'magazine_articles.updated_at',
  id: 'magazine_articles.id',
};

/**
 * One page of issue ids (any audience, published or not, outside the bin): title text and year
 * filter it.
 */
export async function findIssuePage(
  db: Kysely<Database>,
  query: AdminMagazineIssueListQuery,
): Promise<{ ids: number[]; total: number }> {
  let builder = db.selectFrom('magazine_issues').where('magazine_issues.deleted_at', 'is', null);
  const title = titleCondition('magazine_issues.title_search', query.q);
  if (title !== null) builder = builder.where(title);
  if (query.year !== undefined) builder = builder.where('magazine_issues.year', '=', query.year);
  return idPage(builder, query, {
    idColumn: 'magazine_issues.id',
    sortColumns: ISSUE_SORTS,
    fallback: 'title',
  });
}

/**
 * One page of article ids (outside the bin, of issues outside the bin): title text and issue
 * filter it.
 */
export async function findArticlePage(
  db: Kysely<Database>,
  query: AdminMagazineArticleListQuery,
): Promise<{ ids: number[]; total: number }> {
  let builder = db
    .selectFrom('magazine_articles')
    .where('magazine_articles.deleted_at', 'is', null)
    .where('magazine_articles.issue_id', 'in', (issues) =>
      issues.selectFrom('magazine_issues').select('id').where('deleted_at', 'is', null),
    );
  const title = titleCondition('magazine_articles.title_search', query.q);
  if (title !== null) builder = builder.where(title);
  if (query.issueId !== undefined) {
    builder = builder.where('magazine_articles.issue_id', '=', query.issueId);
  }
  return idPage(builder, query, {
    idColumn: 'magazine_articles.id',
    sortColumns: ARTICLE_SORTS,
    fallback: 'sortOrder',
  });
}

function titleCondition(column: string, text: string | undefined) {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : likeCondition(column, containsPattern(trimmed));
}

/** Issues by id, in no particular order (callers put them in theirs). */
export async function findIssueRows(
  db: Kysely<Database>,
  ids: number[],
): Promise<Selectable<MagazineIssuesTable>[]> {
  return db.selectFrom('magazine_issues').selectAll().where('id', 'in', ids).execute();
}

/** How many articles outside the bin each of these issues has; issues without any are absent. */
export async function countArticlesByIssue(
  db: Kysely<Database>,
  issueIds: number[],
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('magazine_articles')
    .select(['issue_id', db.fn.countAll<number | string>().as('count')])
    .where('issue_id', 'in', issueIds)
    .where('deleted_at', 'is', null)
    .groupBy('issue_id')
    .execute();
  return new Map(rows.map((row) => [row.issue_id, Number(row.count)]));
}

/**
 * The order a new article of the issue gets when the form leaves it empty: after the issue's
 * last article (1 for the first). Articles in the bin count, so one restored keeps a place of
 * its own instead of sharing a new article's (ADR 031).
 */
export async function nextArticleOrder(
  db: Kysely<Database> | Transaction<Database>,
  issueId: number,
): Promise<number> {
  const row = await db
    .selectFrom('magazine_articles')
    .select(db.fn.max('sort_order').as('last'))
    .where('issue_id', '=', issueId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

/** Articles by id with their issue's title and bin time, in no particular order. */
export async function findArticleRows(
  db: Kysely<Database>,
  ids: number[],
): Promise<
  (Selectable<MagazineArticlesTable> & { issue_title: string; issue_deleted_at: string | null })[]
> {
  return db
    .selectFrom('magazine_articles')
    .innerJoin('magazine_issues', 'magazine_issues.id', 'magazine_articles.issue_id')
    .selectAll('magazine_articles')
    .select([
      'magazine_issues.title as issue_title',
      'magazine_issues.deleted_at as issue_deleted_at',
    ])
    .where('magazine_articles.id', 'in', ids)
    .execute();
}

/** The id of the issue whose title reads as this search text, published or not. */
export async function findIssueIdWithTitle(
  db: Kysely<Database>,
  titleSearch: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('magazine_issues')
    .select('id')
    .where('title_search', '=', titleSearch)
    .executeTakeFirst();
  return row?.id;
}

/** Creates the issue (`id` null) or overwrites its columns; answers its id. */
export async function writeIssue(
  trx: Transaction<Database>,
  id: number | null,
  values: Omit<Insertable<MagazineIssuesTable>, 'created_at' | 'updated_at'>,
  now: string,
): Promise<number> {
  if (id !== null) {
    await trx
      .updateTable('magazine_issues')
      .set({ ...values, updated_at: now })
      .where('id', '=', id)
      .execute();
    return id;
  }
  const row = await trx
    .insertInto('magazine_issues')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Creates the article (`id` null) or overwrites its columns; answers its id. */
export async function writeArticle(
  trx: Transaction<Database>,
  id: number | null,
  values: Omit<Insertable<MagazineArticlesTable>, 'created_at' | 'updated_at'>,
  now: string,
): Promise<number> {
  if (id !== null) {
    await trx
      .updateTable('magazine_articles')
      .set({ ...values, updated_at: now })
      .where('id', '=', id)
      .execute();
    return id;
  }
  const row = await trx
    .insertInto('magazine_articles')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Deletes an issue, its articles and the attachment rows of both (the blobs stay: they are
 * content-addressed and may be shared). Answers how many articles went with it.
 */
export async function deleteIssue(trx: Transaction<Database>, id: number): Promise<number> {
  const articleIds = (
    await trx.selectFrom('magazine_articles').select('id').where('issue_id', '=', id).execute()
  ).map((row) => row.id);
  if (articleIds.length > 0) {
    await deleteAttachmentsOf(trx, 'magazine_article', articleIds);
    await trx.deleteFrom('magazine_articles').where('issue_id', '=', id).execute();
  }
  await deleteAttachmentsOf(trx, 'magazine_issue', [id]);
  await trx.deleteFrom('magazine_issues').where('id', '=', id).execute();
  return articleIds.length;
}

/** The issues' bin: an issue goes there with its articles. */
export const issueBinQueries = binQueries('magazine_issues', 'title');

/** The issues' versions (ADR 041): a save over a newer one is refused. */
export const issueVersions = versionQueries('magazine_issues');

/** The issues scheduled for later than `now` (ISO instant), outside the bin: a query to count. */
export function scheduledIssues(db: Kysely<Database>, now: string) {
  return db
    .selectFrom('magazine_issues')
    .where('deleted_at', 'is', null)
    .where('published', '=', 1)
    .where('publish_at', '>', now);
}

/** Which of `ids` are issues outside the bin. */
export async function liveIssueIds(db: Kysely<Database>, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('magazine_issues')
    .select('id')
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * The articles in the bin on their own (those of a binned issue are in the issue's).
 */
export const articleBinQueries = binQueries('magazine_articles', 'title');

/** The articles' versions (ADR 041): a save over a newer one is refused. */
export const articleVersions = versionQueries('magazine_articles');

/** Deletes an article and its attachment rows. */
export async function deleteArticle(trx: Transaction<Database>, id: number): Promise<void> {
  await deleteAttachmentsOf(trx, 'magazine_article', [id]);
  await trx.deleteFrom('magazine_articles').where('id', '=', id).execute();
}

/** Every issue's id, for rebuilding the site search's index (ADR 025). */
export async function allIssueIds(db: Kysely<Database>): Promise<number[]> {
  const rows = await db.selectFrom('magazine_issues').select('id').orderBy('id').execute();
  return rows.map((row) => row.id);
}

/** The ids of the articles of some issues (all articles when `issueIds` is null). */
export async function articleIdsOfIssues(
  db: Kysely<Database>,
  issueIds: number[] | null,
): Promise<number[]> {
  if (issueIds?.length === 0) return [];
  let query = db.selectFrom('magazine_articles').select('id').orderBy('id');
  if (issueIds !== null) query = query.where('issue_id', 'in', issueIds);
  return (await query.execute()).map((row) => row.id);
}
