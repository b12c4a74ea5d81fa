import type { Logger } from 'pino';
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
  const claimed = await claimOnce(db, job, slotOf(now, everyMs), now);
  if (claimed)
    await db
      .deleteFrom('scheduled_runs')
      .where('job', '=', job)
      .where('slot', '<', slotOf(new Date(now.getTime() - KEPT_SLOTS * everyMs), everyMs))
      .execute();
  return claimed;
}

export interface PeriodicJobOptions {
  db: Executor;
  /** The job's name in `scheduled_runs`. */
  name: string;
  clock: () => Date;
  everyMs: number;
  logger: Logger;
  /** What the log says when a run fails (Italian, like every log message of the jobs). */
  failureMessage: string;
  /** One run; answers how many things it did. Safe to repeat (see above). */
  work: () => Promise<number>;
}

/**
 * A job run every `everyMs` by one instance per slot (ADR 033): started with the server (a
 * first tick at once, so a late start loses nothing), stopped waiting for a run in progress;
 * `runOnce` runs it now, joining a run already in progress rather than starting a second one.
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(private readonly options: PeriodicJobOptions) {}

  start(): void {
    if (this.timer !== null) return;
    const { db, name, clock, everyMs, logger, failureMessage } = this.options;
    const tick = () => {
      claimScheduledRun(db, name, clock(), everyMs)
        .then((claimed) => (claimed ? this.runOnce() : 0))
        .catch((error: unknown) => logger.error({ err: error }, failureMessage));
    };
    this.timer = setInterval(tick, everyMs);
    this.timer.unref();
    tick();
  }

  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  runOnce(): Promise<number> {
    this.running ??= this.options.work().finally(() => {
      this.running = null;
    });
    return this.running;
  }
}

/**
 * Claims work done once ever for `key` across instances (a data format's upgrade): true for
 * the one claimer only. Inside the work's transaction, a run that dies undoes its claim too.
 */
export async function claimOnce(
  db: Executor,
  job: string,
  key: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .insertInto('scheduled_runs')
    .values({ job, slot: key, claimed_at: now.toISOString() })
    .onConflict((conflict) => conflict.columns(['job', 'slot']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
