import type { AttachmentOwnerKind } from '../../db/schema.js';
import type { UnitDescription } from '../search/repository.js';
import {
  lines,
  plainText,
  publishedOnSite,
  type ResultGroup,
  type SearchSource,
  type SourceKind,
} from '../search/sources.js';
import { storedAttachmentsOf } from '../attachments/repository.js';
import { allReservedRecordIds, findReservedRecord, type ReservedTable } from './repository.js';

/** The record kind of each reserved table (the index's name for it). */
export const RESERVED_SOURCE_KINDS: Readonly<Record<ReservedTable, SourceKind>> = {
  recommendations: 'recommendation',
  assemblies: 'assembly',
  press_reviews: 'press_review',
  opinions: 'opinion',
};

/** The owner kind of the PDFs attached to each table's records (opinions have none). */
const RESERVED_ATTACHMENT_KINDS = {
  recommendations: 'recommendation',
  assemblies: 'assembly',
  press_reviews: 'press_review',
} as const satisfies Readonly<Record<Exclude<ReservedTable, 'opinions'>, AttachmentOwnerKind>>;

/** The group of `/cerca` each table's results appear in: opened through the session. */
const RESERVED_GROUPS: Readonly<Record<ReservedTable, ResultGroup>> = {
  recommendations: { kind: 'recommendation', label: 'Raccomandazioni', publicDocuments: false },
  assemblies: { kind: 'assembly', label: 'Assemblee', publicDocuments: false },
  press_reviews: { kind: 'press_review', label: 'Rassegna stampa', publicDocuments: false },
  opinions: { kind: 'opinion', label: 'Pareri', publicDocuments: false },
};

const TABLE_OF_KIND = new Map(
  Object.entries(RESERVED_SOURCE_KINDS).map(([table, kind]) => [kind, table as ReservedTable]),
);

const RESERVED_LINKS: Readonly<Record<ReservedTable, string>> = {
  recommendations: '/area-riservata-raccomandazioni',
  assemblies: '/area-riservata-assemblee',
  press_reviews: '/area-riservata-rassegna',
  opinions: '/area-riservata-pareri',
};

function tableOf(kind: SourceKind): ReservedTable {
  const table = TABLE_OF_KIND.get(kind);
  if (table === undefined) throw new Error(`area riservata: nessuna tabella per ${kind}`);
  return table;
}

function reservedDescription(
  audience: UnitDescription['audience'],
  title: string,
  date: string,
  table: ReservedTable,
  publishAt: string | null,
): UnitDescription {
  return { audience, visible_from: publishAt, title, date, link: RESERVED_LINKS[table] };
}

/**
 * Recommendations, assemblies, the press review and the board's opinions as the site search
 * reads them (ADR 025): for their audience (ADR 011), opened at their list.
 */
export const reservedSearchSource: SearchSource = {
  kinds: Object.fromEntries(
    Object.entries(RESERVED_SOURCE_KINDS).map(([table, kind]) => [
      kind,
      RESERVED_GROUPS[table as ReservedTable],
    ]),
  ),
  // An opinion is its text only (ADR 025); the other tables' records carry their PDFs.
  filesOf: async (db, kind, id) => {
    const table = tableOf(kind);
    return table === 'opinions'
      ? []
      : storedAttachmentsOf(db, RESERVED_ATTACHMENT_KINDS[table], [id]);
  },
  async read(db, kind, id) {
    switch (tableOf(kind)) {
      case 'recommendations': {
        const row = await findReservedRecord(db, 'recommendations', id);
        if (!publishedOnSite(row)) return null;
        return {
          description: reservedDescription(
            row.audience,
            row.title,
            row.published_on,
            'recommendations',
            row.publish_at,
          ),
          text: lines(row.title, row.source_name),
        };
      }
      case 'assemblies': {
        const row = await findReservedRecord(db, 'assemblies', id);
        if (!publishedOnSite(row)) return null;
        const description = reservedDescription(
          row.audience,
          row.title,
          row.held_on,
          'assemblies',
          row.publish_at,
        );
        if (row.territory === 'Regionali') description.link = '/area-riservata-assemblee-regionali';
        return { description, text: lines(row.title, row.place) };
      }
      case 'press_reviews': {
        const row = await findReservedRecord(db, 'press_reviews', id);
        if (!publishedOnSite(row)) return null;
        return {
          description: reservedDescription(
            row.audience,
            row.headline,
            row.published_on,
            'press_reviews',
            row.publish_at,
          ),
          text: lines(row.headline, row.newspaper),
        };
      }
      case 'opinions': {
        const row = await findReservedRecord(db, 'opinions', id);
        if (!publishedOnSite(row)) return null;
        const description = reservedDescription(
          row.audience,
          row.title,
          row.published_on,
          'opinions',
          row.publish_at,
        );
        description.link = `/area-riservata-pareri-dettaglio?id=${row.id}`;
        return {
          description,
          text: lines(row.title, plainText(row.question), plainText(row.answer)),
        };
      }
    }
  },
  allIds: (db, kind) => allReservedRecordIds(db, tableOf(kind)),
};
