import { EVENT_ACCOUNT_MESSAGES } from '@sodalis/contracts';
import { expect, gotoHydrated, test } from '../support/fixtures';
import { waitForMail } from '../support/mail';
import { codiceFiscaleFor, codiceFiscaleWithWrongCheck } from '../support/membership';

// A person who is not a member registers to the congress with an account of their own (ADR 055):
// from the registration page to the account's form, the e-mail's link that confirms the address
// by choosing a password, back to the registration with their facts prefilled. Without scripts
// the same pages are proven in apps/server/test/web/event-account-pages.

test.describe('Account per gli eventi di chi non è socio (ADR 055)', () => {
  // The refused form answers 400, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test('chi non è socio crea l’account, lo conferma dall’e-mail e si iscrive al congresso', async ({
    page,
    expectAccessible,
  }) => {
    const seed = Date.now() % 1_000_000;
    const email = `elena.${seed.toString(36)}@example.org`;
    const fiscalCode = codiceFiscaleFor(seed);

    await gotoHydrated(page, '/eventi');
    await page
      .getByRole('link', { name: /^Congresso nazionale/ })
      .first()
      .click();
    await page.getByTestId('registration-call').getByRole('link', { name: 'Iscriviti' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Iscrizione:');
    const registration = new URL(page.url()).pathname;
    await page.getByRole('link', { name: 'Crea il tuo account per gli eventi' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      EVENT_ACCOUNT_MESSAGES.heading,
    );
    await expectAccessible(page);

    const form = page.getByTestId('event-account-form');
    await form.getByLabel('Nome (obbligatorio)', { exact: true }).fill('Elena');
    await form.getByLabel('Cognome (obbligatorio)', { exact: true }).fill('Sartori');
    await form.getByLabel('E-mail (obbligatorio)', { exact: true }).fill(email);
    await form
      .getByLabel('Codice fiscale (obbligatorio)', { exact: true })
      .fill(codiceFiscaleWithWrongCheck(seed));
    // From the national lists (ADR 059): the profession's only discipline comes with it.
    await form
      .getByLabel('Professione (obbligatorio)', { exact: true })
      .selectOption({ label: 'Infermiere' });
    await expect(form.getByLabel('Disciplina', { exact: true })).toHaveValue('85');
    await form.getByLabel('Condizione lavorativa').selectOption({ label: 'Dipendente' });
    await form.getByLabel('Ente di appartenenza').fill('Ospedale di Treviso');
    await form.getByRole('button', { name: 'Crea l’account' }).click();
    // Refused: the summary takes the focus and the field says why; what was typed stays.
    const errors = page.getByTestId('event-account-errors');
    await expect(errors).toBeFocused();
    await expect(errors).toContainText(EVENT_ACCOUNT_MESSAGES.badCodiceFiscale);
    await expect(errors).toContainText(EVENT_ACCOUNT_MESSAGES.privacyRequired);
    await expect(form.getByLabel('E-mail (obbligatorio)', { exact: true })).toHaveValue(email);
    await expectAccessible(page);

    await form.getByLabel('Codice fiscale (obbligatorio)', { exact: true }).fill(fiscalCode);
    await form.getByLabel(/^Acconsento al trattamento/).check();
    await form.getByRole('button', { name: 'Crea l’account' }).click();
    await expect(page.getByTestId('event-account-sent')).toHaveText(
      EVENT_ACCOUNT_MESSAGES.sent(email),
    );

    const mail = await waitForMail(`username=${encodeURIComponent(email)}`);
    expect(mail).toContain('Per confermare l');
    const link =
      /https?:\/\/[^/\s]+(\/area-riservata-resetpwd\?token=[A-Za-z0-9_-]+&username=[^\s&]+&ritorno=[^\s]+)/.exec(
        mail,
      )?.[1] ?? '';
    expect(link).not.toBe('');
    await gotoHydrated(page, link);
    const reset = page.getByTestId('reset-form');
    await reset.getByPlaceholder('Inserisci una nuova password').fill('Plasma-e-piastrine-2026');
    await reset.getByPlaceholder('Conferma password').fill('Plasma-e-piastrine-2026');
    await reset.getByRole('button', { name: 'RICHIEDI' }).click();

    // Signed in at once, back on the registration page, the account's facts in the form.
    await expect(page).toHaveURL(new RegExp(`${registration}$`));
    const registrationForm = page.getByTestId('registration-form');
    await expect(registrationForm).toBeVisible();
    await expect(page.getByText('Ti iscrivi come')).toContainText('Elena Sartori');
    await expect(registrationForm.getByLabel('Codice fiscale', { exact: true })).toHaveValue(
      fiscalCode,
    );
    await expect(registrationForm.getByLabel('Professione', { exact: true })).toHaveValue('14');
    await expect(registrationForm.getByLabel('Disciplina', { exact: true })).toHaveValue('85');
    await expect(registrationForm.getByLabel('Condizione lavorativa')).toHaveValue('dipendente');
    // A members' type is not theirs: the server says so beside the field.
    await registrationForm.getByLabel(/^Socio in regola/).check();
    const next = registrationForm.getByRole('button', { name: 'Continua: riepilogo e quota' });
    await next.click();
    await expect(page.getByTestId('registration-errors')).toContainText('è riservato ai');
    await registrationForm.getByLabel(/^Non socio/).check();
    await next.click();
    const quote = page.getByTestId('registration-quote');
    await expect(quote).toContainText('Non socio');
    await quote.getByRole('button', { name: 'Conferma iscrizione' }).click();
    await expect(page.getByTestId('registration-done')).toContainText('In attesa di pagamento');

    // Their home is «Le mie iscrizioni»; the reserved area's pages lead there.
    await gotoHydrated(page, '/area-riservata-homepage');
    await expect(page).toHaveURL(/\/area-riservata-iscrizioni$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Le mie iscrizioni');
    await expect(page.getByText(/Congresso nazionale/).first()).toBeVisible();
    // The account menu offers their registrations, not the reserved home.
    const menu = page.getByTestId('nav-account');
    await expect(menu.locator('a[href="/area-riservata-iscrizioni"]')).toHaveCount(1);
    await expect(menu.locator('a[href="/area-riservata-homepage"]')).toHaveCount(0);
  });
});
