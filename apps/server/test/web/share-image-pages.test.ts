import { AdminNewsInputSchema, articleHref, type AdminShareImage } from '@sodalis/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metaOf } from '../helpers/images.js';
import { createTestApp, fixedClock, testEngines, type TestApp } from '../helpers/test-app.js';
import { requireWebBuild } from '../helpers/web-pages.js';

// The share image of every page without its own (ADR 034, amended): the committed card until
// the secretariat uploads one, then the upload, with its size and text; a new upload changes
// every page at once (the content version, ADR 005, 020) and the old address stops answering.
const TODAY = '2026-11-22';
const BASE = 'https://www.esempio.it';
const ACTOR = { id: 1, email: 'segreteria@esempio.it' };

describe.each(testEngines())('the pages’ share image on the rendered pages on %s', (engine) => {
  let testApp: TestApp;
  let pages: string[];
  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  /** Every page's share tags: the image's absolute address, size, text and the large card. */
  async function expectSharedBy(image: {
    url: string;
    width: number;
    height: number;
    alt: string;
  }) {
    for (const address of pages) {
      const page = await get(address);
      expect(page.statusCode, address).toBe(200);
      expect(metaOf(page.body, 'og:image'), address).toBe(`${BASE}${image.url}`);
      expect(metaOf(page.body, 'og:image:width'), address).toBe(String(image.width));
      expect(metaOf(page.body, 'og:image:height'), address).toBe(String(image.height));
      expect(metaOf(page.body, 'og:image:alt'), address).toBe(image.alt);
      expect(metaOf(page.body, 'twitter:card'), address).toBe('summary_large_image');
      expect(metaOf(page.body, 'twitter:image'), address).toBe(`${BASE}${image.url}`);
    }
  }

  const upload = async (width: number, height: number, alt: string) => {
    const photo = await sharp({ create: { width, height, channels: 3, background: '#1d4e89' } })
      .png()
      .toBuffer();
    return testApp.app.services.staff.content.shareImage.save(ACTOR, {
      newImage: { fileName: 'condivisione.png', content: photo.toString('base64') },
      alt,
    });
  };

  beforeAll(async () => {
    requireWebBuild();
    testApp = await createTestApp(engine, {
      demoContent: true,
      clock: fixedClock(TODAY),
      web: 'build',
      env: { PUBLIC_BASE_URL: BASE },
    });
    const item = await testApp.app.services.staff.news.save(
      ACTOR,
      null,
      AdminNewsInputSchema.parse({
        title: 'Notizia senza immagini',
        subtitleHtml: '<p>Solo testo.</p>',
        publishedOn: TODAY,
        published: true,
      }),
    );
    // Every page of the sitemap but those of one record each (`/news/<id>`, `/eventi/<id>-…`:
    // the lists stand for them), a news item without images, the search and the reserved
    // area's public shells.
    const sitemap = (await get('/sitemap.xml')).body;
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
      .map((match) => new URL(match[1] ?? '').pathname)
      .filter((page) => page.split('/').length <= 2);
    expect(listed).toEqual(expect.arrayContaining(['/', '/chi-siamo', '/trasparenza', '/eventi']));
    pages = [
      ...listed,
      articleHref(item),
      '/cerca?q=donatori',
      '/area-riservata',
      '/area-riservata-homepage',
    ];
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('shares every page by the site’s card until one is uploaded, then by the upload', async () => {
    await expectSharedBy({
      url: '/share-card.png',
      width: 1200,
      height: 630,
      alt: testApp.config.societyName,
    });

    const first: AdminShareImage = await upload(1600, 840, 'Sede della società & soci');
    expect(first.image).toMatchObject({ width: 1200, height: 630 });
    await expectSharedBy({
      ...(first.image ?? { url: '', width: 0, height: 0 }),
      alt: 'Sede della società &amp; soci',
    });
    const served = await get(first.image?.url ?? '');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');

    // A new upload: every page changes at once, the old address answers 404.
    const second = await upload(800, 420, 'Il congresso nazionale');
    await expectSharedBy({
      ...(second.image ?? { url: '', width: 0, height: 0 }),
      alt: 'Il congresso nazionale',
    });
    expect(second.image).toMatchObject({ width: 800, height: 420 });
    expect((await get(first.image?.url ?? '')).statusCode).toBe(404);

    // Back to the card.
    await testApp.app.services.staff.content.shareImage.remove(ACTOR);
    await expectSharedBy({
      url: '/share-card.png',
      width: 1200,
      height: 630,
      alt: testApp.config.societyName,
    });
  });
});
