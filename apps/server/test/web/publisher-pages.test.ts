import { articleHref, romeDate } from '@sodalis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle } from '../helpers/fixtures.js';
import { createTestApp, fixedClock, testEngines, type TestApp } from '../helpers/test-app.js';
import { requireWebBuild } from '../helpers/web-pages.js';

// The pages as the production build renders them (ADR 026): structured data, canonical
// addresses, share images, feed links and "Società trasparente".
const TODAY = '2026-11-22';
const BASE = 'https://www.esempio.it';
const ACTOR = { id: 1, email: 'segreteria@esempio.it' };

function nonceOf(csp: string): string {
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  if (nonce === undefined) throw new Error(`nessun nonce in ${csp}`);
  return nonce;
}

/** The JSON-LD blocks of a page, parsed. */
function structuredData(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  );
}

const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

describe.each(testEngines())('the publisher’s pages on %s', (engine) => {
  let testApp: TestApp;
  let articlePath = '';
  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    requireWebBuild();
    testApp = await createTestApp(engine, {
      demoContent: true,
      clock: fixedClock(TODAY),
      web: 'build',
      env: { PUBLIC_BASE_URL: BASE, SOCIETY_ETS: 'true' },
    });
    const { db, files } = testApp.app.services;
    const title = 'Plasma: </script><script>alert(1)</script> e sicurezza';
    const id = await insertArticle(db, files, {
      title,
      publishedOn: TODAY,
      categories: ['Concorsi'],
    });
    articlePath = articleHref({ id, title });
    await testApp.app.services.contentCache.contentChanged();
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('describes the society as an Organization on the home page, with feeds, icons and canonical address', async () => {
    const page = await get('/');
    expect(page.statusCode).toBe(200);
    const [organization] = structuredData(page.body).filter(
      (data) => data['@type'] === 'Organization',
    );
    expect(organization).toMatchObject({
      '@context': 'https://schema.org',
      name: testApp.config.societyName,
      alternateName: testApp.config.societyAcronym,
      url: `${BASE}/`,
      logo: `${BASE}/icon-512.png`,
    });
    expect(attribute(page.body, /<link rel="canonical" href="([^"]+)"/)).toBe(`${BASE}/`);
    expect(page.body).toMatch(
      /<link [^>]*rel="alternate" type="application\/rss\+xml" title="Notizie \(RSS\)" href="\/feed\/rss.xml"\/>/,
    );
    expect(page.body).toMatch(
      /<link [^>]*type="application\/atom\+xml"[^>]*href="\/feed\/atom.xml"\/>/,
    );
    expect(page.body).toMatch(/<link [^>]*rel="manifest" href="\/manifest.webmanifest"\/>/);
    expect(page.body).toContain(`<meta property="og:image" content="${BASE}/share-card.png"/>`);
    for (const file of [
      '/favicon.svg',
      '/favicon-32.png',
      '/apple-touch-icon.png',
      '/icon-192.png',
      '/icon-512.png',
      '/share-card.png',
    ]) {
      expect((await get(file)).statusCode, file).toBe(200);
    }
  });

  it('marks a news page as a NewsArticle with its breadcrumb; a hostile title stays data', async () => {
    const page = await get(articlePath);
    expect(page.statusCode).toBe(200);
    const data = structuredData(page.body);
    const article = data.find((item) => item['@type'] === 'NewsArticle');
    expect(article).toMatchObject({
      headline: 'Plasma: </script><script>alert(1)</script> e sicurezza',
      datePublished: TODAY,
      mainEntityOfPage: `${BASE}${articlePath}`,
      image: [`${BASE}/share-card.png`],
      publisher: { '@type': 'Organization', name: testApp.config.societyName },
    });
    const breadcrumb = data.find((item) => item['@type'] === 'BreadcrumbList');
    expect(breadcrumb?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${BASE}/` },
      { '@type': 'ListItem', position: 2, name: 'News', item: `${BASE}/news` },
      expect.objectContaining({ position: 3, item: `${BASE}${articlePath}` }),
    ]);
    expect(attribute(page.body, /<link rel="canonical" href="([^"]+)"/)).toBe(
      `${BASE}${articlePath}`,
    );
    // Every script that runs carries this answer's nonce; the data blocks are never run.
    const nonce = nonceOf(String(page.headers['content-security-policy']));
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? '');
    expect(scripts.filter((attributes) => !attributes.includes('application/ld+json'))).not.toEqual(
      [],
    );
    for (const attributes of scripts) {
      if (!attributes.includes('application/ld+json'))
        expect(attributes).toContain(`nonce="${nonce}"`);
    }
    expect(page.body).not.toContain('<script>alert(1)</script>');
  });

  it('shares a news item with its first image', async () => {
    const { db, contentCache } = testApp.app.services;
    await db
      .updateTable('articles')
      .set({
        subtitle_html: '<p>Testo</p><p><img src="/immagini/donazione.png" alt="Donazione"></p>',
      })
      .where('id', '=', Number(/\/news\/(\d+)-/.exec(articlePath)?.[1]))
      .execute();
    await contentCache.contentChanged();
    const page = await get(articlePath);
    expect(page.body).toContain(
      `<meta property="og:image" content="${BASE}/immagini/donazione.png"/>`,
    );
  });

  it('renders Società trasparente on the server, kept and refreshed like the other pages', async () => {
    const { transparency } = testApp.app.services.staff;
    await transparency.savePublication(ACTOR, null, {
      type: 'statuto',
      title: 'Statuto della società',
      description: null,
      year: null,
      publishedOn: '2026-01-15',
      linkUrl: null,
      keptAttachmentIds: [],
      newAttachments: [],
    });
    await transparency.saveContribution(ACTOR, null, {
      year: 2025,
      grantor: 'Ministero della Salute',
      amount: 1_500_050,
      receivedOn: '2025-03-12',
      purpose: 'Formazione',
    });
    const page = await get('/trasparenza');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1 class="mb-4">Società trasparente</h1>');
    for (const title of [
      'Statuto e atto costitutivo',
      'Codice etico',
      'Bilanci preventivi e consuntivi',
      'Incarichi retribuiti',
      'Conflitti di interesse',
      'Produzione scientifica',
      'Contributi pubblici ricevuti',
      'Informativa sulla privacy',
      'Dichiarazione di accessibilità',
    ]) {
      expect(page.body).toContain(`>${title}</h2>`);
    }
    expect(page.body).toContain('Statuto della società');
    expect(page.body).toContain('Ente del Terzo settore');
    expect(page.body).not.toContain('esente dall’imposta di bollo');
    // React separates the caption's text parts with empty comments.
    expect(page.body.replaceAll('<!-- -->', '')).toContain('Contributi pubblici ricevuti nel 2025');
    expect(page.body).toContain('15.000,50');
    expect(page.body).toContain('href="/trasparenza"');
    const breadcrumb = structuredData(page.body).find((item) => item['@type'] === 'BreadcrumbList');
    expect(breadcrumb?.itemListElement).toHaveLength(2);

    const key = `page:${romeDate(testApp.app.services.clock())}:/trasparenza`;
    expect((await testApp.app.services.contentCache.lookup(key)).cached).toBeDefined();
    await transparency.saveContribution(ACTOR, null, {
      year: 2025,
      grantor: 'Regione Lazio',
      amount: 1_000_000,
      receivedOn: '2025-09-01',
      purpose: 'Convegno',
    });
    const after = await get('/trasparenza');
    expect(after.body).toContain('Regione Lazio');
    expect(after.body).toContain('25.000,50');
  });
});
