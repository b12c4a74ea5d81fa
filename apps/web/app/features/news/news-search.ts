import { PAGE_SIZE, type ListFilterInput } from '@sodalis/contracts';
import {
  listSearchFilter,
  parseListSearch,
  type ListSearch,
} from '../../shared/list-search/list-search';

/**
 * The /news search as it lives in the address (spec §2.6, §4): the list search and a category.
 * Back/forward, reload and shared links restore it.
 */
export interface NewsSearch extends ListSearch {
  category: string | null;
}

export function parseNewsSearch(
  params: URLSearchParams,
  categories: string[],
  currentYear: number,
): NewsSearch {
  const wanted = (params.get('categoria') ?? '').trim().toLowerCase();
  const category = categories.find((candidate) => candidate.toLowerCase() === wanted) ?? null;
  return { ...parseListSearch(params, currentYear), category };
}

/** The GetArticoli filter of a search (spec §7: page size 4, newest first). */
export function newsFilter(search: NewsSearch): ListFilterInput {
  return {
    paginated: true,
    dataOffset: String(PAGE_SIZE.news),
    orderByFields: 'Datapubblicazione',
    ascending: false,
    ...listSearchFilter(search),
    categorie: search.category,
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

// Shared with the server's feeds and sitemap.
export { articleHref, slugify } from '@sodalis/contracts';
