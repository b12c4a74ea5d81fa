import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The throttle's failure counters (`throttle_counters`), one row per key: every query of the
 * table, so the rules in `throttle.ts` run no SQL (ADR 021, ADR 044).
 */

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

/** Takes back one counted attempt. */
export async function refundFailure(db: Kysely<Database>, key: string): Promise<void> {
  await db
    .updateTable('throttle_counters')
    .set({ failures: sql<number>`failures - 1` })
    .where('key', '=', key)
    .where('failures', '>', 0)
    .execute();
}

/** The key counts nothing any more. */
export async function deleteCounter(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('throttle_counters').where('key', '=', key).execute();
}

/** Until when the key is closed (ISO timestamp), or null when it never was. */
export async function blockedUntil(db: Kysely<Database>, key: string): Promise<string | null> {
  const row = await db
    .selectFrom('throttle_counters')
    .select('blocked_until')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.blocked_until ?? null;
}

/**
 * One atomic upsert (parallel attempts on several instances all count): the window's failure
 * count plus one, and the key closed as the rule says for that count. With `whenOpen`, a key
 * still closed is left as it is and nothing is answered.
 */
export async function countFailure(
  db: Kysely<Database>,
  key: string,
  rule: ThrottleRule,
  now: Date,
  options: { whenOpen: boolean; weight?: number },
): Promise<number | undefined> {
  const weight = Math.max(1, Math.ceil(options.weight ?? 1));
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - rule.windowMs).toISOString();
  const current = sql.ref('throttle_counters.window_started_at');
  const inWindow = sql<boolean>`${current} > ${windowStart}`;
  const failures = sql<number>`case when ${inWindow} then throttle_counters.failures + ${weight} else ${weight} end`;
  const row = await db
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
