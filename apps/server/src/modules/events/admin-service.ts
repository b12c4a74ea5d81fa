import type { AdminEventInputSchema } from '@sodalis/contracts';
import {
  type AdminAuditEntry,
  type AdminBinItem,
  type AdminBulk,
  type AdminEvent,
  type AdminEventAddon,
  type AdminEventListQuery,
  type AdminPage,
  type AdminRegistrationType,
  type EventMode,
  type RegistrationEligibility,
} from '@sodalis/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { ContentCache } from '../../cache/content-cache.js';
import type { Database, Executor } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../text/dates.js';
import { sanitizeRichText } from '../../text/rich-text.js';
import { containsPattern, searchText } from '../../text/search-text.js';
import { historyOf, saveEntry, writeAudit, type Actor } from '../admin/audit.js';
import {
  bulkInOneTransaction,
  RecordBin,
  romeLocal,
  scheduleState,
  selectedAsCsv,
  storedInstant,
  versionBefore,
} from '../admin/undo.js';
import { takeNextVersion } from '../admin/versions.js';
import {
  coverLabel,
  saveCover,
  storedCover,
  type CoverRows,
  type StoredImage,
} from '../admin/covers.js';
import type { ImageFiles } from '../../files/image-files.js';
import type { FileStore } from '../../files/file-store.js';
import { idPage } from '../listing/id-page.js';
import type { SearchIndexer } from '../search/indexer.js';
import {
  deleteEvent,
  deleteEventCover,
  eventBinQueries,
  eventCoverFiles,
  eventCoversOf,
  eventVersions,
  filteredEvents,
  findEventAddons,
  findEventRows,
  findRegistrationTypes,
  liveEventIds,
  replaceEventAddons,
  replaceRegistrationTypes,
  writeEvent,
  writeEventCover,
  writeEventCoverAlt,
  type EventRow,
  type EventValues,
} from './repository.js';
import { anyRegistrationOf, anyRegistrationWithAddon } from './registrations/repository.js';
import { eventCover, memberRolesOf } from './views.js';

type EventInput = z.output<typeof AdminEventInputSchema>;

const EVENT_SORTS = {
  startsAt: 'events.starts_at',
  title: 'events.title_search',
  updatedAt: 'events.updated_at',
  id: 'events.id',
};

export interface EventsAdminDeps {
  db: Kysely<Database>;
  clock: Clock;
  contentCache: ContentCache;
  /** The site search follows every change (ADR 025). */
  searchIndex: SearchIndexer;
  /** Where the covers' files are kept (ADR 052). */
  files: FileStore;
  /** Whether an image file is still used by any record, covers and the share image alike. */
  imageFiles: ImageFiles;
}

/** The events' covers' queries, for the covers' one rule (ADR 034, 052). */
const EVENT_COVER_ROWS: CoverRows = {
  read: async (trx, id) => (await eventCoversOf(trx, [id])).get(id),
  write: (trx, id, values) => writeEventCover(trx, { event_id: id, ...values }),
  writeAlt: (trx, id, alt, now) => writeEventCoverAlt(trx, id, alt, now),
  remove: (trx, id) => deleteEventCover(trx, id),
};

/**
 * The audit log's names of an event's fields (Italian, as the secretariat reads them), each
 * with the form's field it comes from: the view is the form in Rome time, so "Annulla questa
 * modifica" gives the old values back to the form's own save (ADR 023, 047).
 */
const VIEW_FIELDS = {
  titolo: 'title',
  inizio: 'startsAt',
  fine: 'endsAt',
  modalita: 'mode',
  sede: 'venueName',
  indirizzo: 'venueAddress',
  citta: 'venueCity',
  collegamento: 'onlineUrl',
  descrizione: 'descriptionHtml',
  organizzatori: 'organisers',
  creditiEcmPrevisti: 'ecmCredits',
  aperturaIscrizioni: 'registrationOpensAt',
  chiusuraIscrizioni: 'registrationClosesAt',
  annullamentoEntro: 'cancellableUntil',
  posti: 'places',
  fineEarlyBird: 'earlyBirdUntil',
  inizioQuoteInSede: 'onsiteFrom',
  tipiDiIscrizione: 'registrationTypes',
  serviziAggiuntivi: 'addons',
  pubblicato: 'published',
  pubblicazioneProgrammata: 'publishAt',
} as const satisfies Record<string, keyof EventInput>;

/**
 * The events in the back office (ADR 047): list, create, edit, schedule, the bin, the history
 * and its undo, bulk actions, with the shared rules of ADR 023, 031 and 041. Every change is one
 * transaction with its audit entry and the content version bump (ADR 005).
 */
export class EventsAdminService {
  private readonly bin: RecordBin;

  constructor(private readonly deps: EventsAdminDeps) {
    const { contentCache, searchIndex } = deps;
    this.bin = new RecordBin(deps, {
      entity: 'event',
      words: {
        binned: 'Evento spostato nel cestino',
        restored: 'Evento ripristinato dal cestino',
        deleted: 'Evento eliminato definitivamente',
      },
      view: eventView,
      titleOf: (view) => String(view.titolo),
      bin: eventBinQueries,
      deleteForGood: deleteEvent,
      // A cover's files go with the event deleted for good, unless another image uses them.
      filesOf: eventCoverFiles,
      dropUnusedFiles: (hashes) => this.dropUnusedFiles(hashes),
      // In the bin it is off the site, so off the search too (ADR 023, 025).
      changed: async (trx, id, onSite) => {
        if (onSite) await searchIndex.recordChanged(trx, 'event', id);
        else await searchIndex.recordRemoved(trx, 'event', id);
        await contentCache.contentChanged(trx);
      },
      afterCommit: () => this.afterCommit(),
    });
  }

  async list(query: AdminEventListQuery): Promise<AdminPage<AdminEvent>> {
    const title = query.q?.trim() ?? '';
    const filtered = filteredEvents(this.deps.db, {
      titlePattern: title === '' ? null : containsPattern(title),
      published: query.published === undefined ? undefined : query.published === 'true',
    });
    const page = await idPage(filtered, query, {
      idColumn: 'events.id',
      sortColumns: EVENT_SORTS,
      fallback: 'startsAt',
    });
    return { items: await this.items(page.ids), total: page.total };
  }

  async get(id: number): Promise<AdminEvent> {
    const [item] = await this.items([id]);
    if (item === undefined) throw new AppError('notFound');
    return item;
  }

  /**
   * Creates (id null) or edits an event with its audit entry (`ritira` when the edit takes it
   * off the site); an edit read at `version` is refused when it has moved on since (ADR 041).
   */
  async save(
    actor: Actor,
    id: number | null,
    input: EventInput,
    version: number | null = null,
  ): Promise<AdminEvent> {
    const now = this.deps.clock();
    // The cover's files are made and stored before the transaction (ADR 034): its rows in it.
    const cover = input.newCover
      ? await storedCover(this.deps.files, input.newCover.content)
      : null;
    const saved = await this.deps.db
      .transaction()
      .execute((trx) => this.saveIn(trx, actor, id, input, now, version, cover));
    await this.afterCommit();
    await this.dropUnusedFiles(saved.unusedFiles);
    return this.get(saved.eventId);
  }

  private async saveIn(
    trx: Transaction<Database>,
    actor: Actor,
    id: number | null,
    input: EventInput,
    now: Date,
    version: number | null,
    cover: { share: StoredImage; page: StoredImage } | null = null,
  ): Promise<{ eventId: number; unusedFiles: string[] }> {
    if (id !== null) await takeNextVersion(trx, eventVersions, id, version);
    const before = id === null ? null : await eventView(trx, id);
    if (before?.nelCestino === true) throw new AppError('notFound');
    if (id !== null) await refuseRemovingRegistered(trx, id, input);
    const eventId = await writeEvent(trx, id, eventValues(input), now.toISOString());
    await replaceRegistrationTypes(trx, eventId, input.registrationTypes.map(typeValues));
    await replaceEventAddons(trx, eventId, input.addons.map(addonValues));
    const unusedFiles = await saveCover(
      trx,
      EVENT_COVER_ROWS,
      eventId,
      input,
      cover,
      now.toISOString(),
    );
    await this.deps.searchIndex.recordChanged(trx, 'event', eventId);
    const after = await eventView(trx, eventId);
    const unpublished = before?.pubblicato === true && after.pubblicato === false;
    const done = before === null ? 'creato' : unpublished ? 'ritirato' : 'modificato';
    const entry = saveEntry(
      { entity: 'event', entityId: eventId, summary: `Evento ${done}: ${input.title}` },
      before,
      after,
    );
    await writeAudit(trx, actor, unpublished ? { ...entry, action: 'ritira' } : entry, now);
    await this.deps.contentCache.contentChanged(trx);
    return { eventId, unusedFiles };
  }

  /** "Elimina" moves the event to the bin: off the site and the list, restorable 30 days. */
  async remove(actor: Actor, id: number): Promise<void> {
    await refuseBinningRegistered(this.deps.db, id);
    return this.bin.moveToBin(actor, id);
  }

  listBin(): Promise<AdminPage<AdminBinItem>> {
    return this.bin.list();
  }

  async restore(actor: Actor, id: number): Promise<AdminEvent> {
    await this.bin.restore(actor, id);
    return this.get(id);
  }

  emptyBin(actor: Actor, id: number | null): Promise<void> {
    return this.bin.empty(actor, id);
  }

  purgeExpired(): Promise<number> {
    return this.bin.purgeExpired();
  }

  async history(id: number): Promise<AdminAuditEntry[]> {
    await this.get(id);
    return historyOf(this.deps.db, 'event', id);
  }

  /** "Annulla questa modifica": the values the entry replaced, saved again as a new edit. */
  async rollback(actor: Actor, id: number, auditId: number): Promise<AdminEvent> {
    const before = await versionBefore(this.deps.db, 'event', id, auditId);
    const current = inputOf(await this.get(id));
    const restored: Record<string, unknown> = { ...current };
    for (const [viewField, inputField] of Object.entries(VIEW_FIELDS)) {
      if (viewField in before) restored[inputField] = before[viewField];
    }
    return this.save(actor, id, restored as EventInput);
  }

  /** "Pubblica" (now, the schedule dropped), "Ritira" (a draft again), "Elimina" (to the bin). */
  async bulk(actor: Actor, { ids, action }: AdminBulk): Promise<void> {
    if (action === 'elimina') await this.bin.purgeExpired();
    const now = this.deps.clock();
    await bulkInOneTransaction(this.deps.db, ids, liveEventIds, async (trx, id) => {
      if (action === 'elimina') {
        await refuseBinningRegistered(trx, id);
        return this.bin.binIn(trx, actor, id, now);
      }
      const [item] = await this.items([id], trx);
      if (item === undefined) throw new AppError('notFound');
      await this.saveIn(
        trx,
        actor,
        id,
        { ...inputOf(item), published: action === 'pubblica', publishAt: null },
        now,
        null,
      );
    });
    await this.afterCommit();
  }

  exportSelected(actor: Actor, ids: readonly number[]): Promise<string> {
    return selectedAsCsv(this.deps, actor, 'event', ids, (id) => eventView(this.deps.db, id));
  }

  private async afterCommit(): Promise<void> {
    await this.deps.contentCache.contentChanged();
  }

  /**
   * Deletes, after the commit, the files of covers replaced, removed or deleted with their
   * event that no image uses any more (ADR 034): a rollback does not bring files back.
   */
  private async dropUnusedFiles(hashes: string[]): Promise<void> {
    await this.deps.imageFiles.drop(this.deps.db, this.deps.files, hashes);
  }

  private async items(ids: number[], db: Kysely<Database> = this.deps.db): Promise<AdminEvent[]> {
    if (ids.length === 0) return [];
    const now = this.deps.clock().toISOString();
    const byId = new Map((await findEventRows(db, ids)).map((row) => [row.id, row]));
    const [prices, covers] = await Promise.all([pricesOf(db, ids), eventCoversOf(db, ids)]);
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (row === undefined || row.deleted_at !== null) return [];
      const cover = covers.get(id);
      return [
        {
          ...adminEvent(row, prices.get(id) ?? NO_PRICES, now),
          cover: cover === undefined ? null : eventCover(cover),
          coverAlt: cover?.alt ?? null,
        },
      ];
    });
  }
}

/** An event's types and add-ons, as the form holds them. */
interface EventPrices {
  registrationTypes: AdminRegistrationType[];
  addons: AdminEventAddon[];
}
const NO_PRICES: EventPrices = { registrationTypes: [], addons: [] };

/** The types and add-ons of these events, by event. */
/**
 * Registrations are money records (ADR 049): an event with registrations stays out of the bin
 * (it can be withdrawn from the site instead), so it is never deleted for good.
 */
async function refuseBinningRegistered(db: Executor, id: number): Promise<void> {
  if (await anyRegistrationOf(db, 'event_id', [id])) {
    throw new AppError('stateConflict', [
      {
        path: 'id',
        message:
          'L’evento ha delle iscrizioni e non si può eliminare: per toglierlo dal sito ritiralo.',
      },
    ]);
  }
}

/** A type or add-on someone registered with stays (ADR 049): the save says which, by name. */
async function refuseRemovingRegistered(
  trx: Transaction<Database>,
  eventId: number,
  input: EventInput,
): Promise<void> {
  const [types, addons] = await Promise.all([
    findRegistrationTypes(trx, [eventId]),
    findEventAddons(trx, [eventId]),
  ]);
  const keptTypes = new Set(input.registrationTypes.map((type) => type.id));
  const keptAddons = new Set(input.addons.map((addon) => addon.id));
  for (const type of types.filter((candidate) => !keptTypes.has(candidate.id))) {
    if (await anyRegistrationOf(trx, 'type_id', [type.id])) {
      throw new AppError('invalidRequest', [
        {
          path: 'registrationTypes',
          message: `Tipi di iscrizione: «${type.name}» ha già delle iscrizioni e non si può togliere.`,
        },
      ]);
    }
  }
  for (const addon of addons.filter((candidate) => !keptAddons.has(candidate.id))) {
    if (await anyRegistrationWithAddon(trx, [addon.id])) {
      throw new AppError('invalidRequest', [
        {
          path: 'addons',
          message: `Servizi aggiuntivi: «${addon.name}» ha già delle iscrizioni e non si può togliere.`,
        },
      ]);
    }
  }
}

async function pricesOf(db: Kysely<Database>, ids: number[]): Promise<Map<number, EventPrices>> {
  const [types, addons] = await Promise.all([
    findRegistrationTypes(db, ids),
    findEventAddons(db, ids),
  ]);
  const byEvent = new Map<number, EventPrices>();
  const pricesFor = (eventId: number) => {
    let prices = byEvent.get(eventId);
    if (prices === undefined) {
      prices = { registrationTypes: [], addons: [] };
      byEvent.set(eventId, prices);
    }
    return prices;
  };
  for (const type of types) {
    pricesFor(type.event_id).registrationTypes.push({
      id: type.id,
      name: type.name,
      description: type.description,
      eligibility: type.eligibility as RegistrationEligibility,
      memberRoles: memberRolesOf(type.member_roles),
      accessCode: type.access_code,
      earlyCents: type.early_cents,
      standardCents: type.standard_cents,
      onsiteCents: type.onsite_cents,
      places: type.places,
      requiresApproval: type.requires_approval === 1,
    });
  }
  for (const addon of addons) {
    pricesFor(addon.event_id).addons.push({
      id: addon.id,
      name: addon.name,
      description: addon.description,
      priceCents: addon.price_cents,
      places: addon.places,
    });
  }
  return byEvent;
}

function typeValues(type: EventInput['registrationTypes'][number]) {
  return {
    id: type.id,
    name: type.name,
    description: type.description,
    eligibility: type.eligibility,
    member_roles: type.memberRoles.join(','),
    access_code: type.accessCode,
    early_cents: type.earlyCents,
    standard_cents: type.standardCents,
    onsite_cents: type.onsiteCents,
    places: type.places,
    requires_approval: type.requiresApproval ? 1 : 0,
  };
}

function addonValues(addon: EventInput['addons'][number]) {
  return {
    id: addon.id,
    name: addon.name,
    description: addon.description,
    price_cents: addon.priceCents,
    places: addon.places,
  };
}

function adminEvent(
  row: EventRow,
  prices: EventPrices,
  now: string,
): Omit<AdminEvent, 'cover' | 'coverAlt'> {
  return {
    id: row.id,
    title: row.title,
    startsAt: romeLocal(row.starts_at) ?? '',
    endsAt: romeLocal(row.ends_at) ?? '',
    mode: row.mode as EventMode,
    venueName: row.venue_name,
    venueAddress: row.venue_address,
    venueCity: row.venue_city,
    onlineUrl: row.online_url,
    descriptionHtml: row.description_html,
    organisers: row.organisers,
    ecmCredits: row.ecm_credits === 1,
    registrationOpensAt: romeLocal(row.registration_opens_at),
    registrationClosesAt: romeLocal(row.registration_closes_at),
    cancellableUntil: romeLocal(row.cancellable_until),
    places: row.places,
    earlyBirdUntil: romeLocal(row.early_bird_until),
    onsiteFrom: romeLocal(row.onsite_from),
    registrationTypes: prices.registrationTypes,
    addons: prices.addons,
    published: row.published === 1,
    publishAt: romeLocal(row.publish_at),
    state: scheduleState(row, now),
    updatedAt: row.updated_at,
    version: row.version,
  };
}

/**
 * The form's values of an event as it is (a bulk action's and a rollback's starting point):
 * without the cover's fields, so the cover stays as it is (ADR 034).
 */
function inputOf(item: AdminEvent): EventInput {
  return {
    title: item.title,
    startsAt: item.startsAt,
    endsAt: item.endsAt,
    mode: item.mode,
    venueName: item.venueName,
    venueAddress: item.venueAddress,
    venueCity: item.venueCity,
    onlineUrl: item.onlineUrl,
    descriptionHtml: item.descriptionHtml,
    organisers: item.organisers,
    ecmCredits: item.ecmCredits,
    registrationOpensAt: item.registrationOpensAt,
    registrationClosesAt: item.registrationClosesAt,
    cancellableUntil: item.cancellableUntil,
    places: item.places,
    earlyBirdUntil: item.earlyBirdUntil,
    onsiteFrom: item.onsiteFrom,
    registrationTypes: item.registrationTypes,
    addons: item.addons,
    published: item.published,
    publishAt: item.publishAt,
  };
}

function eventValues(input: EventInput): EventValues {
  const inPerson = input.mode === 'in-presenza';
  return {
    title: input.title,
    title_search: searchText(input.title),
    starts_at: storedInstant(input.startsAt) ?? '',
    ends_at: storedInstant(input.endsAt) ?? '',
    mode: input.mode,
    // What the other mode would show is not kept: one place, or one link.
    venue_name: inPerson ? input.venueName : null,
    venue_address: inPerson ? input.venueAddress : null,
    venue_city: inPerson ? input.venueCity : null,
    online_url: inPerson ? null : input.onlineUrl,
    description_html: sanitizeRichText(input.descriptionHtml),
    organisers: input.organisers,
    ecm_credits: input.ecmCredits ? 1 : 0,
    registration_opens_at: storedInstant(input.registrationOpensAt),
    registration_closes_at: storedInstant(input.registrationClosesAt),
    cancellable_until: storedInstant(input.cancellableUntil),
    places: input.places,
    early_bird_until: storedInstant(input.earlyBirdUntil),
    onsite_from: storedInstant(input.onsiteFrom),
    published: input.published ? 1 : 0,
    publish_at: storedInstant(input.publishAt),
  };
}

/** What the audit log keeps of an event, with `nelCestino: true` when binned; 404 when missing. */
async function eventView(db: Kysely<Database>, id: number): Promise<Record<string, unknown>> {
  const [row] = await findEventRows(db, [id]);
  if (row === undefined) throw new AppError('notFound');
  const item = adminEvent(row, (await pricesOf(db, [id])).get(id) ?? NO_PRICES, '');
  const view: Record<string, unknown> = {};
  for (const [viewField, inputField] of Object.entries(VIEW_FIELDS)) {
    view[viewField] = item[inputField];
  }
  // The cover by its text and file (ADR 034); a rollback leaves the cover as it is.
  view.copertina = coverLabel((await eventCoversOf(db, [id])).get(id));
  return { ...view, ...(row.deleted_at === null ? {} : { nelCestino: true }) };
}
