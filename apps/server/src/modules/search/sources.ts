import type { SearchKind } from '@sodalis/contracts';
import { decodeHTML } from 'entities';
import type { Kysely } from 'kysely';
import type { AttachmentOwnerKind, Database } from '../../db/schema.js';
import { storedAttachmentsOf, type StoredAttachment } from '../attachments/repository.js';
import type { UnitDescription } from './repository.js';

/**
 * What the site search indexes of each kind of record (ADR 025): its text, who may read it
 * and where it is opened. Search owns the `SearchSource` interface and each domain supplies its
 * own source, reading its records through its own repository (`<domain>/search-source.ts`);
 * each module names its own (`module.ts`) and the composition hands them to the indexer
 * (ADR 046), so search imports no domain
 * while the domains call its indexer (ADR 044).
 */

/**
 * The records the index holds: the attachments' owner kinds, opinions and board members (their
 * texts only). Board members' CVs and sponsorship requests are not for readers to search. The
 * kind is stored in the index's rows.
 */
export type SourceKind =
  | Exclude<AttachmentOwnerKind, 'board_member_cv' | 'sponsorship_request'>
  | 'opinion'
  | 'board_member'
  // Events (ADR 047): their text, no attachments.
  | 'event';

/** Every kind, in the order a rebuild reads them. */
export const SOURCE_KINDS: readonly SourceKind[] = [
  'article',
  'setup_element',
  'recommendation',
  'assembly',
  'press_review',
  'opinion',
  'magazine_issue',
  'magazine_article',
  'transparency_publication',
  'board_member',
  'event',
];

/** The group each record's results appear in. */
export const RESULT_KIND: Readonly<Record<SourceKind, SearchKind>> = {
  article: 'news',
  setup_element: 'page',
  recommendation: 'recommendation',
  assembly: 'assembly',
  press_review: 'press_review',
  opinion: 'opinion',
  magazine_issue: 'magazine',
  magazine_article: 'magazine',
  transparency_publication: 'transparency',
  board_member: 'page',
  event: 'event',
};

export function isSourceKind(kind: string): kind is SourceKind {
  return (SOURCE_KINDS as readonly string[]).includes(kind);
}

/** One record as the index sees it; null from `record` when nothing of it may be found. */
export interface SourceRecord {
  kind: SourceKind;
  id: number;
  description: UnitDescription;
  text: string;
  attachments: StoredAttachment[];
}

/** What a domain's source answers for one record: its text and where it is shown. */
export type SourceText = Pick<SourceRecord, 'description' | 'text'>;

export interface SourceContext {
  societyAcronym: string;
}

/**
 * One domain's records as the site search reads them. `read` answers null for a record that
 * is gone or not on the site (a draft, in the bin): the index drops it.
 */
export interface SearchSource {
  /** The kinds of record this source reads. */
  readonly kinds: readonly SourceKind[];
  read(
    db: Kysely<Database>,
    kind: SourceKind,
    id: number,
    context: SourceContext,
  ): Promise<SourceText | null>;
  /** Every record id of a kind, for a rebuild. */
  allIds(db: Kysely<Database>, kind: SourceKind): Promise<number[]>;
  /** Records whose units depend on this one (an issue's articles share its audience). */
  dependents?(
    db: Kysely<Database>,
    kind: SourceKind,
    id: number,
  ): Promise<{ kind: SourceKind; id: number }[]>;
}

/** The words of rich text (tags dropped, entities read). */
export function plainText(html: string): string {
  return decodeHTML(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** The non-empty parts, one a line: a record's text. */
export const lines = (...parts: (string | null | undefined)[]) =>
  parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join('\n');

/**
 * A record is indexed when published and not in the bin (ADR 031); one scheduled for later is
 * found from its moment (`visible_from`), as its list shows it.
 */
export function publishedOnSite<R extends { published: number; deleted_at: string | null }>(
  row: R | undefined,
): row is R {
  return row !== undefined && row.published === 1 && row.deleted_at === null;
}

/**
 * The sources the domains supplied, one per kind: every kind of `SOURCE_KINDS` must have one,
 * so a rebuild never leaves a kind out.
 */
export class SearchSources {
  private readonly byKind = new Map<SourceKind, SearchSource>();

  constructor(sources: readonly SearchSource[]) {
    for (const source of sources) {
      for (const kind of source.kinds) {
        if (this.byKind.has(kind)) throw new Error(`ricerca: due fonti per il tipo ${kind}`);
        this.byKind.set(kind, source);
      }
    }
    const missing = SOURCE_KINDS.filter((kind) => !this.byKind.has(kind));
    if (missing.length > 0) throw new Error(`ricerca: nessuna fonte per ${missing.join(', ')}`);
  }

  private sourceOf(kind: SourceKind): SearchSource {
    const source = this.byKind.get(kind);
    if (source === undefined) throw new Error(`ricerca: nessuna fonte per ${kind}`);
    return source;
  }

  /** The record `kind`/`id` as the index holds it, or null when it is gone or not published. */
  async record(
    db: Kysely<Database>,
    kind: SourceKind,
    id: number,
    context: SourceContext,
  ): Promise<SourceRecord | null> {
    const text = await this.sourceOf(kind).read(db, kind, id, context);
    if (text === null) return null;
    return { kind, id, ...text, attachments: await searchedFilesOf(db, kind, id) };
  }

  /** The ids of the record's files the index reads. */
  async attachmentIdsOf(db: Kysely<Database>, kind: SourceKind, id: number): Promise<number[]> {
    return (await searchedFilesOf(db, kind, id)).map((attachment) => attachment.id);
  }

  /** Records whose units depend on this one. */
  async dependentRecords(
    db: Kysely<Database>,
    kind: SourceKind,
    id: number,
  ): Promise<{ kind: SourceKind; id: number }[]> {
    return (await this.sourceOf(kind).dependents?.(db, kind, id)) ?? [];
  }

  /** Every record id of a kind, for a rebuild. */
  allRecordIds(db: Kysely<Database>, kind: SourceKind): Promise<number[]> {
    return this.sourceOf(kind).allIds(db, kind);
  }
}

/**
 * The files of a record the index reads: none of an opinion or a board member (CVs), nor of an
 * event (it has no attachments, ADR 047).
 */
async function searchedFilesOf(
  db: Kysely<Database>,
  kind: SourceKind,
  id: number,
): Promise<StoredAttachment[]> {
  if (kind === 'opinion' || kind === 'board_member' || kind === 'event') return [];
  return storedAttachmentsOf(db, kind, [id]);
}
