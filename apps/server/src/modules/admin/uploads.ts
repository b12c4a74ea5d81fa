import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  base64DecodedBytes,
  sanitisePdfFileName,
  type AdminUpload,
} from '@sodalis/contracts';
import type { Transaction } from 'kysely';
import type { AttachmentOwnerKind, Database } from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import { AppError } from '../../http/app-error.js';
import { pdfIssue } from '../../files/pdf-safety.js';
import {
  attachmentNamesOf,
  attachmentUrl,
  deleteAttachments,
  insertAttachment,
  moveAttachment,
  recordStoredFile,
  setAttachmentFile,
} from '../attachments/repository.js';

export interface CheckedPdf {
  fileName: string;
  content: Buffer;
  /** The kept attachment whose file this is the new version of (ADR 034). */
  replacesId?: number;
}

/**
 * Decodes uploaded PDFs and checks each by its bytes, not its name or declared type: the size
 * after decoding, then the safe-PDF checks of ADR 027 (a real parse: no active content,
 * embedded files, polyglot or bomb). `field` names the form field in the error.
 */
export async function checkedPdfs(
  uploads: (AdminUpload & { replacesId?: number | undefined })[],
  field: string,
): Promise<CheckedPdf[]> {
  const checked: CheckedPdf[] = [];
  // One after the other: parsing is CPU work, and a save carries at most a few files.
  for (const [index, upload] of uploads.entries()) {
    const path = `${field}.${index}`;
    if (base64DecodedBytes(upload.content) > ADMIN_LIMITS.maxFileBytes) {
      throw new AppError('invalidRequest', [{ path, message: ADMIN_MESSAGES.fileTooLarge }]);
    }
    const content = Buffer.from(upload.content, 'base64');
    const issue = await pdfIssue(path, content, upload.fileName);
    if (issue !== null) throw new AppError('invalidRequest', [issue]);
    checked.push({
      fileName: sanitisePdfFileName(upload.fileName),
      content,
      ...(upload.replacesId === undefined ? {} : { replacesId: upload.replacesId }),
    });
  }
  return checked;
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
 * `added` after them. A file of `added` that replaces a kept attachment (`replacesId`) takes its
 * place instead: same row, name, position and public address, new bytes (ADR 034), so links in
 * e-mails keep working and the search reads the new text (its state is per file hash, ADR 025).
 * Blobs go to the file store first (content-addressed, so a blob of a save that then rolls back
 * is harmless). Answers the file names, in order, for the audit log.
 */
export async function replaceAttachments(
  trx: Transaction<Database>,
  files: FileStore,
  owner: { kind: AttachmentOwnerKind; id: number; area: string },
  keptIds: number[],
  added: CheckedPdf[],
  now: string,
): Promise<string[]> {
  const existing = await attachmentNamesOf(trx, owner.kind, owner.id);
  const existingIds = new Set(existing.map((row) => row.id));
  const replacing = new Map(
    added.flatMap((pdf) =>
      pdf.replacesId !== undefined && existingIds.has(pdf.replacesId)
        ? [[pdf.replacesId, pdf] as const]
        : [],
    ),
  );
  // A replaced attachment stays where it was, even if the form forgot to keep it.
  const kept = [
    ...keptIds.filter((id) => existingIds.has(id)),
    ...[...replacing.keys()].filter((id) => !keptIds.includes(id)),
  ];
  const appended = added.filter(
    (pdf) => pdf.replacesId === undefined || replacing.get(pdf.replacesId) !== pdf,
  );
  if (kept.length + appended.length > ADMIN_LIMITS.maxAttachments) {
    throw new AppError('invalidRequest', [
      { path: 'newAttachments', message: ADMIN_MESSAGES.tooManyFiles },
    ]);
  }
  const removed = existing.filter((row) => !kept.includes(row.id)).map((row) => row.id);
  await deleteAttachments(trx, removed);
  const names: string[] = [];
  const used = new Set<string>();
  for (const [position, id] of kept.entries()) {
    await moveAttachment(trx, id, position);
    const name = existing.find((row) => row.id === id)?.file_name ?? '';
    const replacement = replacing.get(id);
    if (replacement !== undefined) {
      const stored = await files.put(replacement.content);
      await recordStoredFile(trx, stored, 'application/pdf', now);
      await setAttachmentFile(trx, id, stored.sha256);
    }
    used.add(name.toLowerCase());
    names.push(name);
  }
  for (const [index, pdf] of appended.entries()) {
    const stored = await files.put(pdf.content);
    await recordStoredFile(trx, stored, 'application/pdf', now);
    const fileName = freeName(pdf.fileName, used);
    await insertAttachment(trx, {
      owner_kind: owner.kind,
      owner_id: owner.id,
      position: kept.length + index,
      file_name: fileName,
      server_relative_url: attachmentUrl(owner.area, owner.id, fileName),
      file_sha256: stored.sha256,
      created_at: now,
    });
    names.push(fileName);
  }
  return names;
}
