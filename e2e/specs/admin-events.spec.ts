import { expect, gotoHydrated, test } from '../support/fixtures';
import { openAdmin, romeDate, SCREEN_TIMEOUT } from '../support/admin';
import { openSignedIn } from '../support/session';

/**
 * Events (ADR 047): the secretariat creates and publishes an event in Rome time; it is at once
 * on `/eventi` and on its own page, server-rendered; the staff screens and the public pages pass
 * axe.
 */
test.describe('eventi', () => {
  test.describe.configure({ timeout: 120_000 });

  test('la segreteria crea e pubblica un evento, che compare su /eventi e nella sua pagina', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const title = `Corso di prova ${Date.now()}`;
    const day = romeDate(20);
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });

    await openAdmin(page, '/eventi');
    await expect(page.getByRole('table')).toBeVisible({ timeout: SCREEN_TIMEOUT });
    await expectAccessible(page);

    await openAdmin(page, '/eventi/create');
    const titleField = page.getByRole('textbox', { name: /^Titolo/ });
    await expect(titleField).toBeVisible({ timeout: SCREEN_TIMEOUT });
    await titleField.fill(title);
    await expect(titleField).toHaveValue(title);
    await page.getByLabel(/^Inizio \(ora di Roma\)/).fill(`${day}T09:30`);
    await page.getByLabel(/^Fine \(ora di Roma\)/).fill(`${day}T17:00`);
    await page.getByRole('textbox', { name: /^Luogo/ }).fill('Sala convegni');
    await page.getByRole('textbox', { name: /^Città/ }).fill('Firenze');
    await page.getByRole('switch', { name: 'Crediti ECM previsti' }).check();
    await page.getByRole('spinbutton', { name: /^Posti disponibili/ }).fill('40');
    // A registration type priced in euros (ADR 048), saved in cents.
    const types = page.getByRole('group', { name: 'Tipi di iscrizione e quote' });
    await types.getByRole('button', { name: 'Aggiungi un tipo di iscrizione' }).click();
    await types.getByRole('textbox', { name: /^Nome del tipo/ }).fill('Non socio');
    await types.getByRole('spinbutton', { name: /^Quota standard/ }).fill('120.50');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Pubblica' }).click();
    await expect(page.getByText('Elemento creato')).toBeVisible({ timeout: SCREEN_TIMEOUT });

    // A visitor, without the staff's session, sees it on the list and on its page.
    const visitor = await browser.newContext();
    const reader = await visitor.newPage();
    await reader.setViewportSize({ width: 375, height: 900 });
    await gotoHydrated(reader, '/eventi');
    const link = reader.getByRole('link', { name: title });
    await expect(link).toBeVisible();
    // /eventi at 375 px with its events: axe checks it in accessibility.spec.ts.
    await link.click();
    await expect(reader).toHaveURL(/\/eventi\/\d+-corso-di-prova-\d+$/);
    await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(reader.getByText('Sala convegni')).toBeVisible();
    await expect(reader.getByText('Crediti ECM previsti')).toBeVisible();
    await expect(reader.getByText('40 posti disponibili')).toBeVisible();
    await expect(reader.getByText(/dalle 09:30 alle 17:00/)).toBeVisible();
    const fees = reader.getByRole('table', { name: /quote di iscrizione/i });
    await expect(
      fees.getByRole('row', { name: /Non socio.*Aperta a tutti.*120,50 €/ }),
    ).toBeVisible();
    await expectAccessible(reader);
    await reader.setViewportSize({ width: 1280, height: 900 });
    await expectAccessible(reader);
    await visitor.close();
  });

  test('le pagine degli eventi si leggono senza JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const reader = await context.newPage();
    await reader.goto('/eventi');
    await expect(reader.getByRole('heading', { level: 1, name: 'Eventi' })).toBeVisible();
    await expect(reader.getByRole('heading', { name: 'Prossimi eventi' })).toBeVisible();
    const congress = reader.getByRole('link', { name: /^Congresso nazionale/ });
    await expect(congress).toBeVisible();
    await congress.click();
    await expect(reader).toHaveURL(/\/eventi\/\d+-congresso-nazionale-/);
    await expect(reader.getByText('Crediti ECM previsti')).toBeVisible();
    // The fees are in the first HTML too (ADR 048).
    await expect(reader.getByRole('heading', { name: 'Quote di iscrizione' })).toBeVisible();
    await expect(reader.getByRole('rowheader', { name: /^Socio in regola/ })).toBeVisible();
    await context.close();
  });
});
