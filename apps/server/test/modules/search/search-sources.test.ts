import { describe, expect, it } from 'vitest';
import { SearchSources, type SearchSource } from '../../../src/modules/search/sources.js';
import { SEARCH_SOURCES } from '../../../src/services.js';

describe('the search sources supplied by the domains', () => {
  it('name each kind of record once, and the groups in the order of the list of modules', () => {
    const sources = new SearchSources(SEARCH_SOURCES);
    expect(sources.groups.map((group) => [group.kind, group.label, group.publicDocuments])).toEqual(
      [
        ['news', 'Notizie', true],
        ['page', 'Pagine della società', true],
        ['recommendation', 'Raccomandazioni', false],
        ['assembly', 'Assemblee', false],
        ['press_review', 'Rassegna stampa', false],
        ['opinion', 'Pareri', false],
        ['magazine', 'Il Servizio Trasfusionale', false],
        // After membership in the list: an event's members' types ask the dues (ADR 049).
        ['event', 'Eventi', true],
        ['transparency', 'Società trasparente', true],
      ],
    );
    expect(sources.groupOf('board_member')?.kind).toBe('page');
    expect(sources.groupOf('magazine_article')?.kind).toBe('magazine');
    // A kind stored in the index that no source reads any more is left out of the answers.
    expect(sources.groupOf('fax')).toBeNull();
  });

  it('refuse a kind with two sources, or a group described twice', () => {
    const [first] = SEARCH_SOURCES as [SearchSource, ...SearchSource[]];
    expect(() => new SearchSources([first, ...SEARCH_SOURCES])).toThrow(/due fonti/);
    const otherNews: SearchSource = {
      ...first,
      kinds: { press_note: { kind: 'news', label: 'Comunicati', publicDocuments: true } },
    };
    expect(() => new SearchSources([...SEARCH_SOURCES, otherNews])).toThrow(
      'ricerca: due descrizioni del gruppo news',
    );
  });
});
