import snowball from 'snowball-stemmers';

/**
 * The Italian analyser of the site search (docs/decisions/025-site-search.md): the one place
 * where text becomes search terms, for the index and for the queries alike, so both engines
 * see the same terms. Accents folded, lower case, Italian stop words dropped, Snowball Italian
 * stems ("trasfusioni" and "trasfusione" are both `trasfusion`).
 */

const stemmer = snowball.newStemmer('italian');

/**
 * Snowball's Italian stop-word list (articles, prepositions and their contractions, pronouns,
 * the forms of "essere" and "avere"), accents folded: words too common to tell documents apart.
 */
const STOP_WORDS: ReadonlySet<string> = new Set(
  `ad al allo ai agli all agl alla alle con col coi da dal dallo dai dagli dall dagl dalla dalle
  di del dello dei degli dell degl della delle in nel nello nei negli nell negl nella nelle su sul
  sullo sui sugli sull sugl sulla sulle per tra contro io tu lui lei noi voi loro mio mia miei mie
  tuo tua tuoi tue suo sua suoi sue nostro nostra nostri nostre vostro vostra vostri vostre mi ti
  ci vi lo la li le gli ne il un uno una ma ed se perche anche come dov dove che chi cui non piu
  quale quanto quanti quanta quante quello quelli quella quelle questo questi questa queste si
  tutto tutti a c e i l o ho hai ha abbiamo avete hanno abbia abbiate abbiano avro avrai avra
  avremo avrete avranno avrei avresti avrebbe avremmo avreste avrebbero avevo avevi aveva avevamo
  avevate avevano ebbi avesti ebbe avemmo aveste ebbero avessi avesse avessimo avessero avendo
  avuto avuta avuti avute sono sei siamo siete sia siate siano saro sarai sara saremo sarete
  saranno sarei saresti sarebbe saremmo sareste sarebbero ero eri era eravamo eravate erano fui
  fosti fu fummo foste furono fossi fosse fossimo fossero essendo faccio fai facciamo fanno
  faccia facciate facciano faro farai fara faremo farete faranno farei faresti farebbe faremmo
  fareste farebbero facevo facevi faceva facevamo facevate facevano feci facesti fece facemmo
  faceste fecero facessi facesse facessimo facessero facendo sto stai sta stiamo stanno stia
  stiate stiano staro starai stara staremo starete staranno starei staresti starebbe staremmo
  stareste starebbero stavo stavi stava stavamo stavate stavano stetti stesti stette stemmo
  steste stettero stessi stesse stessimo stessero stando`.split(/\s+/),
);

/** Longest word kept: longer runs are not words (hashes, pasted junk) and would bloat the index. */
const MAX_WORD_LENGTH = 40;

/** Lower case without accents ("Perché" → "perche"), as the index stores words. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of `text`, folded, in order: runs of letters and digits (apostrophes split). */
export function wordsOf(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '' && word.length <= MAX_WORD_LENGTH);
}

/**
 * Terms of words already seen: the Snowball port takes microseconds a word and a language
 * repeats its words, so indexing and snippets mostly read from here. Emptied when full.
 */
const termCache = new Map<string, string | null>();
const TERM_CACHE_SIZE = 100_000;

/** The search term of one folded word, or null for a stop word. */
export function termOf(word: string): string | null {
  const cached = termCache.get(word);
  if (cached !== undefined) return cached;
  // Only [a-z0-9] reach the engines: a term is never an operator of FTS5 or tsquery.
  const stem = STOP_WORDS.has(word) ? '' : stemmer.stem(word).replace(/[^a-z0-9]/g, '');
  const term = stem === '' ? null : stem;
  if (termCache.size >= TERM_CACHE_SIZE) termCache.clear();
  termCache.set(word, term);
  return term;
}

/** The terms of `text`, in order, stop words left out: what the index stores. */
export function termsOf(text: string): string[] {
  return wordsOf(text).flatMap((word) => termOf(word) ?? []);
}

/** A parsed query: single terms and "quoted phrases" (terms that must follow each other). */
export interface SearchQuery {
  /** Each entry is one term or a phrase of several; all must match. */
  groups: string[][];
  /** The folded words typed (stop words included), to mark them in snippets. */
  words: string[];
}

/** Longest query read; the rest is ignored (a search box is not a document). */
export const MAX_QUERY_LENGTH = 200;

/**
 * Reads what a reader typed: "quoted phrases" are phrases, everything else single words;
 * an unbalanced quote is just a character, and operators of the engines (`*`, `NEAR`, `AND`,
 * `(`) are words or nothing, never syntax. Null when nothing searchable is left.
 */
export function parseQuery(text: string): SearchQuery | null {
  // eslint-disable-next-line no-control-regex -- control characters are dropped on purpose
  const clean = text.slice(0, MAX_QUERY_LENGTH).replace(/[\u0000-\u001f\u007f]/g, ' ');
  const groups: string[][] = [];
  const words: string[] = [];
  const quoted = /"([^"]*)"/g;
  let rest = '';
  let last = 0;
  for (const match of clean.matchAll(quoted)) {
    rest += ` ${clean.slice(last, match.index)}`;
    last = match.index + match[0].length;
    const phrase = match[1] ?? '';
    words.push(...wordsOf(phrase));
    const terms = termsOf(phrase);
    if (terms.length > 0) groups.push(terms);
  }
  rest += ` ${clean.slice(last)}`;
  for (const word of wordsOf(rest)) {
    words.push(word);
    const term = termOf(word);
    if (term !== null && !groups.some((group) => group.length === 1 && group[0] === term))
      groups.push([term]);
  }
  return groups.length === 0 ? null : { groups, words: [...new Set(words)] };
}
