import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { MailUpClient } from '../../mailup/mailup-client.js';
import { outboxJob, PermanentDeliveryError, type OutboxJobHandler } from '../outbox/worker.js';
import { findSubscription, setMailUpRecipient } from './repository.js';

/** Forwarding a confirmed newsletter address to MailUp, or withdrawing it there. */
export interface MailUpJob {
  subscriptionId: number;
}

// The newsletter's jobs, queued by its service and run by the outbox (ADR 008, ADR 044). The
// kinds are stored in the rows: they keep these names.
declare module '../outbox/outbox.js' {
  interface OutboxJobs {
    'mailup.subscribe': MailUpJob;
    'mailup.unsubscribe': MailUpJob;
  }
}

const MailUpJobSchema = z.object({ subscriptionId: z.number().int() });

export interface MailUpJobDeps {
  db: Kysely<Database>;
  /** Null when MailUp is not configured: its jobs are never queued then. */
  mailup: MailUpClient | null;
}

/** Forwarding to MailUp and withdrawing from it, each read again from the subscription. */
export function mailUpJobs(deps: MailUpJobDeps): OutboxJobHandler[] {
  const { db, mailup } = deps;
  /** MailUp, and the subscription as it is now: it may have changed since the job was queued. */
  const current = async (job: MailUpJob) => {
    if (mailup === null) throw new PermanentDeliveryError('MailUp non è configurato');
    return { client: mailup, subscription: await findSubscription(db, 'id', job.subscriptionId) };
  };
  return [
    outboxJob({
      kind: 'mailup.subscribe',
      payload: MailUpJobSchema,
      async handle(job) {
        const { client, subscription } = await current(job);
        // Withdrawn meanwhile, or already forwarded: nothing to do.
        if (subscription?.status !== 'confirmed' || subscription.mailup_recipient_id !== null)
          return;
        const recipientId = await client.subscribe(subscription.email);
        await setMailUpRecipient(db, job.subscriptionId, recipientId);
      },
    }),
    outboxJob({
      kind: 'mailup.unsubscribe',
      payload: MailUpJobSchema,
      async handle(job) {
        const { client, subscription } = await current(job);
        // Never forwarded, or subscribed again meanwhile: nothing to withdraw.
        if (
          subscription === undefined ||
          subscription.mailup_recipient_id === null ||
          subscription.status === 'confirmed'
        )
          return;
        await client.unsubscribe(subscription.mailup_recipient_id);
        await setMailUpRecipient(db, job.subscriptionId, null);
      },
    }),
  ];
}
