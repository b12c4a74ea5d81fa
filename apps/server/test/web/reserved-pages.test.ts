import { romeDate, TOKEN_EXPIRY_MARGIN_SECONDS } from '@sodalis/contracts';
import type { Audience } from '../../src/db/schema.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchText } from '../../src/text/search-text.js';
import { demoSite, signInDemoAccount } from '../helpers/member-api.js';
import { testEngines } from '../helpers/test-app.js';
import { requireWebBuild } from '../helpers/web-pages.js';

// The reserved lists rendered on the server for the cookie of a sign-in without scripts
// (ADR 022): each role's own items in the HTML, never another role's, nothing without a
// session the API would accept.
// The real clock: the web app checks a token's expiry against the browser's time (spec §4).
const NOW = new Date().toISOString();
const TODAY = romeDate(new Date(NOW));
const FOR_MEMBERS = 'Raccomandazione riservata ai soci (prova)';
const FOR_AFFILIATES = 'Raccomandazione riservata agli affiliati (prova)';

describe.each(testEngines())('reserved lists rendered on the server (%s)', (engine) => {
  beforeAll(() => {
    requireWebBuild();
  });
  const site = demoSite(engine, { web: 'build', roles: ['socio', 'affiliato'] });
  const insertedIds: number[] = [];

  beforeAll(async () => {
    const rows: [string, Audience][] = [
      [FOR_MEMBERS, 'socio'],
      [FOR_AFFILIATES, 'affiliato'],
    ];
    for (const [title, audience] of rows) {
      const row = await site.app.services.db
        .insertInto('recommendations')
        .values({
          title,
          title_search: searchText(title),
          published_on: TODAY,
          source_name: 'Prova',
          source_url: 'https://example.org/raccomandazione',
          audience,
          published: 1,
          created_at: NOW,
          updated_at: NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      insertedIds.push(row.id);
    }
  });

  afterAll(async () => {
    await site.app?.services.db
      .deleteFrom('recommendations')
      .where('id', 'in', insertedIds)
      .execute();
  });

  const page = (token: string | null, url = '/area-riservata-raccomandazioni') =>
    site.app.inject({
      method: 'GET',
      url,
      headers: token === null ? {} : { cookie: `sodalis_sessione=${token}` },
    });

  it('puts the Socio’s list in the HTML, with their items only, kept by no shared cache', async () => {
    const answer = await page(site.tokens.socio);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.body).toContain('data-testid="archive-list"');
    expect(answer.body).toContain(FOR_MEMBERS);
    expect(answer.body).not.toContain(FOR_AFFILIATES);
  });

  it('gives the Affiliato their own items and never the Socio’s', async () => {
    const answer = await page(site.tokens.affiliato);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain(FOR_AFFILIATES);
    expect(answer.body).not.toContain(FOR_MEMBERS);
  });

  it('renders no list without a session or with a forged one', async () => {
    const forged = `${site.tokens.socio.slice(0, -4)}AAAA`;
    for (const token of [null, forged]) {
      const answer = await page(token);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain('archive-list');
      expect(answer.body).not.toContain(FOR_MEMBERS);
      expect(answer.body).not.toContain(FOR_AFFILIATES);
    }
  });

  it('paints the sign-in without a session, and marks a tab with one before it (ADR 022)', async () => {
    const answer = await page(null);
    expect(answer.statusCode).toBe(200);
    const nonce = /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    // The script that marks a tab holding a session runs before the sign-in is parsed; a token
    // already expiring (its `exp` within the guard's margin) marks nothing.
    const script = answer.body.indexOf(
      `<script nonce="${nonce}">try{var t=sessionStorage.getItem("token");`,
    );
    const scriptText = answer.body.slice(script, answer.body.indexOf('</script>', script));
    expect(scriptText).toContain(`Date.now()/1000+${TOKEN_EXPIRY_MARGIN_SECONDS}<c.exp`);
    expect(scriptText).toContain('document.documentElement.setAttribute("data-sessione","1")');
    const signIn = answer.body.indexOf('class="reserved-signed-out');
    const waiting = answer.body.indexOf('class="reserved-waiting');
    expect(script).toBeGreaterThan(0);
    expect(signIn).toBeGreaterThan(script);
    expect(waiting).toBeGreaterThan(script);
    // The sign-in posts without scripts and comes back to this list.
    const form = /<form[^>]*data-testid="login-form"[^>]*>/.exec(answer.body)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/area-riservata?ritorno=%2Farea-riservata-raccomandazioni"');
    expect(answer.body).toContain('name="username"');
    expect(answer.body).toContain('name="password"');
    // The stylesheet shows one of the two: the sign-in, or the loading state once marked.
    expect(answer.body).toMatch(
      /html\[data-sessione\] \.reserved-signed-out,\s*html:not\(\[data-sessione\]\) \.reserved-waiting\s*\{\s*display:\s*none/,
    );
    const signedIn = await page(site.tokens.socio);
    expect(signedIn.body).not.toContain('data-testid="login-form"');
    expect(signedIn.body).not.toContain('sessionStorage.getItem("token")');
  });

  it('renders the search the address asks for, on the other archives too', async () => {
    const year = Number(TODAY.slice(0, 4));
    const month = Number(TODAY.slice(5, 7));
    const searched = await page(
      site.tokens.socio,
      `/area-riservata-raccomandazioni?anno=${year}&mese=${month}`,
    );
    expect(searched.body).toContain(FOR_MEMBERS);
    const lastYear = await page(
      site.tokens.socio,
      `/area-riservata-raccomandazioni?anno=${year - 1}`,
    );
    expect(lastYear.body).not.toContain(FOR_MEMBERS);
    for (const url of [
      '/area-riservata-rassegna',
      '/area-riservata-pareri',
      '/area-riservata-assemblee',
      '/area-riservata-assemblee-regionali',
    ]) {
      const answer = await page(site.tokens.socio, url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toMatch(/data-testid="archive-(list|empty)"/);
    }
  });

  it('sends a signed-in reader back only to a plain path of this site, never a 500', async () => {
    const signIn = (back: string) => page(site.tokens.socio, `/area-riservata?ritorno=${back}`);
    const tab = await signIn(encodeURIComponent('/chi-siamo-iscrizione?scheda=pagamento'));
    expect(tab.statusCode).toBe(302);
    expect(tab.headers.location).toBe('/chi-siamo-iscrizione?scheda=pagamento');
    // A Location header carries visible ASCII only: anything else goes to the reserved home.
    for (const elsewhere of ['%2F%E2%82%AC', '%2Fcaf%C3%A9', '%2F%2Faltro.example', '%2F%09%2Fx']) {
      const answer = await signIn(elsewhere);
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe('/area-riservata-homepage');
    }
  });

  it('renders no list for a lapsed member, whom the API refuses too (ADR 024)', async () => {
    // The demo register's lapsed member (two years missed).
    const lapsed = await signInDemoAccount(site.app, 'decaduto.demo@example.org');
    const api = await site.app.inject({
      method: 'POST',
      url: '/api/v1/ReservedArea/GetRaccomandazioni',
      headers: { authorization: `Bearer ${lapsed}` },
      payload: {},
    });
    expect(api.statusCode).toBe(403);
    const answer = await page(lapsed);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).not.toContain('archive-list');
    expect(answer.body).not.toContain(FOR_MEMBERS);
  });
});
