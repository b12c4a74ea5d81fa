import { describe, expect, it } from 'vitest';
import { newsStateWords } from './publication-state';

describe('newsStateWords', () => {
  it('says a scheduled item’s day and Rome time', () => {
    expect(
      newsStateWords({ state: 'programmata', publishedOn: '2026-11-30', publishTime: '09:00' }),
    ).toBe('Programmata per il 30/11/2026 alle 09:00');
    expect(
      newsStateWords({ state: 'programmata', publishedOn: '2026-12-01', publishTime: null }),
    ).toBe('Programmata per il 01/12/2026');
  });

  it('tells a draft from a published item', () => {
    expect(
      newsStateWords({ state: 'non-pubblicata', publishedOn: '2026-11-30', publishTime: null }),
    ).toBe('Bozza: non è visibile sul sito.');
    expect(
      newsStateWords({ state: 'pubblicata', publishedOn: '2026-11-23', publishTime: null }),
    ).toBe('Pubblicata sul sito dal 23/11/2026');
  });
});
