import type { Insertable, Selectable } from 'kysely';
import type { Executor, PaymentItemsTable } from '../../db/schema.js';

/** The queries of `payment_items`: what each payment pays, whatever its purpose (ADR 045). */

export type PaymentItemRow = Selectable<PaymentItemsTable>;

/** A payment's items, in the payment's transaction; one per purpose and reference (unique). */
export async function insertPaymentItems(
  db: Executor,
  paymentId: number,
  items: readonly Omit<Insertable<PaymentItemsTable>, 'id' | 'payment_id'>[],
): Promise<void> {
  if (items.length === 0) return;
  await db
    .insertInto('payment_items')
    .values(items.map((item) => ({ ...item, payment_id: paymentId })))
    .onConflict((conflict) => conflict.columns(['payment_id', 'purpose', 'item_ref']).doNothing())
    .execute();
}

/** Every item of a payment, in the order they were added. */
export async function itemsOfPayment(db: Executor, paymentId: number): Promise<PaymentItemRow[]> {
  return db
    .selectFrom('payment_items')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .orderBy('id')
    .execute();
}

/**
 * The items of several payments (a page of the staff's list, an export), in the order they
 * were added; asked in slices, within SQLite's limit of bound values.
 */
export async function itemsOfPayments(
  db: Executor,
  paymentIds: readonly number[],
): Promise<PaymentItemRow[]> {
  const items: PaymentItemRow[] = [];
  for (let start = 0; start < paymentIds.length; start += ITEMS_SLICE) {
    items.push(
      ...(await db
        .selectFrom('payment_items')
        .selectAll()
        .where('payment_id', 'in', paymentIds.slice(start, start + ITEMS_SLICE))
        .orderBy('id')
        .execute()),
    );
  }
  return items;
}

/** Payments asked for at once by `itemsOfPayments`. */
const ITEMS_SLICE = 5_000;
