import fs from 'node:fs';
import { articleHref } from '@sodalis/contracts';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle } from '../../helpers/fixtures.js';
import { createTestApp, fixedClock, testEngines, type TestApp } from '../../helpers/test-app.js';

const TODAY = '2026-11-22';
const BASE = 'https://www.esempio.it';
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });
const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * The public pages of the web app's route table (apps/web/app/routes.ts) with a fixed address:
 * what the sitemap must list, apart from the reserved area, its sign-in, the back office, the
 * newsletter's personal links, the staff preview, the search results (noindex) and the 404 page;
 * the pages of one record each (a route with a parameter after a slash: news items, events…)
 * are listed one by one.
 */
function publicRoutePaths(acronym: string): string[] {
  const table = fs.readFileSync(new URL('../../../../web/app/routes.ts', import.meta.url), 'utf8');
  const paths = [...table.matchAll(/route\(\s*'([^']*)'/g)].map((match) => match[1] ?? '');
  return [
    '/',
    ...paths
      .filter(
        (path) =>
          !/^(area-riservata|amministrazione|anteprima|cerca$|newsletter\/|\*$|[^:]*\/:)/.test(
            path,
          ),
      )
      .map((path) => (path === ':page' ? `chi-siamo-${acronym.toLowerCase()}` : path))
      .map((path) => `/${path}`),
  ];
}

describe.each(testEngines())('sitemap, robots.txt and the news feeds on %s', (engine) => {
  let testApp: TestApp;
  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    testApp = await createTestApp(engine, {
      demoContent: true,
      clock: fixedClock(TODAY),
      env: { PUBLIC_BASE_URL: BASE },
    });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function visibleNews() {
    const { data } = (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/SharepointContent/GetArticoli',
        payload: { paginated: false, dataOffset: 100 },
      })
    ).json() as { data: { items: { id: number; title: string; dataPubblicazione: string }[] } };
    return data.items;
  }

  it('lists every public page and every visible news item with its date, and no reserved page', async () => {
    const answer = await get('/sitemap.xml');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/xml/);
    const urls = asList<{ loc: string; lastmod?: string }>(parser.parse(answer.body).urlset.url);
    const locations = urls.map((url) => url.loc);
    for (const path of publicRoutePaths(testApp.config.societyAcronym)) {
      expect(locations, path).toContain(`${BASE}${path === '/' ? '/' : path}`);
    }
    expect(
      locations.filter((location) =>
        /^\/(area-riservata|amministrazione|newsletter)/.test(new URL(location).pathname),
      ),
    ).toEqual([]);
    const news = await visibleNews();
    expect(news.length).toBeGreaterThan(0);
    for (const article of news) {
      expect(urls).toContainEqual({
        loc: `${BASE}${articleHref(article)}`,
        lastmod: article.dataPubblicazione,
      });
    }
    // A scheduled item is not listed before its day.
    const scheduled = await testApp.app.services.db
      .selectFrom('articles')
      .select(['id', 'title'])
      .where('published_on', '>', TODAY)
      .executeTakeFirstOrThrow();
    expect(locations).not.toContain(`${BASE}${articleHref(scheduled)}`);
    for (const url of urls) expect(url.lastmod, url.loc).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('names the sitemap in robots.txt and keeps crawlers out of the reserved area', async () => {
    const answer = await get('/robots.txt');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    expect(answer.body).toContain('Disallow: /area-riservata');
    expect(answer.body).toContain('Disallow: /api/');
  });

  it('answers the latest news as RSS 2.0 and Atom, newest first', async () => {
    const news = (await visibleNews()).slice(0, 20);
    const rss = await get('/feed/rss.xml');
    expect(rss.statusCode).toBe(200);
    expect(rss.headers['content-type']).toMatch(/^application\/rss\+xml/);
    const channel = parser.parse(rss.body).rss.channel;
    expect(parser.parse(rss.body).rss['@version']).toBe('2.0');
    const items = asList<{ title: string; link: string }>(channel.item);
    expect(items.map((item) => item.link)).toEqual(
      news.map((article) => `${BASE}${articleHref(article)}`),
    );
    expect(items.map((item) => String(item.title))).toEqual(news.map((article) => article.title));

    const atom = await get('/feed/atom.xml');
    expect(atom.headers['content-type']).toMatch(/^application\/atom\+xml/);
    const feed = parser.parse(atom.body).feed;
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    const entries = asList<{ id: string }>(feed.entry);
    expect(entries.map((entry) => entry.id)).toEqual(
      news.map((article) => `${BASE}${articleHref(article)}`),
    );
  });

  it('has a feed per category with only its news, and a 404 for an unknown category', async () => {
    const categories = (
      (
        await testApp.app.inject({
          method: 'GET',
          url: '/api/v1/SharepointContent/GetArticleCategories',
        })
      ).json() as {
        data: { id: number; title: string }[];
      }
    ).data;
    const category = categories[0];
    if (category === undefined) throw new Error('nessuna categoria dimostrativa');
    const rss = await get(`/feed/categorie/${category.id}/rss.xml`);
    expect(rss.statusCode).toBe(200);
    const channel = parser.parse(rss.body).rss.channel;
    expect(String(channel.title)).toContain(category.title);
    const items = asList<{ category: string | string[] }>(channel.item);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(asList(item.category).map(String)).toContain(category.title);
    expect((await get('/feed/categorie/999999/atom.xml')).statusCode).toBe(404);
    const bad = await get('/feed/categorie/abc/rss.xml');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Categoria non valida.');
  });

  it('shows a news item in the feed and the sitemap as soon as it is published', async () => {
    await get('/feed/rss.xml');
    await get('/sitemap.xml');
    const { db, files, contentCache } = testApp.app.services;
    const id = await insertArticle(db, files, {
      title: 'Giornata nazionale del donatore',
      publishedOn: TODAY,
      categories: ['Concorsi'],
    });
    // What a staff save does (ADR 005): the cached feeds and sitemap go with the change.
    await contentCache.contentChanged();
    const href = `${BASE}${articleHref({ id, title: 'Giornata nazionale del donatore' })}`;
    const items = asList<{ link: string }>(
      parser.parse((await get('/feed/rss.xml')).body).rss.channel.item,
    );
    expect(items[0]?.link).toBe(href);
    expect((await get('/sitemap.xml')).body).toContain(
      `<loc>${href}</loc><lastmod>${TODAY}</lastmod>`,
    );
  });

  it('describes the site in its web manifest', async () => {
    const answer = await get('/manifest.webmanifest');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = answer.json() as { short_name: string; icons: { src: string }[] };
    expect(manifest.short_name).toBe(testApp.config.societyAcronym);
    expect(manifest.icons.map((icon) => icon.src)).toEqual([
      '/favicon.svg',
      '/icon-192.png',
      '/icon-512.png',
    ]);
  });
});
