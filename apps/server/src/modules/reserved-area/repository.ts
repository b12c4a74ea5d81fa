import type { Territory } from '@sodalis/contracts';
import {
  sql,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
  type Transaction,
} from 'kysely';
import type { AttachmentOwnerKind, Audience, Database } from '../../db/schema.js';
import { attachmentsWithFiles, deleteAttachmentsOf } from '../attachments/repository.js';
import { binQueries, type BinQueries } from '../listing/bin-queries.js';
import { versionQueries, type VersionQueries } from '../listing/version-queries.js';
import { articleOnSite, issueOnSite } from '../magazine/repository.js';
import { dateFilterCondition, likeCondition } from '../listing/keyset.js';

/** Query parts every reserved list shares: who may see, extra conditions, order, limit. */
export interface ReservedQuery {
  audiences: readonly Audience[];
  conditions: RawBuilder<SqlBool>[];
  order: { ref: RawBuilder<unknown>; direction: 'asc' | 'desc' }[];
  limit: number;
  /** The moment of the request (ISO instant): a record scheduled later is not on the site yet. */
  now: string;
}

/** The tables of the reserved area's records: each has title_search, audience and published. */
export type ReservedTable = 'recommendations' | 'assemblies' | 'press_reviews' | 'opinions';

/**
 * A reserved record is on the site when published, its scheduled moment has come and it is not
 * in the bin (ADR 023, ADR 031): every members' read and download checks this one condition.
 */
function onSite(table: ReservedTable, now: string): RawBuilder<SqlBool> {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  return sql<SqlBool>`${column('published')} = 1 and ${column('deleted_at')} is null and (${column('publish_at')} is null or ${column('publish_at')} <= ${now})`;
}

function titleCondition(table: ReservedTable, pattern: string | null): RawBuilder<SqlBool> | null {
  return likeCondition(`${table}.title_search`, pattern);
}

export interface RecommendationRow {
  id: number;
  title: string;
  title_search: string;
  published_on: string;
  source_name: string | null;
  source_url: string | null;
}

export async function findRecommendations(db: Kysely<Database>, query: ReservedQuery) {
  let builder = db
    .selectFrom('recommendations')
    .select([
      'recommendations.id',
      'recommendations.title',
      'recommendations.title_search',
      'recommendations.published_on',
      'recommendations.source_name',
      'recommendations.source_url',
    ])
    .where(onSite('recommendations', query.now))
    .where('recommendations.audience', 'in', [...query.audiences]);
  for (const condition of query.conditions) builder = builder.where(condition);
  for (const term of query.order) builder = builder.orderBy(term.ref, term.direction);
  return builder.limit(query.limit).execute() as Promise<RecommendationRow[]>;
}

export interface AssemblyRow {
  id: number;
  title: string;
  title_search: string;
  held_on: string;
  place: string;
}

export async function findAssemblies(
  db: Kysely<Database>,
  query: ReservedQuery & { territory: 'Nazionali' | 'Regionali' | null; sections: string[] },
) {
  let builder = db
    .selectFrom('assemblies')
    .select([
      'assemblies.id',
      'assemblies.title',
      'assemblies.title_search',
      'assemblies.held_on',
      'assemblies.place',
    ])
    .where(onSite('assemblies', query.now))
    .where('assemblies.audience', 'in', [...query.audiences]);
  if (query.territory !== null)
    builder = builder.where('assemblies.territory', '=', query.territory);
  if (query.sections.length > 0)
    builder = builder.where('assemblies.section', 'in', query.sections);
  for (const condition of query.conditions) builder = builder.where(condition);
  for (const term of query.order) builder = builder.orderBy(term.ref, term.direction);
  return builder.limit(query.limit).execute() as Promise<AssemblyRow[]>;
}

export interface PressReviewRow {
  id: number;
  headline: string;
  title_search: string;
  newspaper: string;
  published_on: string;
  url: string | null;
}

export async function findPressReviews(db: Kysely<Database>, query: ReservedQuery) {
  let builder = db
    .selectFrom('press_reviews')
    .select([
      'press_reviews.id',
      'press_reviews.headline',
      'press_reviews.title_search',
      'press_reviews.newspaper',
      'press_reviews.published_on',
      'press_reviews.url',
    ])
    .where(onSite('press_reviews', query.now))
    .where('press_reviews.audience', 'in', [...query.audiences]);
  for (const condition of query.conditions) builder = builder.where(condition);
  for (const term of query.order) builder = builder.orderBy(term.ref, term.direction);
  return builder.limit(query.limit).execute() as Promise<PressReviewRow[]>;
}

export type OpinionRow = Pick<
  Selectable<Database['opinions']>,
  'id' | 'title' | 'title_search' | 'published_on' | 'sort_order' | 'question' | 'answer'
>;

export async function findOpinions(db: Kysely<Database>, query: ReservedQuery) {
  let builder = db
    .selectFrom('opinions')
    .select([
      'opinions.id',
      'opinions.title',
      'opinions.title_search',
      'opinions.published_on',
      'opinions.sort_order',
      'opinions.question',
      'opinions.answer',
    ])
    .where(onSite('opinions', query.now))
    .where('opinions.audience', 'in', [...query.audiences]);
  for (const condition of query.conditions) builder = builder.where(condition);
  for (const term of query.order) builder = builder.orderBy(term.ref, term.direction);
  return builder.limit(query.limit).execute() as Promise<OpinionRow[]>;
}

/** The attachment stored under exactly this address, with its file, or undefined. */
export async function findAttachmentByUrl(db: Kysely<Database>, serverRelativeUrl: string) {
  return attachmentsWithFiles(db)
    .where('attachments.server_relative_url', '=', serverRelativeUrl)
    .executeTakeFirst();
}

/** Reserved owners DownloadDoc serves; other kinds (news, CVs, requests) are not its business. */
export const RESERVED_OWNER_KINDS: readonly AttachmentOwnerKind[] = [
  'recommendation',
  'assembly',
  'magazine_issue',
  'magazine_article',
  'press_review',
];

/** Audience of a published reserved owner, or null when it does not exist or is unpublished. */
export async function ownerAudience(
  db: Kysely<Database>,
  kind: AttachmentOwnerKind,
  id: number,
  now: string,
): Promise<Audience | null> {
  let row: { audience: Audience } | undefined;
  switch (kind) {
    case 'recommendation':
      row = await db
        .selectFrom('recommendations')
        .select('audience')
        .where('id', '=', id)
        .where(onSite('recommendations', now))
        .executeTakeFirst();
      break;
    case 'assembly':
      row = await db
        .selectFrom('assemblies')
        .select('audience')
        .where('id', '=', id)
        .where(onSite('assemblies', now))
        .executeTakeFirst();
      break;
    case 'press_review':
      row = await db
        .selectFrom('press_reviews')
        .select('audience')
        .where('id', '=', id)
        .where(onSite('press_reviews', now))
        .executeTakeFirst();
      break;
    case 'magazine_issue':
      row = await db
        .selectFrom('magazine_issues')
        .select('audience')
        .where('id', '=', id)
        .where(issueOnSite(now))
        .executeTakeFirst();
      break;
    case 'magazine_article':
      row = await db
        .selectFrom('magazine_articles')
        .innerJoin('magazine_issues', 'magazine_issues.id', 'magazine_articles.issue_id')
        .select('magazine_issues.audience')
        .where('magazine_articles.id', '=', id)
        .where(articleOnSite(now))
        .executeTakeFirst();
      break;
    default:
      row = undefined;
  }
  return row?.audience ?? null;
}

/** Sort values of one opinion the caller may see (to place an ID-only paging token). */
export async function findOpinionAnchor(
  db: Kysely<Database>,
  audiences: readonly Audience[],
  beyondId: number,
  ascending: boolean,
  now: string,
) {
  return db
    .selectFrom('opinions')
    .select(['id', 'published_on', 'sort_order', 'title_search'])
    .where(onSite('opinions', now))
    .where('audience', 'in', [...audiences])
    .where('id', ascending ? '>' : '<', beyondId)
    .orderBy('id', ascending ? 'asc' : 'desc')
    .limit(1)
    .executeTakeFirst();
}

// --- back office (ADR 013, ADR 015) --------------------------------------------------------------
// The staff editor's reads and writes of the four record kinds, whatever their audience or
// publication. Writes take the service's transaction, so a record, its files and its audit
// entry commit together. Kysely cannot check a column set against a table chosen at run time,
// so these generic functions name one of the four tables for the compiler; the signatures tie
// rows and values to the table the caller passes.

/** The staff lists' filters, as columns of the table being listed. */
export interface ReservedRecordFilters {
  titlePattern: string | null;
  audience: Audience | undefined;
  published: boolean | undefined;
  /** Year of `dateColumn`. */
  year: number | undefined;
  dateColumn: string;
  /** Assemblies only. */
  territory: Territory | undefined;
}

/** The rows of a reserved table that match the filters, for the staff list to page (`idPage`). */
export function reservedRecordsMatching(
  db: Kysely<Database>,
  table: ReservedTable,
  filters: ReservedRecordFilters,
): SelectQueryBuilder<Database, ReservedTable, object> {
  const conditions = [
    titleCondition(table, filters.titlePattern),
    filters.year === undefined
      ? null
      : dateFilterCondition(filters.dateColumn, [filters.year], null),
    filters.territory === undefined
      ? null
      : sql<SqlBool>`${sql.ref(`${table}.territory`)} = ${filters.territory}`,
    filters.audience === undefined
      ? null
      : sql<SqlBool>`${sql.ref(`${table}.audience`)} = ${filters.audience}`,
    filters.published === undefined
      ? null
      : sql<SqlBool>`${sql.ref(`${table}.published`)} = ${filters.published ? 1 : 0}`,
  ];
  // The bin is listed on its own (ADR 023).
  let builder = db.selectFrom(table).where(sql<SqlBool>`${sql.ref(`${table}.deleted_at`)} is null`);
  for (const condition of conditions) if (condition !== null) builder = builder.where(condition);
  return builder;
}

/** A row of a reserved table, with the columns every such table has. */
export type ReservedRow<T extends ReservedTable> = Selectable<Database[T]> & {
  id: number;
  audience: Audience;
  published: number;
  publish_at: string | null;
  deleted_at: string | null;
  updated_at: string;
  version: number;
};

/** A record's columns as a save writes them: all but id and the timestamps the save sets. */
export type ReservedValues<T extends ReservedTable> = Omit<
  Insertable<Database[T]>,
  'id' | 'created_at' | 'updated_at'
>;

/** Records of one table by id, in no particular order. */
export async function findReservedRecords<T extends ReservedTable>(
  db: Kysely<Database>,
  table: T,
  ids: number[],
): Promise<ReservedRow<T>[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom(table as 'press_reviews')
    .selectAll()
    .where('id', 'in', ids)
    .execute();
  return rows as unknown as ReservedRow<T>[];
}

/** One record by id, or undefined. */
export async function findReservedRecord<T extends ReservedTable>(
  db: Kysely<Database>,
  table: T,
  id: number,
): Promise<ReservedRow<T> | undefined> {
  return (await findReservedRecords(db, table, [id]))[0];
}

/** Inserts one record created and updated at `now`; answers its id. */
export async function insertReservedRecord<T extends ReservedTable>(
  trx: Transaction<Database>,
  table: T,
  values: ReservedValues<T>,
  now: string,
): Promise<number> {
  const { id } = await trx
    .insertInto(table as 'press_reviews')
    .values({
      ...(values as ReservedValues<'press_reviews'>),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Writes one record's columns, updated at `now`. */
export async function updateReservedRecord<T extends ReservedTable>(
  trx: Transaction<Database>,
  table: T,
  id: number,
  values: ReservedValues<T>,
  now: string,
): Promise<void> {
  await trx
    .updateTable(table as 'press_reviews')
    .set({ ...(values as ReservedValues<'press_reviews'>), updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Deletes one record and, when its kind has any, its attachments. */
export async function deleteReservedRecord(
  trx: Transaction<Database>,
  table: ReservedTable,
  id: number,
  attachmentKind: AttachmentOwnerKind | null,
): Promise<void> {
  if (attachmentKind !== null) await deleteAttachmentsOf(trx, attachmentKind, [id]);
  await trx.deleteFrom(table).where('id', '=', id).execute();
}

/** Each reserved table's versions (ADR 041): a save over a newer one is refused. */
export const reservedVersions: Record<ReservedTable, VersionQueries> = {
  recommendations: versionQueries('recommendations'),
  assemblies: versionQueries('assemblies'),
  press_reviews: versionQueries('press_reviews'),
  opinions: versionQueries('opinions'),
};

/** Each reserved table's bin, titled by the kind's first field (the press review's headline). */
export const reservedBinQueries: Record<ReservedTable, BinQueries> = {
  recommendations: binQueries('recommendations', 'title'),
  assemblies: binQueries('assemblies', 'title'),
  press_reviews: binQueries('press_reviews', 'headline'),
  opinions: binQueries('opinions', 'title'),
};

/** The table's records scheduled for later than `now` (ISO instant), outside the bin: to count. */
export function scheduledReservedRecords(db: Kysely<Database>, table: ReservedTable, now: string) {
  return db
    .selectFrom(table as 'press_reviews')
    .where('deleted_at', 'is', null)
    .where('published', '=', 1)
    .where('publish_at', '>', now);
}

/** Which of `ids` are records of the table outside the bin. */
export async function liveReservedRecordIds(
  db: Kysely<Database>,
  table: ReservedTable,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom(table as 'press_reviews')
    .select('id')
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Every record id of one table, for rebuilding the site search's index (ADR 025). */
export async function allReservedRecordIds(
  db: Kysely<Database>,
  table: ReservedTable,
): Promise<number[]> {
  const rows = await db
    .selectFrom(table as 'press_reviews')
    .select('id')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}
