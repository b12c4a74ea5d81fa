import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import type { Audience, Database } from '../../db/schema.js';

/** Query parts of the magazine lists: who may see, extra conditions, order, limit. */
export interface MagazineQuery {
  audiences: readonly Audience[];
  conditions: RawBuilder<SqlBool>[];
  order: { ref: RawBuilder<unknown>; direction: 'asc' | 'desc' }[];
  limit: number;
}

export interface MagazineIssueRow {
  id: number;
  title: string;
  title_search: string;
  year: number;
  published_on: string;
  audience: Audience;
}

const ISSUE_COLUMNS = [
  'magazine_issues.id',
  'magazine_issues.title',
  'magazine_issues.title_search',
  'magazine_issues.year',
  'magazine_issues.published_on',
  'magazine_issues.audience',
] as const;

/** Published issues the audiences may see, optionally of some years only. */
export async function findIssues(
  db: Kysely<Database>,
  query: MagazineQuery & { years: number[] },
): Promise<MagazineIssueRow[]> {
  let builder = db
    .selectFrom('magazine_issues')
    .select([...ISSUE_COLUMNS])
    .where('magazine_issues.published', '=', 1)
    .where('magazine_issues.audience', 'in', [...query.audiences]);
  if (query.years.length > 0) builder = builder.where('magazine_issues.year', 'in', query.years);
  for (const condition of query.conditions) builder = builder.where(condition);
  for (const term of query.order) builder = builder.orderBy(term.ref, term.direction);
  return builder.limit(query.limit).execute();
}

/** The published issue with this title (compared as search text), whatever its audience. */
export async function findIssueByTitle(
  db: Kysely<Database>,
  titleSearch: string,
): Promise<MagazineIssueRow | undefined> {
  return db
    .selectFrom('magazine_issues')
    .select([...ISSUE_COLUMNS])
    .where('magazine_issues.published', '=', 1)
    .where('magazine_issues.title_search', '=', titleSearch)
    .orderBy('magazine_issues.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export interface MagazineArticleRow {
  id: number;
  title: string;
  title_search: string;
  authors_json: string;
  newspaper: string;
  published_on: string;
  sort_order: number;
}

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
    .where('magazine_articles.issue_id', '=', issueId);
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
