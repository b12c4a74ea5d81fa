import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export async function findSetupElements(db: Kysely<Database>, keys: string[]) {
  if (keys.length === 0) return [];
  return db
    .selectFrom('setup_elements')
    .select(['id', 'key', 'body_html'])
    .where('key', 'in', keys)
    .execute();
}

export async function listBoardMembers(db: Kysely<Database>) {
  return db
    .selectFrom('board_members')
    .select(['id', 'name', 'role', 'photo_sha256'])
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
  return db
    .selectFrom('board_members')
    .select(['id', 'name'])
    .where('id', '=', id)
    .executeTakeFirst();
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
 * A public attachment by its address: news (visible on `visibleOn`), setup elements and
 * board members' CVs. Reserved-area documents are never answered here.
 */
export async function findPublicAttachment(
  db: Kysely<Database>,
  serverRelativeUrl: string,
  visibleOn: string,
) {
  const attachment = await db
    .selectFrom('attachments')
    .innerJoin('files', 'files.sha256', 'attachments.file_sha256')
    .select([
      'attachments.owner_kind',
      'attachments.owner_id',
      'attachments.file_name',
      'attachments.file_sha256',
      'files.size_bytes',
      'files.content_type',
    ])
    .where('attachments.server_relative_url', '=', serverRelativeUrl)
    .where('attachments.owner_kind', 'in', ['article', 'setup_element', 'board_member_cv'])
    .executeTakeFirst();
  if (attachment === undefined) return null;
  if (attachment.owner_kind === 'article') {
    const article = await db
      .selectFrom('articles')
      .select('id')
      .where('id', '=', attachment.owner_id)
      .where('published', '=', 1)
      .where('published_on', '<=', visibleOn)
      .executeTakeFirst();
    if (article === undefined) return null;
  }
  return attachment;
}
