import { ASSEMBLY_SECTIONS, type ListFilterInput } from '@sodalis/contracts';
import {
  listSearchFilter,
  parseListSearch,
  type ListSearch,
} from '../../shared/list-search/list-search';

/** A reserved-area archive search as it lives in the address (spec §2.9, §4). */
export interface ArchiveSearch extends ListSearch {
  /** Assembly section ("Tutte le tipologie" is null); only the assemblies page sets it. */
  section: string | null;
}

export function parseArchiveSearch(params: URLSearchParams, currentYear: number): ArchiveSearch {
  const wantedSection = params.get('sezione') ?? '';
  const section = ASSEMBLY_SECTIONS.find((name) => name === wantedSection) ?? null;
  return { ...parseListSearch(params, currentYear), section };
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
    ...listSearchFilter(search),
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
