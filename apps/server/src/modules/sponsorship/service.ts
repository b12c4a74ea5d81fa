import { createHash } from 'node:crypto';
import {
  base64DecodedBytes,
  sanitisePdfFileName,
  SPONSORSHIP_MESSAGES,
  type SponsorshipRequest,
  uniqueFileNames,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DatabaseEngine } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import { pdfIssue } from '../../files/pdf-safety.js';
import { AppError, type ErrorIssue } from '../../http/app-error.js';
import type { PublicFormGate } from '../../security/public-forms.js';
import { enqueue } from '../outbox/outbox.js';
import type { Clock } from '../../text/dates.js';
import { acknowledgementMail, secretariatMail } from './mail-text.js';
import {
  insertRequest,
  lockFingerprint,
  recentWithFingerprint,
  type StoredFile,
} from './repository.js';

/** The same request sent again within this window is stored once. */
export const DUPLICATE_WINDOW_MS = 10 * 60_000;

export interface SponsorshipServiceDeps {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  files: FileStore;
  clock: Clock;
  logger: Logger;
  /** Largest attachment, decoded (SPONSORSHIP_MAX_FILE_MB). */
  maxFileBytes: number;
  maxFileMb: number;
  secretariat: string[];
  society: { acronym: string; name: string };
  notifyOutbox: () => void;
  /** The public forms' hourly limits and upload budget (ADR 040). */
  publicForms: PublicFormGate;
}

export interface SubmitResult {
  /** False when the same request had been stored minutes before. */
  stored: boolean;
}

/**
 * Sponsorship requests (spec §2.12, §7 InviaRichiestaPatrocinio): the request and its PDFs are
 * stored in one transaction with the e-mails it causes (secretariat, requester), which the
 * outbox delivers.
 */
export class SponsorshipService {
  constructor(private readonly deps: SponsorshipServiceDeps) {}

  /** `request` has passed the contracts schema; this checks what needs the bytes. */
  async submit(request: SponsorshipRequest, clientAddress: string): Promise<SubmitResult> {
    const { publicForms } = this.deps;
    const wait = await publicForms.admit('sponsorship', clientAddress);
    if (wait !== null) throw new AppError('tooManyRequests', undefined, wait);
    const contents = await this.decodeAttachments(request);
    const bytes = contents.reduce((sum, content) => sum + content.length, 0);
    const uploadWait = await publicForms.admitUpload(bytes);
    if (uploadWait !== null) throw new AppError('tooManyRequests', undefined, uploadWait);
    const names = uniqueFileNames(
      request.attachments.map((attachment) => sanitisePdfFileName(attachment.fileName)),
    );
    // Content-addressed and immutable: a blob stored for a request that then fails to commit
    // is harmless (and the same PDF sent again reuses it).
    const files: StoredFile[] = [];
    for (const [index, content] of contents.entries()) {
      const stored = await this.deps.files.put(content);
      files.push({ fileName: names[index] as string, ...stored });
    }

    const fingerprint = fingerprintOf(request, files);
    const now = this.deps.clock();
    const since = new Date(now.getTime() - DUPLICATE_WINDOW_MS).toISOString();
    const id = await this.deps.db.transaction().execute(async (trx) => {
      if (this.deps.engine === 'postgres') await lockFingerprint(trx, fingerprint);
      if ((await recentWithFingerprint(trx, fingerprint, since)) !== null) return null;
      const requestId = await insertRequest(trx, request, files, fingerprint, now.toISOString());
      await enqueue(
        trx,
        'mail',
        secretariatMail({
          id: requestId,
          request,
          files,
          receivedAt: now,
          secretariat: this.deps.secretariat,
          societyAcronym: this.deps.society.acronym,
        }),
        now,
      );
      if (request.email !== null) {
        await enqueue(
          trx,
          'mail',
          acknowledgementMail({
            email: request.email,
            secretariat: this.deps.secretariat,
            societyName: this.deps.society.name,
          }),
          now,
        );
      }
      return requestId;
    });

    if (id === null) {
      this.deps.logger.info('richiesta di patrocinio ripetuta: già registrata, non duplicata');
      return { stored: false };
    }
    this.deps.notifyOutbox();
    this.deps.logger.info(
      { sponsorshipRequestId: id, attachments: files.length },
      'richiesta di patrocinio registrata',
    );
    return { stored: true };
  }

  /** Sizes first (413), then the safe-PDF checks (400, ADR 027); every offending file is named. */
  private async decodeAttachments(request: SponsorshipRequest): Promise<Buffer[]> {
    const { maxFileBytes, maxFileMb } = this.deps;
    const oversize: ErrorIssue[] = [];
    request.attachments.forEach((attachment, index) => {
      if (base64DecodedBytes(attachment.content) > maxFileBytes) {
        oversize.push({
          path: `attachments.${index}.content`,
          message: SPONSORSHIP_MESSAGES.fileTooLarge(maxFileMb),
        });
      }
    });
    if (oversize.length > 0) throw new AppError('payloadTooLarge', oversize);

    const contents = request.attachments.map((attachment) =>
      Buffer.from(attachment.content, 'base64'),
    );
    const refused: ErrorIssue[] = [];
    // One after the other: parsing is CPU work, and a request carries at most five files.
    for (const [index, content] of contents.entries()) {
      const issue = await pdfIssue(`attachments.${index}.content`, content);
      if (issue !== null) refused.push(issue);
    }
    if (refused.length > 0) {
      this.deps.logger.warn(
        { refused: refused.map((issue) => issue.message) },
        'richiesta di patrocinio: allegati PDF rifiutati',
      );
      throw new AppError('invalidRequest', refused);
    }
    return contents;
  }
}

/** What makes two submissions "the same request": every field and every file's bytes and name. */
function fingerprintOf(request: SponsorshipRequest, files: StoredFile[]): string {
  const fields: Partial<SponsorshipRequest> = { ...request };
  delete fields.attachments;
  const canonical = JSON.stringify({
    ...fields,
    email: request.email?.toLowerCase() ?? null,
    files: files.map((file) => [file.fileName, file.sha256]),
  });
  return createHash('sha256').update(canonical).digest('hex');
}
