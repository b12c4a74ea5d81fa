import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { BankRowsTable, BankStatementsTable, Executor } from '../../db/schema.js';

/** Every query of the bank tables: statements imported and their rows (ADR 029). */

export type BankRow = Selectable<BankRowsTable>;
export type BankStatementRow = Selectable<BankStatementsTable>;

/** Records a statement unless its content was imported already; answers its id or null. */
export async function insertStatementOnce(
  db: Executor,
  row: Insertable<BankStatementsTable>,
): Promise<number | null> {
  const inserted = await db
    .insertInto('bank_statements')
    .values(row)
    .onConflict((conflict) => conflict.column('sha256').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export async function findStatementBySha(db: Executor, sha256: string) {
  return db
    .selectFrom('bank_statements')
    .selectAll()
    .where('sha256', '=', sha256)
    .executeTakeFirst();
}

/** Which of `references` are imported already. */
export async function importedReferences(db: Executor, references: string[]): Promise<Set<string>> {
  if (references.length === 0) return new Set();
  const rows = await db
    .selectFrom('bank_rows')
    .select('reference')
    .where('reference', 'in', references)
    .execute();
  return new Set(rows.map((row) => row.reference));
}

/** Adds a bank row unless its reference is known; answers the new id or null. */
export async function insertBankRowOnce(
  db: Executor,
  row: Insertable<BankRowsTable>,
): Promise<number | null> {
  const inserted = await db
    .insertInto('bank_rows')
    .values(row)
    .onConflict((conflict) => conflict.column('reference').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export async function findBankRow(db: Executor, id: number): Promise<BankRow | undefined> {
  return db.selectFrom('bank_rows').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Closes a row waiting for review; false when it was not waiting any more (another staff
 * member handled it first).
 */
export async function closeBankRow(
  db: Executor,
  id: number,
  change: Pick<
    Updateable<BankRowsTable>,
    'status' | 'member_id' | 'years' | 'payment_id' | 'note' | 'handled_by' | 'handled_at'
  >,
): Promise<boolean> {
  const result = await db
    .updateTable('bank_rows')
    .set(change)
    .where('id', '=', id)
    .where('status', '=', 'review')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Rows in `statuses`, oldest first, a page at a time, and how many there are. */
export async function listBankRows(
  db: Executor,
  statuses: BankRowsTable['status'][],
  offset: number,
  limit: number,
) {
  const rows = await db
    .selectFrom('bank_rows')
    .selectAll()
    .where('status', 'in', statuses)
    .orderBy('booked_on')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
  const { total } = await db
    .selectFrom('bank_rows')
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .where('status', 'in', statuses)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

/** Rows waiting for staff (the dues dashboard's count). */
export async function countBankRowsToReview(db: Executor): Promise<number> {
  const { total } = await db
    .selectFrom('bank_rows')
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .where('status', '=', 'review')
    .executeTakeFirstOrThrow();
  return Number(total);
}

/**
 * The membership whose member number is `memberKey` once reduced to letters and digits (what a
 * bank leaves of it): punctuation the format allows (`/ . _ -`) is dropped on both sides.
 */
export async function findMembershipByNumberKey(db: Executor, memberKey: string) {
  const reduced = sql<string>`upper(replace(replace(replace(replace(memberships.member_number, '/', ''), '.', ''), '_', ''), '-', ''))`;
  return db
    .selectFrom('memberships')
    .innerJoin('members', 'members.id', 'memberships.member_id')
    .selectAll('memberships')
    .select(['members.email', 'members.first_name', 'members.last_name'])
    .where('memberships.member_number', 'is not', null)
    .where(reduced, '=', memberKey)
    .executeTakeFirst();
}

/** The payment a row became, and the account it paid for when the payment's owner names one. */
export async function setBankRowPayment(
  db: Executor,
  id: number,
  paymentId: number,
  memberId?: number | null,
) {
  await db
    .updateTable('bank_rows')
    .set(
      memberId == null ? { payment_id: paymentId } : { payment_id: paymentId, member_id: memberId },
    )
    .where('id', '=', id)
    .execute();
}

/**
 * Every member with a membership, with what the suggestions read (ADR 029, 2026-11-27): number,
 * names, e-mail, kind. Read once per page of rows, matched in memory (a society's register).
 */
export async function membersToSuggest(db: Executor) {
  return db
    .selectFrom('memberships')
    .innerJoin('members', 'members.id', 'memberships.member_id')
    .select([
      'memberships.member_id',
      'memberships.member_number',
      'memberships.kind',
      'memberships.since_year',
      'members.email',
      'members.first_name',
      'members.last_name',
    ])
    .execute();
}

/** Members an earlier matched or assigned transfer from each of `ibans` paid for. */
export async function membersPaidFromIbans(
  db: Executor,
  ibans: string[],
): Promise<{ payer_iban: string; member_id: number }[]> {
  if (ibans.length === 0) return [];
  const rows = await db
    .selectFrom('bank_rows')
    .select(['payer_iban', 'member_id'])
    .distinct()
    .where('payer_iban', 'in', ibans)
    .where('status', 'in', ['matched', 'assigned'])
    .where('member_id', 'is not', null)
    .execute();
  return rows.flatMap((row) =>
    row.payer_iban === null || row.member_id === null
      ? []
      : [{ payer_iban: row.payer_iban, member_id: row.member_id }],
  );
}

/** Which of `ids` still wait for review, for a bulk action. */
export async function bankRowsWaiting(db: Executor, ids: number[]): Promise<BankRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('bank_rows')
    .selectAll()
    .where('id', 'in', ids)
    .where('status', '=', 'review')
    .orderBy('id')
    .execute();
}
