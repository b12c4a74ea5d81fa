import type { Executor } from '../../../db/schema.js';
import { activeFeeOfAccess, feeYearAmounts } from './fee-years-repository.js';
import type { FeeRow } from '../../payments/repository.js';

/**
 * The one rule for what a year of dues costs (ADR 029, 2026-11-24): the fee staff set for that
 * year and kind (`fee_years`), else today's active fee of the kind. Arrears are charged at their
 * own year's fee; the fee page, the PayPal order's amount, the bank causale's amount, hand
 * payments, the ledger and the dues dashboard's "expected" all read it here. Answers each
 * year's amount in cents, in the order given; null for a year with neither (no fee of the kind).
 */
export async function feesOfYears(
  db: Executor,
  access: FeeRow['access'],
  years: readonly number[],
): Promise<(number | null)[]> {
  const own = await feeYearAmounts(db, access, years);
  const missing = years.some((year) => !own.has(year));
  const fallback = missing ? ((await activeFeeOfAccess(db, access))?.amount_cents ?? null) : null;
  return years.map((year) => own.get(year) ?? fallback);
}

/** The total of `years` at their own fees (`feesOfYears`); null if a year has no fee. */
export async function totalFeeOfYears(
  db: Executor,
  access: FeeRow['access'],
  years: readonly number[],
): Promise<number | null> {
  const amounts = await feesOfYears(db, access, years);
  if (amounts.some((amount) => amount === null)) return null;
  return amounts.reduce<number>((sum, amount) => sum + (amount ?? 0), 0);
}
