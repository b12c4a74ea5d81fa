import type { Executor } from '../../db/schema.js';

/**
 * Closes a "da controllare" payment with staff's decision; false when it was not flagged any
 * more (another staff member decided first).
 */
export async function closeFlaggedPayment(
  db: Executor,
  id: number,
  change: { status: 'verified' | 'rejected'; reason: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status: change.status, flag_reason: change.reason, updated_at: change.now })
    .where('id', '=', id)
    .where('status', '=', 'flagged')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
