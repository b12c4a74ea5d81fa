import type { Executor } from '../../db/schema.js';
import { insertPending } from './repository.js';

/**
 * The outbox (DESIGN.md "Side effects: nothing lost"): anything that leaves the process is a
 * row written in the same transaction as the record that causes it; the worker
 * (`worker.ts`) delivers it later, with retries.
 */

/** An e-mail as the outbox keeps it; attachments are FileStore addresses, read at send time. */
export interface MailJob {
  to: string[];
  replyTo?: string;
  subject: string;
  text: string;
  attachments?: { fileName: string; sha256: string }[];
}

/** Forwarding a confirmed newsletter address to MailUp, or withdrawing it there. */
export interface MailUpJob {
  subscriptionId: number;
}

/** Checking a reported fee payment with PayPal (ADR 012). */
export interface PaymentVerifyJob {
  paymentId: number;
}

/** Reading the text of a saved PDF for the site search (ADR 025). */
export interface SearchExtractJob {
  attachmentId: number;
}

export interface OutboxJobs {
  mail: MailJob;
  'payment.verify': PaymentVerifyJob;
  'mailup.subscribe': MailUpJob;
  'mailup.unsubscribe': MailUpJob;
  'search.extract': SearchExtractJob;
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
