import zlib from 'node:zlib';
import { NEWS_COVER_MESSAGES } from '@sodalis/contracts';
import { expect, gotoHydrated, test } from '../support/fixtures';
import { openAdmin } from '../support/admin';
import { openSignedIn } from '../support/session';
import { minimalPdf } from '../support/pdf';

const STAFF = 'segreteria.demo@example.org';

/** A PNG of one colour, `width` × `height` (what a camera would not make, but a real image). */
function solidPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0xb0)]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.describe('amministrazione: copertina delle notizie (ADR 034)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('la segreteria mette una copertina con il testo alternativo: la pagina la mostra e la condivide come og:image', async ({
    page,
    expectAccessible,
  }) => {
    const title = `Notizia con copertina ${Date.now()}`;
    await openSignedIn(page, STAFF);
    await openAdmin(page, '/news/create');
    await page.getByRole('textbox', { name: 'Titolo' }).fill(title);
    await page
      .getByRole('textbox', { name: 'Testo', exact: true })
      .fill('La giornata dei donatori.');
    await page.getByLabel('Scegli l’immagine di copertina').setInputFiles({
      name: 'copertina.png',
      mimeType: 'image/png',
      buffer: solidPng(1600, 900),
    });
    await expect(page.getByRole('img', { name: 'copertina.png' })).toBeVisible();

    // Without its text the cover is not saved, and the form says why.
    await page.getByRole('button', { name: 'Pubblica' }).click();
    await expect(page.getByText(NEWS_COVER_MESSAGES.altRequired)).toBeVisible();
    await expectAccessible(page);

    await page
      .getByRole('textbox', { name: 'Descrizione della copertina' })
      .fill('Donatori in fila davanti all’autoemoteca');
    await page.getByRole('button', { name: 'Pubblica' }).click();
    await expect(page.getByText('Elemento creato')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Copertina attuale' })).toBeVisible();
    await expectAccessible(page);

    const href = await page.getByRole('link', { name: 'Vedi sul sito' }).getAttribute('href');
    await gotoHydrated(page, href ?? '/news');
    const cover = page.getByRole('img', { name: 'Donatori in fila davanti all’autoemoteca' });
    await expect(cover).toBeVisible();
    await expect(cover).toHaveAttribute('width', '800');
    await expect(cover).toHaveAttribute('height', '450');

    const shared = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(shared).toMatch(/^https?:\/\/.+\/NewsCover\/[0-9a-f]{64}\.jpg$/);
    await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute(
      'content',
      'Donatori in fila davanti all’autoemoteca',
    );
    // The share address answers the image from this server (the path of the public address).
    const image = await page.request.get(new URL(shared ?? '').pathname);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toMatch(/^image\//);
  });

  test('«Sostituisci» mette un nuovo PDF al posto del vecchio: stesso indirizzo sul sito, contenuto nuovo', async ({
    page,
    expectAccessible,
  }) => {
    const title = `Notizia con PDF da sostituire ${Date.now()}`;
    await openSignedIn(page, STAFF);
    await openAdmin(page, '/news/create');
    await page.getByRole('textbox', { name: 'Titolo' }).fill(title);
    await page.getByRole('textbox', { name: 'Testo', exact: true }).fill('Con il programma.');
    await page.getByLabel('Scegli i PDF da allegare').setInputFiles({
      name: 'programma.pdf',
      mimeType: 'application/pdf',
      buffer: minimalPdf('programma, prima versione'),
    });
    await page.getByRole('button', { name: 'Pubblica' }).click();
    await expect(page.getByText('Elemento creato')).toBeVisible();
    const href = await page.getByRole('link', { name: 'Vedi sul sito' }).getAttribute('href');

    await gotoHydrated(page, href ?? '/news');
    const link = page.getByRole('link', { name: 'programma.pdf', exact: true });
    const address = await link.getAttribute('href');
    const before = await page.request.get(address ?? '');
    expect(before.status()).toBe(200);
    await page.goBack();

    const replace = page.getByRole('button', { name: /Sostituisci il PDF «programma\.pdf»/ });
    await expect(replace).toBeVisible();
    const chooser = page.waitForEvent('filechooser');
    await replace.click();
    await (
      await chooser
    ).setFiles({
      name: 'programma-corretto.pdf',
      mimeType: 'application/pdf',
      buffer: minimalPdf('programma, versione corretta'),
    });
    await expect(page.getByText('sarà sostituito da «programma-corretto.pdf»')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Pubblica' }).click();
    await expect(page.getByText('Modifiche salvate')).toBeVisible();

    await gotoHydrated(page, href ?? '/news');
    // The same name and address on the page, the new file behind it.
    await expect(page.getByRole('link', { name: 'programma.pdf', exact: true })).toHaveAttribute(
      'href',
      address ?? '',
    );
    const after = await page.request.get(address ?? '');
    expect(after.status()).toBe(200);
    expect((await after.body()).equals(await before.body())).toBe(false);
    expect((await after.body()).toString('latin1')).toContain('versione corretta');
  });
});
