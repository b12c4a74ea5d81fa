/**
 * Dates as the society writes them (spec §2.6: `dd/MM/yyyy`) and read on Italian time, one set
 * of rules for the server's mails and the web's pages and back office.
 */

/** The society works in Italian time: "today" and "this year" are Rome's. */
export const ROME_TIME_ZONE = 'Europe/Rome';

/**
 * A formatter in Rome's time, built on first use: building one loads the time zone's data,
 * tens of milliseconds of a phone's CPU that every page paid while its scripts were evaluated,
 * whether it showed a date or not (ADR 020, amendment of 2026-11-24).
 */
function romeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () =>
    (format ??= new Intl.DateTimeFormat(locale, { timeZone: ROME_TIME_ZONE, ...options }));
}

const romeDateFormat = romeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

let memo = { minute: Number.NaN, date: '' };

/** `YYYY-MM-DD` of `instant` in Rome. Memoised per minute: Intl formatting is slow on hot paths. */
export function romeDate(instant: Date = new Date()): string {
  const minute = Math.floor(instant.getTime() / 60_000);
  if (minute !== memo.minute) memo = { minute, date: romeDateFormat().format(instant) };
  return memo.date;
}

/** The year `instant` falls in, in Rome (the footer, year lists, fees). */
export function romeYear(instant: Date = new Date()): number {
  return Number(romeDate(instant).slice(0, 4));
}

/**
 * `dd/MM/yyyy` of a `YYYY-MM-DD` date, or of the date an ISO timestamp starts with; empty for
 * anything else, so a missing value shows as nothing.
 */
export function italianDate(value: unknown): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return '';
  const [year, month, day] = value.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/** `dd/MM/yyyy` of the day `instant` falls on in Rome (a payment's date in its receipt). */
export function italianRomeDate(instant: Date): string {
  return italianDate(romeDate(instant));
}

/**
 * `dd/MM/yyyy` of a day stored either as a Rome day `YYYY-MM-DD` (the day money came in, ADR
 * 029) or as an ISO timestamp (receipts issued before it), whose Rome day is taken.
 */
export function italianDayOf(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? italianDate(value) : italianRomeDate(new Date(value));
}

const italianDateTimeFormat = romeFormat('it-IT', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** `dd/MM/yyyy, HH:mm` in Rome's time for an ISO timestamp; empty when it is not one. */
export function italianDateTime(value: unknown): string {
  if (typeof value !== 'string') return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : italianDateTimeFormat().format(date);
}

const romeTimeFormat = romeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `HH:mm` of `instant` in Rome (a scheduled publication's time, ADR 023). */
export function romeTime(instant: Date): string {
  return romeTimeFormat().format(instant);
}

/**
 * The instant a Rome wall-clock date and time (`YYYY-MM-DD`, `HH:mm`) stands for: tried as UTC,
 * then moved by Rome's offset at that moment (checked again across a change of summer time).
 */
export function romeInstant(date: string, time: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  let instant = wall;
  for (let step = 0; step < 2; step += 1) {
    const shown = Date.parse(`${romeDate(new Date(instant))}T${romeTime(new Date(instant))}:00Z`);
    instant += wall - shown;
  }
  return new Date(instant);
}

/** A calendar day (`YYYY-MM-DD`) moved by `days` days, forward or back. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}
