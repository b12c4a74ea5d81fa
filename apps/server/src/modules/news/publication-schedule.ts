import type { Kysely } from 'kysely';
import type { ContentCache } from '../../cache/content-cache.js';
import { claimScheduledRun } from '../../db/scheduled-runs.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../text/dates.js';
import type { NewsService } from './service.js';

/** How often the schedule is looked at: a scheduled item goes public within this much. */
const CHECK_EVERY_MS = 20_000;

/**
 * Scheduled news go public at their Rome time without a restart (ADR 023). The public queries
 * already leave out an item before its moment; what could still hide it is an answer cached
 * before (the caches key on the day only, ADR 005 and 020). So every few seconds, if some item's
 * moment has passed since the last look, the content version is bumped and every cache drops.
 */
export class NewsPublicationSchedule {
  private checkedUntil: Date;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      news: NewsService;
      clock: Clock;
      contentCache: ContentCache;
    },
  ) {
    this.checkedUntil = deps.clock();
  }

  /** One look: answers how many items went public since the last one. */
  async runOnce(): Promise<number> {
    const now = this.deps.clock();
    if (now <= this.checkedUntil) return 0;
    const due = await this.deps.news.articlesGoingPublic(this.checkedUntil, now);
    this.checkedUntil = now;
    if (due > 0) await this.deps.contentCache.contentChanged();
    return due;
  }

  start(onError: (error: unknown) => void): void {
    if (this.timer !== null) return;
    // One instance looks per period (ADR 033); its bump reaches every instance's cache.
    const tick = async () => {
      if (
        await claimScheduledRun(this.deps.db, 'news-publication', this.deps.clock(), CHECK_EVERY_MS)
      )
        await this.runOnce();
    };
    this.timer = setInterval(() => {
      tick().catch(onError);
    }, CHECK_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }
}
