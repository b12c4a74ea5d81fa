import { NEWS_COVER, NEWS_COVER_MESSAGES } from '@sodalis/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import { AppError } from '../../http/app-error.js';
import { coverImages, type RenderedImage } from './images.js';

/*
 * A record's cover image (ADR 034), one rule for every kind of record that has one: news items
 * and events (ADR 052). Two sizes made from one upload and kept in the file store by hash; the
 * record's own table keeps their hashes, sizes and text alternative, through its repository.
 */

/** A cover file in the store, with the dimensions the page's `<img>` and `og:image` give. */
export interface StoredImage {
  sha256: string;
  width: number;
  height: number;
}

/** A cover as a record's table keeps it (without the record's own id column). */
export interface CoverColumns {
  share_sha256: string;
  share_width: number;
  share_height: number;
  page_sha256: string;
  page_width: number;
  page_height: number;
  alt: string;
  updated_at: string;
}

/** The queries of one kind of record's covers, written by its repository. */
export interface CoverRows {
  read(trx: Transaction<Database>, ownerId: number): Promise<CoverColumns | undefined>;
  write(trx: Transaction<Database>, ownerId: number, values: CoverColumns): Promise<void>;
  writeAlt(trx: Transaction<Database>, ownerId: number, alt: string, now: string): Promise<void>;
  remove(trx: Transaction<Database>, ownerId: number): Promise<void>;
}

/** The cover fields of a staff save (contracts' `adminCoverFields`). */
export interface CoverInput {
  keepCover?: boolean | undefined;
  coverAlt?: string | null | undefined;
}

/** A new cover's two sizes, made and put in the file store (before the save's transaction). */
export async function storedCover(
  files: FileStore,
  content: string,
): Promise<{ share: StoredImage; page: StoredImage }> {
  const { share, page } = await coverImages(content, 'newCover.content', NEWS_COVER);
  const store = async (image: RenderedImage): Promise<StoredImage> => ({
    sha256: (await files.put(image.bytes)).sha256,
    width: image.width,
    height: image.height,
  });
  return { share: await store(share), page: await store(page) };
}

/**
 * The cover of a save: a new one replaces the old, `keepCover: false` removes it, otherwise
 * only its text may change. Answers the files the record no longer uses (to drop after the
 * commit, `ImageFiles.drop`).
 */
export async function saveCover(
  trx: Transaction<Database>,
  rows: CoverRows,
  ownerId: number,
  input: CoverInput,
  added: { share: StoredImage; page: StoredImage } | null,
  now: string,
): Promise<string[]> {
  const existing = await rows.read(trx, ownerId);
  const oldFiles = existing === undefined ? [] : [existing.share_sha256, existing.page_sha256];
  if (added !== null) {
    await rows.write(trx, ownerId, {
      share_sha256: added.share.sha256,
      share_width: added.share.width,
      share_height: added.share.height,
      page_sha256: added.page.sha256,
      page_width: added.page.width,
      page_height: added.page.height,
      alt: input.coverAlt ?? '',
      updated_at: now,
    });
    return oldFiles;
  }
  if (existing === undefined) return [];
  if (input.keepCover === false) {
    await rows.remove(trx, ownerId);
    return oldFiles;
  }
  if (input.coverAlt === undefined) return [];
  if (!input.coverAlt) {
    throw new AppError('invalidRequest', [
      { path: 'coverAlt', message: NEWS_COVER_MESSAGES.altRequired },
    ]);
  }
  if (input.coverAlt !== existing.alt) await rows.writeAlt(trx, ownerId, input.coverAlt, now);
  return [];
}

/** The cover in the audit log (ADR 034): its text and the start of its file's hash, or null. */
export function coverLabel(
  cover: { alt: string; share_sha256: string } | undefined,
): string | null {
  return cover === undefined ? null : `${cover.alt} (${cover.share_sha256.slice(0, 12)})`;
}
