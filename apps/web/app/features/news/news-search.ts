import { FIRST_LIST_YEAR, PAGE_SIZE, type ListFilterInput } from '@sodalis/contracts';

/**
 * The /news search as it lives in the address (spec §2.6, §4): text, category, year, month and
 * the list of page tokens walked so far (the current page is the last). Back/forward, reload
 * and shared links restore it. Anything malformed is dropped, never an error page.
 */
export interface NewsSearch {
  title: string;
  category: string | null;
  year: number | null;
  month: number | null;
  /** Tokens of the pages after the first, in order; empty on the first page. */
  pages: string[];
}

const MAX_PAGES = 100;

export function parseNewsSearch(
  params: URLSearchParams,
  categories: string[],
  currentYear: number,
): NewsSearch {
  const title = (params.get('q') ?? '').trim().slice(0, 200);
  const wanted = (params.get('categoria') ?? '').trim().toLowerCase();
  const category = categories.find((candidate) => candidate.toLowerCase() === wanted) ?? null;
  const yearText = params.get('anno') ?? '';
  const year =
    /^\d{4}$/.test(yearText) &&
    Number(yearText) >= FIRST_LIST_YEAR &&
    Number(yearText) <= currentYear
      ? Number(yearText)
      : null;
  const monthText = params.get('mese') ?? '';
  const month =
    year !== null &&
    /^\d{1,2}$/.test(monthText) &&
    Number(monthText) >= 1 &&
    Number(monthText) <= 12
      ? Number(monthText)
      : null;
  const pages = params
    .getAll('p')
    .filter((token) => token.length > 0 && token.length <= 500)
    .slice(0, MAX_PAGES);
  return { title, category, year, month, pages };
}

/** The GetArticoli filter of a search (spec §7: page size 4, newest first). */
export function newsFilter(search: NewsSearch): ListFilterInput {
  return {
    paginated: true,
    dataOffset: String(PAGE_SIZE.news),
    orderByFields: 'Datapubblicazione',
    ascending: false,
    title: search.title === '' ? null : search.title,
    categorie: search.category,
    years: search.year === null ? null : [String(search.year)],
    months: search.month === null ? null : [String(search.month)],
    pagingInfo: search.pages.at(-1) ?? null,
  };
}

/** The /news address of a search. */
export function newsHref(search: NewsSearch): string {
  const params = new URLSearchParams();
  if (search.title !== '') params.set('q', search.title);
  if (search.category !== null) params.set('categoria', search.category);
  if (search.year !== null) params.set('anno', String(search.year));
  if (search.month !== null) params.set('mese', String(search.month));
  for (const token of search.pages) params.append('p', token);
  const query = params.toString();
  return query === '' ? '/news' : `/news?${query}`;
}

/** A slug for a news item's address: lower case, no accents, words joined by hyphens. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

/** The page of a news item: `/news/<id>-<slug>`. */
export function articleHref(article: { id: number; title: string }): string {
  return `/news/${article.id}-${slugify(article.title)}`;
}
