import type { SnippetPart } from '@sodalis/contracts';
import { describe, expect, it } from 'vitest';
import { parseQuery, termOf, wordsOf } from '../../../src/modules/search/analyser.js';
import { snippetOf, wordMatcher } from '../../../src/modules/search/service.js';

// Snippets read a text only up to what they show and skip words that cannot match (ADR 025):
// the answer must be the one of the plain way, which splits and matches every word.
const SNIPPET_WORDS = 30;

function plainMatcher(query: string): (piece: string) => boolean {
  const wanted = new Set(parseQuery(query)?.groups.flat() ?? []);
  return (piece) =>
    wordsOf(piece).some((word) => {
      const term = termOf(word);
      return term !== null && wanted.has(term);
    });
}

function plainSnippet(body: string, matches: (piece: string) => boolean): SnippetPart[] {
  const words = body.replace(/\s+/g, ' ').trim().split(' ');
  const first = Math.max(0, words.findIndex(matches));
  const start = Math.max(0, first - Math.floor(SNIPPET_WORDS / 3));
  const parts: SnippetPart[] = [];
  const push = (text: string, marked: boolean) => {
    const previous = parts.at(-1);
    if (previous !== undefined && previous.marked === marked) previous.text += text;
    else parts.push({ text, marked });
  };
  if (start > 0) push('… ', false);
  words.slice(start, start + SNIPPET_WORDS).forEach((word, index) => {
    if (index > 0) push(' ', false);
    push(word, matches(word));
  });
  if (start + SNIPPET_WORDS < words.length) push(' …', false);
  return parts;
}

const VOCABULARY = `trasfusione trasfusioni Trasfusionale piastrine piastrinica PIASTRINICHE plasma
  plasmaderivati donatore donatori, donazione. emovigilanza; reazione avversa neonato terapia
  qualità Qualità perché sull’emovigilanza dell'anemia l’ospedale «sangue» (raccolta) 2024 n.
  12/2025 ABO-compatibile linee-guida è È a e di del della sangue emocomponenti Ab ab tr
  tra tras`.split(/\s+/);

/** A deterministic generator (mulberry32): the same texts on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('search snippets', () => {
  it('are those of the plain way for texts of every length and queries of every kind', () => {
    const next = random(18);
    const queries = [
      'trasfusioni piastriniche',
      'qualità',
      'PERCHE emovigilanza',
      '"reazione avversa"',
      'anemia ospedale',
      'sangue 2024',
      'abo compatibile',
      'ab',
      'tr',
      'parola assente',
    ];
    for (let round = 0; round < 400; round += 1) {
      const length = Math.floor(next() ** 2 * 200);
      const separators = [' ', '  ', '\n', ' \t '];
      const body =
        (next() < 0.2 ? ' ' : '') +
        Array.from(
          { length },
          () =>
            `${VOCABULARY[Math.floor(next() * VOCABULARY.length)]}${separators[Math.floor(next() * separators.length)]}`,
        ).join('');
      if (body.trim() === '') continue;
      const query = queries[round % queries.length] ?? '';
      const parsed = parseQuery(query);
      if (parsed === null) continue;
      expect(snippetOf(body, wordMatcher(parsed)), `${query} | ${body}`).toEqual(
        plainSnippet(body, plainMatcher(query)),
      );
    }
  });

  it('mark the inflected, accented and punctuated forms of the words searched', () => {
    const parsed = parseQuery('trasfusioni qualita emovigilanza');
    expect(parsed).not.toBeNull();
    if (parsed === null) return;
    const marked = snippetOf(
      'La Trasfusione, la QUALITÀ e sull’emovigilanza: trasporto e trasfusionale.',
      wordMatcher(parsed),
    )
      .filter((part) => part.marked)
      .map((part) => part.text);
    expect(marked).toEqual(['Trasfusione,', 'QUALITÀ', 'sull’emovigilanza:']);
  });
});
