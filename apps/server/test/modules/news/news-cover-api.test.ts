import {
  NEWS_COVER_MESSAGES,
  SOCIETY_MESSAGES,
  type AdminNewsItem,
  type Article,
  type PagedList,
} from '@sodalis/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { gradientPhoto as photo, refusedImages } from '../../helpers/images.js';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

// News covers (ADR 034): checked like the board's photos, resized on the server, served by a
// hash address that never changes content, replaced and removed with their files.
const TODAY = '2026-11-22';

describe.each(testEngines())('back office: news covers on %s', (engine) => {
  const staff = staffSite(engine, { clock: fixedClock(TODAY) });

  function newsInput(overrides: Record<string, unknown> = {}) {
    return {
      title: 'Giornata mondiale del donatore',
      subtitleHtml: '<p>Le iniziative della società.</p>',
      publishedOn: TODAY,
      published: true,
      categoryIds: [],
      keptAttachmentIds: [],
      newAttachments: [],
      ...overrides,
    };
  }

  const get = (url: string, headers: Record<string, string> = {}) =>
    staff.app.inject({ method: 'GET', url, headers });

  async function publicArticle(id: number): Promise<Article | undefined> {
    const response = await staff.app.inject({
      method: 'POST',
      url: '/api/v1/SharepointContent/GetArticoli',
      payload: { dataOffset: '50' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { items } = (response.json() as { data: PagedList<Article> }).data;
    return items.find((item) => item.id === id);
  }

  it('makes a 1200 px JPEG to share and an 800 px WebP for the page, served by their hash', async () => {
    const created = await staff.ok<AdminNewsItem>(
      staff.call(
        'POST',
        '/News',
        newsInput({
          newCover: { fileName: 'donatori.jpg', content: await photo(1600, 1000) },
          coverAlt: 'Donatori in fila davanti all’autoemoteca',
        }),
      ),
    );
    expect(created.cover).toMatchObject({
      width: 1200,
      height: 750,
      pageWidth: 800,
      pageHeight: 500,
      alt: 'Donatori in fila davanti all’autoemoteca',
    });
    const cover = created.cover;
    if (cover === null) throw new Error('copertina mancante');
    expect(cover.url).toMatch(/^\/api\/v1\/SharepointContent\/NewsCover\/[0-9a-f]{64}\.jpg$/);

    const share = await get(cover.url);
    expect(share.statusCode).toBe(200);
    expect(share.headers['content-type']).toBe('image/jpeg');
    expect(share.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(share.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1200,
      height: 750,
    });
    const page = await get(cover.pageUrl);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('image/webp');
    expect(await sharp(page.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 800 });
    const again = await get(cover.url, { 'if-none-match': String(share.headers.etag) });
    expect(again.statusCode).toBe(304);
    // A hash that is no cover's, or the right hash with the other size's extension: 404.
    expect((await get(cover.url.replace('.jpg', '.webp'))).statusCode).toBe(404);
    expect(
      (await get(`/api/v1/SharepointContent/NewsCover/${'0'.repeat(64)}.jpg`)).statusCode,
    ).toBe(404);

    expect((await publicArticle(created.id))?.cover).toEqual(cover);
    const [entry] = await staff.auditOf('news', created.id);
    expect(String(entry?.after?.copertina)).toContain('Donatori in fila');
  });

  it('never enlarges a small image and puts a transparent PNG on white', async () => {
    const created = await staff.ok<AdminNewsItem>(
      staff.call(
        'POST',
        '/News',
        newsInput({
          newCover: { fileName: 'piccola.png', content: await photo(400, 300, 'png') },
          coverAlt: 'Logo della giornata',
        }),
      ),
    );
    expect(created.cover).toMatchObject({ width: 400, height: 300, pageWidth: 400 });
  });

  it('refuses what is not a JPEG, PNG or WebP, a file over the limit and a cover without text', async () => {
    for (const { message, ...newCover } of refusedImages()) {
      const response = await staff.call(
        'POST',
        '/News',
        newsInput({ newCover, coverAlt: 'Una foto' }),
      );
      expect(response.statusCode, newCover.fileName).toBe(400);
      expect(response.json()).toMatchObject({
        error: { issues: [{ path: 'newCover.content', message }] },
      });
    }
    expect(SOCIETY_MESSAGES.imageTooLarge).toContain('5 MB');

    const withoutText = await staff.call(
      'POST',
      '/News',
      newsInput({
        newCover: { fileName: 'foto.jpg', content: await photo(300, 200) },
        coverAlt: '  ',
      }),
    );
    expect(withoutText.statusCode).toBe(400);
    expect(withoutText.json()).toMatchObject({
      error: { issues: [{ path: 'coverAlt', message: NEWS_COVER_MESSAGES.altRequired }] },
    });
  });

  it('replaces and removes a cover: the old files stop answering and leave the store', async () => {
    const { files } = staff.app.services;
    const created = await staff.ok<AdminNewsItem>(
      staff.call(
        'POST',
        '/News',
        newsInput({
          newCover: { fileName: 'prima.jpg', content: await photo(900, 600) },
          coverAlt: 'Prima immagine',
        }),
      ),
    );
    const first = created.cover;
    if (first === null) throw new Error('copertina mancante');
    const hashOf = (url: string) => /([0-9a-f]{64})/.exec(url)?.[1] ?? '';

    // Text alone: same files, new text; an emptied text is refused.
    const retitled = await staff.ok<AdminNewsItem>(
      staff.call(
        'PUT',
        `/News/${created.id}`,
        newsInput({ coverAlt: 'Prima immagine, ritoccata' }),
      ),
    );
    expect(retitled.cover).toEqual({ ...first, alt: 'Prima immagine, ritoccata' });
    const emptied = await staff.call('PUT', `/News/${created.id}`, newsInput({ coverAlt: '' }));
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json()).toMatchObject({ error: { issues: [{ path: 'coverAlt' }] } });

    // A bulk action leaves the cover as it is.
    await staff.ok(staff.call('POST', '/News/Bulk', { ids: [created.id], action: 'ritira' }));
    expect((await staff.ok<AdminNewsItem>(staff.call('GET', `/News/${created.id}`))).cover).toEqual(
      retitled.cover,
    );

    const replaced = await staff.ok<AdminNewsItem>(
      staff.call(
        'PUT',
        `/News/${created.id}`,
        newsInput({
          newCover: { fileName: 'seconda.jpg', content: await photo(1000, 500) },
          coverAlt: 'Seconda immagine',
        }),
      ),
    );
    const second = replaced.cover;
    if (second === null) throw new Error('copertina mancante');
    expect(second.url).not.toBe(first.url);
    expect(second).toMatchObject({ width: 1000, height: 500, alt: 'Seconda immagine' });
    expect((await get(first.url)).statusCode).toBe(404);
    expect((await get(first.pageUrl)).statusCode).toBe(404);
    expect(await files.has(hashOf(first.url))).toBe(false);
    expect(await files.has(hashOf(first.pageUrl))).toBe(false);
    expect((await get(second.url)).statusCode).toBe(200);

    const removed = await staff.ok<AdminNewsItem>(
      staff.call('PUT', `/News/${created.id}`, newsInput({ keepCover: false, coverAlt: null })),
    );
    expect(removed.cover).toBeNull();
    expect((await get(second.url)).statusCode).toBe(404);
    expect(await files.has(hashOf(second.url))).toBe(false);
    expect((await publicArticle(created.id))?.cover).toBeNull();
  });

  it('drops the cover’s files when its item is deleted for good from the bin', async () => {
    const { files } = staff.app.services;
    const created = await staff.ok<AdminNewsItem>(
      staff.call(
        'POST',
        '/News',
        newsInput({
          newCover: { fileName: 'cestino.jpg', content: await photo(640, 480) },
          coverAlt: 'Da eliminare',
        }),
      ),
    );
    const url = created.cover?.url ?? '';
    await staff.ok(staff.call('DELETE', `/News/${created.id}`));
    // In the bin: off the site, its image too; restorable, so its files stay.
    expect((await get(url)).statusCode).toBe(404);
    expect(await files.has(/([0-9a-f]{64})/.exec(url)?.[1] ?? '')).toBe(true);
    await staff.ok(staff.call('DELETE', `/News/Bin/${created.id}`));
    expect(await files.has(/([0-9a-f]{64})/.exec(url)?.[1] ?? '')).toBe(false);
  });
});
