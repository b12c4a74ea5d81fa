import { readFileSync } from 'node:fs';
import { expect, test } from '../support/fixtures';
import { openAdmin, SCREEN_TIMEOUT } from '../support/admin';
import { openSignedIn } from '../support/session';

/** A camt.053 of the server's API tests, with a reference of this run (a fresh file each time). */
function statement(): Buffer {
  const xml = readFileSync(
    new URL('../../apps/server/test/fixtures/bank/estratto-camt053.xml', import.meta.url),
    'utf8',
  );
  return Buffer.from(xml.replaceAll('BANKREF-', `E2E-${Date.now()}-`), 'utf8');
}

test.describe('amministrazione: bonifici', () => {
  test.describe.configure({ timeout: 90_000 });

  test('la segreteria importa un estratto conto: anteprima, applica, poi ignora un movimento', async ({
    page,
    expectAccessible,
  }) => {
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    await openAdmin(page, '/bonifici');
    // The list's button says what it does, not react-admin's "Crea".
    await page.getByRole('link', { name: 'Importa estratto conto' }).click();
    await expect(page).toHaveURL(/\/amministrazione\/bonifici\/create$/);
    // The list stays on screen until the import's screen has loaded.
    await expect(page.getByRole('heading', { name: 'Importa un estratto conto' })).toBeVisible({
      timeout: SCREEN_TIMEOUT,
    });
    await page.getByLabel('Estratto conto', { exact: true }).setInputFiles({
      name: 'estratto.xml',
      mimeType: 'text/xml',
      buffer: statement(),
    });
    const preview = page.getByRole('table', { name: 'Movimenti in entrata del file' });
    await expect(preview.getByRole('row')).toHaveCount(5);
    await expect(preview).toContainText('Erogazione liberale congresso');
    // Days in Italian, never as the file writes them.
    await expect(preview).toContainText('01/06/2026');
    await expect(preview).not.toContainText('2026-06-01');
    await expect(page.getByTestId('bank-preview-counts')).toContainText(
      'Causale non riconosciuta: da controllare',
    );
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Applica l’importazione' }).click();
    await expect(page.getByText(/Estratto conto importato/)).toBeVisible();

    const row = page.getByRole('row', { name: /Erogazione liberale congresso/ });
    await expect(row).toBeVisible();
    await expect(row).toContainText(/\d{2}\/06\/2026/);
    await expectAccessible(page);
    await row.click();
    await expect(page.getByRole('heading', { name: 'Ignora' })).toBeVisible();
    await expect(page.locator('.ra-field-bookedOn')).toHaveText(/Data\s*\d{2}\/06\/2026/);
    await expectAccessible(page);
    await page.getByLabel('Motivo').fill('Donazione per il congresso, non una quota');
    await page.getByRole('button', { name: 'Ignora il bonifico' }).click();
    await expect(page.getByText('Bonifico ignorato.')).toBeVisible();
    await expect(page.getByText('Ignorato', { exact: true })).toBeVisible();
  });
});
