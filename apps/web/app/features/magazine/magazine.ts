import {
  magazineArticlesPageSize,
  PAGE_SIZE,
  splitIssueEntry,
  type AttachmentRef,
  type ListFilterInput,
  type MagazineArticle,
  type MagazineIssue,
  type PagedList,
} from '@sodalis/contracts';
import { apiRequest } from '../../api/api-client';

/** The bulletin's three screens (spec §2.10); year, issue and pages live in the address. */
export const MAGAZINE_PATHS = {
  home: '/area-riservata-servizio-trasfusionale',
  archive: '/area-riservata-servizio-trasfusionale-archivio',
  issue: '/area-riservata-servizio-trasfusionale-singolo-numero',
} as const;

export const MAGAZINE_COPY = {
  read: 'LEGGI',
  downloadPdf: 'SCARICA PDF',
  readOnline: 'LEGGI ONLINE',
  articleList: 'ELENCO ARTICOLI',
  online: 'ONLINE',
  pdf: 'PDF',
  latestIssue: 'Ultimo numero',
  articlesOfIssue: 'Gli articoli del numero',
  years: 'Archivio per anno',
} as const;

function withPages(path: string, params: URLSearchParams, pages: string[]): string {
  for (const token of pages) params.append('p', token);
  const query = params.toString();
  return query === '' ? path : `${path}?${query}`;
}

export function archiveHref(year: number, pages: string[] = []): string {
  return withPages(MAGAZINE_PATHS.archive, new URLSearchParams({ anno: String(year) }), pages);
}

export function issueHref(title: string, year: number | null, pages: string[] = []): string {
  const params = new URLSearchParams();
  if (year !== null) params.set('anno', String(year));
  params.set('numero', title);
  return withPages(MAGAZINE_PATHS.issue, params, pages);
}

export function homeHref(pages: string[] = []): string {
  return withPages(MAGAZINE_PATHS.home, new URLSearchParams(), pages);
}

/** The issue as the screens show it: its title and its whole-issue PDF, if any. */
export interface IssueSummary {
  title: string;
  pdf: AttachmentRef | null;
}

const summaryOf = (issue: { title: string; attachments: AttachmentRef[] }): IssueSummary => ({
  title: issue.title,
  pdf: issue.attachments[0] ?? null,
});

/** Spec §7: a failed list load leaves the list empty and is logged. */
async function listOrNull<T>(path: string, body: ListFilterInput, what: string) {
  try {
    return await apiRequest<PagedList<T>>(path, { body });
  } catch (error) {
    console.warn(`${what} non disponibili`, error);
    return null;
  }
}

/** Issues by title descending (spec §7 GetRiviste): the latest first. */
export function fetchIssues(filter: ListFilterInput): Promise<PagedList<MagazineIssue> | null> {
  return listOrNull<MagazineIssue>(
    '/api/v1/ReservedArea/GetRiviste',
    { paginated: true, orderByFields: 'Title', ascending: false, ...filter },
    'Numeri della rivista',
  );
}

/** The latest issue, or the one titled `title` (exactly, ignoring case) when given. */
export async function findIssue(title: string | null): Promise<MagazineIssue | null> {
  if (title === null) return (await fetchIssues({ dataOffset: '1' }))?.items[0] ?? null;
  const wanted = title.trim().toLowerCase();
  const found = await fetchIssues({ title, dataOffset: String(PAGE_SIZE.magazineArchive) });
  return found?.items.find((issue) => issue.title.trim().toLowerCase() === wanted) ?? null;
}

export interface IssuePage {
  /** The issue itself, from its entry on the first page or else from GetRiviste. */
  issue: IssueSummary | null;
  articles: MagazineArticle[];
  nextToken: string | null;
}

/**
 * One page of an issue's articles (spec §4, §9): the first page asks 11, finds the issue's own
 * entry (the first title with "numero") and leaves it out; later pages ask 10.
 */
export async function fetchIssuePage(
  issueTitle: string,
  pages: string[],
  fallback: Pick<MagazineIssue, 'title' | 'attachments'> | null,
): Promise<IssuePage> {
  const firstPage = pages.length === 0;
  // On later pages the issue was found on the first one.
  const issueFound = !firstPage;
  const answer = await listOrNull<MagazineArticle>(
    '/api/v1/ReservedArea/GetArticoliRiviste',
    {
      paginated: true,
      riviste: [issueTitle],
      orderByFields: 'Ordinamento',
      ascending: true,
      dataOffset: String(magazineArticlesPageSize(firstPage, issueFound)),
      pagingInfo: pages.at(-1) ?? null,
    },
    'Articoli della rivista',
  );
  const split = splitIssueEntry(answer?.items ?? [], issueFound);
  const issue = split.issue ?? fallback;
  return {
    issue: issue === null ? null : summaryOf(issue),
    articles: split.articles,
    nextToken: answer?.pagingInfo ?? null,
  };
}
