import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../text/dates.js';

export interface ThrottleRule {
  /** Failures allowed in the window; the next one blocks for `blockMs`. */
  maxFailures: number;
  windowMs: number;
  blockMs: number;
  /**
   * Progressive delays (ADR 021): past `freeFailures` in the window, each failure closes the
   * key for the next of `delaysMs` (the last repeats), so a guesser slows down without a long
   * lock-out of the owner.
   */
  delays?: { freeFailures: number; delaysMs: readonly number[] };
}

/** Login and reset requests (ADR 010): the 6th failure within 15 minutes blocks for 15 minutes. */
export const LOGIN_THROTTLE: ThrottleRule = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  blockMs: 15 * 60_000,
};

/**
 * Failed sign-ins of one account from any address (ADR 021, ASVS 2.2.1): ten free, then a
 * delay doubling from 1 second to 1 minute at most; that caps a guesser at about 75 failures
 * an hour, under ASVS's 100, and nobody is ever locked out for more than a minute.
 */
export const ACCOUNT_SIGN_IN_THROTTLE: ThrottleRule = {
  maxFailures: 100,
  windowMs: 60 * 60_000,
  blockMs: 60_000,
  delays: { freeFailures: 10, delaysMs: [1, 2, 4, 8, 16, 32, 60].map((s) => s * 1000) },
};

/**
 * Failed sign-ins from one client address, whatever the account (ADR 021): the 31st in 15
 * minutes blocks the address for 15 minutes, before any password is hashed. Successful
 * sign-ins do not count, so an office behind one address is not limited by its members.
 */
export const ADDRESS_SIGN_IN_THROTTLE: ThrottleRule = {
  maxFailures: 30,
  windowMs: 15 * 60_000,
  blockMs: 15 * 60_000,
};

/**
 * Failure counters kept in the database, so every instance sees the same count and they hold
 * across restarts. Keys name what is counted: an account and the client's address (an attacker
 * elsewhere cannot lock a member out), an account alone, or an address alone.
 */
export class Throttle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly rule: ThrottleRule = LOGIN_THROTTLE,
  ) {}

  async isBlocked(key: string): Promise<boolean> {
    return (await this.secondsBlocked(key)) !== null;
  }

  /** Counts a failure; answers true when the count goes past the limit, which blocks the key. */
  async recordFailure(key: string, rule: ThrottleRule = this.rule): Promise<boolean> {
    const failures = await this.count(key, rule, { whenOpen: false });
    return failures !== undefined && failures > rule.maxFailures;
  }

  /**
   * Counts an attempt before it is judged, so parallel attempts cannot all pass a check made
   * before any of them failed; answers true when the key is blocked (refuse the attempt).
   * Callers reset the key when the attempt succeeds.
   */
  async attempt(key: string, rule: ThrottleRule = this.rule): Promise<boolean> {
    return (await this.admit(key, rule)) !== null;
  }

  /**
   * `attempt` answering null when admitted, else the seconds until the key opens again (the
   * `Retry-After` of the 429). Counting and the check are one conditional upsert, so of many
   * parallel attempts on a closed key none passes, and on a key at its limit only one does.
   */
  async admit(
    key: string,
    rule: ThrottleRule = this.rule,
    /** What the attempt counts for (an upload's kilobytes against a budget); 1 by default. */
    weight = 1,
  ): Promise<number | null> {
    const failures = await this.count(key, rule, { whenOpen: true, weight });
    if (failures !== undefined && failures <= rule.maxFailures) return null;
    return (await this.secondsBlocked(key)) ?? Math.ceil(rule.blockMs / 1000);
  }

  /** Takes back one counted attempt (one that turned out not to be a failure). */
  async refund(key: string): Promise<void> {
    await this.db
      .updateTable('throttle_counters')
      .set({ failures: sql<number>`failures - 1` })
      .where('key', '=', key)
      .where('failures', '>', 0)
      .execute();
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('throttle_counters').where('key', '=', key).execute();
  }

  /** Whole seconds (at least 1) until a blocked key opens, or null when it is open. */
  private async secondsBlocked(key: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('throttle_counters')
      .select('blocked_until')
      .where('key', '=', key)
      .executeTakeFirst();
    const now = this.clock().getTime();
    const until = row?.blocked_until == null ? null : Date.parse(row.blocked_until);
    return until === null || until <= now ? null : Math.max(1, Math.ceil((until - now) / 1000));
  }

  /**
   * One atomic upsert (parallel attempts on several instances all count): the window's failure
   * count plus one, and the key closed as the rule says for that count. With `whenOpen`, a key
   * still closed is left as it is and nothing is answered.
   */
  private async count(
    key: string,
    rule: ThrottleRule,
    options: { whenOpen: boolean; weight?: number },
  ): Promise<number | undefined> {
    const weight = Math.max(1, Math.ceil(options.weight ?? 1));
    const now = this.clock();
    const nowIso = now.toISOString();
    const windowStart = new Date(now.getTime() - rule.windowMs).toISOString();
    const current = sql.ref('throttle_counters.window_started_at');
    const inWindow = sql<boolean>`${current} > ${windowStart}`;
    const failures = sql<number>`case when ${inWindow} then throttle_counters.failures + ${weight} else ${weight} end`;
    const row = await this.db
      .insertInto('throttle_counters')
      .values({
        key,
        failures: weight,
        window_started_at: nowIso,
        blocked_until: closedUntil(rule, sql<number>`${weight}`, now, sql<null>`null`),
      })
      .onConflict((conflict) => {
        const update = conflict.column('key').doUpdateSet({
          failures,
          window_started_at: sql<string>`case when ${inWindow} then ${current} else ${nowIso} end`,
          blocked_until: closedUntil(
            rule,
            failures,
            now,
            sql.ref<string | null>('throttle_counters.blocked_until'),
          ),
        });
        return options.whenOpen
          ? update.where((eb) =>
              eb.or([
                eb('throttle_counters.blocked_until', 'is', null),
                eb('throttle_counters.blocked_until', '<=', nowIso),
              ]),
            )
          : update;
      })
      .returning('failures')
      .executeTakeFirst();
    return row?.failures;
  }
}

/**
 * Until when a key with `failures` failures stays closed under `rule` (a CASE over the count,
 * so the count and the closing are one statement): blocked past `maxFailures`, else the
 * progressive delay past the free failures, else `otherwise`.
 */
function closedUntil(
  rule: ThrottleRule,
  failures: Expression<number>,
  now: Date,
  otherwise: Expression<string | null>,
): RawBuilder<string | null> {
  const after = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const steps = [sql`when ${failures} > ${rule.maxFailures} then ${after(rule.blockMs)}`];
  const { freeFailures, delaysMs } = rule.delays ?? { freeFailures: 0, delaysMs: [] };
  delaysMs.forEach((delayMs, index) => {
    const last = index === delaysMs.length - 1;
    steps.push(
      sql`when ${failures} ${sql.raw(last ? '>=' : '=')} ${freeFailures + index + 1} then ${after(delayMs)}`,
    );
  });
  return sql<string | null>`case ${sql.join(steps, sql` `)} else ${otherwise} end`;
}
