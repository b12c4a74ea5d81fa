import { italianDate, romeDate, type TransparencyWarning } from '@sodalis/contracts';

/**
 * The yearly publications the law dates (ADR 026), for a given day in Rome:
 * - the public contributions received in a year, by 30 June of the next (L. 124/2017 art. 1
 *   c. 125): a table with rows, or the declaration that there were none;
 * - the final accounts (bilancio consuntivo) of a year, approved by the spring assembly and
 *   published by 30 June of the next.
 * Each is "in scadenza" from 1 June to 30 June, when a reminder goes to the staff, and
 * "in ritardo" from 1 July until the next cycle opens on the next 1 June: an item never
 * published stays flagged rather than vanishing at New Year.
 */

/** What is already published, as the deadlines need it. */
export interface YearlyFacts {
  publications: { type: string; year: number }[];
  contributionYears: number[];
}

interface YearlyItem {
  id: string;
  done: (facts: YearlyFacts, year: number) => boolean;
  dueSoon: (year: number, dueOn: string) => string;
  late: (year: number, dueOn: string) => string;
}

const published = (facts: YearlyFacts, type: string, year: number) =>
  facts.publications.some((publication) => publication.type === type && publication.year === year);

const YEARLY_ITEMS: YearlyItem[] = [
  {
    id: 'contributi',
    done: (facts, year) =>
      facts.contributionYears.includes(year) || published(facts, 'assenza-contributi', year),
    dueSoon: (year, dueOn) =>
      `Contributi pubblici ricevuti nel ${year}: la tabella (o la dichiarazione di nessun contributo) va pubblicata entro il ${dueOn} (L. 124/2017, art. 1, c. 125).`,
    late: (year, dueOn) =>
      `Contributi pubblici ricevuti nel ${year}: la tabella non è pubblicata ed è scaduta il ${dueOn} (L. 124/2017, art. 1, c. 125).`,
  },
  {
    id: 'bilancio-consuntivo',
    done: (facts, year) => published(facts, 'bilancio-consuntivo', year),
    dueSoon: (year, dueOn) => `Bilancio consuntivo ${year}: va pubblicato entro il ${dueOn}.`,
    late: (year, dueOn) =>
      `Bilancio consuntivo ${year}: non è pubblicato ed è scaduto il ${dueOn}.`,
  },
];

/** First day of the reminder and last day to publish, `MM-DD` of the year after the item's. */
const WARN_FROM = '06-01';
const DUE_ON = '06-30';

/** The items of the latest cycle missing on `now` (Rome's day), in scadenza or in ritardo. */
export function transparencyWarnings(now: Date, facts: YearlyFacts): TransparencyWarning[] {
  const today = romeDate(now);
  const thisYear = Number(today.slice(0, 4));
  // The cycle whose window opened last: this year's from 1 June, else last year's (late by now).
  const cycleYear = today.slice(5) < WARN_FROM ? thisYear - 1 : thisYear;
  const year = cycleYear - 1;
  const dueOn = `${cycleYear}-${DUE_ON}`;
  const state = today <= dueOn ? 'in-scadenza' : 'in-ritardo';
  return YEARLY_ITEMS.filter((item) => !item.done(facts, year)).map((item) => ({
    key: `${item.id}-${year}`,
    year,
    state,
    dueOn,
    message: (state === 'in-scadenza' ? item.dueSoon : item.late)(year, italianDate(dueOn)),
  }));
}
