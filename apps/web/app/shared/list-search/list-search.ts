import { FIRST_LIST_YEAR, type ListFilterInput } from '@sodalis/contracts';

/**
 * What every searchable public list keeps in its address (spec §2.6, §2.9, §4): text, year,
 * month (only with a year) and the page tokens walked so far (the current page is the last).
 * Anything malformed is dropped, never an error page.
 */
export interface ListSearch {
  title: string;
  year: number | null;
  month: number | null;
  /** Tokens of the pages after the first, in order; empty on the first page. */
  pages: string[];
}

const MAX_PAGES = 100;

/** The `q`, `anno`, `mese` and `p` parameters of a list's address. */
export function parseListSearch(params: URLSearchParams, currentYear: number): ListSearch {
  const title = (params.get('q') ?? '').trim().slice(0, 200);
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
  return { title, year, month, pages };
}

/** The part of a list filter that a list search sets (text, year, month and page token). */
export function listSearchFilter(
  search: ListSearch,
): Pick<ListFilterInput, 'title' | 'years' | 'months' | 'pagingInfo'> {
  return {
    title: search.title === '' ? null : search.title,
    years: search.year === null ? null : [String(search.year)],
    months: search.month === null ? null : [String(search.month)],
    pagingInfo: search.pages.at(-1) ?? null,
  };
}
