import {
  romeDate,
  romeInstant,
  TRANSPARENCY_PUBLICATION_TYPES,
  type SearchKind,
  type TransparencyPublicationType,
} from '@sodalis/contracts';
import { decodeHTML } from 'entities';
import type { Kysely } from 'kysely';
import type { AttachmentOwnerKind, Database } from '../../db/schema.js';
import { storedAttachmentsOf, type StoredAttachment } from '../attachments/repository.js';
import {
  findBoardMember,
  findSetupElementById,
  listBoardMembers,
  listSetupElementRows,
} from '../content/repository.js';
import { setupElementPlace } from '../content/places.js';
import {
  allIssueIds,
  articleIdsOfIssues,
  findArticleRows as findMagazineArticleRows,
  findIssueRows,
  parseAuthors,
} from '../magazine/repository.js';
import { allArticleIds, findArticleRows } from '../news/repository.js';
import {
  allReservedRecordIds,
  findReservedRecord,
  type ReservedTable,
} from '../reserved-area/repository.js';
import { allPublicationIds, publicationsById } from '../transparency/repository.js';
import type { UnitDescription } from './repository.js';

/**
 * What the site search indexes of each kind of record (ADR 025): its text, who may read it
 * and where it is opened. Each record is read through its own domain's repository.
 */

/**
 * The records the index holds: the attachments' owner kinds, opinions and board members (their
 * texts only). Board members' CVs and sponsorship requests are not for readers to search.
 */
export type SourceKind =
  | Exclude<AttachmentOwnerKind, 'board_member_cv' | 'sponsorship_request'>
  | 'opinion'
  | 'board_member';

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
};

/** The record kind of each reserved table. */
export const RESERVED_SOURCE_KINDS: Readonly<Record<ReservedTable, SourceKind>> = {
  recommendations: 'recommendation',
  assemblies: 'assembly',
  press_reviews: 'press_review',
  opinions: 'opinion',
};

export function isSourceKind(kind: string): kind is SourceKind {
  return (SOURCE_KINDS as readonly string[]).includes(kind);
}

/** One record as the index sees it; null from `sourceRecord` when nothing of it may be found. */
export interface SourceRecord {
  kind: SourceKind;
  id: number;
  description: UnitDescription;
  text: string;
  attachments: StoredAttachment[];
}

/** The words of rich text (tags dropped, entities read). */
export function plainText(html: string): string {
  return decodeHTML(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

export interface SourceContext {
  societyAcronym: string;
}

const RESERVED_LINKS: Readonly<Record<ReservedTable, string>> = {
  recommendations: '/area-riservata-raccomandazioni',
  assemblies: '/area-riservata-assemblee',
  press_reviews: '/area-riservata-rassegna',
  opinions: '/area-riservata-pareri',
};

async function withFiles(
  db: Kysely<Database>,
  kind: SourceKind,
  id: number,
  record: Omit<SourceRecord, 'kind' | 'id' | 'attachments'>,
): Promise<SourceRecord> {
  return { kind, id, ...record, attachments: await searchedFilesOf(db, kind, id) };
}

/** The files of a record the index reads: none of an opinion or a board member (CVs). */
async function searchedFilesOf(
  db: Kysely<Database>,
  kind: SourceKind,
  id: number,
): Promise<StoredAttachment[]> {
  if (kind === 'opinion' || kind === 'board_member') return [];
  return storedAttachmentsOf(db, kind, [id]);
}

const lines = (...parts: (string | null | undefined)[]) =>
  parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join('\n');

/** The record `kind`/`id` as the index holds it, or null when it is gone or not published. */
export async function sourceRecord(
  db: Kysely<Database>,
  kind: SourceKind,
  id: number,
  context: SourceContext,
): Promise<SourceRecord | null> {
  switch (kind) {
    case 'article': {
      const [row] = await findArticleRows(db, [id]);
      // Drafts and items in the bin (ADR 023) are not on the site, so not in the index.
      if (row === undefined || row.published !== 1 || row.deleted_at !== null) return null;
      // Shown from its day in Rome and its scheduled moment, whichever is later (as the list).
      const dayStart = romeInstant(row.published_on, '00:00').toISOString();
      return withFiles(db, kind, id, {
        description: {
          audience: null,
          visible_from:
            row.publish_at !== null && row.publish_at > dayStart ? row.publish_at : dayStart,
          title: row.title,
          date: row.published_on,
          link: `/news/${row.id}`,
        },
        text: lines(row.title, plainText(row.subtitle_html), row.source_name),
      });
    }
    case 'setup_element': {
      const row = await findSetupElementById(db, id);
      if (row === undefined) return null;
      const { place, pagePath } = setupElementPlace(row.key, context.societyAcronym);
      // Texts shown on reserved pages are not public pages of the society.
      if (pagePath.startsWith('/area-riservata')) return null;
      return withFiles(db, kind, id, {
        description: {
          audience: null,
          visible_from: null,
          title: place,
          // The day of the change in Rome, as every date the site shows.
          date: romeDate(new Date(row.updated_at)),
          link: pagePath,
        },
        text: lines(place, plainText(row.body_html)),
      });
    }
    case 'recommendation': {
      const row = await findReservedRecord(db, 'recommendations', id);
      if (!reservedOnSite(row)) return null;
      return withFiles(db, kind, id, {
        description: reservedDescription(
          row.audience,
          row.title,
          row.published_on,
          'recommendations',
          row.publish_at,
        ),
        text: lines(row.title, row.source_name),
      });
    }
    case 'assembly': {
      const row = await findReservedRecord(db, 'assemblies', id);
      if (!reservedOnSite(row)) return null;
      const description = reservedDescription(
        row.audience,
        row.title,
        row.held_on,
        'assemblies',
        row.publish_at,
      );
      if (row.territory === 'Regionali') description.link = '/area-riservata-assemblee-regionali';
      return withFiles(db, kind, id, { description, text: lines(row.title, row.place) });
    }
    case 'press_review': {
      const row = await findReservedRecord(db, 'press_reviews', id);
      if (!reservedOnSite(row)) return null;
      return withFiles(db, kind, id, {
        description: reservedDescription(
          row.audience,
          row.headline,
          row.published_on,
          'press_reviews',
          row.publish_at,
        ),
        text: lines(row.headline, row.newspaper),
      });
    }
    case 'opinion': {
      const row = await findReservedRecord(db, 'opinions', id);
      if (!reservedOnSite(row)) return null;
      const description = reservedDescription(
        row.audience,
        row.title,
        row.published_on,
        'opinions',
        row.publish_at,
      );
      description.link = `/area-riservata-pareri-dettaglio?id=${row.id}`;
      return withFiles(db, kind, id, {
        description,
        text: lines(row.title, plainText(row.question), plainText(row.answer)),
      });
    }
    case 'magazine_issue': {
      const [row] = await findIssueRows(db, [id]);
      if (!issueIndexed(row)) return null;
      return withFiles(db, kind, id, {
        description: magazineDescription(row, row.title, row.published_on),
        text: row.title,
      });
    }
    case 'magazine_article': {
      const [row] = await findMagazineArticleRows(db, [id]);
      // In the bin on its own it is off its issue's page, so off the search too (ADR 031).
      if (row === undefined || row.deleted_at !== null) return null;
      const [issue] = await findIssueRows(db, [row.issue_id]);
      if (!issueIndexed(issue)) return null;
      return withFiles(db, kind, id, {
        description: magazineDescription(issue, row.title, row.published_on),
        text: lines(row.title, parseAuthors(row.authors_json).join(', '), row.newspaper),
      });
    }
    case 'transparency_publication': {
      const [row] = await publicationsById(db, [id]);
      // In the bin it is off the page, so off the search too (ADR 031).
      if (row === undefined || row.deleted_at !== null) return null;
      // Public, like the "Società trasparente" page (ADR 026), opened at its section.
      const type = TRANSPARENCY_PUBLICATION_TYPES[row.type as TransparencyPublicationType];
      return withFiles(db, kind, id, {
        description: {
          audience: null,
          visible_from: null,
          title: row.title,
          date: row.published_on,
          link: type === undefined ? '/trasparenza' : `/trasparenza#${type.section}`,
        },
        text: lines(row.title, type?.label, row.description),
      });
    }
    case 'board_member': {
      const row = await findBoardMember(db, id);
      // In the bin it is off the board, so off the search too (ADR 031).
      if (row === undefined || row.deleted_at !== null) return null;
      // The board is shown on the members' page, below its tabs (spec §2.11).
      return withFiles(db, kind, id, {
        description: {
          audience: null,
          visible_from: null,
          title: `${row.name}, ${row.role}`,
          // The day of the change in Rome, as every date the site shows.
          date: romeDate(new Date(row.updated_at)),
          link: '/chi-siamo-iscrizione',
        },
        text: lines(row.name, row.role, 'Consiglio Direttivo'),
      });
    }
  }
}

/**
 * A reserved record is indexed when published and not in the bin (ADR 031); one scheduled for
 * later is found from its moment (`visible_from`), as its list shows it.
 */
function reservedOnSite<R extends { published: number; deleted_at: string | null }>(
  row: R | undefined,
): row is R {
  return row !== undefined && row.published === 1 && row.deleted_at === null;
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

/** An issue and its articles are indexed as a reserved record is (`reservedOnSite`). */
const issueIndexed = reservedOnSite;

function magazineDescription(
  issue: {
    audience: UnitDescription['audience'];
    title: string;
    year: number;
    publish_at: string | null;
  },
  title: string,
  date: string,
): UnitDescription {
  const query = new URLSearchParams({ anno: String(issue.year), numero: issue.title });
  return {
    audience: issue.audience,
    // A scheduled issue is found from its moment, as the reserved records.
    visible_from: issue.publish_at,
    title,
    date,
    link: `/area-riservata-servizio-trasfusionale-singolo-numero?${query}`,
  };
}

/** The ids of the record's files the index reads. */
export async function attachmentIdsOf(
  db: Kysely<Database>,
  kind: SourceKind,
  id: number,
): Promise<number[]> {
  return (await searchedFilesOf(db, kind, id)).map((attachment) => attachment.id);
}

/** Records whose units depend on this one: an issue's articles share its audience. */
export async function dependentRecords(
  db: Kysely<Database>,
  kind: SourceKind,
  id: number,
): Promise<{ kind: SourceKind; id: number }[]> {
  if (kind !== 'magazine_issue') return [];
  const ids = await articleIdsOfIssues(db, [id]);
  return ids.map((articleId) => ({ kind: 'magazine_article', id: articleId }));
}

/** Every record id of a kind, for a rebuild. */
export async function allRecordIds(db: Kysely<Database>, kind: SourceKind): Promise<number[]> {
  switch (kind) {
    case 'article':
      return allArticleIds(db);
    case 'setup_element':
      return (await listSetupElementRows(db)).map((row) => row.id);
    case 'recommendation':
      return allReservedRecordIds(db, 'recommendations');
    case 'assembly':
      return allReservedRecordIds(db, 'assemblies');
    case 'press_review':
      return allReservedRecordIds(db, 'press_reviews');
    case 'opinion':
      return allReservedRecordIds(db, 'opinions');
    case 'magazine_issue':
      return allIssueIds(db);
    case 'magazine_article':
      return articleIdsOfIssues(db, null);
    case 'transparency_publication':
      return allPublicationIds(db);
    case 'board_member':
      return (await listBoardMembers(db)).map((row) => row.id);
  }
}
