import {
  adminListHref,
  RESERVED_AUDIENCES,
  type AdminAssembly,
  type AdminAssemblyInputSchema,
  type AdminAttachment,
  type AdminListQuery,
  type AdminOpinion,
  type AdminOpinionInputSchema,
  type AdminPage,
  type AdminPressReview,
  type AdminPressReviewInputSchema,
  type AdminRecommendation,
  type AdminRecommendationInputSchema,
  type AdminUpload,
  type AdminAuditEntry,
  type AdminBinItem,
  type AdminBulk,
  type AuditEntity,
  type ReservedAudience,
  type Territory,
} from '@sodalis/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { AttachmentOwnerKind, Database } from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../text/dates.js';
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
import type { SearchIndexer } from '../search/indexer.js';
import { RESERVED_SOURCE_KINDS } from './search-source.js';
import { countOf, idPage, inPageOrder } from '../listing/id-page.js';
import type { PendingWorkProvider } from '../admin/dashboard.js';
import { checkedPdfs, replaceAttachments } from '../admin/uploads.js';
import { attachmentsOf, fileNames } from '../attachments/repository.js';
import {
  deleteReservedRecord,
  findReservedRecord,
  findReservedRecords,
  insertReservedRecord,
  liveReservedRecordIds,
  reservedRecordsMatching,
  scheduledReservedRecords,
  reservedBinQueries,
  reservedVersions,
  updateReservedRecord,
  type ReservedTable,
  type ReservedValues,
} from './repository.js';

/** The filters of the staff lists; each kind's query schema accepts a part of them. */
export interface ReservedRecordListQuery extends AdminListQuery {
  audience?: ReservedAudience | undefined;
  published?: 'true' | 'false' | undefined;
  year?: number | undefined;
  territory?: Territory | undefined;
}

/**
 * What one kind of reserved record does its own way: table, audit entity, files, sort columns,
 * its columns from the form, and how the editor and the audit log show it. The rules the four
 * kinds share (ADR 015) are the service's, written once.
 */
export interface ReservedKind<T extends ReservedTable, Input extends ReservedRecordInput, Item> {
  table: T;
  entity: AuditEntity;
  /** Whose attachments a delete removes with the record; null for a kind that never has any. */
  attachmentOwner: AttachmentOwnerKind | null;
  /** The PDFs the editor shows and changes (owner, address area); null for a kind without. */
  pdfs: { owner: AttachmentOwnerKind; area: string; changes: (input: Input) => FileChanges } | null;
  dateColumn: string;
  sortColumns: Record<string, string>;
  fallbackSort: string;
  /** Assemblies are also filtered by territory. */
  filtersByTerritory: boolean;
  /**
   * The kind's own fields, in order, by their name in the form and the answers: the first is
   * the title. The save adds title_search, audience, published and the times; the answers and
   * the audit log add the visibility and the files.
   */
  fields: Record<keyof Omit<Item, SharedField | 'id'> & string, ReservedField>;
  /** The kind's name in its audit summaries and the ending of its participles there. */
  noun: string;
  ending: 'a' | 'o';
}

/** One field of a kind of record. */
export interface ReservedField {
  column: string;
  /** Its name in the audit log. */
  audit: string;
  /** The column's value from the form's; as it is without. */
  write?: (value: never) => unknown;
  /** The answer's value from the column's; as it is without. */
  read?: (value: never) => unknown;
}

/** The fields every reserved record answers the same way. */
type SharedField =
  'audience' | 'published' | 'publishAt' | 'state' | 'attachments' | 'updatedAt' | 'version';

/**
 * What every kind's form has: who reads the record, whether it is on the site, and from when
 * ("Programma": a Rome date and time, ADR 031).
 */
export interface ReservedRecordInput {
  audience: ReservedAudience;
  published: boolean;
  publishAt: string | null;
}

interface FileChanges {
  keptAttachmentIds: number[];
  newAttachments: AdminUpload[];
}

type RecommendationInput = z.output<typeof AdminRecommendationInputSchema>;
type AssemblyInput = z.output<typeof AdminAssemblyInputSchema>;
type PressReviewInput = z.output<typeof AdminPressReviewInputSchema>;
type OpinionInput = z.output<typeof AdminOpinionInputSchema>;

/** An audience as the secretariat reads it in the audit log. */
function audienceLabel(audience: string): string {
  return RESERVED_AUDIENCES[audience as ReservedAudience] ?? audience;
}

/** Line breaks as `\n` (the members' detail splits on them, spec §2.9). */
function normaliseLineBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

export const RECOMMENDATIONS: ReservedKind<
  'recommendations',
  RecommendationInput,
  AdminRecommendation
> = {
  table: 'recommendations',
  entity: 'recommendation',
  attachmentOwner: 'recommendation',
  pdfs: { owner: 'recommendation', area: 'Raccomandazioni', changes: (input) => input },
  dateColumn: 'recommendations.published_on',
  sortColumns: {
    publishedOn: 'recommendations.published_on',
    title: 'recommendations.title_search',
    id: 'recommendations.id',
  },
  fallbackSort: 'publishedOn',
  filtersByTerritory: false,
  fields: {
    title: { column: 'title', audit: 'titolo' },
    publishedOn: { column: 'published_on', audit: 'dataPubblicazione' },
    sourceName: { column: 'source_name', audit: 'fonte' },
    sourceUrl: { column: 'source_url', audit: 'indirizzoFonte' },
  },
  noun: 'Raccomandazione',
  ending: 'a',
};

export const ASSEMBLIES: ReservedKind<'assemblies', AssemblyInput, AdminAssembly> = {
  table: 'assemblies',
  entity: 'assembly',
  attachmentOwner: 'assembly',
  pdfs: { owner: 'assembly', area: 'Assemblee', changes: (input) => input },
  dateColumn: 'assemblies.held_on',
  sortColumns: {
    heldOn: 'assemblies.held_on',
    title: 'assemblies.title_search',
    id: 'assemblies.id',
  },
  fallbackSort: 'heldOn',
  filtersByTerritory: true,
  fields: {
    title: { column: 'title', audit: 'titolo' },
    heldOn: { column: 'held_on', audit: 'data' },
    place: { column: 'place', audit: 'luogo', write: (place: string | undefined) => place ?? '' },
    territory: { column: 'territory', audit: 'territorio' },
    section: { column: 'section', audit: 'sezione' },
  },
  noun: 'Assemblea',
  ending: 'a',
};

export const PRESS_REVIEWS: ReservedKind<'press_reviews', PressReviewInput, AdminPressReview> = {
  table: 'press_reviews',
  entity: 'press_review',
  // The members' press review shows no files, but a row may have some from an import.
  attachmentOwner: 'press_review',
  pdfs: null,
  dateColumn: 'press_reviews.published_on',
  sortColumns: {
    publishedOn: 'press_reviews.published_on',
    headline: 'press_reviews.title_search',
    newspaper: 'press_reviews.newspaper',
    id: 'press_reviews.id',
  },
  fallbackSort: 'publishedOn',
  filtersByTerritory: false,
  fields: {
    headline: { column: 'headline', audit: 'titolo' },
    newspaper: { column: 'newspaper', audit: 'testata' },
    publishedOn: { column: 'published_on', audit: 'data' },
    url: { column: 'url', audit: 'indirizzo' },
  },
  noun: 'Rassegna stampa: articolo',
  ending: 'o',
};

export const OPINIONS: ReservedKind<'opinions', OpinionInput, AdminOpinion> = {
  table: 'opinions',
  entity: 'opinion',
  attachmentOwner: null,
  pdfs: null,
  dateColumn: 'opinions.published_on',
  sortColumns: {
    publishedOn: 'opinions.published_on',
    sortOrder: 'opinions.sort_order',
    title: 'opinions.title_search',
    id: 'opinions.id',
  },
  fallbackSort: 'publishedOn',
  filtersByTerritory: false,
  fields: {
    title: { column: 'title', audit: 'titolo' },
    publishedOn: { column: 'published_on', audit: 'dataPubblicazione' },
    sortOrder: { column: 'sort_order', audit: 'ordinamento', read: Number },
    question: { column: 'question', audit: 'domanda', write: normaliseLineBreaks },
    answer: { column: 'answer', audit: 'risposta', write: normaliseLineBreaks },
  },
  noun: 'Parere',
  ending: 'o',
};

type Fields = Record<string, ReservedField>;

/** Any kind, for what the four share. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a kind of any table, input and answer: only the shared parts are used
type AnyKind = ReservedKind<ReservedTable, any, any>;

/** The record's title in the audit view: its first field's. */
function auditTitle(kind: AnyKind, view: Record<string, unknown>): string {
  const first = Object.values(kind.fields as Fields)[0];
  return String(first === undefined ? '' : view[first.audit]);
}

const asItIs = (value: unknown) => value;

/** The form's value of each field, by field name. */
function formValue(input: object, name: string): never {
  return (input as Record<string, never>)[name] as never;
}

/** The row's value of a field's column. */
function columnValue(row: object, field: ReservedField): never {
  return (row as Record<string, never>)[field.column] as never;
}

/** The kind's own columns from the form. */
function ownColumns(fields: Fields, input: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [
      field.column,
      (field.write ?? asItIs)(formValue(input, name)),
    ]),
  );
}

/** The record's title in the form: its first field. */
function titleOf(fields: Fields, input: object): string {
  return String(formValue(input, Object.keys(fields)[0] ?? ''));
}

/** The kind's own fields as the audit log shows them. */
function ownAudit(fields: Fields, row: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.values(fields).map((field) => [field.audit, columnValue(row, field)]),
  );
}

/** The kind's own fields as the staff answers show them. */
function ownAnswer(fields: Fields, row: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [
      name,
      (field.read ?? asItIs)(columnValue(row, field)),
    ]),
  );
}

export interface ReservedAdminDeps {
  db: Kysely<Database>;
  files: FileStore;
  clock: Clock;
  searchIndex: SearchIndexer;
}

/**
 * The reserved area in the back office (ADR 013, ADR 015): recommendations, assemblies, the
 * press review and the board's opinions, each with its audience. Lists with search and filters,
 * create, edit, delete; each change is one transaction with its audit entry (a new record's
 * entry holds it whole, an edit's only what changed). Reserved answers are never cached
 * (ADR 011), so members see a change at once without a content-version bump.
 */
export class ReservedAdminService {
  private readonly bins = new Map<ReservedTable, RecordBin>();

  constructor(private readonly deps: ReservedAdminDeps) {}

  /** The bin of one kind (ADR 023, ADR 031): the shared rules over the kind's table. */
  private binOf(kind: AnyKind): RecordBin {
    const known = this.bins.get(kind.table);
    if (known !== undefined) return known;
    const { searchIndex } = this.deps;
    const bin = new RecordBin(this.deps, {
      entity: kind.entity,
      words: {
        binned: `${kind.noun} spostat${kind.ending} nel cestino`,
        restored: `${kind.noun} ripristinat${kind.ending} dal cestino`,
        deleted: `${kind.noun} eliminat${kind.ending} definitivamente`,
      },
      view: (db, id) => this.view(db, kind, id),
      titleOf: (view) => auditTitle(kind, view),
      bin: reservedBinQueries[kind.table],
      deleteForGood: (trx, id) => deleteReservedRecord(trx, kind.table, id, kind.attachmentOwner),
      // Members' answers are never cached (ADR 011): only the search index follows.
      changed: async (trx, id, onSite) => {
        const source = RESERVED_SOURCE_KINDS[kind.table];
        if (onSite) await searchIndex.recordChanged(trx, source, id);
        else await searchIndex.recordRemoved(trx, source, id);
      },
    });
    this.bins.set(kind.table, bin);
    return bin;
  }

  async list<T extends ReservedTable, Input extends ReservedRecordInput, Item>(
    kind: ReservedKind<T, Input, Item>,
    query: ReservedRecordListQuery,
  ): Promise<AdminPage<Item>> {
    const text = query.q?.trim() ?? '';
    const matching = reservedRecordsMatching(this.deps.db, kind.table, {
      titlePattern: text === '' ? null : containsPattern(text),
      audience: query.audience,
      published: query.published === undefined ? undefined : query.published === 'true',
      year: query.year,
      dateColumn: kind.dateColumn,
      territory: kind.filtersByTerritory ? query.territory : undefined,
    });
    const page = await idPage(matching, query, {
      idColumn: `${kind.table}.id`,
      sortColumns: kind.sortColumns,
      fallback: kind.fallbackSort,
    });
    return { items: await this.items(kind, page.ids), total: page.total };
  }

  async get<T extends ReservedTable, Input extends ReservedRecordInput, Item>(
    kind: ReservedKind<T, Input, Item>,
    id: number,
  ): Promise<Item> {
    return found((await this.items(kind, [id]))[0]);
  }

  /**
   * Creates (`id` null) or edits one record with its files and audit entry; an edit read at
   * `version` is refused when the record has moved on since (ADR 041).
   */
  async save<T extends ReservedTable, Input extends ReservedRecordInput, Item>(
    kind: ReservedKind<T, Input, Item>,
    actor: Actor,
    id: number | null,
    input: Input,
    version: number | null = null,
  ): Promise<Item> {
    const files = kind.pdfs === null ? null : kind.pdfs.changes(input);
    // Checked before the transaction: a bad file is a 400 that writes nothing.
    const added = files === null ? [] : await checkedPdfs(files.newAttachments, 'newAttachments');
    const now = this.deps.clock();
    const savedId = await this.deps.db
      .transaction()
      .execute((trx) => this.saveIn(trx, kind, actor, id, input, added, now, version));
    return this.get(kind, savedId);
  }

  /** The save inside the caller's transaction (the form's own, or a bulk action's). */
  private async saveIn<T extends ReservedTable, Input extends ReservedRecordInput, Item>(
    trx: Transaction<Database>,
    kind: ReservedKind<T, Input, Item>,
    actor: Actor,
    id: number | null,
    input: Input,
    added: Awaited<ReturnType<typeof checkedPdfs>>,
    now: Date,
    version: number | null = null,
  ): Promise<number> {
    // First, so the row is this save's until it commits (ADR 041).
    if (id !== null) await takeNextVersion(trx, reservedVersions[kind.table], id, version);
    const files = kind.pdfs === null ? null : kind.pdfs.changes(input);
    const stamp = now.toISOString();
    // The kind's own columns are its own business; the shared ones complete the row's type.
    const values = {
      ...ownColumns(kind.fields, input),
      title_search: searchText(titleOf(kind.fields, input)),
      audience: input.audience,
      published: input.published ? 1 : 0,
      publish_at: storedInstant(input.publishAt),
    } as unknown as ReservedValues<T>;
    const before = id === null ? null : await this.view(trx, kind, id);
    if (before?.nelCestino === true) throw new AppError('notFound');
    let rowId: number;
    if (id === null) {
      rowId = await insertReservedRecord(trx, kind.table, values, stamp);
    } else {
      rowId = id;
      await updateReservedRecord(trx, kind.table, rowId, values, stamp);
    }
    if (kind.pdfs !== null && files !== null) {
      await replaceAttachments(
        trx,
        this.deps.files,
        { kind: kind.pdfs.owner, id: rowId, area: kind.pdfs.area },
        files.keptAttachmentIds,
        added,
        stamp,
      );
    }
    await this.deps.searchIndex.recordChanged(trx, RESERVED_SOURCE_KINDS[kind.table], rowId);
    const after = await this.view(trx, kind, rowId);
    const summary = `${kind.noun} ${before === null ? 'creat' : 'modificat'}${kind.ending}: ${titleOf(kind.fields, input)}`;
    await writeAudit(
      trx,
      actor,
      saveEntry({ entity: kind.entity, entityId: rowId, summary }, before, after),
      now,
    );
    return rowId;
  }

  /** "Elimina" moves the record to the bin (ADR 031): off the members' lists, restorable. */
  remove(kind: AnyKind, actor: Actor, id: number): Promise<void> {
    return this.binOf(kind).moveToBin(actor, id);
  }

  /** The kind's bin, most recently deleted first, after dropping what has been there too long. */
  listBin(kind: AnyKind): Promise<AdminPage<AdminBinItem>> {
    return this.binOf(kind).list();
  }

  /** Takes a record out of the bin, as it was. */
  async restore<T extends ReservedTable, Input extends ReservedRecordInput, Item>(
    kind: ReservedKind<T, Input, Item>,
    actor: Actor,
    id: number,
  ): Promise<Item> {
    await this.binOf(kind).restore(actor, id);
    return this.get(kind, id);
  }

  /** Deletes binned records for good: one (`id`) or the kind's whole bin (null). */
  emptyBin(kind: AnyKind, actor: Actor, id: number | null): Promise<void> {
    return this.binOf(kind).empty(actor, id);
  }

  /** Deletes for good what has been in the four bins BIN_DAYS days; answers how many went. */
  async purgeExpired(): Promise<number> {
    let purged = 0;
    for (const kind of RESERVED_KINDS) purged += await this.binOf(kind).purgeExpired();
    return purged;
  }

  /**
   * A bulk action of the list (ADR 031): "Pubblica" (now, the schedule dropped), "Ritira" (a
   * draft again), "Elimina" (to the bin), with the same audit entries as the form; all the
   * records or none, unknown or binned ids named in the error.
   */
  async bulk(kind: AnyKind, actor: Actor, { ids, action }: AdminBulk): Promise<void> {
    const now = this.deps.clock();
    await bulkInOneTransaction(
      this.deps.db,
      ids,
      (trx, chosen) => liveReservedRecordIds(trx, kind.table, chosen),
      async (trx, id) => {
        if (action === 'elimina') return this.binOf(kind).binIn(trx, actor, id, now);
        const input = await this.inputOf(trx, kind, id);
        await this.saveIn(
          trx,
          kind,
          actor,
          id,
          { ...input, published: action === 'pubblica', publishAt: null },
          [],
          now,
        );
      },
    );
  }

  /** "Esporta selezionati": the chosen records as CSV, as the audit log names their fields. */
  exportSelected(kind: AnyKind, actor: Actor, ids: readonly number[]): Promise<string> {
    return selectedAsCsv(this.deps, actor, kind.entity, ids, (id) =>
      this.view(this.deps.db, kind, id),
    );
  }

  /** The record's history from the audit log, newest first. */
  async history(kind: AnyKind, id: number): Promise<AdminAuditEntry[]> {
    await this.get(kind, id);
    return historyOf(this.deps.db, kind.entity, id);
  }

  /**
   * "Annulla questa modifica" (ADR 031): the values the entry replaced are saved again over the
   * current ones, as a new audited edit; files taken away are not brought back.
   */
  async rollback<T extends ReservedTable, Input extends ReservedRecordInput, Item>(
    kind: ReservedKind<T, Input, Item>,
    actor: Actor,
    id: number,
    auditId: number,
  ): Promise<Item> {
    const before = await versionBefore(this.deps.db, kind.entity, id, auditId);
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const current = await this.inputOf(trx, kind, id);
      const restored: Record<string, unknown> = { ...(current as object) };
      for (const [name, field] of Object.entries(kind.fields as Fields)) {
        if (field.audit in before)
          restored[name] = (field.read ?? asItIs)(before[field.audit] as never);
      }
      if ('pubblico' in before) {
        const audience = Object.entries(RESERVED_AUDIENCES).find(
          ([, label]) => label === before.pubblico,
        );
        if (audience !== undefined) restored.audience = audience[0];
      }
      const publishedKey = `pubblicat${kind.ending}`;
      if (publishedKey in before) restored.published = before[publishedKey] === true;
      if ('pubblicazioneProgrammata' in before) {
        restored.publishAt = (before.pubblicazioneProgrammata as string | null) ?? null;
      }
      await this.saveIn(trx, kind, actor, id, restored as unknown as Input, [], now);
    });
    return this.get(kind, id);
  }

  /** The record as its form would send it back: its fields, and its files kept. */
  private async inputOf<T extends ReservedTable, Input extends ReservedRecordInput, Item>(
    db: Kysely<Database>,
    kind: ReservedKind<T, Input, Item>,
    id: number,
  ): Promise<Input> {
    const item = found((await this.items(kind, [id], db))[0]) as Record<string, unknown>;
    const attachments = (item.attachments as AdminAttachment[] | undefined) ?? [];
    return {
      ...item,
      keptAttachmentIds: attachments.map((attachment) => attachment.id),
      newAttachments: [],
    } as unknown as Input;
  }

  /** Records by id, in the order of `ids`, with their PDFs when the kind has any. */
  private async items<T extends ReservedTable, Input extends ReservedRecordInput, Item>(
    kind: ReservedKind<T, Input, Item>,
    ids: number[],
    db: Kysely<Database> = this.deps.db,
  ): Promise<Item[]> {
    // A record in the bin is read only through the bin (its form answers 404, ADR 023).
    const rows = (await findReservedRecords(db, kind.table, ids)).filter(
      (row) => row.deleted_at === null,
    );
    const files =
      kind.pdfs === null
        ? new Map<number, AdminAttachment[]>()
        : await attachmentsOf(db, kind.pdfs.owner, ids);
    const now = this.deps.clock().toISOString();
    return inPageOrder(ids, rows).map((row) => {
      const attachments = kind.pdfs === null ? {} : { attachments: files.get(row.id) ?? [] };
      // The kind's fields and the shared ones together are the kind's answer.
      const item = {
        id: row.id,
        ...ownAnswer(kind.fields, row),
        audience: row.audience as ReservedAudience,
        published: row.published === 1,
        publishAt: romeLocal(row.publish_at),
        state: scheduleState(row, now),
        ...attachments,
        updatedAt: row.updated_at,
        version: row.version,
      } as Item;
      return item;
    });
  }

  /** The record as its audit entries show it; 404 when it does not exist. */
  private async view<T extends ReservedTable, Input extends ReservedRecordInput, Item>(
    db: Kysely<Database>,
    kind: ReservedKind<T, Input, Item>,
    id: number,
  ): Promise<Record<string, unknown>> {
    const row = found(await findReservedRecord(db, kind.table, id));
    const view = {
      ...ownAudit(kind.fields, row),
      pubblico: audienceLabel(row.audience),
      [`pubblicat${kind.ending}`]: row.published === 1,
      pubblicazioneProgrammata: romeLocal(row.publish_at),
      ...(row.deleted_at === null ? {} : { nelCestino: true }),
    };
    if (kind.pdfs === null) return view;
    return { ...view, allegati: await fileNames(db, kind.pdfs.owner, id) };
  }
}

/** The four kinds, for what runs over all of them (the bins' purge). */
const RESERVED_KINDS: readonly AnyKind[] = [RECOMMENDATIONS, ASSEMBLIES, PRESS_REVIEWS, OPINIONS];

/** Each kind's staff list (its back-office resource) and its plural, for the staff home. */
const RESERVED_LISTS: Record<ReservedTable, { resource: string; key: string; label: string }> = {
  recommendations: {
    resource: 'raccomandazioni',
    key: 'raccomandazioni-programmate',
    label: 'Raccomandazioni programmate',
  },
  assemblies: {
    resource: 'assemblee',
    key: 'assemblee-programmate',
    label: 'Assemblee programmate',
  },
  press_reviews: {
    resource: 'rassegna-stampa',
    key: 'rassegna-stampa-programmata',
    label: 'Articoli della rassegna stampa programmati',
  },
  opinions: { resource: 'pareri', key: 'pareri-programmati', label: 'Pareri programmati' },
};

/**
 * The staff home's lines of reserved records scheduled to go public later (ADR 023, ADR 031),
 * one per kind that has some.
 */
export const reservedPendingWork: PendingWorkProvider = async (db, now) => {
  const lines = await Promise.all(
    RESERVED_KINDS.map(async (kind) => {
      const list = RESERVED_LISTS[kind.table];
      const count = await countOf(scheduledReservedRecords(db, kind.table, now.toISOString()));
      return { key: list.key, label: list.label, count, href: adminListHref(list.resource) };
    }),
  );
  return lines.filter((line) => line.count > 0);
};

function found<R>(row: R | undefined): R {
  if (row === undefined) throw new AppError('notFound');
  return row;
}
