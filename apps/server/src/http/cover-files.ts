import type { NewsCover } from '@sodalis/contracts';
import type { FileStore } from '../files/file-store.js';
import { AppError } from './app-error.js';

/*
 * A record's cover as the public answers carry it and its files as they are served (ADR 034),
 * one rule for news items and events (ADR 052): each file at the address of its hash.
 */

/** A cover's columns as a record's covers table keeps them. */
export interface CoverRow {
  share_sha256: string;
  share_width: number;
  share_height: number;
  page_sha256: string;
  page_width: number;
  page_height: number;
  alt: string;
}

/** `<sha256>.jpg` (the share size) or `<sha256>.webp` (the page's). */
const COVER_FILE_PATTERN = /^([0-9a-f]{64})\.(jpg|webp)$/;

/** The name of a cover's file under its domain's address. */
export const coverFileName = (sha256: string, kind: 'share' | 'page') =>
  `${sha256}.${kind === 'share' ? 'jpg' : 'webp'}`;

/** A stored cover as the answers carry it, its files under `base` (`…/NewsCover`). */
export function coverAnswer(row: CoverRow, base: string): NewsCover {
  return {
    url: `${base}/${coverFileName(row.share_sha256, 'share')}`,
    width: row.share_width,
    height: row.share_height,
    pageUrl: `${base}/${coverFileName(row.page_sha256, 'page')}`,
    pageWidth: row.page_width,
    pageHeight: row.page_height,
    alt: row.alt,
  };
}

/**
 * A cover's file by its name, while `kindOf` says the hash is a cover's (of a record not in
 * the bin) of that size; 404 otherwise.
 */
export async function coverFile(
  files: FileStore,
  fileName: string,
  kindOf: (sha256: string) => Promise<'share' | 'page' | null>,
): Promise<{ bytes: Buffer; contentType: string; sha256: string }> {
  const match = COVER_FILE_PATTERN.exec(fileName);
  const sha256 = match?.[1];
  if (match === null || sha256 === undefined) throw new AppError('notFound');
  const kind = await kindOf(sha256);
  if (kind === null || (kind === 'share') !== (match[2] === 'jpg')) throw new AppError('notFound');
  return {
    bytes: await files.read(sha256),
    contentType: kind === 'share' ? 'image/jpeg' : 'image/webp',
    sha256,
  };
}
