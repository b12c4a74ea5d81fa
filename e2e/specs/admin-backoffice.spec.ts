import { expect, gotoHydrated, test } from '../support/fixtures';
import { openAdmin } from '../support/admin';
import { DEMO_PASSWORD, submitLogin } from '../support/session';

const STAFF = 'segreteria.demo@example.org';

test.describe('il lavoro della segreteria non va perso', () => {
  test.describe.configure({ timeout: 120_000 });
  // The expired session is refused on purpose: the browser logs the 401 before the dialog.
  test.use({ allowedConsoleErrors: [/status of 401/] });

  test('la sessione scade durante la modifica: accede di nuovo nel riquadro e il salvataggio va a buon fine; la seconda scheda è già dentro', async ({
    page,
    expectAccessible,
  }) => {
    const title = `Avviso mai perso ${Date.now()}`;
    await submitLogin(page, STAFF);
    // Staff land in the back office (ADR 023).
    await expect(page).toHaveURL(/\/amministrazione$/, { timeout: 20_000 });

    await openAdmin(page, '/news/create');
    await page.getByRole('textbox', { name: 'Titolo' }).fill(title);
    await page.getByRole('textbox', { name: 'Testo' }).fill('Un testo lungo scritto con cura.');
    await expect(page.getByRole('textbox', { name: 'Titolo' })).toHaveValue(title);

    // The session ends while the form is open (the server no longer accepts the token).
    await page.evaluate(() => sessionStorage.setItem('token', 'sessione-scaduta'));
    await page.getByRole('button', { name: 'Salva' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Sessione scaduta: accedi di nuovo' });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page);
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(STAFF);
    await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Accedi e continua' }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(page.getByText('Elemento creato')).toBeVisible();
    await expect(page.getByRole('cell', { name: title })).toBeVisible();

    // A second tab of the same browser opens the back office without signing in.
    const second = await page.context().newPage();
    try {
      await openAdmin(second, '/news');
      await expect(second.getByRole('cell', { name: title })).toBeVisible();
    } finally {
      await second.close();
    }
  });

  test('lasciare un modulo modificato chiede conferma; il testo resta come bozza locale e si ripristina', async ({
    page,
    expectAccessible,
  }) => {
    const title = `Bozza locale ${Date.now()}`;
    await submitLogin(page, STAFF);
    await expect(page).toHaveURL(/\/amministrazione$/, { timeout: 20_000 });
    await openAdmin(page, '/news/create');
    await page.getByRole('textbox', { name: 'Titolo' }).fill(title);
    await page.getByRole('textbox', { name: 'Testo' }).fill('Il testo che non deve andare perso.');

    // Leaving asks first; "Annulla" keeps the form as it is.
    const questions: string[] = [];
    page.once('dialog', (question) => {
      questions.push(question.message());
      void question.dismiss();
    });
    await page.getByRole('menuitem', { name: 'Categorie' }).click();
    await expect
      .poll(() => questions)
      .toEqual(['Alcune modifiche non sono state salvate. Vuoi davvero abbandonarle?']);
    await expect(page).toHaveURL(/\/amministrazione\/news\/create$/);
    await expect(page.getByRole('textbox', { name: 'Titolo' })).toHaveValue(title);

    // The tab closes (here: reloads) without saving; the form offers the local draft back.
    page.on('dialog', (question) => void question.accept());
    await page.waitForTimeout(600);
    await gotoHydrated(page, '/amministrazione/news/create');
    const offer = page.getByRole('status').filter({ hasText: 'bozza di questo modulo' });
    await expect(offer).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page);
    await offer.getByRole('button', { name: 'Ripristina la bozza' }).click();
    await expect(page.getByRole('textbox', { name: 'Titolo' })).toHaveValue(title);
    await expect(page.getByRole('textbox', { name: 'Testo' })).toContainText(
      'Il testo che non deve andare perso.',
    );
    await page.getByRole('button', { name: 'Salva' }).first().click();
    await expect(page.getByText('Elemento creato')).toBeVisible();
    // Saved: the draft is gone.
    await openAdmin(page, '/news/create');
    await expect(page.getByRole('textbox', { name: 'Titolo' })).toBeVisible();
    await expect(page.getByText('bozza di questo modulo')).toHaveCount(0);
  });
});
