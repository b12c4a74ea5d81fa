import { SHARE_IMAGE_MESSAGES, type AdminNewsItem, type AdminShareImage } from '@sodalis/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { gradientPhoto as photo, refusedImages } from '../../helpers/images.js';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

// The pages' share image (ADR 034, amended): uploaded in the back office, checked and resized
// as a news cover's share JPEG, served by a hash address, replaced with its old file dropped.
const TODAY = '2026-11-22';
const PATH = '/ShareImage/predefinita';

const hashOf = (url: string) => /([0-9a-f]{64})/.exec(url)?.[1] ?? '';

describe.each(testEngines())('back office: the pages’ share image on %s', (engine) => {
  const staff = staffSite(engine, { clock: fixedClock(TODAY), roles: ['redazione', 'tesoreria'] });
  const get = (url: string, headers: Record<string, string> = {}) =>
    staff.app.inject({ method: 'GET', url, headers });

  it('refuses in Italian what is no image, too large, without text, or no image at all', async () => {
    for (const { message, ...newImage } of refusedImages()) {
      const response = await staff.call('PUT', PATH, { newImage, alt: 'Il logo della società' });
      expect(response.statusCode, newImage.fileName).toBe(400);
      expect(response.json()).toMatchObject({
        error: { issues: [{ path: 'newImage.content', message }] },
      });
    }
    const withoutText = await staff.call('PUT', PATH, {
      newImage: { fileName: 'foto.jpg', content: await photo(300, 200) },
      alt: '   ',
    });
    expect(withoutText.statusCode).toBe(400);
    expect(withoutText.json()).toMatchObject({
      error: { issues: [{ path: 'alt', message: SHARE_IMAGE_MESSAGES.altRequired }] },
    });
    // A text alone while none is uploaded: there is nothing to describe.
    const textAlone = await staff.call('PUT', PATH, { alt: 'Una foto' });
    expect(textAlone.statusCode).toBe(400);
    expect(textAlone.json()).toMatchObject({
      error: { issues: [{ path: 'newImage', message: SHARE_IMAGE_MESSAGES.imageRequired }] },
    });
    const unknown = await staff.call('GET', '/ShareImage/altra');
    expect(unknown.statusCode).toBe(400);
    expect((await staff.ok<AdminShareImage>(staff.call('GET', PATH))).image).toBeNull();
  });

  it('makes a JPEG of at most 1200 px, never enlarged, served by its hash; the treasury may not', async () => {
    expect((await staff.call('GET', PATH, undefined, 'tesoreria')).statusCode).toBe(403);
    const saved = await staff.ok<AdminShareImage>(
      staff.call(
        'PUT',
        PATH,
        {
          newImage: { fileName: 'sede.jpg', content: await photo(2400, 1260) },
          alt: 'La sede della società',
        },
        'redazione',
      ),
    );
    expect(saved.image).toMatchObject({ width: 1200, height: 630, alt: 'La sede della società' });
    const url = saved.image?.url ?? '';
    expect(url).toMatch(/^\/api\/v1\/SharepointContent\/ShareImage\/[0-9a-f]{64}\.jpg$/);
    const served = await get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1200,
      height: 630,
    });
    expect((await get(url, { 'if-none-match': String(served.headers.etag) })).statusCode).toBe(304);
    expect(
      (await get(`/api/v1/SharepointContent/ShareImage/${'0'.repeat(64)}.jpg`)).statusCode,
    ).toBe(404);
    const [entry] = await staff.auditOf('share_image', 'predefinita');
    expect(entry?.summary).toBe('Immagine di condivisione caricata');
    expect(String(entry?.after?.testoAlternativo)).toBe('La sede della società');

    const small = await staff.ok<AdminShareImage>(
      staff.call('PUT', PATH, {
        newImage: { fileName: 'piccola.png', content: await photo(600, 315, 'png') },
        alt: 'Piccola',
      }),
    );
    expect(small.image).toMatchObject({ width: 600, height: 315 });
  });

  it('replaces the image: the old address answers 404 and its file leaves the store', async () => {
    const { files } = staff.app.services;
    const first = await staff.ok<AdminShareImage>(
      staff.call('PUT', PATH, {
        newImage: { fileName: 'prima.jpg', content: await photo(900, 500) },
        alt: 'Prima',
      }),
    );
    const firstUrl = first.image?.url ?? '';
    // Text alone: same file, new text.
    const retitled = await staff.ok<AdminShareImage>(
      staff.call('PUT', PATH, { newImage: null, alt: 'Prima, descritta meglio' }),
    );
    expect(retitled.image).toEqual({ ...first.image, alt: 'Prima, descritta meglio' });

    const second = await staff.ok<AdminShareImage>(
      staff.call('PUT', PATH, {
        newImage: { fileName: 'seconda.jpg', content: await photo(1000, 520) },
        alt: 'Seconda',
      }),
    );
    const secondUrl = second.image?.url ?? '';
    expect(secondUrl).not.toBe(firstUrl);
    expect((await get(firstUrl)).statusCode).toBe(404);
    expect(await files.has(hashOf(firstUrl))).toBe(false);
    expect((await get(secondUrl)).statusCode).toBe(200);

    // Back to the site's card: the image's file goes too.
    const removed = await staff.ok<AdminShareImage>(staff.call('DELETE', PATH));
    expect(removed.image).toBeNull();
    expect((await get(secondUrl)).statusCode).toBe(404);
    expect(await files.has(hashOf(secondUrl))).toBe(false);
    expect((await staff.lastAudit('share_image'))?.action).toBe('elimina');
  });

  it('keeps a file a news cover also uses, and the cover keeps the share image’s', async () => {
    const { files } = staff.app.services;
    const picture = await photo(800, 420);
    const newsItem = (changes: Record<string, unknown>) => ({
      title: 'Notizia con la stessa foto',
      subtitleHtml: '<p>Testo.</p>',
      publishedOn: TODAY,
      published: true,
      categoryIds: [],
      keptAttachmentIds: [],
      newAttachments: [],
      ...changes,
    });
    const item = await staff.ok<AdminNewsItem>(
      staff.call(
        'POST',
        '/News',
        newsItem({
          newCover: { fileName: 'stessa.jpg', content: picture },
          coverAlt: 'La stessa foto',
        }),
      ),
    );
    const shared = await staff.ok<AdminShareImage>(
      staff.call('PUT', PATH, {
        newImage: { fileName: 'stessa.jpg', content: picture },
        alt: 'La stessa foto',
      }),
    );
    const hash = hashOf(shared.image?.url ?? '');
    expect(hash).toBe(hashOf(item.cover?.url ?? ''));

    // The share image goes: the cover still needs the file.
    await staff.ok(staff.call('DELETE', PATH));
    expect(await files.has(hash)).toBe(true);
    expect((await get(item.cover?.url ?? '')).statusCode).toBe(200);

    // The other way round: the cover goes, the share image still needs the file.
    await staff.ok(
      staff.call('PUT', PATH, {
        newImage: { fileName: 'stessa.jpg', content: picture },
        alt: 'La stessa foto',
      }),
    );
    await staff.ok(
      staff.call('PUT', `/News/${item.id}`, newsItem({ keepCover: false, coverAlt: null })),
    );
    expect(await files.has(hash)).toBe(true);
    expect((await get(shared.image?.url ?? '')).statusCode).toBe(200);
  });
});
