import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { FileStore } from './file-store.js';

/** Of these hashes, those a user of image files keeps (a table of covers, the share image). */
export type ImageFileUser = (db: Kysely<Database>, hashes: string[]) => Promise<string[]>;

/**
 * Every user of image files in the store (ADR 034, 052): the same picture uploaded as a news
 * cover, an event's cover and the share image is one file, which goes only when none of them
 * uses it. Each domain with images registers its user at composition, so the kit names none.
 */
export class ImageFiles {
  private readonly users: ImageFileUser[] = [];

  register(user: ImageFileUser): this {
    this.users.push(user);
    return this;
  }

  /** Of these hashes, those nothing uses any more (their files can go). */
  async unused(db: Kysely<Database>, hashes: string[]): Promise<string[]> {
    let left = [...new Set(hashes)];
    for (const user of this.users) {
      if (left.length === 0) break;
      const used = new Set(await user(db, left));
      left = left.filter((hash) => !used.has(hash));
    }
    return left;
  }

  /** Deletes the files of these hashes that nothing uses. */
  async drop(db: Kysely<Database>, files: FileStore, hashes: string[]): Promise<void> {
    for (const hash of await this.unused(db, hashes)) await files.remove(hash);
  }
}
