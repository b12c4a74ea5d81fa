import type { Kysely, Migration } from 'kysely';

/** The reason `MarkForRefund` wrote on a payment it stored as `rejected` before this state. */
const MARKED_FOR_REFUND = 'Da rimborsare (segreteria): %';

/**
 * ADR 029 (2026-11-24 amendment): "da rimborsare" is a payment state of its own (`to_refund`)
 * instead of `rejected` with a note; the payments staff marked so before keep their note and
 * move to it. The status column is plain text on both engines, so only rows change.
 */
export const paymentsToRefundMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db
      .updateTable('payments')
      .set({ status: 'to_refund' })
      .where('status', '=', 'rejected')
      .where('flag_reason', 'like', MARKED_FOR_REFUND)
      .execute();
  },
};
