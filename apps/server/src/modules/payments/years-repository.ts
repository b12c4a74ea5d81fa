import type { Selectable } from 'kysely';
import type { Executor, PaymentsTable } from '../../db/schema.js';

/** The dues years one payment settles: its `dues` items (ADR 029, ADR 045). */

/** Every year a payment settles, oldest first: its own year when it has no dues item. */
export async function yearsOfPayment(
  db: Executor,
  payment: Pick<Selectable<PaymentsTable>, 'id' | 'year'>,
): Promise<number[]> {
  const rows = await db
    .selectFrom('payment_items')
    .select('item_ref')
    .where('payment_id', '=', payment.id)
    .where('purpose', '=', 'dues')
    .execute();
  const years = rows.map((row) => Number(row.item_ref)).sort((a, b) => a - b);
  return years.length === 0 ? [payment.year] : years;
}
