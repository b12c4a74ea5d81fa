const DAY_MONTH_YEAR = new Intl.DateTimeFormat('it-IT', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `YYYY-MM-DD` (or an ISO timestamp) as `dd/MM/yyyy` (spec §2.6); empty for an invalid date. */
export function formatDate(value: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? '' : DAY_MONTH_YEAR.format(date);
}

const ROME_YEAR = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Rome', year: 'numeric' });

/** The current year in Italy (the footer, year lists). */
export function currentRomeYear(now: Date = new Date()): number {
  return Number(ROME_YEAR.format(now));
}
