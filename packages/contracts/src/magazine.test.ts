import { describe, expect, it } from 'vitest';
import { AdminMagazineArticleInputSchema, issueNumberInTitle } from './magazine.js';

describe('the number a magazine issue’s title says', () => {
  it('reads "numero N", "n. N" and "n° N", and none otherwise', () => {
    expect(issueNumberInTitle('Il Servizio Trasfusionale - anno 2026, numero 10')).toBe(10);
    expect(issueNumberInTitle('Bollettino n. 4 del 2025')).toBe(4);
    expect(issueNumberInTitle('Bollettino n° 7')).toBe(7);
    expect(issueNumberInTitle('Numero speciale sul plasma')).toBeNull();
    expect(issueNumberInTitle('Atti del congresso 2026')).toBeNull();
  });
});

describe('an article’s order', () => {
  it('may be left empty (the next in its issue) but is never 0', () => {
    const base = { issueId: 1, title: 'Articolo' };
    expect(AdminMagazineArticleInputSchema.parse({ ...base, sortOrder: '' }).sortOrder).toBeNull();
    expect(AdminMagazineArticleInputSchema.parse(base).sortOrder).toBeNull();
    expect(AdminMagazineArticleInputSchema.parse({ ...base, sortOrder: 3 }).sortOrder).toBe(3);
    expect(AdminMagazineArticleInputSchema.safeParse({ ...base, sortOrder: 0 }).success).toBe(
      false,
    );
  });
});
