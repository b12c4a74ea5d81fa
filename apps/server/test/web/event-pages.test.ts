import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fixedClock, testEngines, type TestApp } from '../helpers/test-app.js';
import { pageText, requireWebBuild } from '../helpers/web-pages.js';

// The events' pages as the production build renders them, without JavaScript (ADR 047): the
// demo's congress (60 days after TODAY, three days in Bologna), webinar and last year's course.
const TODAY = '2026-11-22';
const BASE = 'https://www.esempio.it';

/** The JSON-LD blocks of a page, parsed. */
function structuredData(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  );
}

describe.each(testEngines())('the events’ pages on %s', (engine) => {
  let testApp: TestApp;
  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    requireWebBuild();
    testApp = await createTestApp(engine, {
      demoContent: true,
      clock: fixedClock(TODAY),
      web: 'build',
      env: { PUBLIC_BASE_URL: BASE },
    });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  /** The address of the event whose link text starts with `title` on `/eventi`. */
  async function hrefOf(title: string): Promise<string> {
    const page = await get('/eventi');
    const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const href = new RegExp(`<a href="(/eventi/\\d+-[a-z0-9-]+)"[^>]*>${escaped}`).exec(
      page.body,
    )?.[1];
    if (href === undefined) throw new Error(`nessun collegamento a ${title}`);
    return href;
  }

  it('lists upcoming events soonest first and past ones by year, rendered on the server', async () => {
    const page = await get('/eventi');
    expect(page.statusCode).toBe(200);
    const text = pageText(page.body);
    const acronym = testApp.config.societyAcronym;
    const congress = text.indexOf(`Congresso nazionale ${acronym} 2027`);
    const webinar = text.indexOf('Webinar: il Patient Blood Management');
    const past = text.indexOf('Eventi passati');
    const course = text.indexOf('Corso di immunoematologia di base 2025');
    expect(text).toContain('Prossimi eventi');
    // The webinar (in 30 days) before the congress (in 60), both before the past ones.
    expect(webinar).toBeGreaterThan(-1);
    expect(congress).toBeGreaterThan(webinar);
    expect(past).toBeGreaterThan(congress);
    expect(course).toBeGreaterThan(past);
    expect(page.body).toMatch(/<h3[^>]*>2025<\/h3>/);
    expect(text).toContain('dal giovedì 21 gennaio 2027 (ore 09:00) al sabato 23 gennaio 2027');
    expect(text).toContain('Crediti ECM previsti');
    // The header's "Eventi" leads here now that events are published.
    expect(page.body).toMatch(
      /<a[^>]*class="nav-link[^"]*"[^>]*href="\/eventi"|<a[^>]*href="\/eventi"[^>]*class="nav-link/,
    );
  });

  it('renders an event page with its details, share image and schema.org Event', async () => {
    const acronym = testApp.config.societyAcronym;
    const href = await hrefOf(`Congresso nazionale ${acronym} 2027`);
    const page = await get(href);
    expect(page.statusCode).toBe(200);
    const text = pageText(page.body);
    expect(text).toContain('Palazzo della Cultura e dei Congressi');
    expect(text).toContain('Bologna');
    expect(text).toContain('Crediti ECM previsti');
    expect(text).toContain('800 posti disponibili');
    expect(text).toMatch(/Aperte dal 12 novembre 2026, ore 09:00 al 14 gennaio 2027, ore 23:59/);
    expect(text).toContain('Patient Blood Management');
    // The fees (ADR 048): a row per type in each window, the early bird in force, no code.
    expect(text).toContain('Quote di iscrizione');
    expect(text).toMatch(/Early bird \(fino al 12 dicembre 2026, ore 23:59\)\s*in vigore ora/);
    expect(text).toMatch(
      /Socio in regola\s*Per i soci in regola con la quota associativa dell’anno\.\s*Soci in regola con la quota associativa\s*150,00 €\s*200,00 €\s*250,00 €/,
    );
    expect(text).toMatch(
      /Specializzando[^€]*Aperta a tutti, soggetta ad approvazione\s*Gratuita\s*50,00 €\s*50,00 €/,
    );
    expect(text).toContain('Con il codice ricevuto dalla segreteria');
    expect(text).toMatch(/Cena sociale\s*:\s*60,00 €/);
    expect(page.body).not.toContain('RELATORI');
    expect(page.body).toMatch(/<td class="text-end text-nowrap fw-bold">150,00 €<\/td>/);
    expect(page.body).toMatch(
      /<meta property="og:image" content="https:\/\/www\.esempio\.it\/[^"]+"\/>/,
    );
    const [event] = structuredData(page.body).filter((data) => data['@type'] === 'Event');
    expect(event).toMatchObject({
      '@context': 'https://schema.org',
      name: `Congresso nazionale ${acronym} 2027`,
      startDate: '2027-01-21T09:00:00+01:00',
      endDate: '2027-01-23T13:00:00+01:00',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      eventStatus: 'https://schema.org/EventScheduled',
      location: {
        '@type': 'Place',
        name: 'Palazzo della Cultura e dei Congressi',
        address: { '@type': 'PostalAddress', addressLocality: 'Bologna', addressCountry: 'IT' },
      },
      organizer: { '@type': 'Organization' },
      url: `${BASE}${href}`,
    });
    expect((event?.image as string[])[0]).toMatch(/^https:\/\/www\.esempio\.it\//);
    expect(String(event?.description)).toMatch(/^Il congresso nazionale della società/);
    expect(String(event?.description)).not.toContain('<');

    // Another slug moves to the canonical address; an unknown id is a 404.
    const id = /\/eventi\/(\d+)-/.exec(href)?.[1];
    const moved = await get(`/eventi/${id}-vecchio-titolo`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(href);
    expect((await get('/eventi/999999-nessuno')).statusCode).toBe(404);
  });

  it('keeps /eventi and an event page rendered for the minute, as their answers are kept', async () => {
    const href = await hrefOf('Webinar');
    for (const url of ['/eventi', href]) {
      const first = await get(url);
      const second = await get(url);
      expect(second.statusCode).toBe(200);
      const minute = testApp.app.services.clock().toISOString().slice(0, 16);
      const kept = await testApp.app.services.contentCache.lookup(`page:${minute}:${url}`);
      expect(kept.cached, url).toBeDefined();
      // The same page, each copy with its own nonce (ADR 020).
      const nonceOf = (policy: unknown) => /'nonce-([^']+)'/.exec(String(policy))?.[1] ?? '';
      const a = nonceOf(first.headers['content-security-policy']);
      const b = nonceOf(second.headers['content-security-policy']);
      expect(a).not.toBe(b);
      expect(second.body.replaceAll(b, a)).toBe(first.body);
    }
    // A registration page is personal: never kept.
    await get(`${href}/iscrizione`);
    const minute = testApp.app.services.clock().toISOString().slice(0, 16);
    expect(
      (await testApp.app.services.contentCache.lookup(`page:${minute}:${href}/iscrizione`)).cached,
    ).toBeUndefined();
  });

  it('gives an online event a VirtualLocation and its link', async () => {
    const href = await hrefOf('Webinar: il Patient Blood Management');
    const page = await get(href);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('href="https://www.example.org/webinar-pbm"');
    const [event] = structuredData(page.body).filter((data) => data['@type'] === 'Event');
    expect(event).toMatchObject({
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation', url: 'https://www.example.org/webinar-pbm' },
    });
    expect(String(event?.startDate)).toMatch(/^2026-12-22T15:00:00\+01:00$/);
  });

  it('lists /eventi and every event page in the sitemap', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain(`<loc>${BASE}/eventi</loc>`);
    const acronym = testApp.config.societyAcronym;
    for (const title of [
      `Congresso nazionale ${acronym} 2027`,
      'Webinar: il Patient Blood Management',
      'Corso di immunoematologia di base 2025',
    ]) {
      expect(sitemap.body).toContain(`<loc>${BASE}${await hrefOf(title)}</loc>`);
    }
  });

  it('says so when there is no event, and the header keeps the external address', async () => {
    await testApp.app.services.db.updateTable('events').set({ published: 0 }).execute();
    await testApp.app.services.contentCache.contentChanged();
    const page = await get('/eventi');
    expect(page.statusCode).toBe(200);
    expect(pageText(page.body)).toContain('Non ci sono eventi in programma al momento.');
    expect(page.body).not.toContain('Eventi passati');
    expect(page.body).toMatch(/href="https:\/\/www\.simtipro\.it\/eventi\/"/);
    expect(page.body).not.toMatch(/<a[^>]*href="\/eventi"/);
  });
});
