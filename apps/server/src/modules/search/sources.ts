import type { SearchKind } from '@sodalis/contracts';
import { decodeHTML } from 'entities';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { StoredAttachment } from '../attachments/repository.js';
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
 * A kind of record the index holds, named by the domain whose source reads it (`article`,
 * `event`…) and stored in the index's rows. Search knows none of them (ADR 044).
 */
export type SourceKind = string;

/**
 * A group of results on `/cerca`, named by the domain that supplies it: its name in the API,
 * its heading, and whether its records' documents open by address without a session (the
 * public site's) or through the session (the reserved area's). Groups are shown in the order
 * the list of modules first names them (ADR 046).
 */
export interface ResultGroup {
  kind: SearchKind;
  label: string;
  publicDocuments: boolean;
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
  /** The kinds of record this source reads, each with the group its results appear in. */
  readonly kinds: Readonly<Record<SourceKind, ResultGroup>>;
  /** The files of a record the index reads (its PDFs); none when a kind has no attachments. */
  filesOf?(db: Kysely<Database>, kind: SourceKind, id: number): Promise<StoredAttachment[]>;
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
 * The sources the domains supplied (ADR 044, 046), one per kind of record, in the list's order:
 * a rebuild reads every kind they name, and the results are grouped in the order they name
 * their groups.
 */
export class SearchSources {
  private readonly byKind = new Map<SourceKind, SearchSource>();
  /** Every result group, in the order the sources first name them. */
  readonly groups: readonly ResultGroup[];

  constructor(sources: readonly SearchSource[]) {
    const groups = new Map<SearchKind, ResultGroup>();
    for (const source of sources) {
      for (const [kind, group] of Object.entries(source.kinds)) {
        if (this.byKind.has(kind)) throw new Error(`ricerca: due fonti per il tipo ${kind}`);
        this.byKind.set(kind, source);
        const named = groups.get(group.kind);
        if (named !== undefined && named !== group)
          throw new Error(`ricerca: due descrizioni del gruppo ${group.kind}`);
        groups.set(group.kind, group);
      }
    }
    this.groups = [...groups.values()];
  }

  /** Every kind of record, in the order a rebuild reads them. */
  get kinds(): SourceKind[] {
    return [...this.byKind.keys()];
  }

  /** Whether a record kind stored in the index still has a source (one may be retired). */
  has(kind: string): boolean {
    return this.byKind.has(kind);
  }

  /** The group a record's results appear in, or null for a kind no source reads any more. */
  groupOf(kind: SourceKind): ResultGroup | null {
    const source = this.byKind.get(kind);
    return source === undefined ? null : (source.kinds[kind] ?? null);
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
    return { kind, id, ...text, attachments: await this.filesOf(db, kind, id) };
  }

  /** The ids of the record's files the index reads. */
  async attachmentIdsOf(db: Kysely<Database>, kind: SourceKind, id: number): Promise<number[]> {
    return (await this.filesOf(db, kind, id)).map((attachment) => attachment.id);
  }

  private async filesOf(
    db: Kysely<Database>,
    kind: SourceKind,
    id: number,
  ): Promise<StoredAttachment[]> {
    return (await this.sourceOf(kind).filesOf?.(db, kind, id)) ?? [];
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
