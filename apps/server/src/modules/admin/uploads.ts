import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  base64DecodedBytes,
  sanitisePdfFileName,
  type AdminAttachment,
  type AdminUpload,
} from '@sodalis/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { AttachmentOwnerKind, Database } from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import { AppError } from '../../http/app-error.js';
import { attachmentUrl, recordStoredFile } from '../attachments/repository.js';

const PDF_SIGNATURE = Buffer.from('%PDF-', 'latin1');

export interface CheckedPdf {
  fileName: string;
  content: Buffer;
}

/**
 * Decodes uploaded PDFs and checks each by its bytes, not its name or declared type: the size
 * after decoding and the `%PDF-` signature. `field` names the form field in the error.
 */
export function checkedPdfs(uploads: AdminUpload[], field: string): CheckedPdf[] {
  return uploads.map((upload, index) => {
    const path = `${field}.${index}`;
    if (base64DecodedBytes(upload.content) > ADMIN_LIMITS.maxFileBytes) {
      throw new AppError('invalidRequest', [{ path, message: ADMIN_MESSAGES.fileTooLarge }]);
    }
    const content = Buffer.from(upload.content, 'base64');
    if (content.length < PDF_SIGNATURE.length || !content.subarray(0, 5).equals(PDF_SIGNATURE)) {
      throw new AppError('invalidRequest', [
        { path, message: `${ADMIN_MESSAGES.notPdf} (${upload.fileName})` },
      ]);
    }
    return { fileName: sanitisePdfFileName(upload.fileName), content };
  });
}

/** A name not yet used by the owner's other attachments: `programma.pdf`, `programma-2.pdf`… */
function freeName(name: string, used: Set<string>): string {
  let candidate = name;
  for (let n = 2; used.has(candidate.toLowerCase()); n += 1) {
    candidate = name.replace(/\.pdf$/, `-${n}.pdf`);
  }
  used.add(candidate.toLowerCase());
  return candidate;
}

/**
 * Replaces an owner's attachments: keeps `keptIds` (in that order), deletes the others and adds
 * `added` after them. Blobs go to the file store first (content-addressed, so a blob of a save
 * that then rolls back is harmless). Answers the file names, in order, for the audit log.
 */
export async function replaceAttachments(
  trx: Transaction<Database>,
  files: FileStore,
  owner: { kind: AttachmentOwnerKind; id: number; area: string },
  keptIds: number[],
  added: CheckedPdf[],
  now: string,
): Promise<string[]> {
  const existing = await trx
    .selectFrom('attachments')
    .select(['id', 'file_name'])
    .where('owner_kind', '=', owner.kind)
    .where('owner_id', '=', owner.id)
    .execute();
  const existingIds = new Set(existing.map((row) => row.id));
  const kept = keptIds.filter((id) => existingIds.has(id));
  if (kept.length + added.length > ADMIN_LIMITS.maxAttachments) {
    throw new AppError('invalidRequest', [
      { path: 'newAttachments', message: ADMIN_MESSAGES.tooManyFiles },
    ]);
  }
  const removed = existing.filter((row) => !kept.includes(row.id)).map((row) => row.id);
  if (removed.length > 0) await trx.deleteFrom('attachments').where('id', 'in', removed).execute();
  const names: string[] = [];
  const used = new Set<string>();
  for (const [position, id] of kept.entries()) {
    await trx.updateTable('attachments').set({ position }).where('id', '=', id).execute();
    const name = existing.find((row) => row.id === id)?.file_name ?? '';
    used.add(name.toLowerCase());
    names.push(name);
  }
  for (const [index, pdf] of added.entries()) {
    const stored = await files.put(pdf.content);
    await recordStoredFile(trx, stored, 'application/pdf', now);
    const fileName = freeName(pdf.fileName, used);
    await trx
      .insertInto('attachments')
      .values({
        owner_kind: owner.kind,
        owner_id: owner.id,
        position: kept.length + index,
        file_name: fileName,
        server_relative_url: attachmentUrl(owner.area, owner.id, fileName),
        file_sha256: stored.sha256,
        created_at: now,
      })
      .execute();
    names.push(fileName);
  }
  return names;
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
  const rows = await db
    .selectFrom('attachments')
    .innerJoin('files', 'files.sha256', 'attachments.file_sha256')
    .select([
      'attachments.id',
      'attachments.owner_id',
      'attachments.file_name',
      'attachments.server_relative_url',
      'files.size_bytes',
    ])
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
