/** The society works in Italian time: "today" and "this year" are Rome's. */
const ROME_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

let memo = { minute: Number.NaN, date: '' };

/** `YYYY-MM-DD` of `instant` in Rome. Memoised per minute: Intl formatting is slow on hot paths. */
export function romeDate(instant: Date): string {
  const minute = Math.floor(instant.getTime() / 60_000);
  if (minute !== memo.minute) memo = { minute, date: ROME_DATE.format(instant) };
  return memo.date;
}

export function romeYear(instant: Date): number {
  return Number(romeDate(instant).slice(0, 4));
}

/** A clock the services read, so tests can fix "now". */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
