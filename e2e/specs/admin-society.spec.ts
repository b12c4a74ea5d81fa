import type { BoardMember, FileContent, SiteContent } from '@sodalis/contracts';
import { expect, gotoHydrated, test } from '../support/fixtures';
import { adminApi, openAdmin, SCREEN_TIMEOUT } from '../support/admin';
import { openSignedIn } from '../support/session';
import { minimalPdf } from '../support/pdf';

/** A 64 × 48 JPEG (the server makes it a 256 px square PNG). */
const PHOTO_JPEG = Buffer.from(
  '/9j/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAAwAEADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAQG/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AnAEjbAAAAAAAAAAAAAAAAAAAAAAP/9k=',
  'base64',
);
const CV_PDF = minimalPdf('curriculum e2e');

test.describe('amministrazione: Consiglio Direttivo e contenuti della società', () => {
  test.describe.configure({ timeout: 120_000 });

  test('la segreteria aggiunge un componente con foto e CV, che /chi-siamo-iscrizione mostra subito', async ({
    page,
    expectAccessible,
  }) => {
    const name = `Giada Montanari ${Date.now()}`;
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    await openAdmin(page, '/consiglio-direttivo');
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('img', { name: /^Foto di / }).first()).toBeVisible();
    await expectAccessible(page);

    await openAdmin(page, '/consiglio-direttivo/create');
    const nameInput = page.getByRole('textbox', { name: 'Nome e cognome' });
    const roleInput = page.getByRole('textbox', { name: 'Ruolo' });
    // The form may draw twice right after opening: type until the values stay.
    await expect(async () => {
      await nameInput.fill(name);
      await roleInput.fill('Consigliere');
      await expect(nameInput).toHaveValue(name, { timeout: 500 });
    }).toPass();
    await page.getByRole('spinbutton', { name: 'Ordine' }).fill('90');
    const fileInputs = page.locator('input[type="file"]');
    await fileInputs.nth(0).setInputFiles({
      name: 'foto.jpg',
      mimeType: 'image/jpeg',
      buffer: PHOTO_JPEG,
    });
    await fileInputs.nth(1).setInputFiles({
      name: 'CV Montanari.pdf',
      mimeType: 'application/pdf',
      buffer: CV_PDF,
    });
    await expect(page.getByText('CV Montanari.pdf')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Elemento creato')).toBeVisible();
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();

    await gotoHydrated(page, '/chi-siamo-iscrizione');
    const card = page.getByTestId('board').locator('.board-card', { hasText: name });
    await expect(card).toContainText('Consigliere');
    const photo = card.getByRole('img', { name: `Foto di ${name}` });
    await expect(photo).toHaveAttribute('src', /^data:image\/png;base64,/);
    expect(await photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256);
    await expect(card.getByRole('button', { name: /Scarica il CV/ })).toBeVisible();

    const board = await page.request.get('/api/v1/SharepointContent/GetConsiglioDirettivo');
    const member = ((await board.json()) as { data: BoardMember[] }).data.find(
      (item) => item.title === name,
    );
    const cv = await page.request.get(`/api/v1/SharepointContent/GetCVById?id=${member?.id}`);
    expect(((await cv.json()) as { data: FileContent }).data.fileName).toBe('CV Montanari.pdf');

    // Removed again, with confirmation: the public specs count the demo board.
    await openAdmin(page, `/consiglio-direttivo/${member?.id}`);
    // The form's own delete button (the file previews have remove buttons of the same name).
    await page.locator('.ra-delete-button').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click();
    await expect(page.getByText('Elemento eliminato')).toBeVisible();
    await gotoHydrated(page, '/chi-siamo-iscrizione');
    await expect(page.getByTestId('board')).not.toContainText(name);
  });

  test('la segreteria modifica i contatti e /contatti cambia subito; le schermate passano axe', async ({
    page,
    expectAccessible,
  }) => {
    const phone = `+39 06 5${String(Date.now()).slice(-6)}`;
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    await openAdmin(page, '/contenuti-sito');
    await expect(page.getByRole('cell', { name: 'Albo dei past president' })).toBeVisible();
    await expectAccessible(page);
    const original = await adminApi(page, 'GET', '/SiteContents/contatti');

    try {
      await page.getByRole('cell', { name: 'Contatti', exact: true }).click();
      await expect(page).toHaveURL(/\/amministrazione\/contenuti-sito\/contatti$/);
      const phoneInput = page.getByRole('textbox', { name: 'Telefono' });
      // The list stays on screen until the form has rendered (SCREEN_TIMEOUT).
      await expect(phoneInput).toHaveValue(String(original.telefono), { timeout: SCREEN_TIMEOUT });
      await expectAccessible(page);
      await phoneInput.fill(phone);
      await page.getByRole('button', { name: 'Salva' }).click();
      await expect(page.getByText('Modifiche salvate')).toBeVisible();
      // Saved: back to the list without asking whether to abandon the changes just saved.
      await expect(page).toHaveURL(/\/amministrazione\/contenuti-sito$/);

      await gotoHydrated(page, '/contatti');
      await expect(page.getByRole('main')).toContainText(phone);
      const answer = await page.request.post('/api/v1/SharepointContent/GetContenuti', {
        data: { chiavi: ['contatti'] },
      });
      const [content] = ((await answer.json()) as { data: SiteContent[] }).data;
      expect(content?.contenuto).toMatchObject({ telefono: phone });
    } finally {
      const { indirizzo, telefono, social, email } = original;
      await adminApi(page, 'PUT', '/SiteContents/contatti', { indirizzo, telefono, social, email });
    }

    // The other edit screens: repeaters, image inputs and the rich-text editor pass axe too.
    for (const key of ['sostenitori', 'presidenti', 'cookie-policy']) {
      await openAdmin(page, `/contenuti-sito/${key}`);
      await expect(page.getByRole('button', { name: 'Salva' })).toBeVisible({
        timeout: SCREEN_TIMEOUT,
      });
      await expectAccessible(page);
    }
  });
});
