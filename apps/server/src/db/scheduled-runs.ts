import type { Executor } from './schema.js';

/**
 * Scheduled work run once across instances (ADR 033). Every instance keeps its own timer;
 * at each tick it claims the job's current slot (the period of `everyMs` that holds `now`) by
 * inserting a row keyed by job and slot: the insert succeeds for exactly one instance, which
 * runs the work, and the others skip that slot. It needs no lock held across the work, works
 * on both engines, and a run that dies halfway is taken again at the next slot (so the work
 * must be safe to repeat, as every scheduled job here is).
 */

/** Claimed slots older than this many periods are deleted by the next claim of the job. */
const KEPT_SLOTS = 100;

/** The start of the slot of `everyMs` that holds `now`, as ISO text. */
export function slotOf(now: Date, everyMs: number): string {
  return new Date(Math.floor(now.getTime() / everyMs) * everyMs).toISOString();
}

/** Claims `job`'s run for the slot holding `now`: true for one claimer only, whatever the instance. */
export async function claimScheduledRun(
  db: Executor,
  job: string,
  now: Date,
  everyMs: number,
): Promise<boolean> {
  const slot = slotOf(now, everyMs);
  const result = await db
    .insertInto('scheduled_runs')
    .values({ job, slot, claimed_at: now.toISOString() })
    .onConflict((conflict) => conflict.columns(['job', 'slot']).doNothing())
    .executeTakeFirst();
  const claimed = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  if (claimed)
    await db
      .deleteFrom('scheduled_runs')
      .where('job', '=', job)
      .where('slot', '<', slotOf(new Date(now.getTime() - KEPT_SLOTS * everyMs), everyMs))
      .execute();
  return claimed;
}
