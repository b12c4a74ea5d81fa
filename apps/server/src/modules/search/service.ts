import {
  MAX_SEARCH_RESULT_PAGES,
  MIN_SEARCH_QUERY_LENGTH,
  SEARCH_MESSAGES,
  type MemberRole,
  type SearchAnswer,
  type SearchDocumentPage,
  type SearchResult,
  type SearchSuggestion,
  type SnippetPart,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { DatabaseEngine } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../text/dates.js';
import { AUDIENCES_OF_ROLE } from '../accounts/audiences.js';
import { foldText, parseQuery, termOf, wordsOf, type SearchQuery } from './analyser.js';
import {
  matchingRecords,
  matchingUnits,
  vocabularyNear,
  type FoundRecordUnit,
  type FoundUnit,
  type SearchAccess,
} from './repository.js';
import type { ResultGroup, SearchSources } from './sources.js';

export interface SearchServiceDeps {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  clock: Clock;
  /** The domains' sources (ADR 044, 046): the group of each kind of record, and their order. */
  sources: SearchSources;
}

/** Most results (records) one search answers, all groups together. */
const MAX_RESULTS = 60;
/** Most suggestions while typing. */
const MAX_SUGGESTIONS = 8;
/** Words of text around the first match in a snippet. */
const SNIPPET_WORDS = 30;
/** Most queries offered by "Forse cercavi", and most unknown words of a query corrected. */
const MAX_DID_YOU_MEAN = 3;
/** Most indexed terms one unknown word is compared with (the most common of its initial). */
const MAX_VOCABULARY_CANDIDATES = 5000;

/**
 * The site search (ADR 025): what a reader may open that matches their words, best first,
 * grouped by kind. Who may read what is the reserved area's rule (`AUDIENCES_OF_ROLE` in accounts, ADR 011):
 * an anonymous reader sees public content only.
 */
export class SearchService {
  constructor(private readonly deps: SearchServiceDeps) {}

  private access(role: MemberRole | null): SearchAccess {
    return {
      audiences: role === null ? [] : AUDIENCES_OF_ROLE[role],
      now: this.deps.clock().toISOString(),
    };
  }

  async search(role: MemberRole | null, text: string): Promise<SearchAnswer> {
    const query = text.trim();
    const empty = (notice: string | null): SearchAnswer => ({
      query,
      groups: [],
      notice,
      didYouMean: [],
    });
    if (query.length < MIN_SEARCH_QUERY_LENGTH) return empty(SEARCH_MESSAGES.tooShort);
    const parsed = parseQuery(query);
    if (parsed === null) return empty(SEARCH_MESSAGES.nothingToSearch);
    // One result per record (ADR 025): its best unit's snippet, and its best PDF pages.
    const units = await matchingRecords(
      this.deps.db,
      this.deps.engine,
      { groups: parsed.groups, prefix: 'none' },
      this.access(role),
      MAX_RESULTS,
      MAX_SEARCH_RESULT_PAGES,
    );
    const results = new Map<ResultGroup, SearchResult[]>();
    const matches = wordMatcher(parsed);
    let current: SearchResult | null = null;
    for (const unit of units) {
      if (unit.position === 1) {
        current = null;
        const group = this.deps.sources.groupOf(unit.kind);
        if (group === null) continue;
        current = resultOf(unit, group.kind, matches);
        const list = results.get(group) ?? [];
        list.push(current);
        results.set(group, list);
      }
      const page = documentPageOf(unit);
      if (current !== null && page !== null) {
        current.pages.push(page);
        current.morePages = unit.pages - current.pages.length;
      }
    }
    const groups = this.deps.sources.groups.flatMap((group) => {
      const list = results.get(group);
      return list === undefined ? [] : [{ ...group, results: list }];
    });
    if (groups.length > 0) return { query, groups, notice: null, didYouMean: [] };
    return {
      query,
      groups,
      notice: SEARCH_MESSAGES.noResults,
      didYouMean: await this.didYouMean(role, query),
    };
  }

  /**
   * "Forse cercavi" (ADR 025, amended 2026-11-28): for a query that found nothing, each word
   * the index does not hold is compared with the indexed terms of its initial and about its
   * length (`vocabularyNear`, bounded), and the closest by edit distance, the most common first,
   * replace it. A replacement is offered only if the reader's own search finds it (so words of
   * content they may not read are never offered), written as the content writes it.
   */
  private async didYouMean(role: MemberRole | null, query: string): Promise<string[]> {
    const access = this.access(role);
    const corrections = new Map<string, string[]>();
    for (const word of wordsOf(query.replace(/"/g, ' '))) {
      const term = termOf(word);
      if (term === null || corrections.has(word) || corrections.size === MAX_DID_YOU_MEAN) continue;
      const closest = await this.closestTerms(term);
      if (closest === null) continue;
      const written: string[] = [];
      for (const candidate of closest) {
        const [unit] = await matchingUnits(
          this.deps.db,
          this.deps.engine,
          { groups: [[candidate]], prefix: 'none' },
          access,
          1,
        );
        const found =
          unit === undefined ? null : wordWithTerm(`${unit.title} ${unit.body}`, candidate);
        if (found !== null && !written.includes(found)) written.push(found);
        if (written.length === MAX_DID_YOU_MEAN) break;
      }
      corrections.set(word, written);
    }
    const offered: string[] = [];
    for (let choice = 0; choice < MAX_DID_YOU_MEAN; choice += 1) {
      const replaced = replaceWords(query, (word) => {
        const written = corrections.get(word);
        return written === undefined || written.length === 0
          ? null
          : (written[choice] ?? written[0] ?? null);
      });
      if (replaced === query || offered.includes(replaced)) continue;
      const parsed = parseQuery(replaced);
      if (parsed === null) continue;
      const [unit] = await matchingUnits(
        this.deps.db,
        this.deps.engine,
        { groups: parsed.groups, prefix: 'none' },
        access,
        1,
      );
      if (unit !== undefined) offered.push(replaced);
    }
    return offered;
  }

  /**
   * The indexed terms nearest `term`, best first, or null when the index holds `term` itself:
   * within one edit for short terms, two for longer ones.
   */
  private async closestTerms(term: string): Promise<string[] | null> {
    if (term.length < 3) return null;
    const most = term.length <= 5 ? 1 : 2;
    const near = await vocabularyNear(
      this.deps.db,
      this.deps.engine,
      term.charAt(0),
      term.length - most,
      term.length + most,
      MAX_VOCABULARY_CANDIDATES,
    );
    const ranked: { term: string; distance: number; units: number }[] = [];
    for (const candidate of near) {
      if (candidate.term === term) return null;
      const distance = editDistance(term, candidate.term, most);
      if (distance <= most) ranked.push({ ...candidate, distance });
    }
    ranked.sort((a, b) => a.distance - b.distance || b.units - a.units);
    return ranked.slice(0, MAX_DID_YOU_MEAN * 2).map((candidate) => candidate.term);
  }

  /** Titles of what the reader may open whose words start with what is being typed. */
  async suggest(role: MemberRole | null, text: string): Promise<SearchSuggestion[]> {
    if (text.trim().length < MIN_SEARCH_QUERY_LENGTH) return [];
    const parsed = parseQuery(text.replace(/"/g, ' '));
    const words = wordsOf(text.replace(/"/g, ' '));
    const last = words.at(-1);
    if (parsed === null || last === undefined) return [];
    // The word being typed is a prefix; its stem is a prefix of the words it may become.
    const groups = parsed.groups.filter((group) => group[0] !== termOf(last));
    groups.push([termOf(last) ?? last]);
    const units = await matchingUnits(
      this.deps.db,
      this.deps.engine,
      { groups, prefix: 'last' },
      this.access(role),
      MAX_RESULTS,
    );
    const seen = new Set<string>();
    const suggestions: SearchSuggestion[] = [];
    for (const unit of units) {
      const group = this.deps.sources.groupOf(unit.kind);
      if (group === null || seen.has(unit.link + unit.title)) continue;
      seen.add(unit.link + unit.title);
      suggestions.push({
        title: unit.title,
        link: unit.link,
        kind: group.kind,
        label: group.label,
      });
      if (suggestions.length === MAX_SUGGESTIONS) break;
    }
    return suggestions;
  }
}

/**
 * The edit distance (Levenshtein: letters added, removed or changed) between `a` and `b`, or
 * `most + 1` as soon as it must exceed `most`.
 */
export function editDistance(a: string, b: string, most: number): number {
  if (Math.abs(a.length - b.length) > most) return most + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > most) return most + 1;
    previous = current;
  }
  return previous[b.length] ?? most + 1;
}

/** Runs of letters and digits of a text as written (the analyser's words, before folding). */
const WRITTEN_WORD = /[\p{L}\p{N}]+/gu;

/** The first word of `text` whose search term is `term`, in lower case, or null. */
function wordWithTerm(text: string, term: string): string | null {
  for (const [written] of text.matchAll(WRITTEN_WORD)) {
    if (termOf(foldText(written)) === term) return written.toLowerCase();
  }
  return null;
}

/** `text` with each word that `replacement` answers (given folded) replaced, the rest kept. */
function replaceWords(text: string, replacement: (word: string) => string | null): string {
  return text.replace(WRITTEN_WORD, (written) => replacement(foldText(written)) ?? written);
}

/** The PDF page a unit is, or null for a record's own text. */
function documentPageOf(unit: FoundUnit): SearchDocumentPage | null {
  return unit.file_url !== null && unit.page !== null
    ? { fileName: unit.file_name ?? '', serverRelativeUrl: unit.file_url, page: unit.page }
    : null;
}

/** A record's result from its best unit; its PDF pages are added as they are read. */
function resultOf(
  unit: FoundRecordUnit,
  kind: SearchResult['kind'],
  matches: (piece: string) => boolean,
): SearchResult {
  return {
    kind,
    title: unit.title,
    date: unit.date,
    link: unit.link,
    snippet: snippetOf(unit.body, matches),
    document: documentPageOf(unit),
    pages: [],
    morePages: unit.pages,
  };
}

const PLAIN_WORD = /^[a-z0-9]+$/;

/** The first two letters of a word (one for a one-letter word) as one number. */
function beginningOf(word: string): number {
  return word.charCodeAt(0) * 0x10000 + (word.length > 1 ? word.charCodeAt(1) : 0);
}

/**
 * Whether a piece of text between spaces has a term of the query ("trasfusione" for
 * "trasfusioni"). Snowball's Italian stemmer changes only endings, never a word's first two
 * letters (its regions start after them), so a plain word beginning unlike every term is
 * answered at once: most words of a snippet's text are. The other answers are kept for the
 * search's snippets: their words repeat, and folding each again cost more than the query.
 */
export function wordMatcher(query: SearchQuery): (piece: string) => boolean {
  const wanted = new Set(query.groups.flat());
  const beginnings = [...wanted].map(beginningOf);
  const known = new Map<string, boolean>();
  return (piece) => {
    // Most words are plain lower-case letters: they are their own folded form.
    const plain = PLAIN_WORD.test(piece);
    if (plain && !beginnings.includes(beginningOf(piece))) return false;
    let answer = known.get(piece);
    if (answer === undefined) {
      answer = (plain ? [piece] : wordsOf(piece)).some((word) => {
        const term = termOf(word);
        return term !== null && wanted.has(term);
      });
      known.set(piece, answer);
    }
    return answer;
  };
}

/**
 * About `SNIPPET_WORDS` words of `body` around the first word that matches (its beginning when
 * none does), the matching words marked (`matches`, from `wordMatcher`). The text is read only
 * as far as the snippet needs: a PDF page has hundreds of words, and splitting and matching every
 * one of them for each result cost more than the query.
 */
export function snippetOf(body: string, matches: (piece: string) => boolean): SnippetPart[] {
  const wordsBefore = Math.floor(SNIPPET_WORDS / 3);
  /** The first words, the snippet when nothing matches. */
  const head: string[] = [];
  /** The last words read while looking for a match, the match last once found. */
  const recent: string[] = [];
  let shown: string[] | null = null;
  let start = 0;
  let read = 0;
  let more = false;
  const word = /\S+/g;
  for (let found = word.exec(body); found !== null; found = word.exec(body)) {
    if (shown !== null) {
      if (shown.length === SNIPPET_WORDS) {
        more = true;
        break;
      }
      shown.push(found[0]);
      continue;
    }
    if (head.length < SNIPPET_WORDS) head.push(found[0]);
    recent.push(found[0]);
    if (recent.length > wordsBefore + 1) recent.shift();
    if (matches(found[0])) {
      shown = recent;
      start = read - (recent.length - 1);
    }
    read += 1;
  }
  if (shown === null) {
    shown = head;
    more = read > SNIPPET_WORDS;
  }
  const parts: SnippetPart[] = [];
  const push = (text: string, marked: boolean) => {
    const previous = parts.at(-1);
    if (previous !== undefined && previous.marked === marked) previous.text += text;
    else parts.push({ text, marked });
  };
  if (start > 0) push('… ', false);
  shown.forEach((shownWord, index) => {
    if (index > 0) push(' ', false);
    push(shownWord, matches(shownWord));
  });
  if (more) push(' …', false);
  return parts;
}
