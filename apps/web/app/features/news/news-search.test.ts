import { describe, expect, it } from 'vitest';
import { articleHref, newsFilter, newsHref, parseNewsSearch, slugify } from './news-search';

const CATEGORIES = ['Concorsi', 'Formazione', 'Emovigilanza', 'SIMTI', 'News'];

describe('the /news search in the address', () => {
  it('reads text, category (any case), year, month and page tokens', () => {
    const params = new URLSearchParams(
      'q=%20plasma%20&categoria=emovigilanza&anno=2024&mese=3&p=Paged%3DTRUE%26p_ID%3D5&p=Paged%3DTRUE%26p_ID%3D2',
    );
    const search = parseNewsSearch(params, CATEGORIES, 2026);
    expect(search).toEqual({
      title: 'plasma',
      category: 'Emovigilanza',
      year: 2024,
      month: 3,
      pages: ['Paged=TRUE&p_ID=5', 'Paged=TRUE&p_ID=2'],
    });
    expect(newsFilter(search)).toMatchObject({
      dataOffset: '4',
      orderByFields: 'Datapubblicazione',
      ascending: false,
      title: 'plasma',
      categorie: 'Emovigilanza',
      years: ['2024'],
      months: ['3'],
      pagingInfo: 'Paged=TRUE&p_ID=2',
    });
    expect(
      parseNewsSearch(new URLSearchParams(newsHref(search).split('?')[1]), CATEGORIES, 2026),
    ).toEqual(search);
  });

  it('drops what is malformed instead of failing', () => {
    const search = parseNewsSearch(
      new URLSearchParams('categoria=Gossip&anno=2018&mese=13&p='),
      CATEGORIES,
      2026,
    );
    expect(search).toEqual({ title: '', category: null, year: null, month: null, pages: [] });
    expect(parseNewsSearch(new URLSearchParams('mese=5'), CATEGORIES, 2026).month).toBeNull();
    expect(parseNewsSearch(new URLSearchParams('anno=2027'), CATEGORIES, 2026).year).toBeNull();
    expect(newsHref(search)).toBe('/news');
  });

  it('gives each news item a readable address', () => {
    expect(slugify('Qualità e sicurezza: perché la formazione conta!')).toBe(
      'qualita-e-sicurezza-perche-la-formazione-conta',
    );
    expect(articleHref({ id: 12, title: "Riduzione del 30% dell'attesa" })).toBe(
      '/news/12-riduzione-del-30-dell-attesa',
    );
  });
});
