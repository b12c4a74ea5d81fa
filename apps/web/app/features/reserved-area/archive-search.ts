import { ASSEMBLY_SECTIONS, FIRST_LIST_YEAR, type ListFilterInput } from '@sodalis/contracts';

/**
 * A reserved-area archive search as it lives in the address (spec §2.9, §4): text, year, month
 * (only with a year) and the page tokens walked so far (the current page is the last).
 * Anything malformed is dropped, never an error page.
 */
export interface ArchiveSearch {
  title: string;
  year: number | null;
  month: number | null;
  /** Assembly section ("Tutte le tipologie" is null); only the assemblies page sets it. */
  section: string | null;
  pages: string[];
}

const MAX_PAGES = 100;

export function parseArchiveSearch(params: URLSearchParams, currentYear: number): ArchiveSearch {
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
  const wantedSection = params.get('sezione') ?? '';
  const section = ASSEMBLY_SECTIONS.find((name) => name === wantedSection) ?? null;
  return { title, year, month, section, pages };
}

/** The list filter of a search: descending, the page size and order of the list (spec §7). */
export function archiveFilter(
  search: ArchiveSearch,
  pageSize: number,
  orderByFields: string,
): ListFilterInput {
  return {
    paginated: true,
    dataOffset: String(pageSize),
    orderByFields,
    ascending: false,
    title: search.title === '' ? null : search.title,
    years: search.year === null ? null : [String(search.year)],
    months: search.month === null ? null : [String(search.month)],
    pagingInfo: search.pages.at(-1) ?? null,
    ...(search.section === null ? {} : { sezioni: [search.section] }),
  };
}

/** The address of a search on the archive page at `path`. */
export function archiveHref(path: string, search: ArchiveSearch): string {
  const params = new URLSearchParams();
  if (search.title !== '') params.set('q', search.title);
  if (search.year !== null) params.set('anno', String(search.year));
  if (search.month !== null) params.set('mese', String(search.month));
  if (search.section !== null) params.set('sezione', search.section);
  for (const token of search.pages) params.append('p', token);
  const query = params.toString();
  return query === '' ? path : `${path}?${query}`;
}
