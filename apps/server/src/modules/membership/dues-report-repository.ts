import type { Executor } from '../../db/schema.js';
import type { DueRow } from './repository.js';

/** The queries of the staff dashboard of dues and its exports (ADR 024). */

/** Every membership due in `year` (joined that year or before), with the member's name. */
export async function membershipsDueIn(db: Executor, year: number) {
  return db
    .selectFrom('memberships')
    .innerJoin('members', 'members.id', 'memberships.member_id')
    .select([
      'memberships.member_id',
      'memberships.member_number',
      'memberships.kind',
      'memberships.since_year',
      'members.first_name',
      'members.last_name',
    ])
    .where('memberships.since_year', '<=', year)
    .orderBy('members.last_name')
    .orderBy('members.first_name')
    .orderBy('memberships.member_id')
    .execute();
}

/** The whole ledger up to `year`, oldest year first: the standing reads every past year. */
export async function duesUpTo(db: Executor, year: number): Promise<DueRow[]> {
  return db.selectFrom('dues').selectAll().where('year', '<=', year).orderBy('year').execute();
}

/** Cents collected by year and method: the paid dues of the ledger, nothing else (ADR 024). */
export async function paidDuesTotals(db: Executor) {
  const rows = await db
    .selectFrom('dues')
    .select(['year', 'method'])
    .select((eb) => eb.fn.sum<string | number | null>('amount_cents').as('cents'))
    .where('status', '=', 'paid')
    .groupBy(['year', 'method'])
    .orderBy('year')
    .execute();
  return rows.map((row) => ({ year: row.year, method: row.method, cents: Number(row.cents ?? 0) }));
}

/**
 * Cents received in the calendar year `year` by method, whatever year they pay: the paid dues
 * whose `settled_on`, the day the money came in (ADR 029, 2026-11-27), falls in it.
 */
export async function duesReceivedIn(db: Executor, year: number) {
  const rows = await db
    .selectFrom('dues')
    .select('method')
    .select((eb) => eb.fn.sum<string | number | null>('amount_cents').as('cents'))
    .where('status', '=', 'paid')
    .where('settled_on', '>=', `${year}-01-01`)
    .where('settled_on', '<', `${year + 1}-01-01`)
    .groupBy('method')
    .execute();
  return rows.map((row) => ({ method: row.method, cents: Number(row.cents ?? 0) }));
}
