import { expect, gotoHydrated, test } from '../support/fixtures';
import { openAdmin } from '../support/admin';
import { waitForMail } from '../support/mail';
import { codiceFiscaleFor, fillApplication } from '../support/membership';
import { installPayPalStandIn } from '../support/paypal-stand-in';
import { openSignedIn, submitLogin } from '../support/session';

const THIS_YEAR = Number(
  new Intl.DateTimeFormat('en', { timeZone: 'Europe/Rome', year: 'numeric' }).format(new Date()),
);

test.describe('le quote del socio', () => {
  test.describe.configure({ timeout: 120_000 });

  test('un socio ratificato l’anno scorso paga due anni con un solo pagamento PayPal ed è in regola', async ({
    page,
    expectAccessible,
  }) => {
    const seed = Date.now() + 11;
    const email = `due.anni.${seed}@example.org`;
    const lastName = `Duequote${seed % 100_000}`;
    await gotoHydrated(page, '/chi-siamo-iscrizione');
    await fillApplication(page, {
      firstName: 'Bruno',
      lastName,
      email,
      codiceFiscale: codiceFiscaleFor(seed),
    });
    await page.getByRole('button', { name: 'Invia la domanda' }).click();
    await expect(page.getByTestId('application-received')).toBeVisible();

    // Ratified last year: last year and this one are open.
    await openSignedIn(page, 'segreteria.demo@example.org');
    await openAdmin(page, '/domande-iscrizione');
    await page.getByRole('row', { name: new RegExp(lastName) }).click();
    await page
      .getByLabel('Data della ratifica del Consiglio Direttivo')
      .fill(`${THIS_YEAR - 1}-12-01`);
    await page.getByRole('button', { name: 'Approva e invia l’invito' }).click();
    await expect(
      page.getByText(/Domanda approvata: account creato e invito inviato/),
    ).toBeVisible();

    const invitation = await waitForMail(`username ${email}`);
    const link =
      /https?:\/\/[^/\s]+(\/area-riservata-resetpwd\?token=[A-Za-z0-9_-]+&username=[^\s]+)/.exec(
        invitation,
      )?.[1] ?? '';
    await page.evaluate(() => sessionStorage.clear());
    await gotoHydrated(page, link);
    const reset = page.getByTestId('reset-form');
    const password = 'Plasma-fresco-2026';
    await reset.getByPlaceholder('Inserisci una nuova password').fill(password);
    await reset.getByPlaceholder('Conferma password').fill(password);
    await reset.getByRole('button', { name: 'RICHIEDI' }).click();
    await expect(page).toHaveURL(/\/area-riservata$/);
    await submitLogin(page, email, password);
    await expect(page.getByTestId('welcome')).toContainText(lastName);

    const paypal = await installPayPalStandIn(page);
    await gotoHydrated(page, '/chi-siamo-iscrizione?scheda=pagamento');
    const dues = page.getByTestId('open-dues');
    await expect(
      dues.getByRole('cell', { name: String(THIS_YEAR - 1), exact: true }),
    ).toBeVisible();
    await expect(dues.getByRole('cell', { name: String(THIS_YEAR), exact: true })).toBeVisible();
    await expect(dues.getByTestId('dues-total')).toHaveText('160,00 €');
    await expectAccessible(page);

    await dues.getByRole('button', { name: 'Paga tutte le quote con PayPal (160,00 €)' }).click();
    const recorded = page.waitForResponse('**/api/v1/Payment/RegistraPagamento');
    await dues.getByRole('button', { name: 'PayPal', exact: true }).click();
    await expect(page.getByTestId('toast')).toHaveText(
      'Il pagamento è stato effettuato con successo',
    );
    expect((await recorded).status()).toBe(200);
    const orders = (await paypal.orders()) as {
      purchase_units: { amount: { value: string }; description: string }[];
    }[];
    expect(orders.at(-1)?.purchase_units[0]).toEqual({
      amount: { currency_code: 'EUR', value: '160.00' },
      description: `${THIS_YEAR - 1}+${THIS_YEAR} - Bruno ${lastName} - Quota Socio ordinario`,
    });
    await expect(dues.getByTestId('standing')).toHaveText('In regola');
    await expect(dues.getByText('Non hai quote da pagare.')).toBeVisible();
    await expectAccessible(page);
  });
});
