import { REGISTRATION_MESSAGES } from '@sodalis/contracts';
import { expect, gotoHydrated, test } from '../support/fixtures';
import { installPayPalStandIn } from '../support/paypal-stand-in';
import { DEMO_PASSWORD, openSignedIn } from '../support/session';

// Registering to an event with scripts (ADR 049): the two steps through the API with the tab's
// session, "Le mie iscrizioni" with the payment and the cancellation; axe on each new screen.
// The same pages without scripts are proven in apps/server/test/web/event-registration-pages.

test.describe('Iscrizione a un evento (ADR 049)', () => {
  // The refused first step answers 400, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  // The segreteria's account registers here: the other tests of this file open the form as the
  // Socio at the same time, and one live registration per person would show them it instead.
  test('ci si iscrive al congresso, la si ritrova in «Le mie iscrizioni», la si paga con PayPal e la si annulla', async ({
    page,
    expectAccessible,
  }) => {
    const paypal = await installPayPalStandIn(page);
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: '/eventi' });
    await page
      .getByRole('link', { name: /^Congresso nazionale/ })
      .first()
      .click();
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText('Congresso nazionale');
    await page.getByTestId('registration-call').getByRole('link', { name: 'Iscriviti' }).click();
    await expect(heading).toContainText('Iscrizione: Congresso nazionale');
    const registration = new URL(page.url()).pathname;
    const form = page.getByTestId('registration-form');
    await expect(form).toBeVisible();
    await expectAccessible(page);

    // Without a type the server refuses: the summary takes the focus and names the field.
    const next = form.getByRole('button', { name: 'Continua: riepilogo e quota' });
    await next.click();
    const errors = page.getByTestId('registration-errors');
    await expect(errors).toBeFocused();
    await expect(errors).toContainText(REGISTRATION_MESSAGES.typeRequired);
    await expect(page.locator('#iscrizione-typeId-errore')).toHaveText(
      REGISTRATION_MESSAGES.typeRequired,
    );
    await expectAccessible(page);

    await form.getByLabel(/^Giornaliera/).check();
    await form.getByLabel(/^Cena sociale/).check();
    // From the national lists (ADR 059): the discipline among the profession's.
    await form
      .getByLabel('Professione', { exact: true })
      .selectOption({ label: 'Medico chirurgo' });
    await form
      .getByLabel('Disciplina', { exact: true })
      .selectOption({ label: 'Medicina trasfusionale' });
    // The invoice's fields come with "Desidero la fattura".
    await expect(form.getByLabel('Denominazione')).toBeHidden();
    await form.getByLabel('Desidero la fattura').check();
    await form.getByLabel('Denominazione').fill('Ospedale di prova');
    await form.getByLabel('Partita IVA o codice fiscale').fill('01234567890');
    await form.getByLabel('PEC', { exact: true }).fill('fatture@pec.example.org');
    await next.click();

    const quote = page.getByTestId('registration-quote');
    await expect(quote.getByRole('heading', { name: 'Riepilogo dell’iscrizione' })).toBeFocused();
    await expect(quote).toContainText('Giornaliera (quota early bird)');
    await expect(page.getByTestId('registration-total')).toHaveText('180,00 €');
    await expectAccessible(page);
    await quote.getByRole('button', { name: 'Conferma iscrizione' }).click();

    const done = page.getByTestId('registration-done');
    await expect(done).toContainText('Iscrizione registrata: il posto è tenuto per te fino al');
    await done.getByRole('link', { name: 'Le mie iscrizioni' }).click();
    await expect(heading).toHaveText('Le mie iscrizioni');
    const card = page.getByTestId('my-registration').filter({ hasText: 'Congresso nazionale' });
    await expect(card.getByTestId('registration-state')).toHaveText('In attesa di pagamento');
    await expect(card.getByTestId('registration-amount')).toHaveText('Da pagare: 180,00 €');
    await expect(card.getByTestId('order-causale')).toHaveText(/^ISCRIZIONE \d+ CK \d+$/);
    // With scripts, PayPal's button beside the transfer.
    await expect(card.getByTestId('order-paypal-start')).toHaveText('Paga con PayPal (180,00 €)');
    await expectAccessible(page);

    // PayPal (the stand-in SDK and API): one order of the amount with the server's description,
    // reported to the registration; confirmed once the server has verified it with PayPal.
    await card.getByTestId('order-paypal-start').click();
    const reported = page.waitForResponse('**/api/v1/Events/Registrations/*/PayPal');
    await card.getByRole('button', { name: 'PayPal', exact: true }).click();
    expect((await reported).status()).toBe(200);
    await expect(page.getByTestId('registration-paid')).toContainText('Pagamento ricevuto');
    const orders = (await paypal.orders()) as {
      purchase_units: { amount: { value: string }; description: string }[];
    }[];
    expect(orders.at(-1)?.purchase_units[0]?.amount).toEqual({
      currency_code: 'EUR',
      value: '180.00',
    });
    expect(orders.at(-1)?.purchase_units[0]?.description).toMatch(
      /^Iscrizione \d+ - .+ - Congresso nazionale \w+ 2027$/,
    );
    await expect(async () => {
      await page.reload();
      await expect(card.getByTestId('registration-state')).toHaveText('Confermata', {
        timeout: 2_000,
      });
    }).toPass({ timeout: 30_000 });
    await expect(card.getByTestId('registration-payment')).toHaveCount(0);
    await expectAccessible(page);

    // The registration page again (the tab's session, read by the scripts): the registration,
    // not a second form.
    await gotoHydrated(page, registration);
    await expect(page.getByTestId('registration-current')).toContainText(
      'Sei già iscritto a questo evento',
    );
    await expect(page.getByTestId('registration-current')).toContainText('Confermata');
    await expect(page.getByTestId('registration-form')).toHaveCount(0);
    await page
      .getByTestId('registration-current')
      .getByRole('link', { name: 'Le mie iscrizioni' })
      .click();
    await expect(heading).toHaveText('Le mie iscrizioni');

    await card.getByRole('link', { name: 'Annulla iscrizione' }).click();
    const confirmation = card.getByTestId('cancel-confirmation');
    await expect(confirmation).toContainText('Vuoi davvero annullare l’iscrizione');
    await expectAccessible(page);
    await confirmation.getByRole('button', { name: 'Sì, annulla l’iscrizione' }).click();
    await expect(page.getByTestId('registration-change')).toHaveText(
      'La tua iscrizione è annullata.',
    );
    await expect(card.getByTestId('registration-state')).toHaveText('Annullata');
    await expect(card.getByRole('link', { name: 'Annulla iscrizione' })).toHaveCount(0);

    // The registration page opened as a document with the tab's session: the form after the
    // scripts read it, never the sign-in.
    await gotoHydrated(page, registration);
    await expect(page.getByTestId('registration-form')).toBeVisible();
    await expect(page.getByTestId('registration-sign-in')).toBeHidden();
  });

  test('chi non è entrato legge che deve accedere, e l’accesso riporta al modulo', async ({
    page,
    expectAccessible,
  }) => {
    await gotoHydrated(page, '/eventi');
    await page
      .getByRole('link', { name: /^Congresso nazionale/ })
      .first()
      .click();
    await page.getByTestId('registration-call').getByRole('link', { name: 'Iscriviti' }).click();
    const signIn = page.getByTestId('registration-sign-in');
    await expect(signIn).toContainText(REGISTRATION_MESSAGES.signInRequired);
    const path = new URL(page.url()).pathname;
    await expect(signIn.getByRole('link', { name: 'Accedi per iscriverti' })).toHaveAttribute(
      'href',
      `/area-riservata?ritorno=${encodeURIComponent(path)}`,
    );
    await expectAccessible(page);

    await signIn.getByRole('link', { name: 'Accedi per iscriverti' }).click();
    const login = page.getByTestId('login-form');
    await login.getByLabel('Username (e-mail)').fill('socio.demo@example.org');
    await login.getByLabel('Password').fill(DEMO_PASSWORD);
    await login.getByRole('button', { name: 'LOGIN' }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByTestId('registration-form')).toBeVisible();
  });

  test('senza JavaScript: accesso con ritorno al modulo, riepilogo, «Modifica» e «Le mie iscrizioni» senza attese', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const reader = await context.newPage();
    await reader.goto('/eventi');
    await reader
      .getByRole('link', { name: /^Congresso nazionale/ })
      .first()
      .click();
    await reader.getByRole('link', { name: 'Iscriviti' }).click();
    const path = new URL(reader.url()).pathname;
    await reader.getByRole('link', { name: 'Accedi per iscriverti' }).click();
    // The sign-in posted without scripts leaves a cookie session and comes back (ADR 022).
    const login = reader.getByTestId('login-form').first();
    await login.getByLabel('Username (e-mail)').fill('socio.demo@example.org');
    await login.getByLabel('Password').fill(DEMO_PASSWORD);
    await login.getByRole('button', { name: 'LOGIN' }).click();
    await expect(reader).toHaveURL(new RegExp(`${path}$`));
    const form = reader.getByTestId('registration-form');
    await form.getByLabel(/^Giornaliera/).check();
    // Without scripts every discipline is there, grouped by profession (ADR 059).
    await form
      .getByLabel('Professione', { exact: true })
      .selectOption({ label: 'Medico chirurgo' });
    await form
      .getByLabel('Disciplina (delle professioni sanitarie)')
      .selectOption({ label: 'Ematologia' });
    await form.getByRole('button', { name: 'Continua: riepilogo e quota' }).click();
    const quote = reader.getByTestId('registration-quote');
    await expect(quote).toContainText('Giornaliera (quota early bird)');
    await quote.getByRole('button', { name: 'Modifica' }).click();
    await expect(form.getByLabel('Professione', { exact: true })).toHaveValue('1');
    await expect(form.getByLabel('Disciplina (delle professioni sanitarie)')).toHaveValue('5');
    await expect(form.getByLabel(/^Giornaliera/)).toBeChecked();

    // "Le mie iscrizioni" is in the first HTML, with no loading state.
    await reader.goto('/area-riservata-iscrizioni');
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText('Le mie iscrizioni');
    await expect(reader.getByText('Caricamento in corso')).toHaveCount(0);
    await context.close();
  });
});
