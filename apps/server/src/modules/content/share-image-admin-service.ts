import {
  AdminShareImageInputSchema,
  SHARE_IMAGE,
  SHARE_IMAGE_MESSAGES,
  SHARE_IMAGE_RECORD_ID,
  type AdminShareImage,
} from '@sodalis/contracts';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, ShareImageTable } from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import { AppError } from '../../http/app-error.js';
import { parseInput } from '../../http/validation.js';
import type { Clock } from '../../text/dates.js';
import { saveEntry, writeAudit, type Actor } from '../admin/audit.js';
import { shareImage } from '../admin/images.js';
import type { ImageFiles } from '../../files/image-files.js';
import { deleteShareImage, findShareImage, writeShareImage } from './repository.js';
import { shareImageOf } from './service.js';

export interface ShareImageAdminDeps {
  db: Kysely<Database>;
  files: FileStore;
  clock: Clock;
  /** Whether an image file is still used by any record (ADR 034, 052). */
  imageFiles: ImageFiles;
}

/** A change of public content in one transaction that bumps the content version (ADR 005). */
type Publish = <T>(change: (trx: Transaction<Database>) => Promise<T>) => Promise<T>;

/** The share image in the audit log: its text and the start of its file's hash, never bytes. */
function auditView(row: Selectable<ShareImageTable> | undefined): Record<string, unknown> {
  return row === undefined
    ? { immagine: 'predefinita del sito', testoAlternativo: null }
    : {
        immagine: `JPEG ${row.width}×${row.height} (${row.sha256.slice(0, 12)})`,
        testoAlternativo: row.alt,
      };
}

/**
 * The pages' share image in the back office (ADR 034, amended 2026-11-24), beside the site
 * texts: uploaded and resized as a news cover's share size, audited, the content version
 * bumped so every page's `og:image` changes at once. A replaced image's file goes after the
 * commit once nothing uses it; its old address answers 404.
 */
export class ShareImageAdminService {
  constructor(
    private readonly deps: ShareImageAdminDeps,
    private readonly publish: Publish,
  ) {}

  async get(): Promise<AdminShareImage> {
    const row = await findShareImage(this.deps.db);
    return {
      id: SHARE_IMAGE_RECORD_ID,
      image: row === undefined ? null : shareImageOf(row),
      alt: row?.alt ?? null,
      updatedAt: row?.updated_at ?? null,
    };
  }

  /** A new image (with its text), or a new text for the stored one. */
  async save(actor: Actor, body: unknown): Promise<AdminShareImage> {
    const input = parseInput(AdminShareImageInputSchema, body);
    // Checked and resized before the transaction opens, as news covers (ADR 034).
    const made = input.newImage
      ? await shareImage(input.newImage.content, 'newImage.content', SHARE_IMAGE.side)
      : null;
    const stored =
      made === null
        ? null
        : {
            sha256: (await this.deps.files.put(made.bytes)).sha256,
            width: made.width,
            height: made.height,
          };
    const now = this.deps.clock();
    const replaced = await this.publish(async (trx) => {
      const before = await findShareImage(trx);
      const file = stored ?? before;
      if (file === undefined) {
        throw new AppError('invalidRequest', [
          { path: 'newImage', message: SHARE_IMAGE_MESSAGES.imageRequired },
        ]);
      }
      await writeShareImage(trx, {
        sha256: file.sha256,
        width: file.width,
        height: file.height,
        alt: input.alt,
        updated_at: now.toISOString(),
      });
      const after = await findShareImage(trx);
      await writeAudit(
        trx,
        actor,
        saveEntry(
          {
            entity: 'share_image',
            entityId: SHARE_IMAGE_RECORD_ID,
            summary: `Immagine di condivisione ${before === undefined ? 'caricata' : 'modificata'}`,
          },
          before === undefined ? null : auditView(before),
          auditView(after),
        ),
        now,
      );
      return before?.sha256;
    });
    await this.dropUnused(replaced);
    return this.get();
  }

  /** Back to the committed card: the uploaded image's file goes once nothing uses it. */
  async remove(actor: Actor): Promise<AdminShareImage> {
    const now = this.deps.clock();
    const removed = await this.publish(async (trx) => {
      const before = await findShareImage(trx);
      if (before === undefined) return undefined;
      await deleteShareImage(trx);
      await writeAudit(
        trx,
        actor,
        {
          action: 'elimina',
          entity: 'share_image',
          entityId: SHARE_IMAGE_RECORD_ID,
          summary: 'Immagine di condivisione tolta: le pagine usano quella predefinita del sito',
          before: auditView(before),
          after: auditView(undefined),
        },
        now,
      );
      return before.sha256;
    });
    await this.dropUnused(removed);
    return this.get();
  }

  /** Deletes a replaced or removed image's file unless the image or a cover still uses it. */
  private async dropUnused(sha256: string | undefined): Promise<void> {
    if (sha256 === undefined) return;
    await this.deps.imageFiles.drop(this.deps.db, this.deps.files, [sha256]);
  }
}
