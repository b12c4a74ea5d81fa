import {
  EVENT_ACCOUNT_PATH,
  eventPath,
  priceWindowAt,
  romeYear,
  type PublicEvent,
  type PublicEventList,
} from '@sodalis/contracts';
import type { SitemapEntry } from '../module.js';
import type { Kysely } from 'kysely';
import type { ContentCache } from '../../cache/content-cache.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../text/dates.js';
import type { FileStore } from '../../files/file-store.js';
import { coverFile } from '../../http/cover-files.js';
import {
  anyVisibleEvent,
  eventCoverFileKind,
  eventCoversOf,
  findEventAddons,
  findRegistrationTypes,
  visibleEvents,
  type EventRow,
} from './repository.js';
import { coverOfEvent, publicEvent, publicEventAddon, publicRegistrationType } from './views.js';

export interface EventsDeps {
  db: Kysely<Database>;
  clock: Clock;
  contentCache: ContentCache;
  /** Where the covers' files are kept (ADR 052). */
  files: FileStore;
}

const MINUTE_MS = 60_000;

/**
 * The public reads of the events (ADR 047): `/eventi` and an event's page. Through the content
 * cache (ADR 005), keyed by the minute: a scheduled event shows from its minute and an event
 * moves from "upcoming" to the past when it ends, with no bump needed. Answers are the
 * serialised `{ data }` envelope.
 */
export class EventsService {
  constructor(private readonly deps: EventsDeps) {}

  private minute(): number {
    return Math.floor(this.deps.clock().getTime() / MINUTE_MS);
  }

  /** `/eventi`'s list, serialised. */
  listJson(): Promise<string> {
    return this.deps.contentCache.get(`events:${this.minute()}`, async () =>
      JSON.stringify({ data: await this.list() }),
    );
  }

  /** One event's page, serialised; `{ data: null }` when it is not on the site. */
  eventJson(id: number): Promise<string> {
    return this.deps.contentCache.get(`event:${this.minute()}:${id}`, async () =>
      JSON.stringify({ data: await this.event(id) }),
    );
  }

  /**
   * Upcoming (not yet ended) soonest first; past ones grouped by the Rome year of their start,
   * newest year first, the most recent first within a year.
   */
  async list(): Promise<PublicEventList> {
    const now = this.deps.clock().toISOString();
    const events = await this.withPrices(await visibleEvents(this.deps.db, now));
    const upcoming = events.filter((event) => event.endsAt >= now);
    const past = events.filter((event) => event.endsAt < now).reverse();
    const years: PublicEventList['past'] = [];
    for (const event of past) {
      const year = romeYear(new Date(event.startsAt));
      const group = years.find((entry) => entry.year === year);
      if (group === undefined) years.push({ year, events: [event] });
      else group.events.push(event);
    }
    years.sort((a, b) => b.year - a.year);
    return { upcoming, past: years };
  }

  async event(id: number): Promise<PublicEvent | null> {
    const [event] = await this.withPrices(
      await visibleEvents(this.deps.db, this.deps.clock().toISOString(), id),
    );
    return event ?? null;
  }

  /** The events with their registration types and add-ons (ADR 048). */
  private async withPrices(rows: EventRow[]): Promise<PublicEvent[]> {
    const ids = rows.map((row) => row.id);
    const now = this.deps.clock().toISOString();
    const [types, addons, covers] = await Promise.all([
      findRegistrationTypes(this.deps.db, ids),
      findEventAddons(this.deps.db, ids),
      eventCoversOf(this.deps.db, ids),
    ]);
    return rows.map((row) =>
      publicEvent(row, {
        cover: coverOfEvent(covers.get(row.id)),
        registrationTypes: types
          .filter((type) => type.event_id === row.id)
          .map(publicRegistrationType),
        addons: addons.filter((addon) => addon.event_id === row.id).map(publicEventAddon),
        priceWindow: priceWindowAt(
          { earlyBirdUntil: row.early_bird_until, onsiteFrom: row.onsite_from },
          now,
        ),
      }),
    );
  }

  /**
   * `/eventi` and each event's page for sitemap.xml (ADR 026), dated by the site's last
   * content change: an event keeps no date of its own last edit.
   */
  async sitemapPages(contentDay: string | null): Promise<SitemapEntry[]> {
    const { upcoming, past } = await this.list();
    const events = [...upcoming, ...past.flatMap((group) => group.events)];
    return [
      { path: '/eventi', lastmod: contentDay },
      // Where a person who is not a member opens an account to register (ADR 055).
      { path: EVENT_ACCOUNT_PATH, lastmod: contentDay },
      ...events.map((event) => ({ path: eventPath(event), lastmod: contentDay })),
    ];
  }

  /** A cover's file (ADR 052), at the address of its hash; 404 unless an event's cover. */
  coverFile(fileName: string): Promise<{ bytes: Buffer; contentType: string; sha256: string }> {
    return coverFile(this.deps.files, fileName, (sha256) =>
      eventCoverFileKind(this.deps.db, sha256),
    );
  }

  /**
   * Whether any event is on the site (the header's "Eventi" leads to `/eventi` then): every
   * page's frame asks, so it is its own small cached answer, not the whole list read again.
   */
  async anyPublished(): Promise<boolean> {
    const answer = await this.deps.contentCache.get(`events-any:${this.minute()}`, async () =>
      (await anyVisibleEvent(this.deps.db, this.deps.clock().toISOString())) ? '1' : '0',
    );
    return answer === '1';
  }
}
