import { readFileSync } from 'node:fs';
import { expect, test } from '../support/fixtures';
import { openAdmin } from '../support/admin';
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
    await openAdmin(page, '/bonifici/create');
    await page.getByLabel('Estratto conto').setInputFiles({
      name: 'estratto.xml',
      mimeType: 'text/xml',
      buffer: statement(),
    });
    const preview = page.getByRole('table', { name: 'Movimenti in entrata del file' });
    await expect(preview.getByRole('row')).toHaveCount(5);
    await expect(preview).toContainText('Erogazione liberale congresso');
    await expect(page.getByTestId('bank-preview-counts')).toContainText(
      'Causale non riconosciuta: da controllare',
    );
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Applica l’importazione' }).click();
    await expect(page.getByText(/Estratto conto importato/)).toBeVisible();

    const row = page.getByRole('row', { name: /Erogazione liberale congresso/ });
    await expect(row).toBeVisible();
    await expectAccessible(page);
    await row.click();
    await expect(page.getByRole('heading', { name: 'Ignora' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Motivo').fill('Donazione per il congresso, non una quota');
    await page.getByRole('button', { name: 'Ignora il bonifico' }).click();
    await expect(page.getByText('Bonifico ignorato.')).toBeVisible();
    await expect(page.getByText('Ignorato', { exact: true })).toBeVisible();
  });
});
