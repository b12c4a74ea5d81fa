import { eventPath } from './events.js';

/**
 * The events' calendars (ADR 052): an `.ics` for each event, a feed of every event one may
 * subscribe to (`webcal:`), and a person's own registrations as a private feed whose address
 * holds a secret of their account.
 */

/** Every event on the site, a feed to subscribe to. */
export const EVENTS_CALENDAR_PATH = '/eventi/calendario.ics';

/** One event's `.ics`, beside its page: `/eventi/<id>-<slug>/calendario.ics`. */
export function eventCalendarPath(event: { id: number; slug: string }): string {
  return `${eventPath(event)}/calendario.ics`;
}

/** A person's registrations, by the secret of their account. */
export function registrationsCalendarPath(token: string): string {
  return `/eventi/iscrizioni/${encodeURIComponent(token)}/calendario.ics`;
}

/**
 * The `webcal:` address of a feed (what calendar apps open as a subscription rather than an
 * import): the same address with its scheme replaced.
 */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//i, 'webcal://');
}

/** The private feed of "Le mie iscrizioni": its address, and the same as `webcal:`. */
export interface MyCalendarFeed {
  url: string;
  webcalUrl: string;
}

/** The private feed on the pages without scripts (ADR 022), for the session cookie's token. */
export interface EventCalendarPages {
  /** The person's feed (made on first use); null without a session the server accepts. */
  mine(sessionToken: string): Promise<MyCalendarFeed | null>;
  /** A new secret: the old address stops working. Null without an accepted session. */
  regenerate(sessionToken: string): Promise<MyCalendarFeed | null>;
}

/** Its part of the pages' SSR context (ADR 046). */
declare module './web-context.js' {
  interface SodalisLoadContext {
    /** The private calendar shown in "Le mie iscrizioni" (ADR 052). */
    eventCalendars: EventCalendarPages;
  }
}
