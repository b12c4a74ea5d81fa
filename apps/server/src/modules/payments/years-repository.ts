import type { Selectable } from 'kysely';
import type { Executor, PaymentsTable } from '../../db/schema.js';

/** The queries of `payment_years`: the years one payment settles (ADR 029). */

export async function insertPaymentYears(db: Executor, paymentId: number, years: number[]) {
  await db
    .insertInto('payment_years')
    .values(years.map((year) => ({ payment_id: paymentId, year })))
    .onConflict((conflict) => conflict.columns(['payment_id', 'year']).doNothing())
    .execute();
}

/** Every year a payment settles, oldest first: its own year when it settles only that one. */
export async function yearsOfPayment(
  db: Executor,
  payment: Pick<Selectable<PaymentsTable>, 'id' | 'year'>,
): Promise<number[]> {
  const rows = await db
    .selectFrom('payment_years')
    .select('year')
    .where('payment_id', '=', payment.id)
    .orderBy('year')
    .execute();
  return rows.length === 0 ? [payment.year] : rows.map((row) => row.year);
}
