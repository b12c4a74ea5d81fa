import { cleanFileName } from '@sodalis/contracts';
import { describe, expect, it } from 'vitest';
import { archiveFilter, archiveHref, parseArchiveSearch } from './archive-search';

describe('reserved-area archive search in the address', () => {
  it('reads text, year, month only with a year, a known section and page tokens', () => {
    const search = parseArchiveSearch(
      new URLSearchParams(
        'q=+plasma+&anno=2024&mese=3&sezione=Affiliati+tecnici&p=Paged%3DTRUE%26p_ID%3D4',
      ),
      2026,
    );
    expect(search).toEqual({
      title: 'plasma',
      year: 2024,
      month: 3,
      section: 'Affiliati tecnici',
      pages: ['Paged=TRUE&p_ID=4'],
    });
    expect(parseArchiveSearch(new URLSearchParams('mese=3&anno=1999&sezione=Altro'), 2026)).toEqual(
      { title: '', year: null, month: null, section: null, pages: [] },
    );
  });

  it('writes the same search back and builds the list filter', () => {
    const search = {
      title: 'anti-D',
      year: 2025,
      month: 12,
      section: 'Affiliati infermieri',
      pages: ['a', 'b'],
    };
    const href = archiveHref('/area-riservata-assemblee', search);
    expect(parseArchiveSearch(new URL(href, 'http://x').searchParams, 2026)).toEqual(search);
    expect(archiveFilter(search, 4, 'Data')).toMatchObject({
      dataOffset: '4',
      orderByFields: 'Data',
      ascending: false,
      title: 'anti-D',
      years: ['2025'],
      months: ['12'],
      sezioni: ['Affiliati infermieri'],
      pagingInfo: 'b',
    });
    expect(
      archiveHref('/area-riservata-rassegna', {
        ...search,
        title: '',
        year: null,
        month: null,
        section: null,
        pages: [],
      }),
    ).toBe('/area-riservata-rassegna');
  });

  it('cleans file names for display', () => {
    expect(cleanFileName('Verbale_assemblea Roma 2025.pdf')).toBe('Verbale assemblea Roma 2025');
  });
});
