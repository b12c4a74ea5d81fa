import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, Executor } from '../../db/schema.js';
import type {
  EventAddonsTable,
  EventCoversTable,
  EventRegistrationTypesTable,
  EventsTable,
} from './tables.js';
import { binQueries } from '../listing/bin-queries.js';
import { likeCondition } from '../listing/keyset.js';
import { versionQueries } from '../listing/version-queries.js';

/** The columns a save writes (ADR 047); ids, stamps, bin and version are the repository's. */
export type EventValues = Omit<
  Insertable<EventsTable>,
  'id' | 'created_at' | 'updated_at' | 'deleted_at' | 'version'
>;

export type EventRow = Awaited<ReturnType<typeof findEventRows>>[number];

/** The events' bin (ADR 023, 031) and versions (ADR 041), with the shared queries. */
export const eventBinQueries = binQueries('events', 'title');
export const eventVersions = versionQueries('events');

export async function findEventRows(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('events').selectAll().where('id', 'in', ids).execute();
}

/** Inserts (id null) or updates an event; answers its id. */
export async function writeEvent(
  trx: Transaction<Database>,
  id: number | null,
  values: EventValues,
  now: string,
): Promise<number> {
  if (id === null) {
    const row = await trx
      .insertInto('events')
      .values({ ...values, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const changes: Updateable<EventsTable> = { ...values, updated_at: now };
  await trx.updateTable('events').set(changes).where('id', '=', id).execute();
  return id;
}

export async function deleteEvent(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('events').where('id', '=', id).execute();
}

/** The staff list's rows: not binned; a title pattern and the published flag as filters. */
export function filteredEvents(
  db: Kysely<Database>,
  filters: { titlePattern: string | null; published: boolean | undefined },
) {
  let query = db.selectFrom('events').where('events.deleted_at', 'is', null);
  const title = likeCondition('events.title_search', filters.titlePattern);
  if (title !== null) query = query.where(title);
  if (filters.published !== undefined) {
    query = query.where('events.published', '=', filters.published ? 1 : 0);
  }
  return query;
}

/** The events on the site at `now`: published, not binned, their scheduled moment past. */
export async function visibleEvents(db: Executor, now: string, id?: number) {
  let query = visibleAt(db, now).selectAll();
  if (id !== undefined) query = query.where('id', '=', id);
  return query.orderBy('starts_at').orderBy('id').execute();
}

/** Of these events, those on the site at `now` (a person's calendar, ADR 052). */
export async function visibleEventsAmong(db: Executor, now: string, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return visibleAt(db, now).selectAll().where('id', 'in', ids).execute();
}

/** Whether any event is on the site at `now`. */
export async function anyVisibleEvent(db: Executor, now: string): Promise<boolean> {
  return (await visibleAt(db, now).select('id').limit(1).executeTakeFirst()) !== undefined;
}

function visibleAt(db: Executor, now: string) {
  return db
    .selectFrom('events')
    .where('deleted_at', 'is', null)
    .where('published', '=', 1)
    .where((eb) => eb.or([eb('publish_at', 'is', null), eb('publish_at', '<=', now)]));
}

/** Ids of these events that exist outside the bin (a bulk action's check). */
export async function liveEventIds(
  trx: Transaction<Database>,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await trx
    .selectFrom('events')
    .select('id')
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Every event's id (the search index's rebuild). */
export async function allEventIds(db: Kysely<Database>): Promise<number[]> {
  const rows = await db.selectFrom('events').select('id').orderBy('id').execute();
  return rows.map((row) => row.id);
}

/** A type's or an add-on's columns a save writes: the event and the position are the save's. */
export type RegistrationTypeValues = Omit<
  Insertable<EventRegistrationTypesTable>,
  'id' | 'event_id' | 'position'
>;
export type EventAddonValues = Omit<Insertable<EventAddonsTable>, 'id' | 'event_id' | 'position'>;

/** The types of these events, in each event's order. */
export async function findRegistrationTypes(db: Executor, eventIds: number[]) {
  if (eventIds.length === 0) return [];
  return db
    .selectFrom('event_registration_types')
    .selectAll()
    .where('event_id', 'in', eventIds)
    .orderBy('event_id')
    .orderBy('position')
    .execute();
}

/** The add-ons of these events, in each event's order. */
export async function findEventAddons(db: Executor, eventIds: number[]) {
  if (eventIds.length === 0) return [];
  return db
    .selectFrom('event_addons')
    .selectAll()
    .where('event_id', 'in', eventIds)
    .orderBy('event_id')
    .orderBy('position')
    .execute();
}

/**
 * The event's types become `types`, in their order: a type that names an id of this event keeps
 * it (the registrations to come name it), one without (or with another event's id, as an undo
 * of a type removed since may give) is added, and the event's other types are removed.
 */
export async function replaceRegistrationTypes(
  trx: Transaction<Database>,
  eventId: number,
  types: readonly (RegistrationTypeValues & { id: number | null })[],
): Promise<void> {
  const kept = await keepInOrder(types, {
    update: async (id, values) =>
      (
        await trx
          .updateTable('event_registration_types')
          .set(values)
          .where('id', '=', id)
          .where('event_id', '=', eventId)
          .executeTakeFirst()
      ).numUpdatedRows > 0n,
    insert: async (values) =>
      (
        await trx
          .insertInto('event_registration_types')
          .values({ ...values, event_id: eventId })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
  });
  await trx
    .deleteFrom('event_registration_types')
    .where('event_id', '=', eventId)
    .$if(kept.length > 0, (query) => query.where('id', 'not in', kept))
    .execute();
}

/** The event's add-ons become `addons`, as `replaceRegistrationTypes` does for types. */
export async function replaceEventAddons(
  trx: Transaction<Database>,
  eventId: number,
  addons: readonly (EventAddonValues & { id: number | null })[],
): Promise<void> {
  const kept = await keepInOrder(addons, {
    update: async (id, values) =>
      (
        await trx
          .updateTable('event_addons')
          .set(values)
          .where('id', '=', id)
          .where('event_id', '=', eventId)
          .executeTakeFirst()
      ).numUpdatedRows > 0n,
    insert: async (values) =>
      (
        await trx
          .insertInto('event_addons')
          .values({ ...values, event_id: eventId })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
  });
  await trx
    .deleteFrom('event_addons')
    .where('event_id', '=', eventId)
    .$if(kept.length > 0, (query) => query.where('id', 'not in', kept))
    .execute();
}

/** Writes each item at its position, updating the row it names or adding one; answers the ids. */
async function keepInOrder<V>(
  items: readonly (V & { id: number | null })[],
  write: {
    update(id: number, values: V & { position: number }): Promise<boolean>;
    insert(values: V & { position: number }): Promise<number>;
  },
): Promise<number[]> {
  const kept: number[] = [];
  for (const [position, { id, ...rest }] of items.entries()) {
    // `V` has no id of its own: what is left once the id is taken is `V`.
    const values = { ...(rest as V), position };
    if (id !== null && (await write.update(id, values))) kept.push(id);
    else kept.push(await write.insert(values));
  }
  return kept;
}

// Covers (ADR 052, as news covers, ADR 034)

/** The covers of some events, by event id. */
export async function eventCoversOf(
  db: Executor,
  eventIds: readonly number[],
): Promise<Map<number, Selectable<EventCoversTable>>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('event_covers')
    .selectAll()
    .where('event_id', 'in', eventIds)
    .execute();
  return new Map(rows.map((row) => [row.event_id, row]));
}

/** Sets an event's cover (a new one replaces the old). */
export async function writeEventCover(
  trx: Transaction<Database>,
  values: Insertable<EventCoversTable>,
): Promise<void> {
  const { event_id: _eventId, ...changes } = values;
  await trx
    .insertInto('event_covers')
    .values(values)
    .onConflict((conflict) => conflict.column('event_id').doUpdateSet(changes))
    .execute();
}

/** Changes only the text alternative of an event's cover. */
export async function writeEventCoverAlt(
  trx: Transaction<Database>,
  eventId: number,
  alt: string,
  now: string,
): Promise<void> {
  await trx
    .updateTable('event_covers')
    .set({ alt, updated_at: now })
    .where('event_id', '=', eventId)
    .execute();
}

export async function deleteEventCover(trx: Transaction<Database>, eventId: number): Promise<void> {
  await trx.deleteFrom('event_covers').where('event_id', '=', eventId).execute();
}

/** The file hashes of some events' covers (both sizes). */
export async function eventCoverFiles(db: Kysely<Database>, eventIds: number[]): Promise<string[]> {
  const covers = await eventCoversOf(db, eventIds);
  return [...covers.values()].flatMap((row) => [row.share_sha256, row.page_sha256]);
}

/** Of these hashes, those an event's cover uses (a file the store must keep). */
export async function eventCoverFilesAmong(
  db: Kysely<Database>,
  hashes: string[],
): Promise<string[]> {
  if (hashes.length === 0) return [];
  const rows = await db
    .selectFrom('event_covers')
    .select(['share_sha256', 'page_sha256'])
    .where((eb) => eb.or([eb('share_sha256', 'in', hashes), eb('page_sha256', 'in', hashes)]))
    .execute();
  const used = new Set(rows.flatMap((row) => [row.share_sha256, row.page_sha256]));
  return hashes.filter((hash) => used.has(hash));
}

/**
 * Whether a hash is a file of the cover of an event not in the bin, and which size: what the
 * image address serves (drafts too, for the staff's preview: the hash is not guessable).
 */
export async function eventCoverFileKind(
  db: Executor,
  sha256: string,
): Promise<'share' | 'page' | null> {
  const row = await db
    .selectFrom('event_covers')
    .innerJoin('events', 'events.id', 'event_covers.event_id')
    .select(['event_covers.share_sha256'])
    .where((eb) =>
      eb.or([
        eb('event_covers.share_sha256', '=', sha256),
        eb('event_covers.page_sha256', '=', sha256),
      ]),
    )
    .where('events.deleted_at', 'is', null)
    .executeTakeFirst();
  if (row === undefined) return null;
  return row.share_sha256 === sha256 ? 'share' : 'page';
}
