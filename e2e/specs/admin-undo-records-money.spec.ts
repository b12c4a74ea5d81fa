import { expect, test } from '../support/fixtures';
import { adminApi, fillAdminField, openAdmin, romeDate, SCREEN_TIMEOUT } from '../support/admin';
import { openSignedIn } from '../support/session';

const STAFF = 'segreteria.demo@example.org';

/**
 * Undo for the records without a published flag (ADR 031): a "Società trasparente" publication
 * goes to the bin and comes back, the public page following it; a fee's edit is undone from its
 * history.
 */
test.describe('cestino e versioni di Società trasparente e delle quote', () => {
  test.describe.configure({ timeout: 120_000 });

  test('sposta una pubblicazione nel cestino e la ripristina; la pagina pubblica la segue', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const title = `Codice etico da ripristinare ${Date.now()}`;
    await openSignedIn(page, STAFF, { landing: null });
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    const created = await page.request.post('/api/v1/Admin/TransparencyPublications', {
      headers: { authorization: `Bearer ${token ?? ''}` },
      data: { type: 'codice-etico', title, publishedOn: romeDate(), newAttachments: [] },
    });
    expect(created.status(), await created.text()).toBe(200);
    const id = ((await created.json()) as { data: { id: number } }).data.id;

    // A reader without JavaScript: the page is rendered on the server.
    const readers = await browser.newContext({ javaScriptEnabled: false });
    const reader = await readers.newPage();
    await reader.goto('/trasparenza');
    await expect(reader.getByText(title)).toBeVisible();

    await openAdmin(page, `/trasparenza/${id}`);
    await expect(page.getByRole('textbox', { name: /^Titolo/ })).toHaveValue(title, {
      timeout: SCREEN_TIMEOUT,
    });
    await expect(page.getByTestId('record-history')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Elimina' }).click();
    await expect(page.getByRole('dialog')).toContainText('nel cestino per 30 giorni');
    await page.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click();
    await expect(page).toHaveURL(/\/amministrazione\/trasparenza(\?[^/]*)?$/);

    await reader.goto('/trasparenza');
    await expect(reader.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(reader.getByText(title)).toHaveCount(0);

    // The list's way to the bin, where the publication waits with the other contents.
    await page.getByRole('link', { name: 'Cestino' }).click();
    const bin = page.getByTestId('trasparenza-bin');
    await expect(bin.getByRole('row').filter({ hasText: title })).toBeVisible({
      timeout: SCREEN_TIMEOUT,
    });
    // The bin shows every kind’s rows on one screen: axe checks it once, with a row to restore
    // (admin-undo-contents.spec.ts).
    await bin.getByRole('button', { name: `Ripristina ${title}` }).click();
    await expect(page.getByText(`Pubblicazione ripristinata: ${title}`)).toBeVisible();
    await expect(bin.getByRole('row').filter({ hasText: title })).toHaveCount(0);

    await reader.goto('/trasparenza');
    await expect(reader.getByText(title)).toBeVisible();
    await readers.close();
  });

  test('annulla la modifica di una quota dalla sua cronologia', async ({
    page,
    expectAccessible,
  }) => {
    const title = `Quota sostenitore ${Date.now()}`;
    const renamed = `${title} rinominata`;
    await openSignedIn(page, STAFF, { landing: null });
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    // Not offered on the site: the other tests' fees and amounts stay as they are.
    const created = await page.request.post('/api/v1/Admin/Fees', {
      headers: { authorization: `Bearer ${token ?? ''}` },
      data: { title, amount: '150', access: 'Affiliato', sortOrder: 90, active: false },
    });
    expect(created.status(), await created.text()).toBe(200);
    const id = ((await created.json()) as { data: { id: number } }).data.id;

    await openAdmin(page, `/quote/${id}`);
    const titleField = page.getByRole('textbox', { name: /^Nome della quota/ });
    await expect(titleField).toHaveValue(title, { timeout: SCREEN_TIMEOUT });
    await fillAdminField(page, 'textbox', 'Nome della quota', renamed);
    await fillAdminField(page, 'textbox', 'Importo in euro', '175');
    await page.getByRole('button', { name: 'Salva' }).click();
    // Saved: back to the list, without asking whether to abandon what was just saved.
    await expect(page.getByText('Modifiche salvate')).toBeVisible();
    await expect(page).toHaveURL(/\/amministrazione\/quote$/);
    await openAdmin(page, `/quote/${id}`);
    const history = page.getByTestId('record-history');
    // The creation and the edit; only the edit can be undone.
    await expect(history.getByRole('listitem')).toHaveCount(2, { timeout: 15_000 });
    await expect(history.getByRole('button', { name: 'Annulla questa modifica' })).toHaveCount(1);
    await expectAccessible(page);
    await history.getByRole('button', { name: 'Annulla questa modifica' }).click();
    await expect(page.getByText('Modifica annullata')).toBeVisible();
    await expect(titleField).toHaveValue(title);
    await expect(page.getByRole('textbox', { name: /^Importo in euro/ })).toHaveValue('150.00');
    expect(await adminApi(page, 'GET', `/Fees/${id}`)).toMatchObject({ title, amount: '150.00' });
  });
});
