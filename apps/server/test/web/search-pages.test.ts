import { SEARCH_MESSAGES } from '@sodalis/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSite } from '../helpers/member-api.js';
import { testEngines } from '../helpers/test-app.js';
import { requireWebBuild } from '../helpers/web-pages.js';

// The `/cerca` page rendered on the server (ADR 025): what a reader without scripts gets for
// any address, odd ones included, and for the cookie of a sign-in without scripts (ADR 022).
describe.each(testEngines())('the search page rendered on the server (%s)', (engine) => {
  beforeAll(() => {
    requireWebBuild();
  });
  const site = demoSite(engine, { web: 'build', roles: ['socio', 'affiliato'] });

  const page = (query: string, token: string | null = null) =>
    site.app.inject({
      method: 'GET',
      url: `/cerca?q=${query}`,
      headers: token === null ? {} : { cookie: `sodalis_sessione=${token}` },
    });

  it('answers every odd query with results or an Italian message, never an error page', async () => {
    const cases: [string, string | null][] = [
      ['', null],
      ['a', SEARCH_MESSAGES.tooShort],
      ['%20%20', null],
      ['*', SEARCH_MESSAGES.tooShort],
      ['**', SEARCH_MESSAGES.nothingToSearch],
      ['%22', SEARCH_MESSAGES.tooShort],
      ['%22%22%22', SEARCH_MESSAGES.nothingToSearch],
      ['NEAR', null],
      ['AND', null],
      ['((', SEARCH_MESSAGES.nothingToSearch],
      ['piastrine+AND+(', null],
      ['%01%07', SEARCH_MESSAGES.nothingToSearch],
      ['%00', SEARCH_MESSAGES.tooShort],
      ['%00piastrine%00', null],
      ['%ED%A0%80', null],
      ['%E0%A4%A', null],
      ['%', null],
      ['x'.repeat(1000), SEARCH_MESSAGES.nothingToSearch],
      ['x'.repeat(1001), SEARCH_MESSAGES.tooLong],
    ];
    for (const [query, message] of cases) {
      const answer = await page(query);
      expect(answer.statusCode, `${query}: ${answer.body.slice(0, 300)}`).toBe(200);
      expect(answer.body, query).toContain('Cerca nel sito');
      if (message !== null) expect(answer.body, query).toContain(message);
    }
  });

  it('offers the closest indexed words for a typo, as links to their search ("Forse cercavi")', async () => {
    const answer = await page('trasfusone');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain(SEARCH_MESSAGES.noResults);
    expect(answer.body).toContain(SEARCH_MESSAGES.didYouMean);
    expect(answer.body).toContain('<a href="/cerca?q=trasfusione"');
  });

  it('shows a member the results their role may read, and a visitor none of them', async () => {
    // The demo's recommendation for Affiliati only, found inside its PDF.
    const query = 'supplementazione+marziale';
    const affiliate = await page(query, site.tokens.affiliato);
    expect(affiliate.body).toContain('Gestione dei donatori con carenza di ferro');
    expect(affiliate.body).toContain('<mark>');
    for (const reader of [site.tokens.socio, null]) {
      const answer = await page(query, reader);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain('Gestione dei donatori con carenza di ferro');
      expect(answer.body).toContain(SEARCH_MESSAGES.noResults);
    }
  });
});
