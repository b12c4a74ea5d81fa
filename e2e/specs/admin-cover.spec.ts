import zlib from 'node:zlib';
import { NEWS_COVER_MESSAGES, SHARE_IMAGE_MESSAGES } from '@sodalis/contracts';
import { expect, gotoHydrated, test } from '../support/fixtures';
import { openAdmin, SCREEN_TIMEOUT } from '../support/admin';
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
    await openSignedIn(page, STAFF, { landing: null });
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
    await openSignedIn(page, STAFF, { landing: null });
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

  test('la segreteria carica l’immagine di condivisione delle pagine senza una propria: le pagine la condividono come og:image', async ({
    page,
    expectAccessible,
  }) => {
    const ogImage = async (address: string) => {
      await gotoHydrated(page, address);
      return page.locator('meta[property="og:image"]').getAttribute('content');
    };
    await openSignedIn(page, STAFF, { landing: null });
    await openAdmin(page, '/immagine-condivisione');
    const current = page.getByTestId('current-share-image');
    await expect(current).toBeVisible({ timeout: SCREEN_TIMEOUT });
    // From the site's card: a retry may find the image its first attempt uploaded.
    const backToCard = page.getByRole('button', { name: 'Torna alla scheda predefinita' });
    if (await backToCard.isVisible()) await backToCard.click();
    await expect(current).toContainText('Ora le pagine usano la scheda predefinita del sito.');
    await expectAccessible(page);

    await page.getByLabel('Scegli l’immagine di condivisione').setInputFiles({
      name: 'sede.png',
      mimeType: 'image/png',
      buffer: solidPng(1800, 945),
    });
    await expect(page.getByRole('img', { name: 'sede.png' })).toBeVisible();
    // Without its text the image is not saved, and the form says why.
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText(SHARE_IMAGE_MESSAGES.altRequired)).toBeVisible();
    await expectAccessible(page);
    await page
      .getByRole('textbox', { name: 'Descrizione dell’immagine' })
      .fill('La sede della società');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(current).toContainText('Ora le pagine usano questa immagine (1200 × 630 px)');
    await expect(current.getByRole('img', { name: 'La sede della società' })).toBeVisible();
    await expectAccessible(page);

    // A page without an image of its own shares the upload, with its size and text.
    const shared = await ogImage('/contatti');
    expect(shared).toMatch(/^https?:\/\/.+\/ShareImage\/[0-9a-f]{64}\.jpg$/);
    await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute(
      'content',
      '1200',
    );
    await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute(
      'content',
      '630',
    );
    await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute(
      'content',
      'La sede della società',
    );
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
      'content',
      'summary_large_image',
    );
    const image = await page.request.get(new URL(shared ?? '').pathname);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/jpeg');

    // Back to the site's card: the pages share it again, the upload's address stops.
    await openAdmin(page, '/immagine-condivisione');
    await page.getByRole('button', { name: 'Torna alla scheda predefinita' }).click();
    await expect(current).toContainText('Ora le pagine usano la scheda predefinita del sito.');
    expect(await ogImage('/contatti')).toMatch(/\/share-card\.png$/);
    expect((await page.request.get(new URL(shared ?? '').pathname)).status()).toBe(404);
  });
});
