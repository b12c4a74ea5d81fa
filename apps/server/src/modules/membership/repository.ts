import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type {
  DuesTable,
  Executor,
  MembershipApplicationsTable,
  MembershipsTable,
} from '../../db/schema.js';
import { anyColumnContains } from '../../text/search-text.js';
import { versionQueries } from '../listing/version-queries.js';

/** Every query of the membership tables: memberships, dues, member numbers (ADR 024). */

export type MembershipRow = Selectable<MembershipsTable>;
export type DueRow = Selectable<DuesTable>;

// ---------------------------------------------------------------------------------------------
// Memberships

export async function findMembership(
  db: Executor,
  memberId: number,
): Promise<MembershipRow | undefined> {
  return db
    .selectFrom('memberships')
    .selectAll()
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/** A membership known only by kind and first year (a payment before any application). */
export function bareMembership(
  memberId: number,
  kind: MembershipsTable['kind'],
  sinceYear: number,
  now: string,
): Insertable<MembershipsTable> {
  return {
    member_id: memberId,
    member_number: null,
    kind,
    section: null,
    since_year: sinceYear,
    codice_fiscale: null,
    qualification: null,
    workplace: null,
    centre: null,
    region: null,
    register_number: null,
    ratified_on: null,
    created_at: now,
    updated_at: now,
  };
}

/** Adds the membership unless the member has one; answers whether it was added. */
export async function insertMembershipOnce(
  db: Executor,
  row: Insertable<MembershipsTable>,
): Promise<boolean> {
  const inserted = await db
    .insertInto('memberships')
    .values(row)
    .onConflict((conflict) => conflict.column('member_id').doNothing())
    .returning('member_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Takes the member's dues ledger until the transaction ends (ADR 029, 2026-11-27 amendment):
 * every path that reads a year's state and then pays, exempts or reopens it starts here, so two
 * of them for one member run one after the other and the second reads what the first committed
 * (PostgreSQL's READ COMMITTED reads afresh at each statement). A write on the member's own
 * membership row is the lock both engines have: a row lock on PostgreSQL (several instances,
 * ADR 033), the database's write lock on SQLite. False when the member has no membership yet.
 */
export async function lockDuesOf(db: Executor, memberId: number): Promise<boolean> {
  const result = await db
    .updateTable('memberships')
    .set((eb) => ({ member_id: eb.ref('member_id') }))
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every membership (the register import matches numbers and codici fiscali on them). */
export async function allMemberships(db: Executor): Promise<MembershipRow[]> {
  return db.selectFrom('memberships').selectAll().execute();
}

/** Changes the given facts of a membership. */
export async function updateMembership(
  db: Executor,
  memberId: number,
  change: Updateable<MembershipsTable>,
): Promise<void> {
  await db.updateTable('memberships').set(change).where('member_id', '=', memberId).execute();
}

/** Every member's ledger (the register import compares the file with it). */
export async function allDues(db: Executor): Promise<DueRow[]> {
  return db.selectFrom('dues').selectAll().orderBy('member_id').orderBy('year').execute();
}

/**
 * A position's versions (ADR 041), keyed by its member's id as the table is. Besides the staff's
 * saves of its facts, the changes the system makes to them raise it too (a first year moved
 * back, the register import), so a form opened before them cannot put the old facts back.
 */
export const membershipVersions = versionQueries('memberships', 'member_id');

/** Moves the first year due earlier, never later (a payment for a year before it). */
export async function extendMembershipBack(db: Executor, memberId: number, year: number) {
  await db
    .updateTable('memberships')
    .set((eb) => ({ since_year: year, version: eb('version', '+', 1) }))
    .where('member_id', '=', memberId)
    .where('since_year', '>', year)
    .execute();
}

/** What the staff list filters in SQL (ADR 024, 2026-11-27); the standing is computed after. */
export interface MembershipFilter {
  q?: string | undefined;
  kind?: MembershipRow['kind'] | undefined;
  section?: string | undefined;
  region?: string | undefined;
  paidYear?: number | undefined;
}

function filteredMemberships(db: Executor, filter: MembershipFilter) {
  let query = db
    .selectFrom('memberships')
    .innerJoin('members', 'members.id', 'memberships.member_id');
  const text = anyColumnContains(
    [
      'members.last_name',
      'members.first_name',
      'members.email',
      'memberships.member_number',
      sql<string>`members.last_name || ' ' || members.first_name`,
      sql<string>`members.first_name || ' ' || members.last_name`,
    ],
    filter.q,
  );
  if (text !== null) query = query.where(text);
  if (filter.kind !== undefined) query = query.where('memberships.kind', '=', filter.kind);
  if (filter.section !== undefined) {
    query = query.where('memberships.section', '=', filter.section);
  }
  if (filter.region !== undefined) query = query.where('memberships.region', '=', filter.region);
  if (filter.paidYear !== undefined) {
    const year = filter.paidYear;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('dues')
          .select('dues.year')
          .whereRef('dues.member_id', '=', 'memberships.member_id')
          .where('dues.year', '=', year)
          .where('dues.status', '=', 'paid'),
      ),
    );
  }
  return query;
}

/**
 * The members with a membership matching `filter`, with their account's name and e-mail, by
 * surname; a page of them when `page` is given, else all (the standing filter and the export).
 */
export async function listMembershipsWithMember(
  db: Executor,
  filter: MembershipFilter,
  page?: { offset: number; limit: number },
) {
  let query = filteredMemberships(db, filter)
    .selectAll('memberships')
    .select(['members.email', 'members.first_name', 'members.last_name'])
    .orderBy('members.last_name')
    .orderBy('members.first_name')
    .orderBy('memberships.member_id');
  if (page !== undefined) query = query.limit(page.limit).offset(page.offset);
  const rows = await query.execute();
  if (page === undefined) return { rows, total: rows.length };
  const { total } = await filteredMemberships(db, filter)
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

export async function findMembershipWithMember(db: Executor, memberId: number) {
  return db
    .selectFrom('memberships')
    .innerJoin('members', 'members.id', 'memberships.member_id')
    .selectAll('memberships')
    .select(['members.email', 'members.first_name', 'members.last_name'])
    .where('memberships.member_id', '=', memberId)
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// Dues

/** A member's ledger, oldest year first. */
export async function duesOf(db: Executor, memberId: number): Promise<DueRow[]> {
  return db
    .selectFrom('dues')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('year')
    .execute();
}

/** The ledgers of several members (a page of the staff list). */
export async function duesOfMembers(db: Executor, memberIds: number[]): Promise<DueRow[]> {
  if (memberIds.length === 0) return [];
  return db
    .selectFrom('dues')
    .selectAll()
    .where('member_id', 'in', memberIds)
    .orderBy('year')
    .execute();
}

export async function findDue(db: Executor, memberId: number, year: number) {
  return db
    .selectFrom('dues')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('year', '=', year)
    .executeTakeFirst();
}

/**
 * Writes a member's year: inserted, or the existing row changed. `unless` lists the statuses
 * that must not be overwritten (a verified year is not made "reported" again).
 */
export async function writeDue(
  db: Executor,
  row: Omit<Insertable<DuesTable>, 'created_at'>,
  unless: DuesTable['status'][] = [],
): Promise<void> {
  const { member_id: memberId, year, updated_at: now } = row;
  const inserted = await db
    .insertInto('dues')
    .values({ ...row, created_at: now })
    .onConflict((conflict) => conflict.columns(['member_id', 'year']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted !== undefined) return;
  // One statement decides on the row as it is now, not as an earlier read saw it.
  let update = db.updateTable('dues').set(row).where('member_id', '=', memberId);
  update = update.where('year', '=', year);
  if (unless.length > 0) update = update.where('status', 'not in', unless);
  await update.execute();
}

/** The years a payment settled, back to unpaid (a refund or a rejection). */
export async function reopenDuesOfPayment(db: Executor, paymentId: number, now: string) {
  await db
    .updateTable('dues')
    .set({ status: 'unpaid', settled_on: null, payment_id: null, method: null, updated_at: now })
    .where('payment_id', '=', paymentId)
    .where('status', 'in', ['paid', 'reported'])
    .execute();
}

/** The years a payment settles, oldest first (its receipt, ADR 030). */
export async function yearsSettledBy(db: Executor, paymentId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('dues')
    .select('year')
    .where('payment_id', '=', paymentId)
    .orderBy('year')
    .execute();
  return rows.map((row) => row.year);
}

/**
 * A verified payment's years become paid by it, whatever state they were left in: reported by
 * this payment, reported by another payment of the member (paid twice before either was
 * verified: the one verified first takes them, so the other is the one paid twice), or open
 * again with no payment because another payment that had taken them was rejected or refunded.
 * Only years already paid or exempt stay as they are (ADR 029, ADR 030).
 */
export async function settleDuesByPayment(
  db: Executor,
  change: {
    memberId: number;
    years: number[];
    paymentId: number;
    method: DuesTable['method'];
    settledOn: string;
    now: string;
  },
) {
  if (change.years.length === 0) return;
  await db
    .updateTable('dues')
    .set({
      status: 'paid',
      payment_id: change.paymentId,
      method: change.method,
      settled_on: change.settledOn,
      updated_at: change.now,
    })
    .where('member_id', '=', change.memberId)
    .where('year', 'in', change.years)
    .where('status', 'not in', ['paid', 'exempt'])
    .execute();
}

/** Of `years`, those another payment or an exemption settled, not payment `paymentId`. */
export async function yearsSettledOtherwise(
  db: Executor,
  memberId: number,
  years: number[],
  paymentId: number,
): Promise<number[]> {
  if (years.length === 0) return [];
  const rows = await db
    .selectFrom('dues')
    .select(['year', 'payment_id'])
    .where('member_id', '=', memberId)
    .where('year', 'in', years)
    .where('status', 'in', ['paid', 'exempt'])
    .orderBy('year')
    .execute();
  return rows.filter((row) => row.payment_id !== paymentId).map((row) => row.year);
}

// ---------------------------------------------------------------------------------------------
// Member numbers

/**
 * The next progressive member number, 1 for the first: one atomic upsert on a single row, so
 * concurrent approvals get different numbers and a number once given is never given again.
 */
/**
 * The next progressive continues after `atLeast` (numbers taken over from an existing register,
 * ADR 042): the counter only grows.
 */
export async function raiseMemberNumberCounter(db: Executor, atLeast: number): Promise<void> {
  await db
    .insertInto('member_number_counter')
    .values({ id: 1, last_number: atLeast })
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet({
        last_number: sql<number>`case when member_number_counter.last_number < ${atLeast} then ${atLeast} else member_number_counter.last_number end`,
      }),
    )
    .execute();
}

export async function nextMemberNumber(db: Executor): Promise<number> {
  const { last_number } = await db
    .insertInto('member_number_counter')
    .values({ id: 1, last_number: 1 })
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet({ last_number: sql<number>`member_number_counter.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return last_number;
}

// ---------------------------------------------------------------------------------------------
// Applications

export type ApplicationRow = Selectable<MembershipApplicationsTable>;

/**
 * Stores a new application unless one is already waiting with its e-mail or codice fiscale
 * (the partial unique indexes: also two submits at the same instant); answers its id or null.
 */
export async function insertApplicationOnce(
  db: Executor,
  row: Insertable<MembershipApplicationsTable>,
): Promise<number | null> {
  const inserted = await db
    .insertInto('membership_applications')
    .values(row)
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export async function pendingApplicationWith(db: Executor, email: string, codiceFiscale: string) {
  return db
    .selectFrom('membership_applications')
    .select('id')
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('email', '=', email), eb('codice_fiscale', '=', codiceFiscale)]))
    .executeTakeFirst();
}

export async function membershipWithNumber(db: Executor, memberNumber: string) {
  return db
    .selectFrom('memberships')
    .select('member_id')
    .where('member_number', '=', memberNumber)
    .executeTakeFirst();
}

export async function membershipWithCodiceFiscale(db: Executor, codiceFiscale: string) {
  return db
    .selectFrom('memberships')
    .select('member_id')
    .where('codice_fiscale', '=', codiceFiscale)
    .executeTakeFirst();
}

export async function findApplication(db: Executor, id: number) {
  return db
    .selectFrom('membership_applications')
    .leftJoin('memberships', 'memberships.member_id', 'membership_applications.member_id')
    .selectAll('membership_applications')
    .select('memberships.member_number')
    .where('membership_applications.id', '=', id)
    .executeTakeFirst();
}

/** A page of the queue, newest first, waiting ones first. */
export async function listApplications(
  db: Executor,
  filter: { status?: MembershipApplicationsTable['status'] | undefined },
  offset: number,
  limit: number,
) {
  let query = db.selectFrom('membership_applications');
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  const rows = await query
    .leftJoin('memberships', 'memberships.member_id', 'membership_applications.member_id')
    .selectAll('membership_applications')
    .select('memberships.member_number')
    .orderBy(sql`case when membership_applications.status = 'pending' then 0 else 1 end`)
    .orderBy('membership_applications.created_at', 'desc')
    .orderBy('membership_applications.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const { total } = await query
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

/**
 * Marks a waiting application handled; false when it was not waiting any more (another staff
 * member handled it first): the guard against approving twice.
 */
export async function closeApplication(
  db: Executor,
  id: number,
  change: Pick<
    Updateable<MembershipApplicationsTable>,
    'status' | 'ratified_on' | 'refusal_reason' | 'member_id' | 'handled_at' | 'handled_by'
  >,
): Promise<boolean> {
  const result = await db
    .updateTable('membership_applications')
    .set(change)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function linkApplicationMember(db: Executor, id: number, memberId: number) {
  await db
    .updateTable('membership_applications')
    .set({ member_id: memberId })
    .where('id', '=', id)
    .execute();
}

export async function countPendingApplications(db: Executor): Promise<number> {
  const { total } = await db
    .selectFrom('membership_applications')
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(total);
}

export async function setMemberNumber(db: Executor, memberId: number, memberNumber: string) {
  await db
    .updateTable('memberships')
    .set({ member_number: memberNumber })
    .where('member_id', '=', memberId)
    .execute();
}
