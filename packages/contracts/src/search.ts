import { z } from './zod.js';

/*
 * The site search (docs/decisions/025-site-search.md): our own call, not one of the
 * specification's (`GET /api/v1/Search`), and the `/cerca` page that shows its answer.
 */

import { MAX_SEARCH_QUERY_LENGTH, type SearchKind } from './constants.js';

/** Fewest characters a query needs to be searched. */
export const MIN_SEARCH_QUERY_LENGTH = 2;

export const SEARCH_MESSAGES = {
  tooLong: `La ricerca può contenere al massimo ${MAX_SEARCH_QUERY_LENGTH} caratteri.`,
  notText: 'La ricerca deve essere un testo.',
  tooShort: `Scrivi almeno ${MIN_SEARCH_QUERY_LENGTH} lettere da cercare.`,
  nothingToSearch: 'Nessuna parola da cercare: prova con parole più specifiche.',
  noResults: 'Nessun risultato.',
  didYouMean: 'Forse cercavi:',
} as const;

/** `GET /api/v1/Search?q=…` and `GET /api/v1/Search/Suggest?q=…`. */
export const SearchQuerySchema = z.object({
  q: z
    .string({ message: SEARCH_MESSAGES.notText })
    .max(MAX_SEARCH_QUERY_LENGTH, { message: SEARCH_MESSAGES.tooLong })
    .default(''),
});
export type SearchQueryInput = z.input<typeof SearchQuerySchema>;

/** A piece of a snippet: `marked` pieces are the words that matched. */
export interface SnippetPart {
  text: string;
  marked: boolean;
}

export interface SearchResult {
  kind: SearchKind;
  title: string;
  /** `YYYY-MM-DD`. */
  date: string;
  /** The page of the site that shows the item. */
  link: string;
  snippet: SnippetPart[];
  /**
   * The PDF page the snippet was read from, when the record's best match is inside one of its
   * PDFs; null when it is the record's own text.
   */
  document: SearchDocumentPage | null;
  /** The record's PDF pages that match, best first: at most `MAX_SEARCH_RESULT_PAGES`. */
  pages: SearchDocumentPage[];
  /** How many more of its PDF pages match than `pages` lists ("e altre N pagine"). */
  morePages: number;
}

/** A page of a PDF where the words were found: the document, its address and the page. */
export interface SearchDocumentPage {
  fileName: string;
  serverRelativeUrl: string;
  page: number;
}

/** Most PDF pages listed under one result (one result per record, ADR 025). */
export const MAX_SEARCH_RESULT_PAGES = 3;

export interface SearchGroup {
  kind: SearchKind;
  /** Its heading, in Italian ("Notizie", "Raccomandazioni"…). */
  label: string;
  /**
   * Whether its records' PDFs open by their address (the public site's, ADR 026) or through
   * the session (the reserved area's).
   */
  publicDocuments: boolean;
  /** One per record, best first: how many records of the kind were found is their count. */
  results: SearchResult[];
}

export interface SearchAnswer {
  query: string;
  /** Groups with at least one result, in the order the list of modules names them (ADR 046). */
  groups: SearchGroup[];
  /** Why nothing was searched (query too short, only common words), or null. */
  notice: string | null;
  /**
   * When nothing was found: the query with its unknown words replaced by the closest indexed
   * words that the reader's search finds ("Forse cercavi: …"), best first; empty otherwise.
   */
  didYouMean: string[];
}

/** Titles that start with what is being typed, for the search box's suggestions. */
export interface SearchSuggestion {
  title: string;
  link: string;
  kind: SearchKind;
  /** The heading of its group ("Notizie"…), shown beside the title. */
  label: string;
}

/** A PDF the search cannot read, as the back office lists it ("non ricercabile"). */
export interface AdminUnsearchableDocument {
  /** The attachment's id: react-admin's record id. */
  id: number;
  fileName: string;
  serverRelativeUrl: string;
  /** What it is attached to, in Italian ("Assemblea n. 12"). */
  owner: string;
  state: 'non ricercabile';
  /** Why, in Italian. */
  reason: string;
  updatedAt: string;
}

export const UNSEARCHABLE_REASONS = {
  no_text:
    'Nessun testo nel file (documento scansionato): il contenuto non si trova con la ricerca.',
  failed: 'Il file non si lascia leggere come PDF: il contenuto non si trova con la ricerca.',
} as const;

/** The site search for the `/cerca` page rendered on the server (ADR 025). */
export interface SiteSearch {
  /**
   * What `query` finds for the holder of `sessionToken` (the cookie of a sign-in without
   * scripts, ADR 022); public content only without a valid one.
   */
  search(query: string, sessionToken: string | null): Promise<SearchAnswer>;
}

/** Its part of the pages' SSR context (ADR 046). */
declare module './web-context.js' {
  interface SodalisLoadContext {
    /** The site search of `/cerca` (ADR 025). */
    search: SiteSearch;
  }
}
