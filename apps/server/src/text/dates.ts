/** The society works in Italian time: "today" and "this year" are Rome's. */
const ROME_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `YYYY-MM-DD` of `instant` in Rome. */
export function romeDate(instant: Date): string {
  return ROME_DATE.format(instant);
}

export function romeYear(instant: Date): number {
  return Number(romeDate(instant).slice(0, 4));
}

/** A clock the services read, so tests can fix "now". */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
