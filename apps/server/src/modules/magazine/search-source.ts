import type { UnitDescription } from '../search/repository.js';
import { storedAttachmentsOf } from '../attachments/repository.js';
import { lines, publishedOnSite, type ResultGroup, type SearchSource } from '../search/sources.js';
import {
  allIssueIds,
  articleIdsOfIssues,
  findArticleRows,
  findIssueRows,
  parseAuthors,
} from './repository.js';

const MAGAZINE_GROUP: ResultGroup = {
  kind: 'magazine',
  label: 'Il Servizio Trasfusionale',
  publicDocuments: false,
};

/**
 * The bulletin's issues and articles as the site search reads them (ADR 025): for the issue's
 * audience, opened at the issue's page. An article shares its issue's audience, so it is
 * indexed again whenever its issue is.
 */
export const magazineSearchSource: SearchSource = {
  kinds: { magazine_issue: MAGAZINE_GROUP, magazine_article: MAGAZINE_GROUP },
  filesOf: (db, kind, id) =>
    storedAttachmentsOf(db, kind === 'magazine_issue' ? 'magazine_issue' : 'magazine_article', [
      id,
    ]),
  async read(db, kind, id) {
    if (kind === 'magazine_issue') {
      const [row] = await findIssueRows(db, [id]);
      // An issue and its articles are indexed as a reserved record is.
      if (!publishedOnSite(row)) return null;
      return {
        description: magazineDescription(row, row.title, row.published_on),
        text: row.title,
      };
    }
    const [row] = await findArticleRows(db, [id]);
    // In the bin on its own it is off its issue's page, so off the search too (ADR 031).
    if (row === undefined || row.deleted_at !== null) return null;
    const [issue] = await findIssueRows(db, [row.issue_id]);
    if (!publishedOnSite(issue)) return null;
    return {
      description: magazineDescription(issue, row.title, row.published_on),
      text: lines(row.title, parseAuthors(row.authors_json).join(', '), row.newspaper),
    };
  },
  allIds: (db, kind) =>
    kind === 'magazine_issue' ? allIssueIds(db) : articleIdsOfIssues(db, null),
  async dependents(db, kind, id) {
    if (kind !== 'magazine_issue') return [];
    const ids = await articleIdsOfIssues(db, [id]);
    return ids.map((articleId) => ({ kind: 'magazine_article', id: articleId }));
  },
};

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
