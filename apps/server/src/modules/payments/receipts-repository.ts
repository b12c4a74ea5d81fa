import type { Insertable, Selectable } from 'kysely';
import type { Executor, ReceiptsTable } from '../../db/schema.js';

/** Every query of the receipts table (ADR 030); the numbers come from `nextReceiptNumber`. */

export type ReceiptRow = Selectable<ReceiptsTable>;

export async function insertReceipt(
  db: Executor,
  row: Insertable<ReceiptsTable>,
): Promise<ReceiptRow> {
  return db.insertInto('receipts').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findReceipt(db: Executor, id: number): Promise<ReceiptRow | undefined> {
  return db.selectFrom('receipts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findReceiptOfPayment(
  db: Executor,
  paymentId: number,
  kind: ReceiptsTable['kind'],
): Promise<ReceiptRow | undefined> {
  return db
    .selectFrom('receipts')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** A member's receipts, the newest first (the reserved area). */
export async function receiptsOfMember(db: Executor, memberId: number): Promise<ReceiptRow[]> {
  return db
    .selectFrom('receipts')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('issued_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Every receipt of a year, by number (the gap check of the accountant). */
export async function receiptsOfYear(db: Executor, year: number): Promise<ReceiptRow[]> {
  return db.selectFrom('receipts').selectAll().where('year', '=', year).orderBy('number').execute();
}
