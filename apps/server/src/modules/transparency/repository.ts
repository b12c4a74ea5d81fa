import {
  sql,
  type Insertable,
  type Kysely,
  type Selectable,
  type Transaction,
  type Updateable,
} from 'kysely';
import type {
  Database,
  Executor,
  PublicContributionsTable,
  TransparencyPublicationsTable,
} from '../../db/schema.js';
import { anyColumnContains } from '../../text/search-text.js';
import { deleteAttachmentsOf } from '../attachments/repository.js';
import { binQueries } from '../listing/bin-queries.js';
import { versionQueries } from '../listing/version-queries.js';

/** Every query of the "Società trasparente" tables (ADR 026). */

export type PublicationRow = Selectable<TransparencyPublicationsTable>;
export type ContributionRow = Selectable<PublicContributionsTable>;
export type PublicationValues = Omit<
  Insertable<TransparencyPublicationsTable>,
  'id' | 'created_at' | 'updated_at'
>;
export type ContributionValues = Omit<
  Insertable<PublicContributionsTable>,
  'id' | 'created_at' | 'updated_at'
>;

/** PostgreSQL answers bigint as text: amounts back to numbers. */
const withNumberAmount = (row: ContributionRow): ContributionRow => ({
  ...row,
  amount_cents: Number(row.amount_cents),
});

/** Every publication outside the bin, newest first (the public page groups them by section). */
export async function allPublications(db: Kysely<Database>): Promise<PublicationRow[]> {
  return db
    .selectFrom('transparency_publications')
    .selectAll()
    .where('deleted_at', 'is', null)
    .orderBy('published_on', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Every publication's id outside the bin, for rebuilding the site search's index (ADR 025). */
export async function allPublicationIds(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .selectFrom('transparency_publications')
    .select('id')
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Every contribution outside the bin, newest year first, by date within a year. */
export async function allContributions(db: Kysely<Database>): Promise<ContributionRow[]> {
  const rows = await db
    .selectFrom('public_contributions')
    .selectAll()
    .where('deleted_at', 'is', null)
    .orderBy('year', 'desc')
    .orderBy('received_on')
    .orderBy('id')
    .execute();
  return rows.map(withNumberAmount);
}

/**
 * The (type, year) pairs published for the yearly items, and the years with contributions;
 * what is in the bin is not published (the deadlines' warnings count it missing).
 */
export async function yearlyFacts(
  db: Kysely<Database>,
): Promise<{ publications: { type: string; year: number }[]; contributionYears: number[] }> {
  const [publications, years] = await Promise.all([
    db
      .selectFrom('transparency_publications')
      .select(['type', 'year'])
      .where('year', 'is not', null)
      .where('deleted_at', 'is', null)
      .distinct()
      .execute(),
    db
      .selectFrom('public_contributions')
      .select('year')
      .where('deleted_at', 'is', null)
      .distinct()
      .execute(),
  ]);
  return {
    publications: publications.map((row) => ({ type: row.type, year: Number(row.year) })),
    contributionYears: years.map((row) => Number(row.year)),
  };
}

// --- back office -------------------------------------------------------------------------------

/** Publications outside the bin matching the staff list's search and type filter. */
export function publicationsMatching(
  db: Kysely<Database>,
  filter: { q?: string | undefined; type?: string | undefined },
) {
  let builder = db.selectFrom('transparency_publications').where('deleted_at', 'is', null);
  if (filter.type !== undefined) builder = builder.where('type', '=', filter.type);
  const text = anyColumnContains(['title_search'], filter.q);
  if (text !== null) builder = builder.where(text);
  return builder;
}

export async function publicationsById(
  db: Kysely<Database>,
  ids: number[],
): Promise<PublicationRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('transparency_publications').selectAll().where('id', 'in', ids).execute();
}

export async function insertPublication(
  trx: Transaction<Database>,
  values: PublicationValues,
  now: string,
): Promise<number> {
  const { id } = await trx
    .insertInto('transparency_publications')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updatePublication(
  trx: Transaction<Database>,
  id: number,
  values: Updateable<TransparencyPublicationsTable>,
  now: string,
): Promise<void> {
  await trx
    .updateTable('transparency_publications')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Deletes a publication and its PDFs' attachment rows (the blobs stay, shared). */
export async function deletePublication(trx: Transaction<Database>, id: number): Promise<void> {
  await deleteAttachmentsOf(trx, 'transparency_publication', [id]);
  await trx.deleteFrom('transparency_publications').where('id', '=', id).execute();
}

/** Contributions outside the bin matching the staff list's search (grantor) and year. */
export function contributionsMatching(
  db: Kysely<Database>,
  filter: { q?: string | undefined; year?: number | undefined },
) {
  let builder = db.selectFrom('public_contributions').where('deleted_at', 'is', null);
  if (filter.year !== undefined) builder = builder.where('year', '=', filter.year);
  const text = anyColumnContains(['grantor_search'], filter.q);
  if (text !== null) builder = builder.where(text);
  return builder;
}

export async function contributionsById(
  db: Kysely<Database>,
  ids: number[],
): Promise<ContributionRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('public_contributions')
    .selectAll()
    .where('id', 'in', ids)
    .execute();
  return rows.map(withNumberAmount);
}

export async function insertContribution(
  trx: Transaction<Database>,
  values: ContributionValues,
  now: string,
): Promise<number> {
  const { id } = await trx
    .insertInto('public_contributions')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateContribution(
  trx: Transaction<Database>,
  id: number,
  values: ContributionValues,
  now: string,
): Promise<void> {
  await trx
    .updateTable('public_contributions')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteContribution(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('public_contributions').where('id', '=', id).execute();
}

// --- the bin (ADR 031) ---------------------------------------------------------------------------

/** The publications' bin. */
export const publicationBinQueries = binQueries('transparency_publications', 'title');

/** The contributions' bin, titled "grantor (year)". */
export const contributionBinQueries = binQueries(
  'public_contributions',
  sql<string>`grantor || ' (' || year || ')'`,
);

/** The publications' and the contributions' versions (ADR 041): a save over a newer one is refused. */
export const publicationVersions = versionQueries('transparency_publications');
export const contributionVersions = versionQueries('public_contributions');

/** Whether a publication is on the site (exists, not binned): its PDFs are public only then. */
export async function isPublicationOnSite(db: Executor, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('transparency_publications')
    .select('id')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

// --- reminders ---------------------------------------------------------------------------------

/**
 * Claims the reminder of one item in one state: true for the one caller (of every instance)
 * whose row went in, false when it was already there.
 */
export async function claimReminder(
  db: Executor,
  key: string,
  state: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('transparency_reminders')
    .values({ key, state, sent_at: now })
    .onConflict((conflict) => conflict.columns(['key', 'state']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
