import type { DueStatus, Standing } from '@sodalis/contracts';

/** The statute's rules the standing is computed with (MEMBERSHIP_* settings, ADR 024). */
export interface StandingRules {
  /** Last day (`MM-DD`) of a year on which its due still counts as on time. */
  graceUntil: string;
  /** Consecutive years missed that make a member lapse. */
  lapseAfterYears: number;
}

export const DEFAULT_STANDING_RULES: StandingRules = { graceUntil: '03-31', lapseAfterYears: 2 };

export interface StandingResult {
  standing: Standing;
  /** Years from `sinceYear` to the current one not settled, oldest first. */
  openYears: number[];
  /** Open years whose grace period is over. */
  missedYears: number[];
}

/** A year counts as settled when paid, waived, or reported and waiting for verification. */
function settled(status: DueStatus | undefined): boolean {
  return status === 'paid' || status === 'exempt' || status === 'reported';
}

/**
 * A member's standing on `today` (`YYYY-MM-DD`, Rome), from the ledger alone (ADR 024). Every
 * year from `sinceYear` to today's is due; a year without a row is unpaid. A year is missed
 * once its grace period has passed (after `graceUntil` of that year). Lapsed: a run of
 * `lapseAfterYears` consecutive missed years; arrears: a past year open; renewal due: only this
 * year open and missed; otherwise in good standing.
 */
export function computeStanding(
  ledger: { sinceYear: number; dues: ReadonlyMap<number, DueStatus> },
  today: string,
  rules: StandingRules,
): StandingResult {
  const currentYear = Number(today.slice(0, 4));
  const openYears: number[] = [];
  for (let year = ledger.sinceYear; year <= currentYear; year += 1) {
    if (!settled(ledger.dues.get(year))) openYears.push(year);
  }
  const missedYears = openYears.filter(
    (year) => year < currentYear || today.slice(5) > rules.graceUntil,
  );
  let run = 0;
  let longestRun = 0;
  for (const [index, year] of missedYears.entries()) {
    run = index > 0 && missedYears[index - 1] === year - 1 ? run + 1 : 1;
    longestRun = Math.max(longestRun, run);
  }
  const standing: Standing =
    longestRun >= rules.lapseAfterYears
      ? 'lapsed'
      : openYears.some((year) => year < currentYear)
        ? 'arrears'
        : missedYears.length > 0
          ? 'renewalDue'
          : 'good';
  return { standing, openYears, missedYears };
}
