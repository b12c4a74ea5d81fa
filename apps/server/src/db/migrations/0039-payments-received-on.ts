import { romeDate } from '@sodalis/contracts';
import type { Kysely, Migration } from 'kysely';

/** A hand payment's reference: `contanti:<date>:<uuid>` or `carta:…` (ADR 029). */
const HAND_REFERENCE = /^(?:contanti|carta):(\d{4}-\d{2}-\d{2}):/;

/**
 * ADR 029 (amendment of 2026-11-27, dates of money): a payment records the Rome day its money was
 * received, `payments.received_on` (`YYYY-MM-DD`), beside when it was recorded (`created_at`,
 * `verified_at`). Existing rows take the day where it is known: a hand payment's from its
 * reference (the date staff entered), a bank transfer's from its statement row's booking date,
 * any other payment that was judged (PayPal) the Rome day of its verification. A payment never
 * verified keeps null. The ledger's paid years take their payment's day as `settled_on`, so the
 * dashboard and the exports count the money in the year it came in. Issued receipts are
 * documents (ADR 030) and stay as they are. Plain text and plain updates on both engines.
 */
export const paymentsReceivedOnMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema.alterTable('payments').addColumn('received_on', 'text').execute();
    const banked = new Map<number, string>();
    for (const row of (await db
      .selectFrom('bank_rows')
      .select(['payment_id', 'booked_on'])
      .where('payment_id', 'is not', null)
      .execute()) as { payment_id: number; booked_on: string }[]) {
      banked.set(row.payment_id, row.booked_on);
    }
    const payments = (await db
      .selectFrom('payments')
      .select(['id', 'paypal_order_id', 'verified_at'])
      .where('verified_at', 'is not', null)
      .execute()) as { id: number; paypal_order_id: string; verified_at: string }[];
    for (const payment of payments) {
      const receivedOn =
        HAND_REFERENCE.exec(payment.paypal_order_id)?.[1] ??
        banked.get(payment.id) ??
        romeDate(new Date(payment.verified_at));
      await db
        .updateTable('payments')
        .set({ received_on: receivedOn })
        .where('id', '=', payment.id)
        .execute();
      await db
        .updateTable('dues')
        .set({ settled_on: receivedOn })
        .where('payment_id', '=', payment.id)
        .where('status', '=', 'paid')
        .execute();
    }
  },
};
