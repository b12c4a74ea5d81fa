import {
  ASSEMBLY_SECTIONS,
  encodePagingToken,
  PAGE_SIZE,
  TERRITORIES,
  type Assembly,
  type FileContent,
  type ListFilter,
  type MemberRole,
  type Opinion,
  type PagedList,
  type PressReview,
  type Recommendation,
  type Territory,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { DatabaseEngine } from '../../db/database.js';
import type { Audience, Database } from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import { AppError } from '../../http/app-error.js';
import { searchText } from '../../text/search-text.js';
import type { Clock } from '../../text/dates.js';
import { withAttachments } from '../attachments/repository.js';
import { AUDIENCES_OF_ROLE, mayRead } from '../accounts/audiences.js';
import {
  dateFilterCondition,
  decodedToken,
  keysetPage,
  orderOf,
  sortValuesOf,
  type ListOrder,
  type SortKey,
} from '../listing/keyset.js';
import {
  findAssemblies,
  findAttachmentByUrl,
  findOpinionAnchor,
  findOpinions,
  findPressReviews,
  findRecommendations,
  ownerAudience,
  RESERVED_OWNER_KINDS,
  type ReservedQuery,
  type ReservedTable,
} from './repository.js';
import { indexedTextFilter } from '../search/list-filter.js';
import type { SourceKind } from '../search/sources.js';

// Who reads what lives with the roles, in accounts (ADR 011, ADR 044); re-exported for the
// reserved area's callers.
export { AUDIENCES_OF_ROLE, mayRead };

const byDate = (table: ReservedTable, column: string, field: string): SortKey[] => [
  { field, column: `${table}.${column}`, type: 'date' },
];
const byTitle = (table: ReservedTable): SortKey[] => [
  { field: 'Title', column: `${table}.title_search`, type: 'text' },
];

/** How a reserved list is ordered and paged, and the date its `years[]`/`months[]` filter. */
export interface ReservedListing {
  orders: Record<string, SortKey[]>;
  fallback: string;
  idColumn: string;
  /** Ascending unless the filter says otherwise (the bulletin's articles, by Ordinamento). */
  ascending?: boolean;
  dateColumn: string;
  pageSize: number;
  /** The site search's kind of the list's records: the text filter reads the index (ADR 025). */
  searchKind: SourceKind;
}

const RECOMMENDATION_LISTING: ReservedListing = {
  orders: {
    Datapubblicazione: byDate('recommendations', 'published_on', 'Datapubblicazione'),
    Title: byTitle('recommendations'),
    ID: [],
  },
  fallback: 'Datapubblicazione',
  idColumn: 'recommendations.id',
  dateColumn: 'recommendations.published_on',
  pageSize: PAGE_SIZE.recommendations,
  searchKind: 'recommendation',
};
const ASSEMBLY_LISTING: ReservedListing = {
  orders: { Data: byDate('assemblies', 'held_on', 'Data'), Title: byTitle('assemblies'), ID: [] },
  fallback: 'Data',
  idColumn: 'assemblies.id',
  dateColumn: 'assemblies.held_on',
  pageSize: PAGE_SIZE.assemblies,
  searchKind: 'assembly',
};
const PRESS_REVIEW_LISTING: ReservedListing = {
  orders: {
    Datapubblicazione: byDate('press_reviews', 'published_on', 'Datapubblicazione'),
    Title: byTitle('press_reviews'),
    ID: [],
  },
  fallback: 'Datapubblicazione',
  idColumn: 'press_reviews.id',
  dateColumn: 'press_reviews.published_on',
  pageSize: PAGE_SIZE.pressReview,
  searchKind: 'press_review',
};
const OPINION_BY_DATE_AND_ORDER: SortKey[] = [
  { field: 'Datapubblicazione', column: 'opinions.published_on', type: 'date' },
  { field: 'Ordinamento', column: 'opinions.sort_order', type: 'integer' },
];
const OPINION_LISTING: ReservedListing = {
  orders: {
    'Datapubblicazione,Ordinamento': OPINION_BY_DATE_AND_ORDER,
    Datapubblicazione: OPINION_BY_DATE_AND_ORDER,
    Title: byTitle('opinions'),
    ID: [],
  },
  fallback: 'Datapubblicazione,Ordinamento',
  idColumn: 'opinions.id',
  dateColumn: 'opinions.published_on',
  pageSize: PAGE_SIZE.opinions,
  searchKind: 'opinion',
};

function territoryOf(value: string | null | undefined): Territory | null {
  const wanted = value?.trim().toLowerCase() ?? '';
  if (wanted === '') return null;
  const territory = TERRITORIES.find((name) => name.toLowerCase() === wanted);
  if (territory === undefined) {
    throw new AppError('invalidRequest', [
      { path: 'territorio', message: 'territorio deve essere "Nazionali" o "Regionali".' },
    ]);
  }
  return territory;
}

function sectionsOf(values: string[] | null | undefined): string[] {
  const sections: string[] = [];
  for (const value of values ?? []) {
    const wanted = searchText(value.trim());
    if (wanted === '') continue;
    const section = ASSEMBLY_SECTIONS.find((name) => searchText(name) === wanted);
    if (section === undefined) {
      throw new AppError('invalidRequest', [
        {
          path: 'sezioni',
          message: `sezioni deve contenere solo: ${ASSEMBLY_SECTIONS.join(', ')}.`,
        },
      ]);
    }
    sections.push(section);
  }
  return [...new Set(sections)];
}

export interface ReservedAreaServiceDeps {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  files: FileStore;
  /** "Now" for the records scheduled to go public later (ADR 031). */
  clock: Clock;
}

/** A reserved document the caller may read, with what is needed to answer it. */
export interface ReservedDocument {
  fileName: string;
  sha256: string;
  contentType: string;
  sizeBytes: number;
}

/** Reserved-area archives and documents (spec §7 ReservedArea, GetRassegneStampa). */
export class ReservedAreaService {
  constructor(private readonly deps: ReservedAreaServiceDeps) {}

  async listRecommendations(
    role: MemberRole,
    filter: ListFilter,
  ): Promise<PagedList<Recommendation>> {
    return this.page(role, filter, RECOMMENDATION_LISTING, {
      rows: (query) => findRecommendations(this.deps.db, query),
      items: (rows) =>
        withAttachments(this.deps.db, 'recommendation', rows, (row, attachments) => ({
          id: row.id,
          title: row.title,
          dataPubblicazione: row.published_on,
          sourceName: row.source_name,
          sourceUrl: row.source_url,
          attachments,
        })),
    });
  }

  async listAssemblies(role: MemberRole, filter: ListFilter): Promise<PagedList<Assembly>> {
    return this.page(role, filter, ASSEMBLY_LISTING, {
      filters: () => ({
        territory: territoryOf(filter.territorio),
        sections: sectionsOf(filter.sezioni),
      }),
      rows: (query) => findAssemblies(this.deps.db, query),
      items: (rows) =>
        withAttachments(this.deps.db, 'assembly', rows, (row, attachments) => ({
          id: row.id,
          title: row.title,
          data: row.held_on,
          luogo: row.place,
          attachments,
        })),
    });
  }

  async listPressReviews(role: MemberRole, filter: ListFilter): Promise<PagedList<PressReview>> {
    return this.page(role, filter, PRESS_REVIEW_LISTING, {
      rows: (query) => findPressReviews(this.deps.db, query),
      items: (rows) =>
        rows.map((row) => ({
          id: row.id,
          date: row.published_on,
          testata: row.newspaper,
          headline: row.headline,
          title: row.headline,
          url: row.url,
        })),
    });
  }

  async listOpinions(role: MemberRole, filter: ListFilter): Promise<PagedList<Opinion>> {
    let pagingInfo = filter.pagingInfo;
    if (filter.paginated ?? true) {
      const placed = await this.placeIdOnlyOpinionToken(
        orderOf(filter, OPINION_LISTING),
        pagingInfo,
        AUDIENCES_OF_ROLE[role],
      );
      if (placed === 'nothing') return { items: [] };
      pagingInfo = placed;
    }
    return this.page(role, { ...filter, pagingInfo }, OPINION_LISTING, {
      rows: (query) => findOpinions(this.deps.db, query),
      items: (rows) =>
        rows.map((row) => ({
          id: row.id,
          title: row.title,
          domanda: row.question,
          risposta: row.answer,
          dataPubblicazione: row.published_on,
        })),
    });
  }

  /**
   * One page of a reserved list: what the role may read, in the filter's order and dates. The
   * list's own filters are read after the order and before the token, so a request with several
   * faults is told of the same one first.
   */
  private page<Row extends { id: number }, Item, Filters extends object = object>(
    role: MemberRole,
    filter: ListFilter,
    listing: ReservedListing,
    list: {
      filters?: () => Filters;
      rows: (query: ReservedQuery & Filters) => Promise<Row[]>;
      items: (rows: Row[]) => Item[] | Promise<Item[]>;
    },
  ): Promise<PagedList<Item>> {
    const order = orderOf(filter, listing);
    const filters = list.filters?.() ?? ({} as Filters);
    return keysetPage(filter, order, {
      defaultPageSize: listing.pageSize,
      conditions: [
        dateFilterCondition(listing.dateColumn, filter.years, filter.months),
        indexedTextFilter(this.deps.engine, [listing.searchKind], listing.idColumn, filter.title),
      ],
      rows: (query) =>
        list.rows({
          audiences: AUDIENCES_OF_ROLE[role],
          now: this.deps.clock().toISOString(),
          ...filters,
          ...query,
        }),
      items: list.items,
    });
  }

  /**
   * The opinion-detail trick (spec §4, ADR 011): a token with only `p_ID` in an order with sort
   * keys starts at the visible opinion with the highest ID below p_ID (descending; lowest above
   * it when ascending), that opinion included, and continues in the list's order. Answers a
   * full token for that place, the token unchanged when it is not ID-only, or 'nothing'.
   */
  private async placeIdOnlyOpinionToken(
    order: ListOrder,
    token: string | null | undefined,
    audiences: readonly Audience[],
  ): Promise<string | null | undefined | 'nothing'> {
    if (token === null || token === undefined || token === '' || order.keys.length === 0) {
      return token;
    }
    const position = decodedToken(order, token);
    if (position.sortValues !== null) return token;
    const anchor = await findOpinionAnchor(
      this.deps.db,
      audiences,
      position.id,
      order.ascending,
      this.deps.clock().toISOString(),
    );
    if (anchor === undefined) return 'nothing';
    // One step beyond the anchor's ID, so "strictly after" includes the anchor itself.
    const id = order.ascending ? anchor.id - 1 : anchor.id + 1;
    return encodePagingToken({ id, sortValues: sortValuesOf(order, anchor) });
  }

  /**
   * The reserved document stored under exactly `serverRelativeUrl` (never a path built from
   * it): 404 when unknown, not a reserved owner's, or for an audience the caller's role may not
   * read — the same answer, so an address reveals nothing about a document one may not see
   * (ADR 027).
   */
  async document(role: MemberRole, serverRelativeUrl: string): Promise<ReservedDocument> {
    const row = await findAttachmentByUrl(this.deps.db, serverRelativeUrl);
    if (row === undefined || !RESERVED_OWNER_KINDS.includes(row.owner_kind)) {
      throw new AppError('notFound');
    }
    const audience = await ownerAudience(
      this.deps.db,
      row.owner_kind,
      row.owner_id,
      this.deps.clock().toISOString(),
    );
    if (audience === null) throw new AppError('notFound');
    if (!mayRead(role, audience)) throw new AppError('notFound');
    return {
      fileName: row.file_name,
      sha256: row.file_sha256,
      contentType: row.content_type,
      sizeBytes: Number(row.size_bytes),
    };
  }

  async documentContent(role: MemberRole, serverRelativeUrl: string): Promise<FileContent> {
    const document = await this.document(role, serverRelativeUrl);
    const content = await this.deps.files.read(document.sha256);
    return { content: content.toString('base64'), fileName: document.fileName };
  }
}
