import type { AdminPaymentListQuery, PaymentStatus } from '@sodalis/contracts';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Executor, FeesTable, PaymentsTable } from '../../db/schema.js';
import { anyColumnContains } from '../../text/search-text.js';
import { countOf, idPage } from '../listing/id-page.js';
import { versionQueries } from '../listing/version-queries.js';

/** Every query of the payments tables: payments, fees and the receipt counters (ADR 012). */

// ---------------------------------------------------------------------------------------------
// Payments

export async function findPayment(db: Executor, id: number) {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPaymentByOrder(db: Executor, orderId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('paypal_order_id', '=', orderId)
    .executeTakeFirst();
}

export async function findPaymentByCapture(db: Executor, captureId: string) {
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
 * Stores what PayPal said of a payment not judged yet; false when another worker or a webhook
 * judged it meanwhile.
 */
export async function recordJudgement(
  db: Executor,
  id: number,
  judgement: Pick<
    Updateable<PaymentsTable>,
    | 'status'
    | 'flag_reason'
    | 'paid_cents'
    | 'paid_currency'
    | 'paypal_capture_id'
    | 'payer_email'
    | 'received_on'
  >,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ ...judgement, verified_at: now, updated_at: now })
    .where('id', '=', id)
    .where('verified_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The day a payment's money came in, where none was recorded (ADR 029, 2026-11-27). */
export async function setReceivedOnOnce(db: Executor, id: number, day: string): Promise<void> {
  await db
    .updateTable('payments')
    .set({ received_on: day })
    .where('id', '=', id)
    .where('received_on', 'is', null)
    .execute();
}

/** A refund, reversal or denial from PayPal; false when the payment already had that status. */
export async function markPayment(
  db: Executor,
  id: number,
  change: { status: 'rejected' | 'refunded'; reason: string },
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status: change.status, flag_reason: change.reason, updated_at: now })
    .where('id', '=', id)
    .where('status', '!=', change.status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setReceiptNumber(db: Executor, id: number, year: number, number: number) {
  await db
    .updateTable('payments')
    .set({ receipt_year: year, receipt_number: number })
    .where('id', '=', id)
    .execute();
}

/**
 * The next receipt number of `year`, 1 for the first. One atomic upsert: on PostgreSQL the
 * counter's row lock, on SQLite the single writer, serialise concurrent verifications, and a
 * rolled-back transaction gives its number back.
 */
/** The receipt numbers of several payments (a year's dues for the accountant, ADR 030). */
export async function receiptNumbersOfPayments(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('payments')
    .select(['id', 'receipt_year', 'receipt_number'])
    .where('id', 'in', ids)
    .execute();
}

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

// ---------------------------------------------------------------------------------------------
// The ledger in the back office: payments with the e-mail of the member who paid

const PAYMENT_SORTS: Record<string, string> = {
  createdAt: 'payments.created_at',
  year: 'payments.year',
  accountName: 'payments.account_name',
  status: 'payments.status',
  id: 'payments.id',
};

export type PaymentWithMemberRow = Selectable<PaymentsTable> & { member_email: string | null };

function filteredPayments(db: Executor, query: AdminPaymentListQuery) {
  let builder = db.selectFrom('payments').leftJoin('members', 'members.id', 'payments.member_id');
  const search = anyColumnContains(
    ['payments.account_name', 'payments.paypal_order_id', 'members.email'],
    query.q,
  );
  if (search !== null) builder = builder.where(search);
  if (query.status !== undefined) builder = builder.where('payments.status', '=', query.status);
  if (query.year !== undefined) builder = builder.where('payments.year', '=', query.year);
  if (query.feeAccess !== undefined) {
    builder = builder.where('payments.fee_access', '=', query.feeAccess);
  }
  if (query.feeId !== undefined) builder = builder.where('payments.fee_id', '=', query.feeId);
  return builder;
}

function paymentsWithMember(db: Executor) {
  return db
    .selectFrom('payments')
    .leftJoin('members', 'members.id', 'payments.member_id')
    .selectAll('payments')
    .select('members.email as member_email');
}

/** How many payments have this status (the dashboard's pending work, ADR 023). */
export function countPayments(db: Executor, status: PaymentStatus): Promise<number> {
  return countOf(db.selectFrom('payments').where('payments.status', '=', status));
}

/** One numbered page of the ledger in the chosen order, and how many payments match. */
export async function listPaymentsWithMember(
  db: Executor,
  query: AdminPaymentListQuery,
): Promise<{ rows: PaymentWithMemberRow[]; total: number }> {
  const page = await idPage(filteredPayments(db, query), query, {
    idColumn: 'payments.id',
    sortColumns: PAYMENT_SORTS,
    fallback: 'createdAt',
  });
  const rows =
    page.ids.length === 0
      ? []
      : await paymentsWithMember(db).where('payments.id', 'in', page.ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    rows: page.ids.flatMap((id) => {
      const row = byId.get(id);
      return row === undefined ? [] : [row];
    }),
    total: page.total,
  };
}

export async function findPaymentWithMember(
  db: Executor,
  id: number,
): Promise<PaymentWithMemberRow | undefined> {
  return paymentsWithMember(db).where('payments.id', '=', id).executeTakeFirst();
}

/** The ledger with the list's filters, oldest first, at most `limit` payments (the export). */
export async function allPaymentsWithMember(
  db: Executor,
  query: AdminPaymentListQuery,
  limit: number,
): Promise<PaymentWithMemberRow[]> {
  return filteredPayments(db, query)
    .selectAll('payments')
    .select('members.email as member_email')
    .orderBy('payments.created_at')
    .orderBy('payments.id')
    .limit(limit)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Fees

export type FeeRow = Selectable<FeesTable>;

export async function findFee(db: Executor, id: number): Promise<FeeRow | undefined> {
  return db.selectFrom('fees').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every fee, active or not, by type and order (the back office). */
export async function listFees(db: Executor): Promise<FeeRow[]> {
  return db
    .selectFrom('fees')
    .selectAll()
    .orderBy('access')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function insertFee(db: Executor, fee: Insertable<FeesTable>): Promise<number> {
  const { id } = await db.insertInto('fees').values(fee).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** A fee's versions (ADR 041). */
export const feeVersions = versionQueries('fees');

export async function updateFee(db: Executor, id: number, fee: Updateable<FeesTable>) {
  await db.updateTable('fees').set(fee).where('id', '=', id).execute();
}

/**
 * Whether payments took money at this fee (every state but `rejected`: a payment reported,
 * verified, to check or to refund has used its amount; ADR 029, ADR 031).
 */
export async function feeHasPayments(db: Executor, feeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('payments')
    .select('id')
    .where('fee_id', '=', feeId)
    .where('status', '!=', 'rejected')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether payments of a kind (`fee_access`) settled `year`: one of their dues items (ADR 029,
 * ADR 045), or their own year for a payment without items; rejected payments do not count.
 */
export async function yearHasPayments(
  db: Executor,
  access: FeeRow['access'],
  year: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('payments')
    .leftJoin('payment_items', (join) =>
      join
        .onRef('payment_items.payment_id', '=', 'payments.id')
        .on('payment_items.purpose', '=', 'dues'),
    )
    .select('payments.id')
    .where('payments.fee_access', '=', access)
    .where('payments.status', '!=', 'rejected')
    .where((eb) =>
      eb.or([
        eb('payment_items.item_ref', '=', String(year)),
        eb.and([eb('payment_items.item_ref', 'is', null), eb('payments.year', '=', year)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
