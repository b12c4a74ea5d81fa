import { paymentDescription, PAYMENT_STATUS_LABELS, type Fee } from '@sodalis/contracts';
import { expect, test } from '../support/fixtures';
import { openAdmin } from '../support/admin';
import { capturedPayPalOrder } from '../support/paypal-stand-in';
import { openSignedIn } from '../support/session';

test.describe('amministrazione: quote per anno e rimborsi', () => {
  test.describe.configure({ timeout: 90_000 });

  test('la tesoreria fissa la quota di un anno: messaggi in italiano, poi l’elenco', async ({
    page,
    expectAccessible,
  }) => {
    // A year of this run only: a retry finds the first attempt's row.
    const year = 2000 + (Date.now() % 90);
    await openSignedIn(page, 'tesoreria.demo@example.org', { landing: null });
    await openAdmin(page, '/quote-per-anno');
    await expect(page.getByRole('heading', { name: 'Quote per anno' })).toBeVisible();
    await expectAccessible(page);

    await openAdmin(page, '/quote-per-anno/create');
    const yearField = page.getByRole('spinbutton', { name: 'Anno' });
    const amount = page.getByRole('textbox', { name: 'Importo in euro' });
    await expect(async () => {
      await yearField.fill('1999');
      await amount.fill('zero');
      await expect(yearField).toHaveValue('1999', { timeout: 500 });
    }).toPass();
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Indica un anno tra il 2000 e il 2100.')).toBeVisible();
    await expect(page.getByText(/Indica un importo in euro maggiore di zero/)).toBeVisible();
    await expectAccessible(page);

    await yearField.fill(String(year));
    await amount.fill('65,50');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Elemento creato')).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(`^${year}`) });
    await expect(row).toContainText('Socio');
    await expect(row).toContainText('€ 65,50');
  });

  test('un pagamento da controllare si segna da rimborsare, poi il rimborso si registra', async ({
    page,
    expectAccessible,
  }) => {
    const fees = (
      (await (await page.request.get('/api/v1/SharepointContent/GetQuote')).json()) as {
        data: Fee[];
      }
    ).data;
    const fee = fees.find((item) => Object.values(item.accesso)[0] === 'Socio');
    const year = new Date().getFullYear();
    const payer = `Rita Rimborso ${String(Date.now()).slice(-6)}`;
    // PayPal captured less than the fee: the verification keeps it "Da controllare".
    const orderId = await capturedPayPalOrder({
      value: '1.00',
      description: paymentDescription(year, payer, fee?.title ?? ''),
    });
    const report = await page.request.post('/api/v1/Payment/RegistraPagamento', {
      data: {
        orderId,
        quotaId: fee?.id,
        anno: year,
        nominativo: payer,
        importo: '1.00',
        valuta: 'EUR',
      },
    });
    expect(report.status()).toBe(200);

    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    await openAdmin(page, '/pagamenti');
    await page.getByPlaceholder('Nome, e-mail o ordine PayPal').fill(orderId);
    const row = page.getByRole('row', { name: new RegExp(payer) });
    await expect(row).toContainText(PAYMENT_STATUS_LABELS.flagged);
    await expect(async () => {
      await row.getByRole('cell', { name: payer }).click({ timeout: 2000 });
      await expect(page).toHaveURL(/\/amministrazione\/pagamenti\/\d+\/show$/, { timeout: 2000 });
    }).toPass();

    await page.getByLabel('Nota (resta sul pagamento)').fill('Importo sbagliato, si restituisce');
    await page.getByRole('button', { name: 'Segna da rimborsare' }).click();
    await expect(page.getByText(/Pagamento segnato da rimborsare/)).toBeVisible();
    await expect(page.getByText(PAYMENT_STATUS_LABELS.to_refund, { exact: true })).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Nota (resta sul pagamento)').fill('Rimborsato su PayPal');
    await page.getByRole('button', { name: 'Registra il rimborso eseguito' }).click();
    await expect(page.getByText(/Rimborso registrato/)).toBeVisible();
    await expect(page.getByText(PAYMENT_STATUS_LABELS.refunded, { exact: true })).toBeVisible();
  });
});
