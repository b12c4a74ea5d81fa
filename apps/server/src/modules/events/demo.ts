import { romeInstant } from '@sodalis/contracts';
import { searchText } from '../../text/search-text.js';
import type { DemoContent } from '../module.js';
import { writeEvent } from './repository.js';

const DAY_MS = 86_400_000;

/** `day` (`YYYY-MM-DD`) moved by `days`. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A Rome date and time as the stored UTC instant. */
const at = (day: string, time: string) => romeInstant(day, time).toISOString();

/**
 * The demo's events (ADR 047), relative to `today` like every demo record: the national
 * congress about two months ahead (three days, ECM credits, a registration window, places),
 * an online webinar next month and a course held last year. Answers how many.
 */
export const demoEvents: DemoContent = async (trx, { societyAcronym: acronym, today, stamp }) => {
  const congressStart = addDays(today, 60);
  const congressEnd = addDays(congressStart, 2);
  const webinarDay = addDays(today, 30);
  const lastYear = Number(today.slice(0, 4)) - 1;
  const courseDay = `${lastYear}-10-15`;
  const events = [
    {
      title: `Congresso nazionale ${acronym} ${congressStart.slice(0, 4)}`,
      starts_at: at(congressStart, '09:00'),
      ends_at: at(congressEnd, '13:00'),
      mode: 'in-presenza',
      venue_name: 'Palazzo della Cultura e dei Congressi',
      venue_address: 'Piazza della Costituzione 4',
      venue_city: 'Bologna',
      online_url: null,
      description_html:
        '<p>Il congresso nazionale della società: tre giornate di sessioni plenarie, simposi e comunicazioni orali su medicina trasfusionale, immunoematologia e <strong>Patient Blood Management</strong>.</p><p>Il programma scientifico definitivo sarà pubblicato su questa pagina.</p>',
      organisers: `${acronym} – Comitato scientifico e segreteria organizzativa`,
      ecm_credits: 1,
      registration_opens_at: at(addDays(today, -10), '09:00'),
      registration_closes_at: at(addDays(congressStart, -7), '23:59'),
      places: 800,
    },
    {
      title: 'Webinar: il Patient Blood Management nel paziente chirurgico',
      starts_at: at(webinarDay, '15:00'),
      ends_at: at(webinarDay, '17:00'),
      mode: 'online',
      venue_name: null,
      venue_address: null,
      venue_city: null,
      online_url: 'https://www.example.org/webinar-pbm',
      description_html:
        '<p>Due ore con esperti della società sulla gestione della risorsa sangue prima, durante e dopo l’intervento chirurgico.</p>',
      organisers: `${acronym} – Gruppo di lavoro Patient Blood Management`,
      ecm_credits: 0,
      registration_opens_at: null,
      registration_closes_at: null,
      places: null,
    },
    {
      title: `Corso di immunoematologia di base ${lastYear}`,
      starts_at: at(courseDay, '09:00'),
      ends_at: at(courseDay, '17:30'),
      mode: 'in-presenza',
      venue_name: 'Aula magna dell’Ospedale',
      venue_address: 'Via della Pace 10',
      venue_city: 'Roma',
      online_url: null,
      description_html:
        '<p>Una giornata di formazione sulle indagini immunoematologiche pretrasfusionali, con esercitazioni su casi reali.</p>',
      organisers: `${acronym} – Sezione regionale`,
      ecm_credits: 1,
      registration_opens_at: null,
      registration_closes_at: null,
      places: 60,
    },
  ];
  for (const event of events) {
    await writeEvent(
      trx,
      null,
      { ...event, title_search: searchText(event.title), published: 1, publish_at: null },
      stamp,
    );
  }
  return events.length;
};
