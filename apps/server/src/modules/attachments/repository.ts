import type { AdminAttachment } from '@sodalis/contracts';
import type { Insertable, Kysely } from 'kysely';
import { runShape } from '../../db/query-shapes.js';
import type { AttachmentOwnerKind, AttachmentsTable, Database } from '../../db/schema.js';

export interface AttachmentRow {
  owner_id: number;
  file_name: string;
  server_relative_url: string;
  file_sha256: string;
}

/** Attachments of many owners of one kind, in their order, grouped by owner id. */
export async function attachmentsByOwner(
  db: Kysely<Database>,
  ownerKind: AttachmentOwnerKind,
  ownerIds: number[],
): Promise<Map<number, AttachmentRow[]>> {
  const grouped = new Map<number, AttachmentRow[]>();
  if (ownerIds.length === 0) return grouped;
  // Compiled once per number of owners (ADR 038): every public list reads its attachments.
  const rows = await runShape(db, 'attachments by owner', { ownerKind, ownerIds }, (value) =>
    db
      .selectFrom('attachments')
      .select(['owner_id', 'file_name', 'server_relative_url', 'file_sha256'])
      .where('owner_kind', '=', value('ownerKind'))
      .where('owner_id', 'in', value('ownerIds'))
      .orderBy('owner_id')
      .orderBy('position')
      .orderBy('id'),
  );
  for (const row of rows) {
    const list = grouped.get(row.owner_id) ?? [];
    list.push(row);
    grouped.set(row.owner_id, list);
  }
  return grouped;
}

/** Deletes the attachment rows of some owners of one kind (the stored blobs stay, shared). */
export async function deleteAttachmentsOf(
  db: Kysely<Database>,
  ownerKind: AttachmentOwnerKind,
  ownerIds: number[],
): Promise<void> {
  if (ownerIds.length === 0) return;
  await db
    .deleteFrom('attachments')
    .where('owner_kind', '=', ownerKind)
    .where('owner_id', 'in', ownerIds)
    .execute();
}

/**
 * Of these files, those no attachment uses any more, their `files` rows deleted: what an owner
 * deleted for good leaves behind (ADR 034). The caller removes their bytes after the commit.
 */
export async function forgetUnusedAttachmentFiles(
  db: Kysely<Database>,
  hashes: readonly string[],
): Promise<string[]> {
  if (hashes.length === 0) return [];
  const used = await db
    .selectFrom('attachments')
    .select('file_sha256')
    .where('file_sha256', 'in', [...hashes])
    .execute();
  const kept = new Set(used.map((row) => row.file_sha256));
  const unused = [...new Set(hashes)].filter((hash) => !kept.has(hash));
  if (unused.length > 0) await db.deleteFrom('files').where('sha256', 'in', unused).execute();
  return unused;
}

/** Records a blob already in the file store (once: content-addressed, a second save is a no-op). */
export async function recordStoredFile(
  db: Kysely<Database>,
  stored: { sha256: string; sizeBytes: number },
  contentType: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('files')
    .values({
      sha256: stored.sha256,
      size_bytes: stored.sizeBytes,
      content_type: contentType,
      created_at: now,
    })
    .onConflict((conflict) => conflict.column('sha256').doNothing())
    .execute();
}

/** Forgets blobs whose bytes leave the file store (a photo nothing uses any more). */
export async function forgetStoredFiles(db: Kysely<Database>, hashes: string[]): Promise<void> {
  if (hashes.length === 0) return;
  await db.deleteFrom('files').where('sha256', 'in', hashes).execute();
}

/** The serverRelativeUrl of an attachment: readable, unique per owner and file name. */
export function attachmentUrl(area: string, ownerId: number, fileName: string): string {
  return `/Documenti/${area}/${ownerId}/${encodeURIComponent(fileName)}`;
}

/** An attachment as the public answers name it (spec §3 `attachments`). */
export interface AttachmentRef {
  fileName: string;
  serverRelativeUrl: string;
}

export const attachmentRefs = (rows: AttachmentRow[] = []): AttachmentRef[] =>
  rows.map((row) => ({ fileName: row.file_name, serverRelativeUrl: row.server_relative_url }));

/** Each row as an item of a public answer, given the references of the row's attachments. */
export async function withAttachments<Row extends { id: number }, Item>(
  db: Kysely<Database>,
  ownerKind: AttachmentOwnerKind,
  rows: Row[],
  item: (row: Row, attachments: AttachmentRef[]) => Item,
): Promise<Item[]> {
  const attachments = await attachmentsByOwner(
    db,
    ownerKind,
    rows.map((row) => row.id),
  );
  return rows.map((row) => item(row, attachmentRefs(attachments.get(row.id))));
}

/**
 * Attachments with their stored file's type and size, for a caller to narrow: every address
 * that answers a file goes through here, so what a file answer knows is listed once.
 */
export function attachmentsWithFiles(db: Kysely<Database>) {
  return db
    .selectFrom('attachments')
    .innerJoin('files', 'files.sha256', 'attachments.file_sha256')
    .select([
      'attachments.id',
      'attachments.owner_kind',
      'attachments.owner_id',
      'attachments.file_name',
      'attachments.server_relative_url',
      'attachments.file_sha256',
      'files.content_type',
      'files.size_bytes',
    ]);
}

/** One owner's attachments' ids and names, for a save that replaces them. */
export function attachmentNamesOf(db: Kysely<Database>, kind: AttachmentOwnerKind, id: number) {
  return db
    .selectFrom('attachments')
    .select(['id', 'file_name'])
    .where('owner_kind', '=', kind)
    .where('owner_id', '=', id)
    .execute();
}

export async function deleteAttachments(db: Kysely<Database>, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('attachments').where('id', 'in', ids).execute();
}

export async function moveAttachment(
  db: Kysely<Database>,
  id: number,
  position: number,
): Promise<void> {
  await db.updateTable('attachments').set({ position }).where('id', '=', id).execute();
}

/** Puts new bytes behind an attachment: its name and address stay (ADR 034). */
export async function setAttachmentFile(
  db: Kysely<Database>,
  id: number,
  sha256: string,
): Promise<void> {
  await db.updateTable('attachments').set({ file_sha256: sha256 }).where('id', '=', id).execute();
}

export async function insertAttachment(
  db: Kysely<Database>,
  values: Insertable<AttachmentsTable>,
): Promise<void> {
  await db.insertInto('attachments').values(values).execute();
}

/** File names of an owner's attachments, in order (what the audit log records). */
export async function fileNames(db: Kysely<Database>, kind: AttachmentOwnerKind, id: number) {
  const rows = await db
    .selectFrom('attachments')
    .select('file_name')
    .where('owner_kind', '=', kind)
    .where('owner_id', '=', id)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.file_name);
}

/** Attachments of owners of one kind, for the editor (with id and size), by owner. */
export async function attachmentsOf(
  db: Kysely<Database>,
  kind: AttachmentOwnerKind,
  ids: number[],
): Promise<Map<number, AdminAttachment[]>> {
  const grouped = new Map<number, AdminAttachment[]>();
  if (ids.length === 0) return grouped;
  const rows = await attachmentsWithFiles(db)
    .where('attachments.owner_kind', '=', kind)
    .where('attachments.owner_id', 'in', ids)
    .orderBy('attachments.position')
    .orderBy('attachments.id')
    .execute();
  for (const row of rows) {
    const list = grouped.get(row.owner_id) ?? [];
    list.push({
      id: row.id,
      fileName: row.file_name,
      serverRelativeUrl: row.server_relative_url,
      sizeBytes: Number(row.size_bytes),
    });
    grouped.set(row.owner_id, list);
  }
  return grouped;
}

/** An attachment as the site search extracts it (ADR 025). */
export interface StoredAttachment {
  id: number;
  owner_kind: AttachmentOwnerKind;
  owner_id: number;
  file_name: string;
  server_relative_url: string;
  file_sha256: string;
}

/** The attachments of some owners of one kind, with their ids and files. */
export async function storedAttachmentsOf(
  db: Kysely<Database>,
  kind: AttachmentOwnerKind,
  ownerIds: number[],
): Promise<StoredAttachment[]> {
  if (ownerIds.length === 0) return [];
  return db
    .selectFrom('attachments')
    .select(['id', 'owner_kind', 'owner_id', 'file_name', 'server_relative_url', 'file_sha256'])
    .where('owner_kind', '=', kind)
    .where('owner_id', 'in', ownerIds)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** One attachment by id, or undefined. */
export async function findStoredAttachment(
  db: Kysely<Database>,
  id: number,
): Promise<StoredAttachment | undefined> {
  return db
    .selectFrom('attachments')
    .select(['id', 'owner_kind', 'owner_id', 'file_name', 'server_relative_url', 'file_sha256'])
    .where('id', '=', id)
    .executeTakeFirst();
}
