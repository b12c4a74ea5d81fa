import { AdminNewsInputSchema, articleHref, type AdminNewsItem } from '@sodalis/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metaOf } from '../helpers/images.js';
import { createTestApp, fixedClock, testEngines, type TestApp } from '../helpers/test-app.js';
import { requireWebBuild } from '../helpers/web-pages.js';

// A news cover on the rendered page and as its share image (ADR 034); the society's card, with
// its size and text, on every page without its own (ADR 026).
const TODAY = '2026-11-22';
const BASE = 'https://www.esempio.it';
const ACTOR = { id: 1, email: 'segreteria@esempio.it' };

describe.each(testEngines())('news covers on the rendered pages on %s', (engine) => {
  let testApp: TestApp;
  let item: AdminNewsItem;
  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    requireWebBuild();
    testApp = await createTestApp(engine, {
      demoContent: true,
      clock: fixedClock(TODAY),
      web: 'build',
      env: { PUBLIC_BASE_URL: BASE },
    });
    const photo = await sharp({
      create: { width: 1500, height: 1000, channels: 3, background: '#b0122b' },
    })
      .jpeg()
      .toBuffer();
    item = await testApp.app.services.staff.news.save(
      ACTOR,
      null,
      AdminNewsInputSchema.parse({
        title: 'Giornata del donatore con la copertina',
        subtitleHtml: '<p>Le iniziative.</p>',
        publishedOn: TODAY,
        published: true,
        newCover: { fileName: 'giornata.jpg', content: photo.toString('base64') },
        coverAlt: 'Volontari & donatori in piazza',
      }),
    );
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('shares a news item by its cover: absolute address, size, text and the large card', async () => {
    const cover = item.cover;
    if (cover === null) throw new Error('copertina mancante');
    const page = await get(articleHref(item));
    expect(page.statusCode).toBe(200);
    const image = metaOf(page.body, 'og:image');
    expect(image).toBe(`${BASE}${cover.url}`);
    expect(metaOf(page.body, 'og:image:width')).toBe('1200');
    expect(metaOf(page.body, 'og:image:height')).toBe('800');
    expect(metaOf(page.body, 'og:image:alt')).toBe('Volontari &amp; donatori in piazza');
    expect(metaOf(page.body, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(page.body, 'twitter:image')).toBe(image);
    // The address answers the image (the path of the absolute address, on this server).
    const shared = await get(new URL(image ?? '').pathname);
    expect(shared.statusCode).toBe(200);
    expect(shared.headers['content-type']).toBe('image/jpeg');
    // On the page: the page's WebP with its size (no layout shift) and its text.
    const img = /<img [^>]*class="news-article__cover[^"]*"[^>]*>/.exec(page.body)?.[0] ?? '';
    expect(img).toContain(`src="${cover.pageUrl}"`);
    expect(img).toContain('width="800"');
    expect(img).toContain('height="533"');
    expect(img).toContain('alt="Volontari &amp; donatori in piazza"');
    expect(img).toContain(`${cover.url} 1200w`);
  });

  it('shares every page without its own image by the society’s card, with its size and text', async () => {
    for (const address of ['/', '/news', '/chi-siamo', '/contatti']) {
      const page = await get(address);
      expect(page.statusCode, address).toBe(200);
      expect(metaOf(page.body, 'og:image'), address).toBe(`${BASE}/share-card.png`);
      expect(metaOf(page.body, 'og:image:width'), address).toBe('1200');
      expect(metaOf(page.body, 'og:image:height'), address).toBe('630');
      expect(metaOf(page.body, 'og:image:alt'), address).toBe(testApp.config.societyName);
    }
    const card = await get('/share-card.png');
    expect(card.statusCode).toBe(200);
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630 });
  });
});
