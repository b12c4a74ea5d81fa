import type { Executor, PaymentsTable } from '../../db/schema.js';

/**
 * Closes a payment with staff's decision, if it is in one of the states `from`; false when it
 * was not any more (another staff member decided first).
 */
export async function closeFlaggedPayment(
  db: Executor,
  id: number,
  change: {
    from: readonly PaymentsTable['status'][];
    status: 'verified' | 'to_refund';
    reason: string;
    now: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status: change.status, flag_reason: change.reason, updated_at: change.now })
    .where('id', '=', id)
    .where('status', 'in', [...change.from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A payment "da rimborsare" whose money went back: `refunded` with staff's note; false when it
 * was not to refund any more (another staff member recorded it first).
 */
export async function closeRefundDue(
  db: Executor,
  id: number,
  change: { reason: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status: 'refunded', flag_reason: change.reason, updated_at: change.now })
    .where('id', '=', id)
    .where('status', '=', 'to_refund')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
