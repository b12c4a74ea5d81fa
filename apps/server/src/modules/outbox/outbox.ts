import type { Executor } from '../../db/schema.js';
import { insertPending } from './repository.js';

/**
 * The outbox (docs/architecture.md, "Side effects: nothing lost"): anything that leaves the process is a
 * row written in the same transaction as the record that causes it; the worker
 * (`worker.ts`) delivers it later, with retries.
 *
 * The outbox knows mail only. Every other kind of job is its owner's (ADR 044): the owner adds
 * its kind and payload to `OutboxJobs` (declaration merging, beside its handler in
 * `<domain>/outbox-jobs.ts`) and names its handler in its `module.ts`, which the composition
 * hands to the worker (ADR 046),
 * so the outbox imports no domain while those domains queue their jobs here.
 */

/** An e-mail as the outbox keeps it; attachments are FileStore addresses, read at send time. */
export interface MailJob {
  to: string[];
  replyTo?: string;
  subject: string;
  text: string;
  attachments?: { fileName: string; sha256: string }[];
}

/**
 * Each kind of job and its payload. The kind is stored in every row: a kind, once used, keeps
 * its name, or rows already queued in a database would never be delivered.
 */
export interface OutboxJobs {
  mail: MailJob;
}
export type OutboxKind = keyof OutboxJobs;

/** Adds a job, due at once. Call it inside the transaction that stores its cause. */
export async function enqueue<K extends OutboxKind>(
  db: Executor,
  kind: K,
  payload: OutboxJobs[K],
  now: Date,
): Promise<number> {
  return insertPending(db, kind, JSON.stringify(payload), now.toISOString());
}
