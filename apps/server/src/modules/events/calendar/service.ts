import {
  EVENTS_CALENDAR_PATH,
  eventCalendarPath,
  eventPath,
  eventPlaceText,
  eventSlug,
  italianDateTime,
  PLACE_HOLDING_STATES,
  registrationsCalendarPath,
  registrationStateLabel,
  webcalUrl,
  type EventMode,
  type MyCalendarFeed,
  type RegistrationState,
} from '@sodalis/contracts';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { ContentCache } from '../../../cache/content-cache.js';
import type { Database } from '../../../db/schema.js';
import type { Clock } from '../../../text/dates.js';
import { plainText } from '../../search/sources.js';
import { visibleEvents, visibleEventsAmong, type EventRow } from '../repository.js';
import { registrationsOfMember } from '../registrations/repository.js';
import { icsCalendar, type CalendarEntry } from './icalendar.js';
import {
  addCalendarToken,
  calendarTokenOf,
  memberOfCalendarToken,
  replaceCalendarToken,
} from './repository.js';

export interface EventCalendarsDeps {
  db: Kysely<Database>;
  clock: Clock;
  contentCache: ContentCache;
  logger: Logger;
  society: { acronym: string; name: string; publicBaseUrl: string };
}

/** A calendar file and the last change of what it says (its `Last-Modified`), if any. */
export interface CalendarFile {
  body: string;
  lastModified: string | null;
}

/** One event's file, with its event and its own address (the slug follows the title). */
export interface EventCalendarFile extends CalendarFile {
  eventId: number;
  path: string;
}

const MINUTE_MS = 60_000;
/** 256 random bits, in the address as base64url (43 characters). */
const TOKEN_BYTES = 32;
/** What a secret looks like: anything else is not looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The events' calendars (ADR 052): one event's `.ics`, every event as a feed to subscribe to,
 * and a person's live registrations as a private feed by a secret of their account. Only
 * events on the site are written; the public ones through the content cache by the minute,
 * as the events' pages (ADR 047), so an edit shows at once and a scheduled event from its
 * minute.
 */
export class EventCalendars {
  constructor(private readonly deps: EventCalendarsDeps) {}

  private get base(): string {
    return this.deps.society.publicBaseUrl.replace(/\/+$/, '');
  }

  private get host(): string {
    return new URL(this.base).host;
  }

  private minute(): number {
    return Math.floor(this.deps.clock().getTime() / MINUTE_MS);
  }

  private now(): string {
    return this.deps.clock().toISOString();
  }

  /** Every event on the site, upcoming and past, soonest first. */
  async allEvents(): Promise<CalendarFile> {
    const json = await this.deps.contentCache.get(`events-ics:${this.minute()}`, async () => {
      const rows = await visibleEvents(this.deps.db, this.now());
      return JSON.stringify(
        this.file(`Eventi ${this.deps.society.acronym}`, rows.map(this.eventEntry)),
      );
    });
    return JSON.parse(json) as CalendarFile;
  }

  /** One event's `.ics`; null when it is not on the site. */
  async event(id: number): Promise<EventCalendarFile | null> {
    const json = await this.deps.contentCache.get(`event-ics:${this.minute()}:${id}`, async () => {
      const [row] = await visibleEvents(this.deps.db, this.now(), id);
      if (row === undefined) return 'null';
      const file: EventCalendarFile = {
        ...this.file(`${this.deps.society.acronym} – ${row.title}`, [this.eventEntry(row)]),
        eventId: row.id,
        path: eventCalendarPath({ id: row.id, slug: eventSlug(row.title) }),
      };
      return JSON.stringify(file);
    });
    return JSON.parse(json) as EventCalendarFile | null;
  }

  /**
   * A person's registrations that hold a place (confirmed, awaiting payment, offered), each
   * with its state, for events on the site; null for a secret no active account has.
   */
  async registrations(token: string): Promise<CalendarFile | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const { db } = this.deps;
    const memberId = await memberOfCalendarToken(db, token);
    if (memberId === undefined) return null;
    const holding: readonly RegistrationState[] = PLACE_HOLDING_STATES;
    const registrations = (await registrationsOfMember(db, memberId))
      .filter((row) => holding.includes(row.state))
      .reverse();
    const events = await visibleEventsAmong(
      db,
      this.now(),
      registrations.map((row) => row.event_id),
    );
    const entries = registrations.flatMap((registration) => {
      const event = events.find((row) => row.id === registration.event_id);
      if (event === undefined) return [];
      const label = registrationStateLabel(registration.state, registration.payment_id !== null);
      const confirmed = registration.state === 'confirmed';
      const deadline =
        registration.state === 'awaiting_payment' && registration.pay_by !== null
          ? `Da pagare entro il ${italianDateTime(registration.pay_by)}`
          : registration.state === 'offered' && registration.offer_expires_at !== null
            ? `Posto da accettare entro il ${italianDateTime(registration.offer_expires_at)}`
            : null;
      const entry = this.eventEntry(event);
      return [
        {
          ...entry,
          // Not the event's own UID: a person subscribed to both feeds sees two entries, the
          // event and their registration, which a client must not take for one.
          uid: `iscrizione-evento-${event.id}@${this.host}`,
          sequence: event.version + registration.version,
          lastModified:
            registration.updated_at > event.updated_at ? registration.updated_at : event.updated_at,
          summary: confirmed ? event.title : `${event.title} (${label})`,
          description: [
            `Iscrizione: ${label}`,
            `Tipo di iscrizione: ${registration.type_name}`,
            deadline,
            entry.description,
          ]
            .filter((line) => line !== null && line !== '')
            .join('\n'),
          status: confirmed ? 'CONFIRMED' : 'TENTATIVE',
        } satisfies CalendarEntry,
      ];
    });
    return this.file(`Le mie iscrizioni – ${this.deps.society.acronym}`, entries);
  }

  /** The person's private feed, its secret made on first use. */
  async feedOf(memberId: number): Promise<MyCalendarFeed> {
    const { db } = this.deps;
    let token = await calendarTokenOf(db, memberId);
    if (token === undefined) {
      await addCalendarToken(db, memberId, newToken(), this.now());
      token = await calendarTokenOf(db, memberId);
    }
    if (token === undefined) throw new Error('segreto del calendario non salvato');
    return this.feed(token);
  }

  /** A new secret for the person's feed: the old address answers 404 from now on. */
  async regenerate(memberId: number): Promise<MyCalendarFeed> {
    const token = newToken();
    await replaceCalendarToken(this.deps.db, memberId, token, this.now());
    this.deps.logger.info({ memberId }, 'indirizzo del calendario delle iscrizioni rigenerato');
    return this.feed(token);
  }

  private feed(token: string): MyCalendarFeed {
    const url = `${this.base}${registrationsCalendarPath(token)}`;
    return { url, webcalUrl: webcalUrl(url) };
  }

  /** The address of the feed of every event, and the same as `webcal:`. */
  allEventsFeed(): MyCalendarFeed {
    const url = `${this.base}${EVENTS_CALENDAR_PATH}`;
    return { url, webcalUrl: webcalUrl(url) };
  }

  private file(name: string, entries: CalendarEntry[]): CalendarFile {
    const lastModified = entries.reduce<string | null>(
      (latest, entry) =>
        latest === null || entry.lastModified > latest ? entry.lastModified : latest,
      null,
    );
    return {
      body: icsCalendar({
        productId: `-//${this.deps.society.acronym}//Sodalis//IT`,
        name,
        description: `Gli eventi di ${this.deps.society.name}`,
        entries,
      }),
      lastModified,
    };
  }

  /** An event as a calendar entry: its page, its place, its text (ADR 052). */
  private readonly eventEntry = (row: EventRow): CalendarEntry => {
    const url = `${this.base}${eventPath({ id: row.id, slug: eventSlug(row.title) })}`;
    const online = row.mode === 'online';
    return {
      uid: `evento-${row.id}@${this.host}`,
      sequence: row.version,
      lastModified: row.updated_at,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      summary: row.title,
      description: [
        plainText(row.description_html),
        row.organisers === null ? null : `Organizzazione: ${row.organisers}`,
        row.ecm_credits === 1 ? 'Crediti ECM previsti' : null,
        online && row.online_url !== null ? `Collegamento: ${row.online_url}` : null,
        `Pagina dell’evento: ${url}`,
      ]
        .filter((line) => line !== null && line !== '')
        .join('\n'),
      location: eventPlaceText({
        mode: row.mode as EventMode,
        venueName: row.venue_name,
        venueAddress: row.venue_address,
        venueCity: row.venue_city,
      }),
      url,
      status: 'CONFIRMED',
    };
  };
}

function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}
