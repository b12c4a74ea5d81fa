import { expect, gotoHydrated, test } from '../support/fixtures';
import { fillAdminField, openAdmin } from '../support/admin';
import { openSignedIn } from '../support/session';
import { minimalPdf } from '../support/pdf';

/** A small real PDF (the server parses every upload, ADR 027). */
const pdf = (label: string) => ({
  name: `${label}.pdf`,
  mimeType: 'application/pdf',
  buffer: minimalPdf(label),
});

test.describe('amministrazione: Il Servizio Trasfusionale', () => {
  test.describe.configure({ timeout: 90_000 });

  test('la segreteria pubblica un numero con un articolo, e i soci lo leggono subito', async ({
    page,
    expectAccessible,
  }) => {
    // 2019 and a suffix: sorts below the real latest issue, so other tests see the same one.
    const title = `Il Servizio Trasfusionale - anno 2019, numero 9 prova ${Date.now()}`;
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    await openAdmin(page, '/riviste');
    await expect(page.getByRole('table')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Crea' }).click();
    await page.locator('input[type="file"]').setInputFiles(pdf('numero-completo'));
    await expect(page.getByText('numero-completo.pdf')).toBeVisible();
    await fillAdminField(page, 'textbox', 'Titolo', title);
    await fillAdminField(page, 'spinbutton', 'Anno', '2019');
    await expectAccessible(page);
    // "Salva bozza", "Pubblica", "Programma" (ADR 031): published at once.
    await page.getByRole('button', { name: 'Pubblica', exact: true }).click();
    await expect(page.getByText('Elemento creato')).toBeVisible();
    await expect(page).toHaveURL(/\/amministrazione\/riviste\/\d+$/);
    await expect(page.getByTestId('publication-state')).toContainText('Pubblicato');

    // A new article of this issue: the issue is already chosen.
    await page.getByRole('link', { name: 'Nuovo articolo' }).click();
    await expect(page.getByRole('combobox', { name: 'Numero della rivista' })).toHaveValue(title);
    await page.locator('input[type="file"]').setInputFiles(pdf('donatori-giovani'));
    await expect(page.getByText('donatori-giovani.pdf')).toBeVisible();
    await fillAdminField(page, 'textbox', 'Titolo', 'Donatori giovani: cosa li trattiene');
    await fillAdminField(page, 'textbox', 'Autori', 'Anna Rossi\nLuca Bianchi');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Elemento creato')).toBeVisible();
    await expect(
      page.getByRole('cell', { name: 'Donatori giovani: cosa li trattiene' }),
    ).toBeVisible();

    // The members' screen shows the issue with its PDF and the article with its authors.
    await gotoHydrated(
      page,
      `/area-riservata-servizio-trasfusionale-singolo-numero?anno=2019&numero=${encodeURIComponent(title)}`,
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(
      page.getByTestId('magazine-issue').getByRole('button', { name: /^SCARICA PDF/ }),
    ).toBeVisible();
    const article = page.getByTestId('magazine-article');
    await expect(article).toHaveCount(1);
    await expect(article.getByRole('heading')).toHaveText('Donatori giovani: cosa li trattiene');
    await expect(article).toContainText('Anna Rossi, Luca Bianchi');

    // The audit log has both.
    await openAdmin(page, '/registro');
    await expect(page.getByText(`Numero della rivista creato: ${title}`)).toBeVisible();
    await expect(
      page.getByText('Articolo della rivista creato: Donatori giovani: cosa li trattiene'),
    ).toBeVisible();
  });

  test.describe('con un titolo già usato', () => {
    // The refused save answers 400, which the browser logs.
    test.use({ allowedConsoleErrors: [/status of 400/] });

    test('un titolo già usato è rifiutato con un messaggio chiaro', async ({ page }) => {
      await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
      await openAdmin(page, '/riviste/create');
      await fillAdminField(
        page,
        'textbox',
        'Titolo',
        'Il Servizio Trasfusionale - anno 2020, numero 1',
      );
      await fillAdminField(page, 'spinbutton', 'Anno', '2020');
      await page.getByRole('button', { name: 'Salva bozza' }).click();
      await expect(page.getByText('Esiste già un numero con questo titolo.').first()).toBeVisible();
      await expect(page).toHaveURL(/\/amministrazione\/riviste\/create$/);
    });
  });
});
