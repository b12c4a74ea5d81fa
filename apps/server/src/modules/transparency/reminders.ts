import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { PeriodicJob } from '../../db/scheduled-runs.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../text/dates.js';
import { enqueue } from '../outbox/outbox.js';
import { claimReminder } from './repository.js';
import { transparencyPendingWork } from './service.js';

export interface TransparencyRemindersDeps {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  /** Who is reminded: the secretariat's addresses. */
  recipients: string[];
  society: { acronym: string; publicBaseUrl: string };
  notifyOutbox: () => void;
  /** `auto` checks on start and then every `intervalMs`; `manual` only on `runOnce()` (tests). */
  mode: 'auto' | 'manual';
  intervalMs?: number;
}

/** Checked every hour: a reminder due today goes out within the hour, whenever it starts. */
const DEFAULT_INTERVAL_MS = 60 * 60_000;

/**
 * The daily reminder of the yearly publications (ADR 026): a missing item gets one e-mail to
 * the staff when it becomes "in scadenza" (1 June) and one when it becomes "in ritardo"
 * (1 July), through the outbox (ADR 008). The claim row makes it one per item and state across
 * instances and restarts; the check runs hourly so a restart or a late start loses no day.
 */
export class TransparencyReminders {
  private readonly job: PeriodicJob;

  constructor(private readonly deps: TransparencyRemindersDeps) {
    this.job = new PeriodicJob({
      db: deps.db,
      name: 'transparency-reminders',
      clock: deps.clock,
      everyMs: deps.intervalMs ?? DEFAULT_INTERVAL_MS,
      logger: deps.logger,
      failureMessage: 'promemoria trasparenza non riuscito',
      work: () => this.remind(),
    });
  }

  start(): void {
    if (this.deps.mode === 'auto') this.job.start();
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** Queues the reminders due now; answers how many were queued. */
  runOnce(): Promise<number> {
    return this.job.runOnce();
  }

  private async remind(): Promise<number> {
    const { db, clock, recipients, society } = this.deps;
    const now = clock();
    const warnings = await transparencyPendingWork(db, now);
    let queued = 0;
    for (const warning of warnings) {
      const sent = await db.transaction().execute(async (trx) => {
        if (!(await claimReminder(trx, warning.key, warning.state, now.toISOString())))
          return false;
        await enqueue(
          trx,
          'mail',
          {
            to: recipients,
            subject: `${society.acronym} – Società trasparente: ${
              warning.state === 'in-scadenza'
                ? 'pubblicazione in scadenza'
                : 'pubblicazione in ritardo'
            }`,
            text: [
              'Promemoria della sezione "Società trasparente" del sito.',
              '',
              warning.message,
              '',
              `Si pubblica dal pannello di amministrazione: ${society.publicBaseUrl}/amministrazione`,
            ].join('\n'),
          },
          now,
        );
        return true;
      });
      if (sent) {
        queued += 1;
        this.deps.logger.info(
          { key: warning.key, state: warning.state },
          'promemoria trasparenza in coda',
        );
      }
    }
    if (queued > 0) this.deps.notifyOutbox();
    return queued;
  }
}
