import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The one row of `content_version`: the shared number every instance's answer cache reads, so
 * a change made anywhere empties them all (ADR 005, ADR 033).
 */

/** One more: published content changed at `at`. */
export async function bumpContentVersion(db: Kysely<Database>, at: string): Promise<void> {
  await db
    .updateTable('content_version')
    .set({ version: sql<number>`version + 1`, changed_at: at })
    .where('id', '=', 1)
    .execute();
}

/** When published content last changed (ISO timestamp), or null before any change. */
export async function contentChangedAt(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('content_version')
    .select('changed_at')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row?.changed_at ?? null;
}

/** The current version, 0 before the first. */
export async function contentVersion(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('content_version')
    .select('version')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row?.version ?? 0;
}
