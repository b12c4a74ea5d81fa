import { z } from 'zod';

/*
 * The site search (docs/decisions/025-site-search.md): our own call, not one of the
 * specification's (`GET /api/v1/Search`), and the `/cerca` page that shows its answer.
 */

import type { SearchKind } from './constants.js';

/** Longest query accepted; the analyser reads its first 200 characters. */
export const MAX_SEARCH_QUERY_LENGTH = 1000;
/** Fewest characters a query needs to be searched. */
export const MIN_SEARCH_QUERY_LENGTH = 2;

export const SEARCH_MESSAGES = {
  tooLong: `La ricerca può contenere al massimo ${MAX_SEARCH_QUERY_LENGTH} caratteri.`,
  notText: 'La ricerca deve essere un testo.',
  tooShort: `Scrivi almeno ${MIN_SEARCH_QUERY_LENGTH} lettere da cercare.`,
  nothingToSearch: 'Nessuna parola da cercare: prova con parole più specifiche.',
  noResults: 'Nessun risultato.',
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
  /** Set when the words were found inside a PDF: the document, its address and the page. */
  document: { fileName: string; serverRelativeUrl: string; page: number } | null;
}

export interface SearchGroup {
  kind: SearchKind;
  label: string;
  results: SearchResult[];
}

export interface SearchAnswer {
  query: string;
  /** Groups with at least one result, in `SEARCH_KINDS` order. */
  groups: SearchGroup[];
  /** Why nothing was searched (query too short, only common words), or null. */
  notice: string | null;
}

/** Titles that start with what is being typed, for the search box's suggestions. */
export interface SearchSuggestion {
  title: string;
  link: string;
  kind: SearchKind;
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
