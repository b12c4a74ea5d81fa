import {
  decodePagingToken,
  isIssueEntry,
  MAGAZINE_NAME,
  PAGE_SIZE,
  type ListFilter,
  type MagazineArticle,
  type MagazineIssue,
  type MemberRole,
  type PagedList,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { DatabaseEngine } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../text/dates.js';
import { searchText } from '../../text/search-text.js';
import { attachmentRefs, attachmentsByOwner, withAttachments } from '../attachments/repository.js';
import {
  dateFilterCondition,
  keysetPage,
  orderOf,
  type ListOrder,
  type SortKey,
} from '../listing/keyset.js';
import { AUDIENCES_OF_ROLE, mayRead } from '../accounts/audiences.js';
import { indexedTextFilter } from '../search/list-filter.js';
import {
  findArticles,
  findIssueByTitle,
  findIssues,
  type MagazineArticleRow,
  parseAuthors,
  type MagazineIssueRow,
} from './repository.js';

/**
 * "Title" (what the spec's client asks for, §7 GetRiviste) sorts by year, then the issue's
 * number, then title: by title alone "numero 10" came before "numero 4" (ADR 014).
 */
const ISSUE_ORDERS: Record<string, SortKey[]> = {
  Title: [
    { field: 'Anno', column: 'magazine_issues.year', type: 'integer' },
    { field: 'Numero', column: 'magazine_issues.issue_number', type: 'integer' },
    { field: 'Title', column: 'magazine_issues.title_search', type: 'text' },
  ],
  Datapubblicazione: [
    { field: 'Datapubblicazione', column: 'magazine_issues.published_on', type: 'date' },
  ],
  ID: [],
};

const BY_ORDINAMENTO: SortKey[] = [
  { field: 'Ordinamento', column: 'magazine_articles.sort_order', type: 'integer' },
];
const ARTICLE_ORDERS: Record<string, SortKey[]> = {
  Ordinamento: BY_ORDINAMENTO,
  Title: [{ field: 'Title', column: 'magazine_articles.title_search', type: 'text' }],
  ID: [],
};

/** The issue's own entry in its article list: ID 0, Ordinamento 0 (ADR 014). */
const ISSUE_ENTRY_ID = 0;

/** `autore` of spec §3: position ("1", "2", …) to name, blank names left out. */
const authorsMap = (authorsJson: string): Record<string, string> =>
  Object.fromEntries(
    parseAuthors(authorsJson)
      .filter((name) => name.trim() !== '')
      .map((name, index) => [String(index + 1), name]),
  );

/** (Ordinamento, ID) of two entries compared in the order's direction: < 0 when `a` comes first. */
function compareInOrder(
  order: ListOrder,
  a: { sort_order: number; id: number },
  b: { sort_order: number; id: number },
): number {
  const difference = a.sort_order - b.sort_order || a.id - b.id;
  return order.ascending ? difference : -difference;
}

export interface MagazineServiceDeps {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  /** A scheduled issue is on the site from its moment (ADR 031). */
  clock: Clock;
}

/** The bulletin's issues and articles (spec §7 GetRiviste, GetArticoliRiviste). */
export class MagazineService {
  constructor(private readonly deps: MagazineServiceDeps) {}

  async listIssues(role: MemberRole, filter: ListFilter): Promise<PagedList<MagazineIssue>> {
    const order = orderOf(filter, {
      orders: ISSUE_ORDERS,
      fallback: 'Title',
      idColumn: 'magazine_issues.id',
    });
    return keysetPage(filter, order, {
      defaultPageSize: PAGE_SIZE.magazineArchive,
      conditions: [
        // The text filters read the site search's index, not the titles (ADR 025).
        indexedTextFilter(this.deps.engine, ['magazine_issue'], 'magazine_issues.id', filter.title),
        dateFilterCondition('magazine_issues.published_on', null, filter.months),
      ],
      rows: (query) =>
        findIssues(this.deps.db, {
          audiences: AUDIENCES_OF_ROLE[role],
          years: [...new Set(filter.years ?? [])],
          now: this.deps.clock().toISOString(),
          ...query,
        }),
      items: (rows) =>
        withAttachments(this.deps.db, 'magazine_issue', rows, (row, attachments) => ({
          id: row.id,
          title: row.title,
          anno: row.year,
          dataPubblicazione: row.published_on,
          attachments,
        })),
    });
  }

  /**
   * The entries of the issue named in `riviste`: in Ordinamento order the issue itself comes
   * first (ADR 012), then its articles. An unknown issue answers an empty list; an issue for
   * another audience is 403, as any direct request for it (ADR 011).
   */
  async listArticles(role: MemberRole, filter: ListFilter): Promise<PagedList<MagazineArticle>> {
    const issue = await this.namedIssue(filter.riviste);
    if (issue === undefined) return { items: [] };
    if (!mayRead(role, issue.audience)) throw new AppError('forbidden');

    const order = orderOf(filter, {
      orders: ARTICLE_ORDERS,
      fallback: 'Ordinamento',
      idColumn: 'magazine_articles.id',
      ascending: true,
    });
    const textFilter = indexedTextFilter(
      this.deps.engine,
      ['magazine_article'],
      'magazine_articles.id',
      filter.title,
    );
    return keysetPage(filter, order, {
      defaultPageSize: PAGE_SIZE.magazineArticles,
      conditions: [textFilter],
      rows: async (query, token) => {
        const rows = await findArticles(this.deps.db, issue.id, query);
        const entry = issueEntry(issue);
        return order.keys === BY_ORDINAMENTO && textFilter === null && isAfter(order, token, entry)
          ? [...rows, entry].sort((a, b) => compareInOrder(order, a, b))
          : rows;
      },
      items: async (rows) => {
        const articleIds = rows.filter((row) => row.id !== ISSUE_ENTRY_ID).map((row) => row.id);
        const [articleFiles, issueFiles] = await Promise.all([
          attachmentsByOwner(this.deps.db, 'magazine_article', articleIds),
          rows.some((row) => row.id === ISSUE_ENTRY_ID)
            ? attachmentsByOwner(this.deps.db, 'magazine_issue', [issue.id])
            : new Map(),
        ]);
        return rows.map((row) => ({
          id: row.id,
          title: row.title,
          autore: authorsMap(row.authors_json),
          attachments: attachmentRefs(
            row.id === ISSUE_ENTRY_ID ? issueFiles.get(issue.id) : articleFiles.get(row.id),
          ),
          dataPubblicazione: row.published_on,
          testata: row.newspaper,
          Ordinamento: row.sort_order,
        }));
      },
    });
  }

  /** The one issue `riviste` names (by title, as the spec's client sends it); 400 otherwise. */
  private async namedIssue(
    riviste: string[] | null | undefined,
  ): Promise<MagazineIssueRow | undefined> {
    const titles = [...new Set((riviste ?? []).map((title) => searchText(title)))].filter(
      (title) => title !== '',
    );
    if (titles.length !== 1) {
      throw new AppError('invalidRequest', [
        { path: 'riviste', message: 'riviste deve indicare il titolo di un solo numero.' },
      ]);
    }
    return findIssueByTitle(this.deps.db, titles[0] as string, this.deps.clock().toISOString());
  }
}

/**
 * The issue as the first entry of its list: spec §4 finds the current issue as the first entry
 * whose title contains "numero", so a title without the word gets it appended.
 */
function issueEntry(issue: MagazineIssueRow): MagazineArticleRow {
  const title = isIssueEntry(issue) ? issue.title : `${issue.title} (numero completo)`;
  return {
    id: ISSUE_ENTRY_ID,
    title,
    title_search: searchText(title),
    authors_json: '[]',
    newspaper: MAGAZINE_NAME,
    published_on: issue.published_on,
    sort_order: 0,
  };
}

/** Whether an entry comes after the position in `token` (always, without a token). */
function isAfter(
  order: ListOrder,
  token: string | null | undefined,
  entry: { sort_order: number; id: number },
): boolean {
  if (token === null || token === undefined || token === '') return true;
  // keysetCondition has already refused a malformed token.
  const position = decodePagingToken(token, ['Ordinamento']);
  if (position.sortValues === null) {
    return order.ascending ? entry.id > position.id : entry.id < position.id;
  }
  const at = { sort_order: Number(position.sortValues.Ordinamento), id: position.id };
  return compareInOrder(order, at, entry) < 0;
}
