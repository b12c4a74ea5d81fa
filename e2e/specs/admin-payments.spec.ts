import { paymentDescription, type Fee } from '@sodalis/contracts';
import { expect, test } from '../support/fixtures';
import { chooseOption, openAdmin, romeDate } from '../support/admin';
import { waitForMail } from '../support/mail';
import { capturedPayPalOrder } from '../support/paypal-stand-in';
import { DEMO_PASSWORD, openSignedIn } from '../support/session';

test.describe('amministrazione: quote e pagamenti', () => {
  test.describe.configure({ timeout: 90_000 });

  test('la segreteria crea una quota, che il sito offre subito; il registro dei pagamenti si legge', async ({
    page,
    expectAccessible,
  }) => {
    const title = `Quota sostenitore ${Date.now()}`;
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
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

    // A payment as the browser reports it after PayPal's approval; the server verifies it with
    // PayPal (the API stand-in, support/global-setup.ts), which has the order captured.
    const fee = fees.find((item) => item.title === title);
    const year = new Date().getFullYear();
    // A name of this run only: a retry finds the first attempt's payment in the same ledger.
    const payer = `Carla Rinaldi ${String(Date.now()).slice(-6)}`;
    const orderId = await capturedPayPalOrder({
      value: '120.50',
      description: paymentDescription(year, payer, title),
    });
    const report = await page.request.post('/api/v1/Payment/RegistraPagamento', {
      data: {
        orderId,
        quotaId: fee?.id,
        anno: year,
        nominativo: payer,
        importo: '120.50',
        valuta: 'EUR',
      },
    });
    expect(report.status()).toBe(200);
    // Verified: the receipt goes to PayPal's payer (no account).
    const receiptMail = await waitForMail(`PayPal (ordine ${orderId})`);
    const receiptNumber = /Ricevuta n\. (\d+\/\d{4})/.exec(receiptMail)?.[1] ?? '';
    expect(receiptNumber).toMatch(new RegExp(`^\\d+/${year}$`));

    await openAdmin(page, '/pagamenti');
    await page.getByPlaceholder('Nome, e-mail o ordine PayPal').fill(orderId);
    const row = page.getByRole('row', { name: new RegExp(payer) });
    await expect(row).toContainText('Verificato');
    await expect(row).toContainText(receiptNumber);
    await expect(row).toContainText('€ 120,50');
    await expect(page.getByRole('button', { name: 'Esporta CSV' })).toBeVisible();
    // The list may draw again as the filter settles: click until the detail opens.
    await expect(async () => {
      await row.getByRole('cell', { name: payer }).click({ timeout: 2000 });
      await expect(page).toHaveURL(/\/amministrazione\/pagamenti\/\d+\/show$/, { timeout: 2000 });
    }).toPass();
    await expect(page.getByText(orderId)).toBeVisible();
    await expectAccessible(page);
  });

  test('gli account si filtrano per la quota dell’anno, letta dal registro dei pagamenti', async ({
    page,
    expectAccessible,
  }) => {
    // The Affiliato reports a payment signed in: PayPal captured 1,00 € for a fee that costs
    // more, so the verification keeps it to be checked ("Da verificare").
    const login = await page.request.post('/api/v1/Account/Login', {
      data: { username: 'affiliato.demo@example.org', password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const fees = (
      (await (await page.request.get('/api/v1/SharepointContent/GetQuote')).json()) as {
        data: Fee[];
      }
    ).data;
    const year = Number(romeDate().slice(0, 4));
    const affiliateFee = fees.find((fee) => Object.values(fee.accesso)[0] === 'Affiliato');
    const orderId = await capturedPayPalOrder({
      value: '1.00',
      description: paymentDescription(year, 'Affiliato Demo', affiliateFee?.title ?? ''),
    });
    const report = await page.request.post('/api/v1/Payment/RegistraPagamento', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        orderId,
        quotaId: affiliateFee?.id,
        anno: year,
        nominativo: 'Affiliato Demo',
        importo: '1.00',
        valuta: 'EUR',
      },
    });
    expect(report.status()).toBe(200);

    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    await openAdmin(page, '/account');
    await chooseOption(page, 'Quota dell’anno', 'Da verificare');
    const row = page.getByRole('row', { name: /affiliato\.demo@example\.org/ });
    await expect(row).toContainText(`Da verificare (${year})`);
    await expect(page.getByRole('row', { name: /nuovo\.demo@example\.org/ })).toHaveCount(0);
    await expectAccessible(page);

    await chooseOption(page, 'Quota dell’anno', 'Non pagata');
    await expect(page.getByRole('row', { name: /nuovo\.demo@example\.org/ })).toContainText(
      `Non pagata (${year})`,
    );
    await expect(row).toHaveCount(0);
  });
});
