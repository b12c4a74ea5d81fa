import type { Locator, Page } from '@playwright/test';
import { expect, gotoHydrated, test } from '../support/fixtures';
import { adminApi, openAdmin, SCREEN_TIMEOUT } from '../support/admin';
import { openSignedIn } from '../support/session';

const STAFF = 'segreteria.demo@example.org';

/** "Annulla questa modifica" on the newest entry of a history, and the notice that follows. */
async function undoNewestChange(page: Page, history: Locator, notice: string) {
  await history
    .getByRole('listitem')
    .first()
    .getByRole('button', { name: 'Annulla questa modifica' })
    .click();
  await expect(page.getByText(`Modifica annullata: ${notice}`)).toBeVisible();
}

/**
 * Undo for the records without a published flag (ADR 031, amendment of 2026-11-24): a board
 * member goes to the bin and comes back, and the chi-siamo pages follow; a page text goes back
 * to its earlier version from its history; a category's rename is undone, then it goes to the
 * bin and is deleted for good.
 */
test.describe('cestino e versioni per il Consiglio Direttivo, le categorie e i testi delle pagine', () => {
  test.describe.configure({ timeout: 120_000 });

  test('sposta un componente del Consiglio nel cestino e lo ripristina; la pagina pubblica segue', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const name = `Componente di prova ${Date.now()}`;
    await openSignedIn(page, STAFF, { landing: null });
    const created = await adminApi(page, 'POST', '/BoardMembers', {
      name,
      role: 'Consigliere',
      sortOrder: 998,
    });
    const id = Number(created.id);

    const visitor = await browser.newContext();
    const reader = await visitor.newPage();
    const board = reader.getByTestId('board');
    await gotoHydrated(reader, '/chi-siamo-iscrizione');
    await expect(board.getByRole('heading', { name })).toBeVisible();

    // The form with its history beside it, then "Elimina" with the bin's words in the question.
    await openAdmin(page, `/consiglio-direttivo/${id}`);
    await expect(page.getByRole('textbox', { name: /^Nome e cognome/ })).toHaveValue(name, {
      timeout: SCREEN_TIMEOUT,
    });
    await expect(page.getByTestId('consiglio-direttivo-history')).toContainText(name);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Elimina' }).click();
    const question = page.getByRole('dialog');
    await expect(question).toContainText('Va nel cestino per 30 giorni');
    await question.getByRole('button', { name: 'Conferma' }).click();
    await expect(page).toHaveURL(/\/amministrazione\/consiglio-direttivo(\?[^/]*)?$/);

    await gotoHydrated(reader, '/chi-siamo-iscrizione');
    await expect(board.locator('.board-card').first()).toBeVisible();
    await expect(board.getByRole('heading', { name })).toHaveCount(0);

    await openAdmin(page, '/cestino');
    const bin = page.getByTestId('consiglio-direttivo-bin');
    await expect(bin.getByRole('row').filter({ hasText: name })).toBeVisible({
      timeout: SCREEN_TIMEOUT,
    });
    // The bin shows every kind’s rows on one screen: axe checks it once, with a row to restore
    // (admin-undo-contents.spec.ts).
    await bin.getByRole('button', { name: `Ripristina ${name}` }).click();
    await expect(
      page.getByText(`Componente del Consiglio Direttivo ripristinato: ${name}`),
    ).toBeVisible();
    await expect(bin.getByRole('row').filter({ hasText: name })).toHaveCount(0);

    await gotoHydrated(reader, '/chi-siamo-iscrizione');
    await expect(board.getByRole('heading', { name })).toBeVisible();
    await visitor.close();

    // The chi-siamo pages go back to the demo's board: binned, then deleted for good.
    await adminApi(page, 'DELETE', `/BoardMembers/${id}`);
    await adminApi(page, 'DELETE', `/BoardMembers/Bin/${id}`);
  });

  test('riporta un testo della pagina alla versione precedente dalla sua cronologia', async ({
    page,
    expectAccessible,
  }) => {
    const stamp = Date.now();
    const key = 'chisiamo-organizzazione-codiceetico';
    const right = `Codice etico, versione giusta ${stamp}.`;
    const wrong = `Codice etico, versione sbagliata ${stamp}.`;
    await openSignedIn(page, STAFF, { landing: null });
    const original = await adminApi(page, 'GET', `/SetupElements/${key}`);
    const keptAttachmentIds = (original.attachments as { id: number }[]).map((file) => file.id);
    const save = (text: string) =>
      adminApi(page, 'PUT', `/SetupElements/${key}`, {
        bodyHtml: `<p>${text}</p>`,
        keptAttachmentIds,
        newAttachments: [],
      });
    await save(right);
    await save(wrong);

    try {
      await openAdmin(page, `/testi-pagine/${key}`);
      const history = page.getByTestId('testi-pagine-history');
      await expect(history.getByRole('listitem').first()).toContainText('modificato', {
        timeout: SCREEN_TIMEOUT,
      });
      await expectAccessible(page);
      await undoNewestChange(page, history, 'il testo è tornato alla versione precedente.');

      const restored = await adminApi(page, 'GET', `/SetupElements/${key}`);
      expect(restored.bodyHtml).toBe(`<p>${right}</p>`);
      await gotoHydrated(page, String(original.pagePath));
      await expect(page.getByText(right)).toBeVisible();
      await expect(page.getByText(wrong)).toHaveCount(0);
    } finally {
      // The demo's text back for the other specs.
      await adminApi(page, 'PUT', `/SetupElements/${key}`, {
        bodyHtml: original.bodyHtml,
        keptAttachmentIds,
        newAttachments: [],
      });
    }
  });

  test('annulla il cambio di nome di una categoria, la sposta nel cestino e la elimina definitivamente', async ({
    page,
    expectAccessible,
  }) => {
    const stamp = Date.now();
    const first = `Categoria di prova ${stamp}`;
    const renamed = `Categoria rinominata ${stamp}`;
    await openSignedIn(page, STAFF, { landing: null });
    const created = await adminApi(page, 'POST', '/NewsCategories', { title: first });
    const id = Number(created.id);
    await adminApi(page, 'PUT', `/NewsCategories/${id}`, { title: renamed });

    await openAdmin(page, `/categorie/${id}`);
    const name = page.getByRole('textbox', { name: /^Nome/ });
    await expect(name).toHaveValue(renamed, { timeout: SCREEN_TIMEOUT });
    const history = page.getByTestId('categorie-history');
    await expect(history.getByRole('listitem').first()).toContainText('Categoria rinominata');
    await expectAccessible(page);
    await undoNewestChange(page, history, 'la categoria è tornata alla versione precedente.');
    await expect(name).toHaveValue(first);

    await page.getByRole('button', { name: 'Elimina' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click();
    await expect(page).toHaveURL(/\/amministrazione\/categorie(\?[^/]*)?$/);

    await openAdmin(page, '/cestino');
    const bin = page.getByTestId('categorie-bin');
    await expect(bin.getByRole('row').filter({ hasText: first })).toBeVisible({
      timeout: SCREEN_TIMEOUT,
    });
    await bin.getByRole('button', { name: `Elimina definitivamente ${first}` }).click();
    await expect(page.getByText(`Categoria eliminata definitivamente: ${first}`)).toBeVisible();
    await expect(bin.getByRole('row').filter({ hasText: first })).toHaveCount(0);
  });
});
