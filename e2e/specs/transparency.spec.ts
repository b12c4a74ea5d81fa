import { expect, gotoHydrated, test } from '../support/fixtures';
import { fillAdminField, openAdmin } from '../support/admin';
import { openSignedIn } from '../support/session';

test.describe('Società trasparente (ADR 026)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('la segreteria registra un contributo pubblico e il sito lo mostra nella tabella dell’anno', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const grantor = `Regione di prova ${Date.now()}`;
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    await openAdmin(page, '/contributi-pubblici');
    await expect(page.getByRole('heading', { name: 'Contributi pubblici ricevuti' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Nuovo contributo' }).click();
    await expect(page).toHaveURL(/\/amministrazione\/contributi-pubblici\/create$/);
    await fillAdminField(page, 'spinbutton', 'Anno', '2024');
    await fillAdminField(page, 'textbox', 'Ente erogatore', grantor);
    await fillAdminField(page, 'textbox', 'Importo in euro', '-5');
    await page.getByLabel('Data di incasso').fill('2024-05-10');
    await fillAdminField(page, 'textbox', 'Causale', 'Corso regionale di emovigilanza');
    await page.getByRole('button', { name: 'Salva' }).click();
    // The server's Italian message, on the form.
    await expect(
      page.getByText(/Indica un importo in euro maggiore di zero/).first(),
    ).toBeVisible();
    await fillAdminField(page, 'textbox', 'Importo in euro', '12500,25');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Elemento creato')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: grantor })).toContainText('12.500,25');

    // A reader, without JavaScript: the page is rendered on the server.
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const reader = await context.newPage();
      await reader.goto('/');
      await reader.locator('footer').getByRole('link', { name: 'Società trasparente' }).click();
      await expect(reader).toHaveURL(/\/trasparenza$/);
      await expect(
        reader.getByRole('heading', { level: 1, name: 'Società trasparente' }),
      ).toBeVisible();
      const table = reader.getByRole('table', { name: 'Contributi pubblici ricevuti nel 2024' });
      await expect(table.getByRole('row').filter({ hasText: grantor })).toContainText('12.500,25');
      await expect(table.locator('tfoot')).toContainText('Totale');
      for (const section of [
        'Statuto e atto costitutivo',
        'Bilanci preventivi e consuntivi',
        'Dichiarazione di accessibilità',
      ]) {
        await expect(reader.getByRole('heading', { level: 2, name: section })).toBeVisible();
      }
    } finally {
      await context.close();
    }
  });

  for (const width of [375, 1280]) {
    test(`/trasparenza con un contributo a ${width} px non ha violazioni WCAG 2.1 AA`, async ({
      page,
      expectAccessible,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, '/trasparenza');
      await expect(page.getByRole('navigation', { name: 'Indice della sezione' })).toBeVisible();
      await expectAccessible(page);
    });
  }
});
