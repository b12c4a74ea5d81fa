import type { Locator, Page } from '@playwright/test';
import { PAYMENT_CONFIRMATION } from '@sodalis/contracts';
import { expect, gotoHydrated, test } from '../support/fixtures';
import { E2E_PAYPAL_CLIENT_ID, installPayPalStandIn } from '../support/paypal-stand-in';

const THIS_YEAR = Number(
  new Intl.DateTimeFormat('en', { timeZone: 'Europe/Rome', year: 'numeric' }).format(new Date()),
);

async function openPaymentTab(page: Page, path: string): Promise<Locator> {
  await gotoHydrated(page, `${path}?scheda=pagamento`);
  const panel = page.locator('section.payment-panel');
  await expect(panel.getByRole('heading', { name: 'PayPal', level: 3 })).toBeVisible();
  return panel;
}

/** The container react-paypal-js renders the button in, and the stand-in's button. */
function paypalButton(panel: Locator) {
  const area = panel.getByTestId('paypal-button');
  return {
    container: area.locator('> div'),
    button: area.getByRole('button', { name: 'PayPal', exact: true }),
  };
}

/** "Paga con PayPal": the member chooses to pay, and only then PayPal's SDK loads (ADR 022). */
async function choosePayPal(panel: Locator) {
  await panel.getByRole('button', { name: 'Paga con PayPal' }).click();
}

async function expectButtonEnabled(panel: Locator, enabled: boolean) {
  const { container, button } = paypalButton(panel);
  if (enabled) await expect(container).not.toHaveClass(/paypal-buttons-disabled/);
  else await expect(container).toHaveClass(/paypal-buttons-disabled/);
  await expect(button).toHaveAttribute('data-enabled', String(enabled));
}

async function fill(panel: Locator, nameLabel: string, fee: string, name: string, year: string) {
  await panel.getByLabel('Quota').selectOption({ label: fee });
  await panel.getByLabel(nameLabel).fill(name);
  await panel.getByLabel('Anno di iscrizione').fill(year);
}

test.describe('il pagamento della quota', () => {
  test('i soci vedono solo le quote Socio, gli affiliati solo le quote Affiliato', async ({
    page,
    expectAccessible,
  }) => {
    const paypal = await installPayPalStandIn(page);
    const members = await openPaymentTab(page, '/chi-siamo-iscrizione');
    const options = (select: Locator) => select.locator('option').allTextContents();
    expect(await options(members.getByLabel('Quota'))).toEqual([
      'Seleziona la quota',
      'Quota Socio ordinario – 80,00 €',
      'Quota Socio under 35 – 40,00 €',
    ]);
    await expect(members.getByLabel('Nominativo del socio')).toBeVisible();
    const year = members.getByLabel('Anno di iscrizione');
    await expect(year).toHaveAttribute('type', 'number');
    await expect(year).toHaveAttribute('min', String(THIS_YEAR));
    await expect(year).toHaveAttribute('max', '2099');
    await expect(year).toHaveAttribute('step', '1');

    const affiliates = await openPaymentTab(page, '/chi-siamo-affiliati');
    expect(await options(affiliates.getByLabel('Quota'))).toEqual([
      'Seleziona la quota',
      'Quota Affiliato tecnico – 30,00 €',
      'Quota Affiliato infermiere – 30,00 €',
    ]);
    await expect(affiliates.getByLabel('Nominativo dell’affiliato')).toBeVisible();
    // PayPal's script is not requested until the member chooses to pay.
    await expect(affiliates.getByRole('button', { name: 'Paga con PayPal' })).toBeVisible();
    expect(paypal.sdkRequests).toHaveLength(0);
    await expect(page.locator('script[src^="https://www.paypal.com/sdk/js"]')).toHaveCount(0);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(page);
  });

  test('il pulsante si abilita solo con quota, nominativo e anno; senza dati avvisa e non crea ordini', async ({
    page,
  }) => {
    const paypal = await installPayPalStandIn(page);
    const panel = await openPaymentTab(page, '/chi-siamo-iscrizione');

    // Choosing to pay without the data warns, and PayPal's script is still not requested.
    await choosePayPal(panel);
    const toast = page.getByTestId('toast');
    await expect(toast).toHaveText('Compila i dati di pagamento per continuare');
    await expect(toast).toHaveClass(/toast--error/);
    expect(paypal.sdkRequests).toHaveLength(0);
    expect(await paypal.orders()).toEqual([]);
    await toast.getByRole('button', { name: 'Chiudi' }).click();

    await panel.getByLabel('Quota').selectOption({ label: 'Quota Socio ordinario – 80,00 €' });
    await panel.getByLabel('Nominativo del socio').fill('Mario Rossi');
    await panel.getByLabel('Anno di iscrizione').fill(String(THIS_YEAR));
    await choosePayPal(panel);
    await expectButtonEnabled(panel, true);
    expect(paypal.sdkRequests).toHaveLength(1);

    // A disabled PayPal button still takes the click and calls onClick (PayPal's validation
    // pattern); the stand-in marks it aria-disabled, which Playwright would wait out.
    await panel.getByLabel('Quota').selectOption({ label: 'Seleziona la quota' });
    await expectButtonEnabled(panel, false);
    await paypalButton(panel).button.click({ force: true });
    await expect(toast).toHaveText('Compila i dati di pagamento per continuare');
    expect(await paypal.orders()).toEqual([]);

    await panel.getByLabel('Quota').selectOption({ label: 'Quota Socio ordinario – 80,00 €' });
    await panel.getByLabel('Anno di iscrizione').fill('');
    await expectButtonEnabled(panel, false);
    await panel.getByLabel('Anno di iscrizione').fill(String(THIS_YEAR - 1));
    await expectButtonEnabled(panel, false);
    await panel.getByLabel('Anno di iscrizione').fill('2100');
    await expectButtonEnabled(panel, false);
    await panel.getByLabel('Anno di iscrizione').fill(String(THIS_YEAR));
    await expectButtonEnabled(panel, true);
    await panel.getByLabel('Nominativo del socio').fill('   ');
    await expectButtonEnabled(panel, false);
    expect(await paypal.orders()).toEqual([]);
  });

  test('un socio paga: l’ordine è quello giusto, l’avviso dice successo e il pagamento è registrato una volta', async ({
    page,
    expectAccessible,
  }) => {
    const paypal = await installPayPalStandIn(page);
    const panel = await openPaymentTab(page, '/chi-siamo-iscrizione');
    await fill(
      panel,
      'Nominativo del socio',
      'Quota Socio ordinario – 80,00 €',
      'Mario Rossi',
      String(THIS_YEAR + 1),
    );
    await choosePayPal(panel);
    await expectButtonEnabled(panel, true);
    await expectAccessible(page);

    // The SDK is asked for with the configured client id, EUR, intent capture, buttons only.
    const sdk = paypal.sdkRequests.at(-1);
    expect(sdk?.searchParams.get('client-id')).toBe(E2E_PAYPAL_CLIENT_ID);
    expect(sdk?.searchParams.get('currency')).toBe('EUR');
    expect(sdk?.searchParams.get('intent')).toBe('capture');
    expect(sdk?.searchParams.get('components')).toBe('buttons');
    // The SDK gets the document's CSP nonce for what it injects.
    await expect(page.locator('script[src^="https://www.paypal.com/sdk/js"]')).toHaveAttribute(
      'data-csp-nonce',
      /^[A-Za-z0-9+/=]{16,}$/,
    );

    const recorded = page.waitForResponse('**/api/v1/Payment/RegistraPagamento');
    await paypalButton(panel).button.click();
    const toast = page.getByTestId('toast');
    await expect(toast).toHaveText('Il pagamento è stato effettuato con successo');
    await expect(toast).toHaveClass(/toast--success/);
    expect(await paypal.orders()).toEqual([
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            amount: { currency_code: 'EUR', value: '80.00' },
            description: `${THIS_YEAR + 1} - Mario Rossi - Quota Socio ordinario`,
          },
        ],
      },
    ]);

    const response = await recorded;
    expect(response.status()).toBe(200);
    const report = response.request().postDataJSON() as { orderId: string; importo: string };
    expect(report).toMatchObject({
      anno: THIS_YEAR + 1,
      nominativo: 'Mario Rossi',
      importo: '80.00',
      valuta: 'EUR',
    });
    expect((await response.json()) as unknown).toEqual({
      data: {
        orderId: report.orderId,
        stato: 'reported',
        quota: 'Quota Socio ordinario',
        anno: THIS_YEAR + 1,
        nominativo: 'Mario Rossi',
        importo: '80.00',
        valuta: 'EUR',
      },
    });
    // The confirmation stays where the form was, after the toast has gone (ADR 029, amended
    // 2026-11-27); "Fai un altro pagamento" brings back an empty form.
    const confirmation = panel.getByTestId('payment-confirmation');
    await expect(confirmation).toBeFocused();
    await expect(confirmation).toContainText(
      `Quota Socio ordinario – 80,00 € – anno ${THIS_YEAR + 1} – Mario Rossi – ordine PayPal ${report.orderId}.`,
    );
    await expect(confirmation).toContainText(PAYMENT_CONFIRMATION.receiptByMail);
    await expect(toast).toHaveCount(0);
    await expect(confirmation).toBeVisible();
    await expectAccessible(page);
    await confirmation.getByRole('button', { name: PAYMENT_CONFIRMATION.another }).click();
    await expect(panel.getByLabel('Nominativo del socio')).toHaveValue('');

    // Stored once: reporting the same order again answers the first record.
    const again = await page.request.post('/api/v1/Payment/RegistraPagamento', {
      data: { ...report, nominativo: 'Qualcun Altro' },
    });
    expect(((await again.json()) as { data: { nominativo: string } }).data.nominativo).toBe(
      'Mario Rossi',
    );
  });

  test('un affiliato annulla o la finestra PayPal fallisce: avviso di errore e nulla registrato', async ({
    page,
  }) => {
    const paypal = await installPayPalStandIn(page);
    const reports: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/Payment/')) reports.push(request.url());
    });
    const panel = await openPaymentTab(page, '/chi-siamo-affiliati');
    await fill(
      panel,
      'Nominativo dell’affiliato',
      'Quota Affiliato infermiere – 30,00 €',
      'Anna Bianchi',
      String(THIS_YEAR),
    );
    await choosePayPal(panel);
    await expectButtonEnabled(panel, true);
    const toast = page.getByTestId('toast');

    await paypal.setOutcome('cancel');
    await paypalButton(panel).button.click();
    await expect(toast).toHaveText('Il pagamento è stato annullato o non è andato a buon fine');
    await expect(toast).toHaveClass(/toast--error/);
    await toast.getByRole('button', { name: 'Chiudi' }).click();

    await paypal.setOutcome('error');
    await paypalButton(panel).button.click();
    await expect(toast).toHaveText('Il pagamento è stato annullato o non è andato a buon fine');

    const orders = (await paypal.orders()) as { purchase_units: { description: string }[] }[];
    expect(orders.map((order) => order.purchase_units[0]?.description)).toEqual([
      `${THIS_YEAR} - Anna Bianchi - Quota Affiliato infermiere`,
      `${THIS_YEAR} - Anna Bianchi - Quota Affiliato infermiere`,
    ]);
    expect(reports).toEqual([]);
  });

  test.describe('senza PayPal raggiungibile', () => {
    // The failed load this test provokes on purpose (the browser and react-paypal-js report it).
    // One pattern: a two-element array would read as Playwright's [value, options] form.
    test.use({
      allowedConsoleErrors: [
        /Failed to load resource: net::ERR_INTERNET_DISCONNECTED|Failed to load the PayPal JS SDK script/,
      ],
    });

    test('il pannello dice che il pagamento online non è disponibile', async ({ page }) => {
      await installPayPalStandIn(page, { unreachable: true });
      const panel = await openPaymentTab(page, '/chi-siamo-iscrizione');
      await fill(
        panel,
        'Nominativo del socio',
        'Quota Socio ordinario – 80,00 €',
        'Mario Rossi',
        String(THIS_YEAR),
      );
      await choosePayPal(panel);
      await expect(panel.getByTestId('payments-unavailable')).toHaveText(
        'Il pagamento online non è al momento disponibile. Per pagare la quota contatta la segreteria.',
      );
      await expect(paypalButton(panel).button).toHaveCount(0);
    });
  });

  test.describe('la CSP', () => {
    // The refusal this test provokes on purpose.
    test.use({
      allowedConsoleErrors: [
        /script 'https:\/\/www\.paypal\.com\/sdk\/js\?client-id=prova' violates/,
      ],
    });

    test('lascia entrare PayPal solo nelle pagine di pagamento, anche arrivando da un’altra pagina', async ({
      page,
    }) => {
      const paypal = await installPayPalStandIn(page);
      const home = await gotoHydrated(page, '/chi-siamo');
      expect(home?.headers()['content-security-policy']).not.toContain('paypal');
      // Elsewhere the browser refuses PayPal's SDK.
      const refused = await page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            document.addEventListener(
              'securitypolicyviolation',
              (event) => resolve(event.blockedURI),
              {
                once: true,
              },
            );
            const script = document.createElement('script');
            script.src = 'https://www.paypal.com/sdk/js?client-id=prova';
            document.head.appendChild(script);
          }),
      );
      expect(refused).toContain('https://www.paypal.com/sdk/js');
      expect(paypal.sdkRequests).toHaveLength(0);

      // A client navigation would keep /chi-siamo's policy: the page loads as a document.
      await page.getByTestId('about-cards').getByRole('link').nth(1).click();
      await expect(page).toHaveURL(/\/chi-siamo-iscrizione$/);
      await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
      expect(
        await page.evaluate(() => performance.getEntriesByType('navigation')[0]?.name ?? ''),
      ).toMatch(/\/chi-siamo-iscrizione$/);

      await page
        .getByRole('navigation', { name: 'Sezioni della pagina' })
        .getByRole('link', { name: 'Pagamento' })
        .click();
      const panel = page.locator('section.payment-panel');
      await fill(
        panel,
        'Nominativo del socio',
        'Quota Socio ordinario – 80,00 €',
        'Mario Rossi',
        String(THIS_YEAR),
      );
      await choosePayPal(panel);
      await expect(paypalButton(panel).button).toBeVisible();
      expect(paypal.sdkRequests).toHaveLength(1);

      const payment = await page.request.get('/chi-siamo-affiliati?scheda=pagamento');
      const csp = payment.headers()['content-security-policy'] ?? '';
      expect(csp).toMatch(/script-src [^;]*https:\/\/\*\.paypal\.com/);
      expect(csp).toMatch(/frame-src [^;]*https:\/\/\*\.paypal\.com/);
      // Scripts stay nonce-only: PayPal's SDK gets the nonce (data-csp-nonce), not 'unsafe-inline'.
      expect(/script-src ([^;]*)/.exec(csp)?.[1]).not.toContain('unsafe-inline');
    });
  });
});
