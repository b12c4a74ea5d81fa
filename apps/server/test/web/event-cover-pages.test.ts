import { AdminEventInputSchema, eventPath, eventSlug, type AdminEvent } from '@sodalis/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metaOf } from '../helpers/images.js';
import { createTestApp, fixedClock, testEngines, type TestApp } from '../helpers/test-app.js';
import { requireWebBuild } from '../helpers/web-pages.js';

// An event's cover on its rendered page, on its card in /eventi and as its share image
// (ADR 052, as a news item's, ADR 034); an event without one shares the site's image.
const TODAY = '2026-11-22';
const BASE = 'https://www.esempio.it';
const ACTOR = { id: 1, email: 'segreteria@esempio.it' };

describe.each(testEngines())('event covers on the rendered pages on %s', (engine) => {
  let testApp: TestApp;
  let event: AdminEvent;
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
      create: { width: 1500, height: 1000, channels: 3, background: '#1c2a3f' },
    })
      .jpeg()
      .toBuffer();
    event = await testApp.app.services.staff.events.save(
      ACTOR,
      null,
      AdminEventInputSchema.parse({
        title: 'Corso con la copertina',
        startsAt: '2027-02-10T09:00',
        endsAt: '2027-02-10T17:00',
        mode: 'in-presenza',
        venueName: 'Aula magna',
        venueCity: 'Padova',
        published: true,
        newCover: { fileName: 'corso.jpg', content: photo.toString('base64') },
        coverAlt: 'Sacche & provette sul bancone',
      }),
    );
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('shares the event by its cover and shows it on the page, with its size and text', async () => {
    const cover = event.cover;
    if (cover === null) throw new Error('copertina mancante');
    const page = await get(eventPath({ id: event.id, slug: eventSlug(event.title) }));
    expect(page.statusCode).toBe(200);
    const image = metaOf(page.body, 'og:image');
    expect(image).toBe(`${BASE}${cover.url}`);
    expect(metaOf(page.body, 'og:image:width')).toBe('1200');
    expect(metaOf(page.body, 'og:image:alt')).toBe('Sacche &amp; provette sul bancone');
    expect(metaOf(page.body, 'twitter:card')).toBe('summary_large_image');
    // The schema.org Event names the same image.
    expect(page.body).toContain(`"image":["${BASE}${cover.url}"]`);
    const shared = await get(new URL(image ?? '').pathname);
    expect(shared.headers['content-type']).toBe('image/jpeg');
    const img = /<img [^>]*src="\/api\/v1\/Events\/Cover\/[^"]+"[^>]*>/.exec(page.body)?.[0];
    expect(img).toContain(`src="${cover.pageUrl}"`);
    expect(img).toContain('width="800"');
    expect(img).toContain('height="533"');
    expect(img).toContain('alt="Sacche &amp; provette sul bancone"');
    expect(img).not.toContain('loading="lazy"');
  });

  it('shows the cover on the event’s card in /eventi, loaded lazily, its text left to the title', async () => {
    const list = await get('/eventi');
    const card = /<li class="card[^"]*event-card"[\s\S]*?<\/li>/g;
    const ours = [...list.body.matchAll(card)]
      .map((match) => match[0])
      .find((html) => html.includes('Corso con la copertina'));
    expect(ours).toBeDefined();
    const img = /<img [^>]*>/.exec(ours ?? '')?.[0] ?? '';
    expect(img).toContain('class="card-img-top event-card__cover"');
    expect(img).toContain(`src="${event.cover?.pageUrl}"`);
    expect(img).toContain('alt=""');
    expect(img).toContain('loading="lazy"');
    // An event without a cover has none on its card, and shares the site's image.
    const others = [...list.body.matchAll(card)]
      .map((match) => match[0])
      .filter((html) => !html.includes('Corso con la copertina'));
    expect(others.length).toBeGreaterThan(0);
    for (const html of others) expect(html).not.toContain('<img');
    const href = /<a href="(\/eventi\/\d+-[a-z0-9-]+)"/.exec(others[0] ?? '')?.[1] ?? '';
    const plain = await get(href);
    expect(metaOf(plain.body, 'og:image')).not.toContain('/api/v1/Events/Cover/');
  });
});
