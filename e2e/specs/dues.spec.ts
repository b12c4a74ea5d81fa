import { readFile } from 'node:fs/promises';
import {
  DUE_STATUS_LABELS,
  DUES_SIGN_IN,
  LAPSED_PAGE,
  MEMBER_PROFILE_MESSAGES,
  PAYMENT_MESSAGES,
} from '@sodalis/contracts';
import { E2E_BANK_IBAN, E2E_BANK_IBAN_SHOWN } from '../support/bank';
import { expect, gotoHydrated, test } from '../support/fixtures';
import {
  applyApproveAndSignIn,
  codiceFiscaleFor,
  NEW_MEMBER_PASSWORD,
} from '../support/membership';
import { installPayPalStandIn } from '../support/paypal-stand-in';
import { pdfText } from '../support/pdf';
import { DEMO_PASSWORD } from '../support/session';

const THIS_YEAR = Number(
  new Intl.DateTimeFormat('en', { timeZone: 'Europe/Rome', year: 'numeric' }).format(new Date()),
);

test.describe('le quote del socio', () => {
  test.describe.configure({ timeout: 120_000 });

  test('un socio ratificato l’anno scorso paga due anni con un solo pagamento PayPal, scarica la ricevuta ed è in regola', async ({
    page,
    expectAccessible,
  }) => {
    const seed = Date.now() + 11;
    const lastName = `Duequote${seed % 100_000}`;
    // Ratified last year: last year and this one are open.
    await applyApproveAndSignIn(
      page,
      {
        firstName: 'Bruno',
        lastName,
        email: `due.anni.${seed}@example.org`,
        codiceFiscale: codiceFiscaleFor(seed),
      },
      `${THIS_YEAR - 1}-12-01`,
    );

    const paypal = await installPayPalStandIn(page);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await gotoHydrated(page, '/chi-siamo-iscrizione?scheda=pagamento');
    const dues = page.getByTestId('open-dues');
    await expect(
      dues.getByRole('cell', { name: String(THIS_YEAR - 1), exact: true }),
    ).toBeVisible();
    await expect(dues.getByRole('cell', { name: String(THIS_YEAR), exact: true })).toBeVisible();
    await expect(dues.getByTestId('dues-total')).toHaveText('160,00 €');
    // One panel for a signed-in member: their dues, not the general fee form as well.
    await expect(page.locator('.payment-panel')).toHaveCount(0);
    await expect(page.getByText('Seleziona la quota')).toHaveCount(0);
    await expect(page.getByTestId('dues-sign-in')).toHaveCount(0);
    // The bank transfer: the IBAN in groups of four, copied whole with "Copia".
    await expect(dues.getByTestId('bank-iban')).toHaveText(E2E_BANK_IBAN_SHOWN);
    await dues.getByRole('button', { name: 'Copia l’IBAN' }).click();
    await expect(dues.getByTestId('bank-transfer').getByRole('status').first()).toHaveText(
      'Copiato negli appunti.',
    );
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(E2E_BANK_IBAN);
    await expect(dues.getByTestId('bank-causale')).toContainText(
      `ANNI ${THIS_YEAR - 1} ${THIS_YEAR} CK`,
    );
    await expectAccessible(page);

    await dues.getByRole('button', { name: 'Paga tutte le quote con PayPal (160,00 €)' }).click();
    const recorded = page.waitForResponse('**/api/v1/Payment/RegistraPagamento');
    await dues.getByRole('button', { name: 'PayPal', exact: true }).click();
    await expect(page.getByTestId('toast')).toHaveText(PAYMENT_MESSAGES.success);
    expect((await recorded).status()).toBe(200);
    const orders = (await paypal.orders()) as {
      id: string;
      purchase_units: { amount: { value: string }; description: string }[];
    }[];
    expect(orders.at(-1)?.purchase_units[0]).toEqual({
      amount: { currency_code: 'EUR', value: '160.00' },
      description: `${THIS_YEAR - 1}+${THIS_YEAR} - Bruno ${lastName} - Quota Socio ordinario`,
    });

    // A confirmation that stays, with the focus on it: what was paid, then the receipt the
    // server numbers once PayPal's API confirms the capture (the stand-in on loopback).
    const confirmation = dues.getByTestId('payment-confirmation');
    await expect(confirmation).toBeFocused();
    await expect(
      confirmation.getByRole('heading', { name: PAYMENT_MESSAGES.success }),
    ).toBeVisible();
    await expect(confirmation).toContainText(
      `Quote ${THIS_YEAR - 1}, ${THIS_YEAR} – 160,00 € – ordine PayPal`,
    );
    const receiptNumber = confirmation.getByTestId('payment-receipt-number');
    await expect(receiptNumber).toHaveText(new RegExp(`^Ricevuta n\\. \\d+/${THIS_YEAR}$`), {
      timeout: 75_000,
    });
    // The toast has passed; the confirmation has not.
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await expect(confirmation).toBeVisible();
    await expect(dues.getByTestId('standing')).toHaveText('In regola');
    await expect(dues.getByText('Non hai quote da pagare.')).toBeVisible();
    await expectAccessible(page);

    const number = /(\d+\/\d{4})/.exec((await receiptNumber.textContent()) ?? '')?.[1] ?? '';
    const download = page.waitForEvent('download');
    await confirmation.getByRole('button', { name: 'Scarica la ricevuta (PDF)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`ricevuta-${number.replace('/', '-')}.pdf`);
    const text = await pdfText(new Uint8Array(await readFile(await file.path())));
    for (const line of [
      `Ricevuta n. ${number}`,
      `Ricevuto da: Bruno ${lastName}`,
      `Causale: quota associativa, anno ${THIS_YEAR - 1}, ${THIS_YEAR}`,
      'Metodo di pagamento: PayPal',
      'Importo: 160,00 €',
      "Quota associativa — operazione fuori campo IVA ai sensi dell'art. 4 DPR 633/72",
      // Above 77,47 € (ADR 030).
      'Imposta di bollo',
    ]) {
      expect(text).toContain(line);
    }

    // "Il mio profilo", where the confirmation links: both years paid, the same receipt.
    await confirmation
      .getByRole('link', { name: 'Tutte le tue ricevute in «Il mio profilo»' })
      .click();
    await expect(page).toHaveURL(/\/area-riservata-profilo$/);
    await expect(
      page
        .getByTestId('profile-receipts')
        .getByRole('button', { name: `Ricevuta n. ${number} (PDF)` }),
    ).toBeVisible();
    await expect(page.getByTestId('profile-standing')).toHaveText('In regola');
    const years = page.getByTestId('profile-years');
    for (const year of [THIS_YEAR - 1, THIS_YEAR]) {
      await expect(years.getByRole('row', { name: new RegExp(`^${year}`) })).toContainText(
        DUE_STATUS_LABELS.paid,
      );
    }
    // A member’s profile in good standing, with receipts: axe checks it in member-profile.spec.ts.
  });

  test.describe('decaduto', () => {
    // The reserved archive's refusal (403 socio-decaduto) that sends the browser away.
    test.use({ allowedConsoleErrors: [/status of 403/] });

    test('un socio con due anni non pagati è decaduto: l’area riservata lo manda alla pagina per tornare socio', async ({
      page,
      expectAccessible,
    }) => {
      const seed = Date.now() + 23;
      const lastName = `Decaduto${seed % 100_000}`;
      // Ratified two years ago and never paid: two consecutive missed years (ADR 024).
      await applyApproveAndSignIn(
        page,
        {
          firstName: 'Dario',
          lastName,
          email: `decaduto.${seed}@example.org`,
          codiceFiscale: codiceFiscaleFor(seed),
        },
        `${THIS_YEAR - 2}-01-15`,
      );

      await page.goto('/area-riservata-raccomandazioni');
      await expect(page).toHaveURL(new RegExp(`${LAPSED_PAGE.path}$`));
      await expect(page.getByRole('heading', { level: 1, name: LAPSED_PAGE.title })).toBeVisible();
      await expect(page.getByText(LAPSED_PAGE.payArrears)).toBeVisible();
      await expectAccessible(page);

      // Paying the arrears is one way back: the fee page's payment tab lists every open year.
      await page.getByRole('link', { name: 'Quote dei Soci' }).click();
      await expect(page).toHaveURL(/\/chi-siamo-iscrizione\?scheda=pagamento$/);
      const dues = page.getByTestId('open-dues');
      for (const year of [THIS_YEAR - 2, THIS_YEAR - 1, THIS_YEAR]) {
        await expect(dues.getByRole('cell', { name: String(year), exact: true })).toBeVisible();
      }
      await expect(dues.getByTestId('standing')).toHaveText('Decaduto');
    });
  });

  test.describe('promemoria', () => {
    // The ended session's refusal (401 from MyDues) that the panel turns into its message.
    test.use({ allowedConsoleErrors: [/status of 401/] });

    test('il link del promemoria senza sessione chiede di accedere e, dopo l’accesso, torna alle quote del socio', async ({
      page,
      expectAccessible,
    }) => {
      const seed = Date.now() + 37;
      const lastName = `Promemoria${seed % 100_000}`;
      const email = `promemoria.${seed}@example.org`;
      await applyApproveAndSignIn(
        page,
        { firstName: 'Paola', lastName, email, codiceFiscale: codiceFiscaleFor(seed) },
        `${THIS_YEAR}-01-10`,
      );
      // The link of every dues reminder (DUES_PAYMENT_PATH, ADR 030).
      const reminderLink = '/chi-siamo-iscrizione?scheda=pagamento';

      // A session the server ended (signed out elsewhere): the tab still holds its token.
      const token = await page.evaluate(() => sessionStorage.getItem('token'));
      expect(
        (
          await page.request.post('/api/v1/Account/Logout', {
            headers: { authorization: `Bearer ${token}` },
          })
        ).status(),
      ).toBeLessThan(300);
      await gotoHydrated(page, reminderLink);
      await expect(page.getByTestId('dues-sign-in')).toContainText(DUES_SIGN_IN.expired);
      await expect(page.getByTestId('open-dues')).toHaveCount(0);

      // The reminder opened from the mail in a new tab: no session at all.
      const tab = await page.context().newPage();
      await gotoHydrated(tab, reminderLink);
      const prompt = tab.getByTestId('dues-sign-in');
      await expect(prompt).toContainText(DUES_SIGN_IN.visitor);
      // Not signed in: the prompt, and the general fee form of the spec below it.
      await expect(tab.locator('.payment-panel')).toHaveCount(1);
      await expectAccessible(tab);
      await prompt.getByRole('link', { name: DUES_SIGN_IN.link }).click();
      await expect(tab).toHaveURL(/\/area-riservata\?ritorno=/);
      const form = tab.getByTestId('login-form');
      await form.getByLabel('Username (e-mail)').fill(email);
      await form.getByLabel('Password').fill(NEW_MEMBER_PASSWORD);
      await form.getByRole('button', { name: 'LOGIN' }).click();
      await expect(tab).toHaveURL(/\/chi-siamo-iscrizione\?scheda=pagamento$/);
      const dues = tab.getByTestId('open-dues');
      await expect(dues.getByRole('cell', { name: String(THIS_YEAR), exact: true })).toBeVisible();
      await expect(tab.getByTestId('dues-sign-in')).toHaveCount(0);
      await expect(tab.getByTestId('dues-no-script')).toHaveCount(0);
      await expect(tab.locator('.payment-panel')).toHaveCount(0);

      // "Il mio profilo" leads back to the same tab while a year is unpaid.
      await gotoHydrated(tab, '/area-riservata-profilo');
      await tab.getByRole('link', { name: MEMBER_PROFILE_MESSAGES.payOpenYears }).click();
      await expect(tab).toHaveURL(/\/chi-siamo-iscrizione\?scheda=pagamento$/);
      await expect(dues.getByTestId('dues-total')).toBeVisible();
    });
  });

  test.describe('senza JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('l’accesso senza script torna alla pagina indicata, mai a un altro sito', async ({
      page,
    }) => {
      for (const [back, landing] of [
        ['/chi-siamo-iscrizione?scheda=pagamento', /\/chi-siamo-iscrizione\?scheda=pagamento$/],
        ['//altro.example/', /\/area-riservata-homepage$/],
      ] as const) {
        await page.context().clearCookies();
        await page.goto(`/area-riservata?ritorno=${encodeURIComponent(back)}`);
        const form = page.getByTestId('login-form');
        await form.getByLabel('Username (e-mail)').fill('socio.demo@example.org');
        await form.getByLabel('Password').fill(DEMO_PASSWORD);
        await form.getByRole('button', { name: 'LOGIN' }).click();
        await expect(page).toHaveURL(landing);
      }
      // The payment tab says what the member's dues need, rather than showing nothing.
      await page.goto('/chi-siamo-iscrizione?scheda=pagamento');
      await expect(page.getByTestId('dues-no-script')).toContainText(DUES_SIGN_IN.noScript);
      // The society's account stays readable (and selectable) as text.
      await expect(page.getByTestId('bank-transfer-no-script')).toContainText(E2E_BANK_IBAN_SHOWN);
    });
  });
});
