import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor, FeeYearsTable } from '../../../db/schema.js';
import type { FeeRow } from '../../payments/repository.js';
import { listFees } from '../../payments/repository.js';
import { versionQueries } from '../../listing/version-queries.js';

/** A year's fee's versions (ADR 041). */
export const feeYearVersions = versionQueries('fee_years');

/** The queries of `fee_years`: the fee of each year for each kind of member (ADR 029). */

export type FeeYearRow = Selectable<FeeYearsTable>;

/** The amounts of `years` for a kind that have a row of their own, by year. */
export async function feeYearAmounts(
  db: Executor,
  access: FeeRow['access'],
  years: readonly number[],
): Promise<Map<number, number>> {
  if (years.length === 0) return new Map();
  const rows = await db
    .selectFrom('fee_years')
    .select(['year', 'amount_cents'])
    .where('access', '=', access)
    .where('year', 'in', [...years])
    .execute();
  return new Map(rows.map((row) => [row.year, row.amount_cents]));
}

/** The first active fee of a kind (the fee page's, ADR 029). */
export async function activeFeeOfAccess(
  db: Executor,
  access: FeeRow['access'],
): Promise<FeeRow | undefined> {
  return (await listFees(db)).find((fee) => fee.active === 1 && fee.access === access);
}

/** Every year's fee, latest year first, Socio before Affiliato (the back office). */
export async function listFeeYears(db: Executor): Promise<FeeYearRow[]> {
  return db
    .selectFrom('fee_years')
    .selectAll()
    .orderBy('year', 'desc')
    .orderBy('access', 'desc')
    .execute();
}

export async function findFeeYear(db: Executor, id: number): Promise<FeeYearRow | undefined> {
  return db.selectFrom('fee_years').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a year's fee; null when the year and kind have one already (unique). */
export async function insertFeeYear(
  db: Executor,
  row: Insertable<FeeYearsTable>,
): Promise<number | null> {
  const inserted = await db
    .insertInto('fee_years')
    .values(row)
    .onConflict((conflict) => conflict.columns(['year', 'access']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

/** Updates a year's fee; false when another row has that year and kind already. */
export async function updateFeeYear(
  db: Executor,
  id: number,
  row: Updateable<FeeYearsTable> & Pick<FeeYearsTable, 'year' | 'access'>,
): Promise<boolean> {
  const clash = await db
    .selectFrom('fee_years')
    .select('id')
    .where('year', '=', row.year)
    .where('access', '=', row.access)
    .where('id', '!=', id)
    .executeTakeFirst();
  if (clash !== undefined) return false;
  await db.updateTable('fee_years').set(row).where('id', '=', id).execute();
  return true;
}
