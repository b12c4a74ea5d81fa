import {
  NEWS_COVER_MESSAGES,
  type AdminEvent,
  type AdminEventInput,
  type AdminNewsItem,
  type PublicEvent,
} from '@sodalis/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { gradientPhoto as photo, refusedImages } from '../../helpers/images.js';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

// An event's cover (ADR 052): the news covers' rule (ADR 034), checked, resized, served by the
// hash of its files, on the public answer; replaced and removed with its files, which stay
// while another image (a news cover of the same picture) uses them.
const TODAY = '2026-11-22';

function congress(overrides: Partial<AdminEventInput> = {}): AdminEventInput {
  return {
    title: 'Congresso con copertina',
    startsAt: '2027-01-28T09:00',
    endsAt: '2027-01-30T13:00',
    mode: 'in-presenza',
    venueName: 'Centro congressi',
    venueCity: 'Bologna',
    published: true,
    ...overrides,
  };
}

describe.each(testEngines())('back office: event covers on %s', (engine) => {
  const staff = staffSite(engine, { clock: fixedClock(TODAY) });

  const get = (url: string, headers: Record<string, string> = {}) =>
    staff.app.inject({ method: 'GET', url, headers });

  async function publicEvent(id: number): Promise<PublicEvent | null> {
    const response = await get(`/api/v1/Events/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: PublicEvent | null }).data;
  }

  const save = (id: number, version: number, input: Record<string, unknown>) =>
    staff.ok<AdminEvent>(
      staff.call('PUT', `/Events/${id}`, { ...congress(), ...input }, 'segreteria', {
        'if-match': `"${version}"`,
      }),
    );

  it('makes the share JPEG and the page WebP, serves them by hash and puts the cover on the page', async () => {
    const created = await staff.ok<AdminEvent>(
      staff.call(
        'POST',
        '/Events',
        congress({
          newCover: { fileName: 'congresso.jpg', content: await photo(1600, 1000) },
          coverAlt: 'La sala plenaria del congresso',
        }),
      ),
    );
    const cover = created.cover;
    if (cover === null) throw new Error('copertina mancante');
    expect(cover).toMatchObject({
      width: 1200,
      height: 750,
      pageWidth: 800,
      pageHeight: 500,
      alt: 'La sala plenaria del congresso',
    });
    expect(created.coverAlt).toBe('La sala plenaria del congresso');
    expect(cover.url).toMatch(/^\/api\/v1\/Events\/Cover\/[0-9a-f]{64}\.jpg$/);
    const share = await get(cover.url);
    expect(share.statusCode).toBe(200);
    expect(share.headers['content-type']).toBe('image/jpeg');
    expect(share.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(share.rawPayload).metadata()).toMatchObject({ width: 1200 });
    const page = await get(cover.pageUrl);
    expect(page.headers['content-type']).toBe('image/webp');
    expect((await get(cover.url, { 'if-none-match': String(share.headers.etag) })).statusCode).toBe(
      304,
    );
    expect((await get(cover.url.replace('.jpg', '.webp'))).statusCode).toBe(404);
    expect((await get(`/api/v1/Events/Cover/${'0'.repeat(64)}.jpg`)).statusCode).toBe(404);
    expect((await publicEvent(created.id))?.cover).toEqual(cover);
    const [entry] = await staff.auditOf('event', created.id);
    expect(String(entry?.after?.copertina)).toContain('La sala plenaria');
  });

  it('refuses what is not an image and a cover without its text, in Italian', async () => {
    for (const { message, ...newCover } of refusedImages()) {
      const response = await staff.call('POST', '/Events', {
        ...congress(),
        newCover,
        coverAlt: 'Una foto',
      });
      expect(response.statusCode, newCover.fileName).toBe(400);
      expect(response.json()).toMatchObject({
        error: { issues: [{ path: 'newCover.content', message }] },
      });
    }
    const withoutText = await staff.call('POST', '/Events', {
      ...congress(),
      newCover: { fileName: 'foto.jpg', content: await photo(300, 200) },
    });
    expect(withoutText.statusCode).toBe(400);
    expect(withoutText.json()).toMatchObject({
      error: { issues: [{ path: 'coverAlt', message: NEWS_COVER_MESSAGES.altRequired }] },
    });
  });

  it('keeps the cover through edits, replaces and removes it with its files, keeping a file a news cover shares', async () => {
    const first = await photo(900, 600);
    const created = await staff.ok<AdminEvent>(
      staff.call('POST', '/Events', {
        ...congress({ title: 'Corso con copertina' }),
        newCover: { fileName: 'corso.jpg', content: first },
        coverAlt: 'Aula del corso',
      }),
    );
    const firstCover = created.cover;
    if (firstCover === null) throw new Error('copertina mancante');
    // A news item with the same picture: one file in the store for both.
    const news = await staff.ok<AdminNewsItem>(
      staff.call('POST', '/News', {
        title: 'Notizia con la stessa foto',
        subtitleHtml: '<p>Testo.</p>',
        publishedOn: TODAY,
        published: true,
        categoryIds: [],
        keptAttachmentIds: [],
        newAttachments: [],
        newCover: { fileName: 'corso.jpg', content: first },
        coverAlt: 'Aula del corso',
      }),
    );
    expect(news.cover?.url.split('/').pop()).toBe(firstCover.url.split('/').pop());

    // An edit without the cover's fields keeps it; one with only the text changes the text.
    const kept = await save(created.id, created.version, { title: 'Corso con copertina' });
    expect(kept.cover).toEqual(firstCover);
    const retitled = await save(created.id, kept.version, { coverAlt: 'Aula grande del corso' });
    expect(retitled.cover?.alt).toBe('Aula grande del corso');

    const replaced = await save(created.id, retitled.version, {
      newCover: { fileName: 'nuova.jpg', content: await photo(700, 700) },
      coverAlt: 'Nuova foto',
    });
    expect(replaced.cover?.url).not.toBe(firstCover.url);
    // The old files: no event's cover any more, so no longer served as one; the news item's
    // cover still uses the share file, so the store keeps it.
    expect((await get(firstCover.url)).statusCode).toBe(404);
    const files = staff.app.services.files;
    const hashOf = (url: string) => (url.split('/').pop() ?? '').slice(0, 64);
    expect(await files.has(hashOf(firstCover.url))).toBe(true);
    expect((await get(news.cover?.url ?? '')).statusCode).toBe(200);

    const newCover = replaced.cover;
    if (newCover === null) throw new Error('copertina mancante');
    const removed = await save(created.id, replaced.version, { keepCover: false });
    expect(removed.cover).toBeNull();
    expect((await publicEvent(created.id))?.cover).toBeNull();
    expect(await files.has(hashOf(newCover.url))).toBe(false);
    expect(await files.has(hashOf(newCover.pageUrl))).toBe(false);

    // The other way: the news item drops the picture another event's cover still uses.
    const other = await staff.ok<AdminEvent>(
      staff.call('POST', '/Events', {
        ...congress({ title: 'Altro evento, stessa foto' }),
        newCover: { fileName: 'corso.jpg', content: first },
        coverAlt: 'Aula del corso',
      }),
    );
    const noCover = await staff.call(
      'PUT',
      `/News/${news.id}`,
      {
        title: news.title,
        subtitleHtml: '<p>Testo.</p>',
        publishedOn: TODAY,
        published: true,
        categoryIds: [],
        keptAttachmentIds: [],
        newAttachments: [],
        keepCover: false,
      },
      'segreteria',
      { 'if-match': `"${news.version}"` },
    );
    expect(noCover.statusCode, noCover.body).toBe(200);
    expect(await files.has(hashOf(firstCover.url))).toBe(true);
    expect((await get(other.cover?.url ?? '')).statusCode).toBe(200);
  });
});
