import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from './data-dir.js';

/**
 * Where file bytes live (docs/architecture.md, "Files"). Blobs are addressed by their sha256, so the same
 * PDF attached twice is stored once and no path is ever built from request input. Metadata
 * (names, owners, content type) is in the database. The interface leaves room for an
 * S3-compatible store when instances share no disk.
 */
export interface FileStore {
  /** Stores bytes and answers their address; storing the same bytes twice is a no-op. */
  put(content: Uint8Array): Promise<{ sha256: string; sizeBytes: number }>;
  read(sha256: string): Promise<Buffer>;
  /** Streams bytes; `range` is inclusive, as in HTTP Range. */
  stream(sha256: string, range?: { start: number; end: number }): Readable;
  has(sha256: string): Promise<boolean>;
  /** Deletes bytes no record refers to any more; deleting what is not there is a no-op. */
  remove(sha256: string): Promise<void>;
}

const SHA256_PATTERN = /^[0-9a-f]{64}$/;

export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private pathOf(sha256: string): string {
    // The address is checked, never trusted: only 64 hex digits make a path.
    if (!SHA256_PATTERN.test(sha256)) throw new Error('indirizzo di file non valido');
    return path.join(this.root, sha256.slice(0, 2), sha256);
  }

  async put(content: Uint8Array): Promise<{ sha256: string; sizeBytes: number }> {
    const sha256 = createHash('sha256').update(content).digest('hex');
    const target = this.pathOf(sha256);
    if (!(await this.has(sha256))) {
      await fsp.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
      // Write aside, then rename: a reader never sees half a file. A write that fails (a full
      // disk: ENOSPC, ADR 028) leaves nothing behind, not even the part written aside.
      const temporary = `${target}.${randomUUID()}.tmp`;
      try {
        await fsp.writeFile(temporary, content, { mode: PRIVATE_FILE_MODE });
        await fsp.rename(temporary, target);
      } catch (error) {
        await fsp.rm(temporary, { force: true });
        throw error;
      }
    }
    return { sha256, sizeBytes: content.byteLength };
  }

  read(sha256: string): Promise<Buffer> {
    return fsp.readFile(this.pathOf(sha256));
  }

  stream(sha256: string, range?: { start: number; end: number }): Readable {
    return fs.createReadStream(this.pathOf(sha256), range);
  }

  async remove(sha256: string): Promise<void> {
    await fsp.rm(this.pathOf(sha256), { force: true });
  }

  async has(sha256: string): Promise<boolean> {
    try {
      await fsp.access(this.pathOf(sha256));
      return true;
    } catch {
      return false;
    }
  }
}
