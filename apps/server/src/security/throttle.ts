import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../text/dates.js';

export interface ThrottleRule {
  /** Failures allowed in the window; the next one blocks. */
  maxFailures: number;
  windowMs: number;
  blockMs: number;
}

/** Login and reset requests (ADR 010): the 6th failure within 15 minutes blocks for 15 minutes. */
export const LOGIN_THROTTLE: ThrottleRule = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  blockMs: 15 * 60_000,
};

/**
 * Failure counters kept in the database, so every instance sees the same count. Keys combine
 * the account and the client's IP: an attacker elsewhere cannot lock a member out.
 */
export class Throttle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly rule: ThrottleRule = LOGIN_THROTTLE,
  ) {}

  async isBlocked(key: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('throttle_counters')
      .select('blocked_until')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.blocked_until != null && row.blocked_until > this.clock().toISOString();
  }

  /**
   * Counts a failure in one atomic upsert (parallel attempts on several instances all count);
   * answers true when the count goes past the limit, which blocks the key.
   */
  async recordFailure(key: string): Promise<boolean> {
    const now = this.clock();
    const nowIso = now.toISOString();
    const windowStart = new Date(now.getTime() - this.rule.windowMs).toISOString();
    const current = sql.ref('throttle_counters.window_started_at');
    const row = await this.db
      .insertInto('throttle_counters')
      .values({ key, failures: 1, window_started_at: nowIso, blocked_until: null })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          failures: sql<number>`case when ${current} > ${windowStart} then throttle_counters.failures + 1 else 1 end`,
          window_started_at: sql<string>`case when ${current} > ${windowStart} then ${current} else ${nowIso} end`,
        }),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    if (row.failures <= this.rule.maxFailures) return false;
    await this.db
      .updateTable('throttle_counters')
      .set({ blocked_until: new Date(now.getTime() + this.rule.blockMs).toISOString() })
      .where('key', '=', key)
      .execute();
    return true;
  }

  /**
   * Counts an attempt before it is judged, so parallel attempts cannot all pass a check made
   * before any of them failed; answers true when the key is blocked (refuse the attempt).
   * Callers reset the key when the attempt succeeds.
   */
  async attempt(key: string): Promise<boolean> {
    if (await this.isBlocked(key)) return true;
    return this.recordFailure(key);
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('throttle_counters').where('key', '=', key).execute();
  }
}
