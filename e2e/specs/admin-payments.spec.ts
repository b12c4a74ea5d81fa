import type { Fee } from '@sodalis/contracts';
import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from '../support/fixtures';
import { logIn } from '../support/session';

async function openAdmin(page: Page, path: string) {
  await gotoHydrated(page, `/amministrazione${path}`);
  await expect(page.getByRole('navigation', { name: 'Collegamenti del sito' })).toBeVisible({
    timeout: 20_000,
  });
}

test.describe('amministrazione: quote e pagamenti', () => {
  test.describe.configure({ timeout: 90_000 });

  test('la segreteria crea una quota, che il sito offre subito; il registro dei pagamenti si legge', async ({
    page,
    expectAccessible,
  }) => {
    const title = `Quota sostenitore ${Date.now()}`;
    await logIn(page, 'segreteria.demo@example.org');
    await openAdmin(page, '/quote');
    await expect(page.getByRole('table')).toBeVisible();
    await expectAccessible(page);

    await openAdmin(page, '/quote/create');
    const name = page.getByRole('textbox', { name: 'Nome della quota' });
    const amount = page.getByRole('textbox', { name: 'Importo in euro' });
    // The form may draw twice right after opening: type until the values stay.
    await expect(async () => {
      await name.fill(title);
      await amount.fill('120,50');
      await expect(name).toHaveValue(title, { timeout: 500 });
    }).toPass();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Elemento creato')).toBeVisible();
    await expect(page.getByRole('cell', { name: title })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('€ 120,50');

    const response = await page.request.get('/api/v1/SharepointContent/GetQuote');
    const fees = ((await response.json()) as { data: Fee[] }).data;
    expect(fees.find((fee) => fee.title === title)).toMatchObject({ quota: 120.5 });

    // A payment as the browser reports it after PayPal's approval (unverified: no secret here).
    const fee = fees.find((item) => item.title === title);
    const orderId = `E2E${Date.now()}`;
    const report = await page.request.post('/api/v1/Payment/RegistraPagamento', {
      data: {
        orderId,
        quotaId: fee?.id,
        anno: new Date().getFullYear(),
        nominativo: 'Carla Rinaldi',
        importo: '120.50',
        valuta: 'EUR',
      },
    });
    expect(report.status()).toBe(200);

    await openAdmin(page, '/pagamenti');
    await page.getByPlaceholder('Nome, e-mail o ordine PayPal').fill(orderId);
    const row = page.getByRole('row', { name: /Carla Rinaldi/ });
    await expect(row).toContainText('Segnalato (non verificato)');
    await expect(row).toContainText('€ 120,50');
    await expect(page.getByRole('button', { name: 'Esporta CSV' })).toBeVisible();
    // The list may draw again as the filter settles: click until the detail opens.
    await expect(async () => {
      await row.getByRole('cell', { name: 'Carla Rinaldi' }).click({ timeout: 2000 });
      await expect(page).toHaveURL(/\/amministrazione\/pagamenti\/\d+\/show$/, { timeout: 2000 });
    }).toPass();
    await expect(page.getByText(orderId)).toBeVisible();
    await expectAccessible(page);
  });
});
