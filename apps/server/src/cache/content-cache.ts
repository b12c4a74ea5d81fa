import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import {
  bumpContentVersion,
  contentChangedAt,
  contentVersion,
} from './content-version-repository.js';

const MAX_KEY_LENGTH = 200;
/** The default of `maxBytes` (the `CONTENT_CACHE_MB` setting's). */
export const DEFAULT_CONTENT_CACHE_BYTES = 32 * 1024 * 1024;

const weightOf = (key: string, value: string) => 2 * (key.length + value.length);

/** Most parts of one kind kept: a few pages' worth of news items is what lists show again. */
const DEFAULT_MAX_PARTS = 2000;

export interface ContentCacheOptions {
  /** Most answers kept; the least recently used goes first. */
  maxEntries?: number;
  /**
   * Most memory the kept keys and answers may take, counted as two bytes per character (V8's
   * widest strings): rendered pages weigh a hundred times an answer, so entries alone do not
   * bound memory (ADR 020). The least recently used go first; one larger answer is not kept.
   */
  maxBytes?: number;
  /**
   * How often the shared content version is re-read. Changes made through this instance are
   * seen at once; changes made by another instance (or the CLI) within this time. 0 reads it
   * for every lookup, so another instance's change is seen by the next request (ADR 033).
   */
  versionCheckMs?: number;
  now?: () => number;
}

/**
 * A cache of public answers, serialised once. Public content is the same for every visitor and
 * read far more than written, so lists are served from memory until content changes. Entries
 * belong to a content version kept in the database (`content_version`): every change to
 * published content calls `contentChanged()`, which bumps it, and every instance re-reads it at
 * most every `versionCheckMs`. Callers put "today" in their keys, so scheduled items appear at
 * midnight without a write. See docs/decisions/005-public-answer-cache.md.
 */
export class ContentCache {
  private readonly entries = new Map<string, string>();
  /** What `sharedParts` made: emptied with the answers. */
  private readonly partSets: Map<number, unknown>[] = [];
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  /** The weight of the kept entries, as `maxBytes` counts it. */
  private bytes = 0;
  private readonly versionCheckMs: number;
  private readonly now: () => number;
  private version = -1;
  /** Bumped whenever entries are dropped, so a computation that straddles a change is not kept. */
  private generation = 0;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    options: ContentCacheOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 1000;
    this.maxBytes = options.maxBytes ?? DEFAULT_CONTENT_CACHE_BYTES;
    this.versionCheckMs = options.versionCheckMs ?? 1000;
    this.now = options.now ?? Date.now;
  }

  /** The cached answer for `key`, computing and keeping it on a miss. */
  async get(requestedKey: string, compute: () => Promise<string>): Promise<string> {
    const { cached, keep } = await this.lookup(requestedKey);
    if (cached !== undefined) return cached;
    const value = await compute();
    keep(value);
    return value;
  }

  /**
   * The cached answer for `key` if any, and `keep`, which stores an answer computed since
   * unless content changed in between (then it is answered but not kept). For callers whose
   * answer is produced elsewhere, such as the rendered pages (ADR 020).
   */
  async lookup(
    requestedKey: string,
  ): Promise<{ cached: string | undefined; keep: (value: string) => void }> {
    // Long keys (they may embed request bodies) are kept as their digest.
    const key =
      requestedKey.length > MAX_KEY_LENGTH
        ? createHash('sha256').update(requestedKey).digest('base64')
        : requestedKey;
    await this.refreshVersion();
    const generationBefore = this.generation;
    const keep = (value: string) => {
      if (this.generation === generationBefore) this.store(key, value);
    };
    const cached = this.entries.get(key);
    if (cached !== undefined) {
      // Re-insert: Map keeps insertion order, so the oldest key is the least recently used.
      this.entries.delete(key);
      this.entries.set(key, cached);
    }
    return { cached, keep };
  }

  /** Call after any change to published content, inside or after its transaction. */
  async contentChanged(db: Kysely<Database> = this.db): Promise<void> {
    await bumpContentVersion(db, new Date(this.now()).toISOString());
    this.clear();
    this.checkedAt = Number.NEGATIVE_INFINITY;
  }

  /** When published content last changed (ISO timestamp), or null before any change. */
  async lastChangedAt(): Promise<string | null> {
    return contentChangedAt(this.db);
  }

  /**
   * A keeper of parts that many answers share, by id (a news item as every list and its page
   * show it), under the same content version as the answers and emptied with them: an answer
   * the cache has not seen is built from the parts it has (ADR 038). Use it only inside the
   * computation of an answer (`get`, `lookup`), whose lookup has read the version first.
   */
  sharedParts<Part>(maxEntries = DEFAULT_MAX_PARTS): SharedParts<Part> {
    const kept = new Map<number, Part>();
    this.partSets.push(kept);
    return new SharedParts(kept, maxEntries, () => this.generation);
  }

  private clear(): void {
    this.entries.clear();
    this.bytes = 0;
    for (const parts of this.partSets) parts.clear();
    this.generation += 1;
  }

  private store(key: string, value: string): void {
    const weight = weightOf(key, value);
    if (weight > this.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.entries.delete(key);
      this.bytes -= weightOf(key, previous);
    }
    // Map keeps insertion order: the first keys are the least recently used.
    for (const [oldest, answer] of this.entries) {
      if (this.entries.size < this.maxEntries && this.bytes + weight <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= weightOf(oldest, answer);
    }
    this.entries.set(key, value);
    this.bytes += weight;
  }

  private async refreshVersion(): Promise<void> {
    // A read already under way may have started before a change this lookup must see.
    if (this.versionCheckMs <= 0) return this.readVersion();
    if (this.now() - this.checkedAt < this.versionCheckMs) return;
    // One reader at a time: concurrent requests wait for the same query.
    this.checking ??= this.readVersion().finally(() => {
      this.checking = null;
    });
    await this.checking;
  }

  private async readVersion(): Promise<void> {
    const version = await contentVersion(this.db);
    if (version !== this.version) {
      this.clear();
      this.version = version;
    }
    this.checkedAt = this.now();
  }
}

/** Parts of answers by id, kept while content does not change (`ContentCache.sharedParts`). */
export class SharedParts<Part> {
  constructor(
    private readonly kept: Map<number, Part>,
    private readonly maxEntries: number,
    private readonly generation: () => number,
  ) {}

  /**
   * The parts of `ids`: those kept, and the others from `compute` (given the missing ids, in
   * order), kept unless content changed while they were computed.
   */
  async of(
    ids: readonly number[],
    compute: (missing: number[]) => Promise<Map<number, Part>>,
  ): Promise<Map<number, Part>> {
    const found = new Map<number, Part>();
    const missing: number[] = [];
    for (const id of ids) {
      const part = this.kept.get(id);
      if (part === undefined) missing.push(id);
      else found.set(id, part);
    }
    if (missing.length === 0) return found;
    const generationBefore = this.generation();
    const computed = await compute(missing);
    const keep = this.generation() === generationBefore;
    for (const [id, part] of computed) {
      found.set(id, part);
      if (!keep) continue;
      // The oldest goes first; parts are few and cheap to compute again.
      if (this.kept.size >= this.maxEntries)
        this.kept.delete(this.kept.keys().next().value as number);
      this.kept.set(id, part);
    }
    return found;
  }
}
