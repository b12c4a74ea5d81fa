import { z } from 'zod';
import { outboxJob, type OutboxJobHandler } from '../outbox/worker.js';

/** Checking a reported fee payment with PayPal (ADR 012). */
export interface PaymentVerifyJob {
  paymentId: number;
}

// Queued by the payments service, run by the outbox (ADR 044); the kind is stored in the rows.
declare module '../outbox/outbox.js' {
  interface OutboxJobs {
    'payment.verify': PaymentVerifyJob;
  }
}

/** Checks a reported payment with PayPal (`PaymentsService.verify`), retried by the outbox. */
export function paymentVerifyJob(verify: (paymentId: number) => Promise<void>): OutboxJobHandler {
  return outboxJob({
    kind: 'payment.verify',
    payload: z.object({ paymentId: z.number().int() }),
    handle: (job) => verify(job.paymentId),
  });
}
