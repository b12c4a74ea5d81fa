import {
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
  type AuditEntity,
  type ReservedAudience,
  type Territory,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AttachmentOwnerKind, Database } from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../text/dates.js';
import { containsPattern, searchText } from '../../text/search-text.js';
import { saveEntry, writeAudit, type Actor } from '../admin/audit.js';
import { idPage } from '../listing/id-page.js';
import { checkedPdfs, replaceAttachments } from '../admin/uploads.js';
import { attachmentsOf, fileNames } from '../attachments/repository.js';
import {
  deleteReservedRecord,
  findReservedRecord,
  findReservedRecords,
  insertReservedRecord,
  reservedRecordsMatching,
  updateReservedRecord,
  type ReservedRow,
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
export interface ReservedKind<T extends ReservedTable, Input, Item> {
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
  /** The row's columns except id, created_at and updated_at (the save sets those). */
  values: (input: Input) => ReservedValues<T>;
  /** The record's name in its audit entries' summaries. */
  title: (input: Input) => string;
  /** The summaries' openings, e.g. `Parere creato`. */
  summaries: { created: string; edited: string; removed: string };
  /** The record as the audit log shows it, with Italian field names (files added after). */
  view: (row: ReservedRow<T>) => Record<string, unknown>;
  item: (row: ReservedRow<T>, attachments: AdminAttachment[]) => Item;
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
  values: (input) => ({
    title: input.title,
    title_search: searchText(input.title),
    published_on: input.publishedOn,
    source_name: input.sourceName,
    source_url: input.sourceUrl,
    audience: input.audience,
    published: input.published ? 1 : 0,
  }),
  title: (input) => input.title,
  summaries: {
    created: 'Raccomandazione creata',
    edited: 'Raccomandazione modificata',
    removed: 'Raccomandazione eliminata',
  },
  view: (row) => ({
    titolo: row.title,
    dataPubblicazione: row.published_on,
    fonte: row.source_name,
    indirizzoFonte: row.source_url,
    pubblico: audienceLabel(row.audience),
    pubblicata: row.published === 1,
  }),
  item: (row, attachments) => ({
    id: row.id,
    title: row.title,
    publishedOn: row.published_on,
    sourceName: row.source_name,
    sourceUrl: row.source_url,
    audience: row.audience as ReservedAudience,
    published: row.published === 1,
    attachments,
    updatedAt: row.updated_at,
  }),
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
  values: (input) => ({
    title: input.title,
    title_search: searchText(input.title),
    held_on: input.heldOn,
    place: input.place ?? '',
    territory: input.territory,
    section: input.section,
    audience: input.audience,
    published: input.published ? 1 : 0,
  }),
  title: (input) => input.title,
  summaries: {
    created: 'Assemblea creata',
    edited: 'Assemblea modificata',
    removed: 'Assemblea eliminata',
  },
  view: (row) => ({
    titolo: row.title,
    data: row.held_on,
    luogo: row.place,
    territorio: row.territory,
    sezione: row.section,
    pubblico: audienceLabel(row.audience),
    pubblicata: row.published === 1,
  }),
  item: (row, attachments) => ({
    id: row.id,
    title: row.title,
    heldOn: row.held_on,
    place: row.place,
    territory: row.territory,
    section: row.section as AdminAssembly['section'],
    audience: row.audience as ReservedAudience,
    published: row.published === 1,
    attachments,
    updatedAt: row.updated_at,
  }),
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
  values: (input) => ({
    headline: input.headline,
    title_search: searchText(input.headline),
    newspaper: input.newspaper,
    published_on: input.publishedOn,
    url: input.url,
    audience: input.audience,
    published: input.published ? 1 : 0,
  }),
  title: (input) => input.headline,
  summaries: {
    created: 'Rassegna stampa: articolo creato',
    edited: 'Rassegna stampa: articolo modificato',
    removed: 'Rassegna stampa: articolo eliminato',
  },
  view: (row) => ({
    titolo: row.headline,
    testata: row.newspaper,
    data: row.published_on,
    indirizzo: row.url,
    pubblico: audienceLabel(row.audience),
    pubblicato: row.published === 1,
  }),
  item: (row) => ({
    id: row.id,
    headline: row.headline,
    newspaper: row.newspaper,
    publishedOn: row.published_on,
    url: row.url,
    audience: row.audience as ReservedAudience,
    published: row.published === 1,
    updatedAt: row.updated_at,
  }),
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
  values: (input) => ({
    title: input.title,
    title_search: searchText(input.title),
    published_on: input.publishedOn,
    sort_order: input.sortOrder,
    question: normaliseLineBreaks(input.question),
    answer: normaliseLineBreaks(input.answer),
    audience: input.audience,
    published: input.published ? 1 : 0,
  }),
  title: (input) => input.title,
  summaries: {
    created: 'Parere creato',
    edited: 'Parere modificato',
    removed: 'Parere eliminato',
  },
  view: (row) => ({
    titolo: row.title,
    dataPubblicazione: row.published_on,
    ordinamento: row.sort_order,
    domanda: row.question,
    risposta: row.answer,
    pubblico: audienceLabel(row.audience),
    pubblicato: row.published === 1,
  }),
  item: (row) => ({
    id: row.id,
    title: row.title,
    publishedOn: row.published_on,
    sortOrder: Number(row.sort_order),
    question: row.question,
    answer: row.answer,
    audience: row.audience as ReservedAudience,
    published: row.published === 1,
    updatedAt: row.updated_at,
  }),
};

export interface ReservedAdminDeps {
  db: Kysely<Database>;
  files: FileStore;
  clock: Clock;
}

/**
 * The reserved area in the back office (ADR 013, ADR 015): recommendations, assemblies, the
 * press review and the board's opinions, each with its audience. Lists with search and filters,
 * create, edit, delete; each change is one transaction with its audit entry (a new record's
 * entry holds it whole, an edit's only what changed). Reserved answers are never cached
 * (ADR 011), so members see a change at once without a content-version bump.
 */
export class ReservedAdminService {
  constructor(private readonly deps: ReservedAdminDeps) {}

  async list<T extends ReservedTable, Input, Item>(
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

  async get<T extends ReservedTable, Input, Item>(
    kind: ReservedKind<T, Input, Item>,
    id: number,
  ): Promise<Item> {
    return found((await this.items(kind, [id]))[0]);
  }

  /** Creates (`id` null) or edits one record with its files and audit entry. */
  async save<T extends ReservedTable, Input, Item>(
    kind: ReservedKind<T, Input, Item>,
    actor: Actor,
    id: number | null,
    input: Input,
  ): Promise<Item> {
    const files = kind.pdfs === null ? null : kind.pdfs.changes(input);
    // Checked before the transaction: a bad file is a 400 that writes nothing.
    const added = files === null ? [] : checkedPdfs(files.newAttachments, 'newAttachments');
    const now = this.deps.clock();
    const stamp = now.toISOString();
    const values = kind.values(input);
    const savedId = await this.deps.db.transaction().execute(async (trx) => {
      const before = id === null ? null : await this.view(trx, kind, id);
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
      const after = await this.view(trx, kind, rowId);
      const summary = `${before === null ? kind.summaries.created : kind.summaries.edited}: ${kind.title(input)}`;
      await writeAudit(
        trx,
        actor,
        saveEntry({ entity: kind.entity, entityId: rowId, summary }, before, after),
        now,
      );
      return rowId;
    });
    return this.get(kind, savedId);
  }

  /** Deletes one record and its attachments, with an entry of what it was; 404 when missing. */
  async remove<T extends ReservedTable, Input, Item>(
    kind: ReservedKind<T, Input, Item>,
    actor: Actor,
    id: number,
  ): Promise<void> {
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await this.view(trx, kind, id);
      await deleteReservedRecord(trx, kind.table, id, kind.attachmentOwner);
      await writeAudit(
        trx,
        actor,
        {
          action: 'elimina',
          entity: kind.entity,
          entityId: id,
          summary: `${kind.summaries.removed}: ${String(before.titolo)}`,
          before,
        },
        now,
      );
    });
  }

  /** Records by id, in the order of `ids`, with their PDFs when the kind has any. */
  private async items<T extends ReservedTable, Input, Item>(
    kind: ReservedKind<T, Input, Item>,
    ids: number[],
  ): Promise<Item[]> {
    const rows = await findReservedRecords(this.deps.db, kind.table, ids);
    const files =
      kind.pdfs === null
        ? new Map<number, AdminAttachment[]>()
        : await attachmentsOf(this.deps.db, kind.pdfs.owner, ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row === undefined ? [] : [kind.item(row, files.get(id) ?? [])];
    });
  }

  /** The record as its audit entries show it; 404 when it does not exist. */
  private async view<T extends ReservedTable, Input, Item>(
    db: Kysely<Database>,
    kind: ReservedKind<T, Input, Item>,
    id: number,
  ): Promise<Record<string, unknown>> {
    const row = found(await findReservedRecord(db, kind.table, id));
    if (kind.pdfs === null) return kind.view(row);
    return { ...kind.view(row), allegati: await fileNames(db, kind.pdfs.owner, id) };
  }
}

function found<R>(row: R | undefined): R {
  if (row === undefined) throw new AppError('notFound');
  return row;
}
