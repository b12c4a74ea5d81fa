import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, PaymentsTable } from '../../db/schema.js';
import type { Executor } from '../../db/schema.js';

export async function findPayment(db: Kysely<Database>, id: number) {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPaymentByOrder(db: Kysely<Database>, orderId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('paypal_order_id', '=', orderId)
    .executeTakeFirst();
}

export async function findPaymentByCapture(db: Kysely<Database>, captureId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('paypal_capture_id', '=', captureId)
    .executeTakeFirst();
}

/** Inserts the payment unless its order is already recorded; answers the new id or null. */
export async function insertPaymentOnce(
  db: Executor,
  row: Insertable<PaymentsTable>,
): Promise<number | null> {
  const inserted = await db
    .insertInto('payments')
    .values(row)
    .onConflict((conflict) => conflict.column('paypal_order_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

/**
 * The next receipt number of `year`, 1 for the first. One atomic upsert: on PostgreSQL the
 * counter's row lock, on SQLite the single writer, serialise concurrent verifications, and a
 * rolled-back transaction gives its number back.
 */
export async function nextReceiptNumber(db: Executor, year: number): Promise<number> {
  const { last_number } = await db
    .insertInto('receipt_counters')
    .values({ year, last_number: 1 })
    .onConflict((conflict) =>
      conflict
        .column('year')
        .doUpdateSet({ last_number: sql<number>`receipt_counters.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return last_number;
}
