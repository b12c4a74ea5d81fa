import { z } from './zod.js';
import type { DueMethod, DueStatus, Standing } from './membership.js';

/**
 * The staff dashboard of dues (ADR 024, 029): for one year, members by standing and by the
 * year's due, what was collected by method, what was expected, and the work waiting.
 */
export const DuesReportQuerySchema = z.object({
  year: z.coerce
    .number({ message: 'Indica l’anno come numero, per esempio 2026.' })
    .int({ message: 'Indica l’anno come numero intero, per esempio 2026.' })
    .min(2000, { message: 'L’anno deve essere compreso tra il 2000 e il 2100.' })
    .max(2100, { message: 'L’anno deve essere compreso tra il 2000 e il 2100.' }),
});
export type DuesReportQuery = z.output<typeof DuesReportQuerySchema>;

/** Cents collected, in total and by method. */
export interface DuesCollected {
  totalCents: number;
  byMethod: Record<DueMethod, number>;
}

export interface DuesReport {
  year: number;
  /** The date the standing is computed on: today for this year, 31 December for a past one. */
  asOf: string;
  /** Memberships with the year due (joined that year or before). */
  members: number;
  byStanding: Record<Standing, number>;
  /** The year's due of each member; a year without a ledger row counts as unpaid. */
  byDueStatus: Record<DueStatus, number>;
  collected: DuesCollected;
  /** Every year of the ledger with something collected, oldest first. */
  collectedByYear: (DuesCollected & { year: number })[];
  /**
   * Money received in the calendar year, whatever year it pays (ADR 029, 2026-11-27): the paid
   * dues whose day received falls in it — the fiscal year's figure; cash of 30 December entered
   * in January counts in the year it came in.
   */
  receivedInYear: DuesCollected;
  /** The year's dues not waived, at their recorded amount or the member's active fee. */
  expectedCents: number;
  applicationsWaiting: number;
  bankRowsToReview: number;
}
