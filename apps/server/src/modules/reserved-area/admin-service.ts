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
import type { SearchIndexer } from '../search/indexer.js';
import { RESERVED_SOURCE_KINDS } from '../search/sources.js';
import { idPage, inPageOrder } from '../listing/id-page.js';
import { checkedPdfs, replaceAttachments } from '../admin/uploads.js';
import { attachmentsOf, fileNames } from '../attachments/repository.js';
import {
  deleteReservedRecord,
  findReservedRecord,
  findReservedRecords,
  insertReservedRecord,
  reservedRecordsMatching,
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
type SharedField = 'audience' | 'published' | 'attachments' | 'updatedAt';

/** What every kind's form has: who reads the record and whether it is on the site. */
export interface ReservedRecordInput {
  audience: ReservedAudience;
  published: boolean;
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
  constructor(private readonly deps: ReservedAdminDeps) {}

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

  /** Creates (`id` null) or edits one record with its files and audit entry. */
  async save<T extends ReservedTable, Input extends ReservedRecordInput, Item>(
    kind: ReservedKind<T, Input, Item>,
    actor: Actor,
    id: number | null,
    input: Input,
  ): Promise<Item> {
    const files = kind.pdfs === null ? null : kind.pdfs.changes(input);
    // Checked before the transaction: a bad file is a 400 that writes nothing.
    const added = files === null ? [] : await checkedPdfs(files.newAttachments, 'newAttachments');
    const now = this.deps.clock();
    const stamp = now.toISOString();
    // The kind's own columns are its own business; the shared ones complete the row's type.
    const values = {
      ...ownColumns(kind.fields, input),
      title_search: searchText(titleOf(kind.fields, input)),
      audience: input.audience,
      published: input.published ? 1 : 0,
    } as unknown as ReservedValues<T>;
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
    });
    return this.get(kind, savedId);
  }

  /** Deletes one record and its attachments, with an entry of what it was; 404 when missing. */
  async remove<T extends ReservedTable, Input extends ReservedRecordInput, Item>(
    kind: ReservedKind<T, Input, Item>,
    actor: Actor,
    id: number,
  ): Promise<void> {
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await this.view(trx, kind, id);
      await this.deps.searchIndex.recordRemoved(trx, RESERVED_SOURCE_KINDS[kind.table], id);
      await deleteReservedRecord(trx, kind.table, id, kind.attachmentOwner);
      await writeAudit(
        trx,
        actor,
        {
          action: 'elimina',
          entity: kind.entity,
          entityId: id,
          summary: `${kind.noun} eliminat${kind.ending}: ${String(before.titolo)}`,
          before,
        },
        now,
      );
    });
  }

  /** Records by id, in the order of `ids`, with their PDFs when the kind has any. */
  private async items<T extends ReservedTable, Input extends ReservedRecordInput, Item>(
    kind: ReservedKind<T, Input, Item>,
    ids: number[],
  ): Promise<Item[]> {
    const rows = await findReservedRecords(this.deps.db, kind.table, ids);
    const files =
      kind.pdfs === null
        ? new Map<number, AdminAttachment[]>()
        : await attachmentsOf(this.deps.db, kind.pdfs.owner, ids);
    return inPageOrder(ids, rows).map((row) => {
      const attachments = kind.pdfs === null ? {} : { attachments: files.get(row.id) ?? [] };
      // The kind's fields and the shared ones together are the kind's answer.
      const item = {
        id: row.id,
        ...ownAnswer(kind.fields, row),
        audience: row.audience as ReservedAudience,
        published: row.published === 1,
        ...attachments,
        updatedAt: row.updated_at,
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
    };
    if (kind.pdfs === null) return view;
    return { ...view, allegati: await fileNames(db, kind.pdfs.owner, id) };
  }
}

function found<R>(row: R | undefined): R {
  if (row === undefined) throw new AppError('notFound');
  return row;
}
