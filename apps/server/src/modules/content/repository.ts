import type { AdminListQuery, SiteContentKey } from '@sodalis/contracts';
import { sql, type Insertable, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { Database, ShareImageTable } from '../../db/schema.js';
import { attachmentsWithFiles, deleteAttachmentsOf } from '../attachments/repository.js';
import { containsPattern } from '../../text/search-text.js';
import { idPage } from '../listing/id-page.js';
import { findVisibleArticleId, unusedCoverFiles } from '../news/repository.js';
import { isPublicationOnSite } from '../transparency/repository.js';
import { binQueries } from '../listing/bin-queries.js';
import { versionQueries } from '../listing/version-queries.js';

export async function findSetupElements(db: Kysely<Database>, keys: string[]) {
  if (keys.length === 0) return [];
  return db
    .selectFrom('setup_elements')
    .select(['id', 'key', 'body_html'])
    .where('key', 'in', keys)
    .execute();
}

/** The board as /chi-siamo shows it: the members in the bin left out (ADR 031). */
export async function listBoardMembers(db: Kysely<Database>) {
  return db
    .selectFrom('board_members')
    .select(['id', 'name', 'role', 'photo_sha256'])
    .where('deleted_at', 'is', null)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function listActiveFees(db: Kysely<Database>) {
  return db
    .selectFrom('fees')
    .select(['id', 'title', 'amount_cents', 'access'])
    .where('active', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function findBoardMember(db: Kysely<Database>, id: number) {
  return db.selectFrom('board_members').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findSiteContents(db: Kysely<Database>, keys: readonly string[]) {
  if (keys.length === 0) return [];
  return db
    .selectFrom('site_contents')
    .select(['key', 'data_json'])
    .where('key', 'in', [...keys])
    .execute();
}

/**
 * A public attachment by its address: news (visible on `visibleOn` at `visibleAt`), setup elements and
 * board members' CVs. Reserved-area documents are never answered here.
 */
export async function findPublicAttachment(
  db: Kysely<Database>,
  serverRelativeUrl: string,
  visibleOn: string,
  visibleAt: string,
) {
  const attachment = await attachmentsWithFiles(db)
    .where('attachments.server_relative_url', '=', serverRelativeUrl)
    .where('attachments.owner_kind', 'in', [
      'article',
      'setup_element',
      'board_member_cv',
      // The transparency section's PDFs are public (ADR 026).
      'transparency_publication',
    ])
    .executeTakeFirst();
  if (attachment === undefined) return null;
  // A CV of a board member in the bin is off the site with its member (ADR 031).
  if (attachment.owner_kind === 'board_member_cv') {
    const member = await findBoardMember(db, attachment.owner_id);
    if (member === undefined || member.deleted_at !== null) return null;
  }
  // A news item's file only while the item is public: the news domain says when (its table).
  if (
    attachment.owner_kind === 'article' &&
    (await findVisibleArticleId(db, attachment.owner_id, visibleOn, visibleAt)) === null
  ) {
    return null;
  }
  // A publication's PDFs leave the site with it while it is in the bin (ADR 031).
  if (
    attachment.owner_kind === 'transparency_publication' &&
    !(await isPublicationOnSite(db, attachment.owner_id))
  ) {
    return null;
  }
  return attachment;
}

// --- back office: setup elements ----------------------------------------------------------------

/** Every setup element row, for the staff list (keys a former back end left included). */
export async function listSetupElementRows(db: Kysely<Database>) {
  return db.selectFrom('setup_elements').select(['id', 'key', 'updated_at']).execute();
}

/** How many attachments each setup element has, by its id (elements without any left out). */
export async function setupElementAttachmentCounts(
  db: Kysely<Database>,
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('attachments')
    .select(['owner_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('owner_kind', '=', 'setup_element')
    .groupBy('owner_id')
    .execute();
  return new Map(rows.map((row) => [row.owner_id, Number(row.count)]));
}

export async function findSetupElementByKey(db: Kysely<Database>, key: string) {
  return db
    .selectFrom('setup_elements')
    .select(['id', 'body_html', 'version'])
    .where('key', '=', key)
    .executeTakeFirst();
}

/** A page text's versions (ADR 041). */
export const setupElementVersions = versionQueries('setup_elements');

/** Creates (`id` null) or rewrites a setup element's text; answers its id. */
export async function writeSetupElement(
  db: Kysely<Database>,
  id: number | null,
  values: { key: string; bodyHtml: string; updatedAt: string },
): Promise<number> {
  if (id === null) {
    const row = await db
      .insertInto('setup_elements')
      .values({ key: values.key, body_html: values.bodyHtml, updated_at: values.updatedAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  await db
    .updateTable('setup_elements')
    .set({ body_html: values.bodyHtml, updated_at: values.updatedAt })
    .where('id', '=', id)
    .execute();
  return id;
}

// --- back office: board members -----------------------------------------------------------------

const BOARD_SORTS: Record<string, string> = {
  sortOrder: 'board_members.sort_order',
  name: 'board_members.name',
  role: 'board_members.role',
  updatedAt: 'board_members.updated_at',
  id: 'board_members.id',
};

/** One page of the board for the staff list: searched by name or role (ADR 013 paging). */
export async function boardMemberPage(db: Kysely<Database>, query: AdminListQuery) {
  let builder = db.selectFrom('board_members').where('board_members.deleted_at', 'is', null);
  if (query.q !== undefined && query.q.trim() !== '') {
    const pattern = containsPattern(query.q);
    builder = builder.where(
      sql<SqlBool>`(lower(board_members.name) like ${pattern} escape '\\' or lower(board_members.role) like ${pattern} escape '\\')`,
    );
  }
  return idPage(builder, query, {
    idColumn: 'board_members.id',
    sortColumns: BOARD_SORTS,
    fallback: 'sortOrder',
  });
}

export interface BoardMemberValues {
  name: string;
  role: string;
  sort_order: number;
  photo_sha256: string | null;
  updated_at: string;
}

/** Creates (`id` null, created now) or rewrites a board member; answers its id. */
export async function writeBoardMember(
  db: Kysely<Database>,
  id: number | null,
  values: BoardMemberValues,
): Promise<number> {
  if (id === null) {
    const row = await db
      .insertInto('board_members')
      .values({ ...values, created_at: values.updated_at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  await db.updateTable('board_members').set(values).where('id', '=', id).execute();
  return id;
}

/** Deletes a board member with its CV. */
export async function deleteBoardMember(db: Kysely<Database>, id: number): Promise<void> {
  await deleteAttachmentsOf(db, 'board_member_cv', [id]);
  await db.deleteFrom('board_members').where('id', '=', id).execute();
}

/** The board members' bin (ADR 031), titled by name. */
export const boardMemberBinQueries = binQueries('board_members', 'name');

/** The board members' versions (ADR 041): a save over a newer one is refused. */
export const boardMemberVersions = versionQueries('board_members');

/** The photos' files of these board members. */
export async function boardPhotosOf(db: Kysely<Database>, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('board_members')
    .select('photo_sha256')
    .where('id', 'in', ids)
    .where('photo_sha256', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.photo_sha256 === null ? [] : [row.photo_sha256]));
}

/** Of these photos' files, those no board member (in the bin or not) uses any more. */
export async function unusedBoardPhotos(db: Kysely<Database>, hashes: string[]): Promise<string[]> {
  if (hashes.length === 0) return [];
  const rows = await db
    .selectFrom('board_members')
    .select('photo_sha256')
    .where('photo_sha256', 'in', hashes)
    .execute();
  const used = new Set(rows.map((row) => row.photo_sha256));
  return [...new Set(hashes)].filter((hash) => !used.has(hash));
}

// --- back office: structured site contents ------------------------------------------------------

export async function listSiteContentRows(db: Kysely<Database>) {
  return db.selectFrom('site_contents').select(['key', 'updated_at']).execute();
}

export async function findSiteContent(db: Kysely<Database>, key: SiteContentKey) {
  return db
    .selectFrom('site_contents')
    .select(['data_json', 'updated_at'])
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Creates (`exists` false) or rewrites a content's JSON. */
export async function writeSiteContent(
  db: Kysely<Database>,
  exists: boolean,
  values: { key: SiteContentKey; json: string; updatedAt: string },
): Promise<void> {
  if (!exists) {
    await db
      .insertInto('site_contents')
      .values({ key: values.key, data_json: values.json, updated_at: values.updatedAt })
      .execute();
    return;
  }
  await db
    .updateTable('site_contents')
    .set({ data_json: values.json, updated_at: values.updatedAt })
    .where('key', '=', values.key)
    .execute();
}

/** One setup element by id, or undefined (the site search indexes it, ADR 025). */
export async function findSetupElementById(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('setup_elements')
    .select(['id', 'key', 'body_html', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// The pages' share image (ADR 034, amended)

const SHARE_IMAGE_KEY = 'predefinita';

/** The uploaded share image, or undefined (the pages use the committed card). */
export async function findShareImage(db: Kysely<Database>) {
  return db
    .selectFrom('share_image')
    .selectAll()
    .where('key', '=', SHARE_IMAGE_KEY)
    .executeTakeFirst();
}

/** Sets the share image (a new one replaces the old). */
export async function writeShareImage(
  trx: Transaction<Database>,
  values: Omit<Insertable<ShareImageTable>, 'key'>,
): Promise<void> {
  await trx
    .insertInto('share_image')
    .values({ key: SHARE_IMAGE_KEY, ...values })
    .onConflict((conflict) => conflict.column('key').doUpdateSet(values))
    .execute();
}

/** Back to the committed card. */
export async function deleteShareImage(trx: Transaction<Database>): Promise<void> {
  await trx.deleteFrom('share_image').where('key', '=', SHARE_IMAGE_KEY).execute();
}

/**
 * Of these hashes, those neither the share image nor a news cover uses (their files can go):
 * the same picture uploaded as both is one file in the store (ADR 034).
 */
export async function unusedImageFiles(db: Kysely<Database>, hashes: string[]): Promise<string[]> {
  const notCovers = await unusedCoverFiles(db, hashes);
  if (notCovers.length === 0) return [];
  const rows = await db
    .selectFrom('share_image')
    .select('sha256')
    .where('sha256', 'in', notCovers)
    .execute();
  const used = new Set(rows.map((row) => row.sha256));
  return notCovers.filter((hash) => !used.has(hash));
}
