import {
  eventPath,
  eventPlaceText,
  italianEuroText,
  romeDate,
  romeTime,
  type PublicEvent,
} from '@sodalis/contracts';

/** A price as the pages write it: "Gratuita" for none (ADR 048). */
export const priceText = (cents: number) => (cents === 0 ? 'Gratuita' : italianEuroText(cents));

/** The id an event's address starts with: the contracts' rule, shared with the calendars. */
export { eventIdOfSlug } from '@sodalis/contracts';

/** An event's address (ADR 047): the contracts' one rule, shared with the server's feeds. */
export const eventHref = eventPath;

const dayFormat = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** "giovedì 28 gennaio 2027", in Rome. */
export function italianDay(instant: string): string {
  return dayFormat.format(new Date(instant));
}

/** "28 gennaio 2027, ore 09:00", in Rome. */
export function italianMoment(instant: string): string {
  const date = new Date(instant);
  return `${new Intl.DateTimeFormat('it-IT', {
    timeZone: 'Europe/Rome',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date)}, ore ${romeTime(date)}`;
}

/**
 * When the event takes place, in Rome and in Italian: one day ("giovedì 28 gennaio 2027, dalle
 * 09:00 alle 13:00") or several ("dal … ore 09:00 al … ore 13:00").
 */
export function eventWhen(event: Pick<PublicEvent, 'startsAt' | 'endsAt'>): string {
  const start = new Date(event.startsAt);
  const end = new Date(event.endsAt);
  if (romeDate(start) === romeDate(end)) {
    return `${italianDay(event.startsAt)}, dalle ${romeTime(start)} alle ${romeTime(end)}`;
  }
  return `dal ${italianDay(event.startsAt)} (ore ${romeTime(start)}) al ${italianDay(event.endsAt)} (ore ${romeTime(end)})`;
}

/** Where: the venue and its city, or "Online" (the contracts' rule, shared with the calendars). */
export const eventWhere = eventPlaceText;

/** An ISO instant with Rome's offset (`2027-01-28T09:00:00+01:00`), as schema.org dates read. */
export function romeIsoWithOffset(instant: string): string {
  const date = new Date(instant);
  const wall = Date.parse(`${romeDate(date)}T${romeTime(date)}:00Z`);
  const minutes = Math.round((wall - Math.floor(date.getTime() / 60_000) * 60_000) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${romeDate(date)}T${romeTime(date)}:00${offset}`;
}

/** The description as plain text (the page's description, the JSON-LD's). */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The schema.org `Event` of an event's page (ADR 047): dates with Rome's offset, the attendance
 * mode, the place or the virtual location, the organisers and the description as text.
 */
export function eventLd(
  event: PublicEvent,
  page: { url: string; image: string; society: string },
): Record<string, unknown> {
  const online = event.mode === 'online';
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    startDate: romeIsoWithOffset(event.startsAt),
    endDate: romeIsoWithOffset(event.endsAt),
    eventAttendanceMode: online
      ? 'https://schema.org/OnlineEventAttendanceMode'
      : 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    location: online
      ? { '@type': 'VirtualLocation', url: event.onlineUrl ?? page.url }
      : {
          '@type': 'Place',
          name: event.venueName ?? '',
          address: {
            '@type': 'PostalAddress',
            ...(event.venueAddress === null ? {} : { streetAddress: event.venueAddress }),
            ...(event.venueCity === null ? {} : { addressLocality: event.venueCity }),
            addressCountry: 'IT',
          },
        },
    image: [page.image],
    organizer: {
      '@type': 'Organization',
      name: event.organisers ?? page.society,
    },
    description: plainText(event.descriptionHtml).slice(0, 5000),
    url: page.url,
    inLanguage: 'it',
  };
}

/** The registration page of an event (ADR 049): `/eventi/<id>-<slug>/iscrizione`. */
export function registrationHref(event: { id: number; slug: string }): string {
  return `${eventHref(event)}/iscrizione`;
}

/** "Le mie iscrizioni" in the reserved area (ADR 049), where a participant signs in to (ADR 055). */
export { MY_REGISTRATIONS_PATH } from '@sodalis/contracts';
