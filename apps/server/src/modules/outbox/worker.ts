import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { maskEmailsIn } from '../../mail/mask.js';
import type { Clock } from '../../text/dates.js';
import type { OutboxJobs, OutboxKind } from './outbox.js';
import { claimRow, dueRows, markFailed, markSent } from './repository.js';

/** The row a handler is given: which job, and how many attempts it has had (this one included). */
export interface ClaimedRow {
  id: number;
  kind: string;
  attempts: number;
  createdAt: string;
}

/**
 * One kind of job as its owner defines it, beside the code it runs (ADR 044): the kind stored
 * in the row, the schema its payload is read back with, and what delivering it does.
 */
export interface OutboxJobDefinition<K extends OutboxKind> {
  kind: K;
  payload: z.ZodType<OutboxJobs[K]>;
  handle: (payload: OutboxJobs[K], row: ClaimedRow) => Promise<void>;
}

/** A handler of any kind, as the worker is given them. */
export type OutboxJobHandler = { [K in OutboxKind]: OutboxJobDefinition<K> }[OutboxKind];

/** A definition, checked against its kind's payload (`OutboxJobs`). */
export function outboxJob<K extends OutboxKind>(
  definition: OutboxJobDefinition<K>,
): OutboxJobHandler {
  return definition as unknown as OutboxJobHandler;
}

/** A failure no retry can fix (unknown job, missing file): the row is marked dead at once. */
export class PermanentDeliveryError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PermanentDeliveryError';
  }
}

/** First retry after a minute, then doubling, at most an hour apart. */
export const RETRY_BASE_MS = 60_000;
export const RETRY_CAP_MS = 3_600_000;

/** Delay before the next attempt of a row that has failed `attempts` times. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

export interface OutboxRunSummary {
  sent: number;
  retried: number;
  dead: number;
}

export interface OutboxWorkerOptions {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  /** Every kind's handler, from the kind's owner's `module.ts` at composition (ADR 046). */
  handlers: readonly OutboxJobHandler[];
  /** Attempts before a row is dead (OUTBOX_MAX_ATTEMPTS). */
  maxAttempts: number;
  /**
   * `auto`: polls, and wakes at once when told a row was added (the server). `manual`: runs
   * only when `runOnce()` is called (tests, for determinism).
   */
  mode: 'auto' | 'manual';
  /** Poll interval in auto mode. */
  pollMs?: number;
  /**
   * How long a claimed row stays reserved to its worker. Longer than any delivery can take
   * (SMTP timeouts are at most a minute); if the process dies mid-delivery the row comes due
   * again after it, so nothing is lost.
   */
  leaseMs?: number;
  batchSize?: number;
}

const DEFAULT_POLL_MS = 5_000;
const DEFAULT_LEASE_MS = 10 * 60_000;
const DEFAULT_BATCH = 20;
/** Most batches one run takes before yielding to the next poll. */
const MAX_BATCHES_PER_RUN = 50;
const MAX_ERROR_LENGTH = 1000;

/**
 * Delivers outbox rows with retries and exponential backoff; after `maxAttempts` failures a row
 * is `dead` (logged; kept for staff). Several workers (instances on one PostgreSQL) may run at
 * once: a row is claimed by a conditional update, so only one of them delivers it. It runs
 * the handlers it is given, one per kind, and reads each payload through its kind's schema; a
 * kind nobody handles, or a payload that does not match, is dead at once (ADR 044).
 */
export class OutboxWorker {
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private chain: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private started = false;
  private stopping = false;
  private readonly handlers = new Map<string, OutboxJobHandler>();

  constructor(private readonly options: OutboxWorkerOptions) {
    for (const handler of options.handlers) {
      if (this.handlers.has(handler.kind))
        throw new Error(`posta in uscita: due gestori per il tipo ${handler.kind}`);
      this.handlers.set(handler.kind, handler);
    }
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.batchSize = options.batchSize ?? DEFAULT_BATCH;
  }

  get mode(): 'auto' | 'manual' {
    return this.options.mode;
  }

  /** Starts polling in auto mode; the first run picks up rows left by a previous process. */
  start(): void {
    if (this.options.mode !== 'auto' || this.started || this.stopping) return;
    this.started = true;
    this.schedule(0);
  }

  /** A row was committed: in auto mode, deliver soon instead of at the next poll. */
  notify(): void {
    if (this.started && !this.stopping) this.schedule(0);
  }

  /** Delivers every row due now, one run at a time (calls made meanwhile wait their turn). */
  runOnce(): Promise<OutboxRunSummary> {
    const run = this.chain.then(() => this.drain());
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Stops polling and waits for the delivery in progress; pending rows stay for the next start. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    await this.chain;
  }

  private schedule(delayMs: number): void {
    if (this.stopping) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), delayMs);
    this.timer.unref();
  }

  private tick(): void {
    this.timer = null;
    this.runOnce()
      .catch((error: unknown) =>
        this.options.logger.error({ err: error }, 'posta in uscita: giro di consegna non riuscito'),
      )
      .finally(() => {
        if (this.timer === null) this.schedule(this.pollMs);
      });
  }

  private async drain(): Promise<OutboxRunSummary> {
    const summary: OutboxRunSummary = { sent: 0, retried: 0, dead: 0 };
    const { db, clock } = this.options;
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN && !this.stopping; batch += 1) {
      const now = clock();
      const due = await dueRows(db, now.toISOString(), this.batchSize);
      if (due.length === 0) break;
      for (const candidate of due) {
        if (this.stopping) break;
        const row = await this.claim(candidate.id, candidate.next_attempt_at);
        if (row === undefined) continue; // another worker took it
        summary[await this.deliver(row)] += 1;
      }
    }
    return summary;
  }

  /** Reserves a row for this worker: only one of several concurrent claims can match. */
  private async claim(id: number, seenDueAt: string) {
    const leaseUntil = new Date(this.options.clock().getTime() + this.leaseMs).toISOString();
    return claimRow(this.options.db, id, seenDueAt, leaseUntil);
  }

  private async deliver(row: {
    id: number;
    kind: string;
    payload_json: string;
    attempts: number;
    created_at: string;
  }): Promise<keyof OutboxRunSummary> {
    const { db, clock, logger, maxAttempts } = this.options;
    const log = { outboxId: row.id, kind: row.kind, attempts: row.attempts };
    try {
      const handler = this.handlers.get(row.kind);
      if (handler === undefined)
        throw new PermanentDeliveryError(`tipo di messaggio sconosciuto: ${row.kind}`);
      let payload: never;
      try {
        payload = handler.payload.parse(JSON.parse(row.payload_json)) as never;
      } catch (error) {
        throw new PermanentDeliveryError('contenuto del messaggio illeggibile', { cause: error });
      }
      await handler.handle(payload, {
        id: row.id,
        kind: row.kind,
        attempts: row.attempts,
        createdAt: row.created_at,
      });
    } catch (error) {
      const message = maskEmailsIn(error instanceof Error ? error.message : String(error)).slice(
        0,
        MAX_ERROR_LENGTH,
      );
      const dead = error instanceof PermanentDeliveryError || row.attempts >= maxAttempts;
      const now = clock();
      await markFailed(
        db,
        row.id,
        message,
        dead ? null : new Date(now.getTime() + retryDelayMs(row.attempts)).toISOString(),
      );
      if (dead) {
        logger.error({ ...log, error: message }, 'posta in uscita: messaggio abbandonato (dead)');
        return 'dead';
      }
      logger.warn({ ...log, error: message }, 'posta in uscita: consegna non riuscita, riprovo');
      return 'retried';
    }
    await markSent(db, row.id, clock().toISOString());
    logger.info(log, 'posta in uscita: consegnato');
    return 'sent';
  }
}
