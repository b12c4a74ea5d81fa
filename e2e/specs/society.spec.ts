import { expect, gotoHydrated, test } from '../support/fixtures';

test.describe('le pagine della società', () => {
  test('/chi-siamo ha le schede delle sotto-pagine e il pulsante MODULO ABBONAMENTO', async ({
    page,
  }) => {
    await gotoHydrated(page, '/chi-siamo');
    const cards = page.getByTestId('about-cards').getByRole('link');
    const hrefs = await cards.evaluateAll((links) =>
      links.map((link) => link.getAttribute('href')),
    );
    expect(hrefs).toEqual([
      '/chi-siamo-simti',
      '/chi-siamo-iscrizione',
      '/chi-siamo-affiliati',
      '/chi-siamo-sostenitori',
      '/area-riservata-servizio-trasfusionale',
    ]);
    await expect(page.getByTestId('subscription-form')).toHaveText('MODULO ABBONAMENTO');
  });

  test('/chi-siamo-simti ha le cinque schede con testo, PDF e anteprima, e l’albo dei 14 presidenti', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, '/chi-siamo-simti');
    for (const label of [
      'La Storia',
      'Organigramma',
      'Codice Etico',
      'Bilancio',
      'Statuto e Regolamento',
    ]) {
      await page
        .getByRole('navigation', { name: 'Sezioni della pagina' })
        .getByRole('link', { name: label })
        .click();
      const panel = page.getByTestId('tab-panel');
      await expect(panel.getByRole('heading', { level: 2 })).toHaveText(label);
      await expect(panel.locator('.rich-text')).not.toBeEmpty();
      const download = panel.getByTestId('setup-download');
      await expect(download).toHaveAttribute(
        'href',
        /DownloadPublicDoc\?serverRelativeUrl=.+&download=1$/,
      );
      const pdf = await page.request.get((await download.getAttribute('href')) ?? '');
      expect(pdf.status()).toBe(200);
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
      await expect(panel.getByTestId('pdf-preview')).toBeVisible();
    }
    await expect(page.getByTestId('past-presidents').locator('tbody tr')).toHaveCount(14);
    const share = page.getByTestId('share-bar');
    await expect(share.locator('[data-share="facebook"]')).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(page.url())}`,
    );
    await expect(share.locator('[data-share="x"]')).toHaveAttribute('target', '_blank');
    await page.getByRole('link', { name: /Torna a Chi siamo/ }).click();
    await expect(page).toHaveURL(/\/chi-siamo$/);
  });

  test('l’anteprima PDF non compare sotto i 768 px', async ({ page }) => {
    await page.setViewportSize({ width: 700, height: 900 });
    await gotoHydrated(page, '/chi-siamo-simti?scheda=statuto');
    await expect(page.getByTestId('setup-download')).toBeVisible();
    await expect(page.getByTestId('pdf-preview')).toBeHidden();
  });

  test('un’altra sigla non è una pagina della società', async ({ page }) => {
    const response = await page.goto('/chi-siamo-altro');
    expect(response?.status()).toBe(404);
  });

  test('/chi-siamo-iscrizione ha le quattro schede e il Consiglio Direttivo con il CV scaricabile', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await gotoHydrated(page, '/chi-siamo-iscrizione');
    const tabs = page.getByRole('navigation', { name: 'Sezioni della pagina' }).getByRole('link');
    await expect(tabs).toHaveText(['Iscrizione', 'Pagamento', 'Richiesta', 'Cariche Sociali']);
    await tabs.filter({ hasText: 'Richiesta' }).click();
    await expect(page.getByTestId('setup-download')).toContainText('Scarica il Modulo');
    const board = page.getByTestId('board');
    await expect(board.locator('.board-card')).toHaveCount(9);
    await expect(board.locator('img').first()).toHaveAttribute('src', /^data:image\/png;base64,/);
    const download = page.waitForEvent('download');
    await board
      .getByRole('button', { name: /Scarica il CV/ })
      .first()
      .click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  });

  test('/chi-siamo-affiliati mostra la scheda Richiesta con il modulo', async ({ page }) => {
    await gotoHydrated(page, '/chi-siamo-affiliati?scheda=richiesta');
    await expect(page.getByTestId('tab-panel').getByRole('heading', { level: 2 })).toHaveText(
      'Richiesta',
    );
    await expect(page.getByTestId('setup-download')).toContainText('Scarica il Modulo');
    await expect(page.getByTestId('board').locator('.board-card')).toHaveCount(9);
  });

  test('/chi-siamo-sostenitori ha Contributo, i due sostenitori e le notizie in evidenza', async ({
    page,
  }) => {
    await gotoHydrated(page, '/chi-siamo-sostenitori');
    await expect(page.getByRole('navigation', { name: 'Percorso' })).toContainText('Sostenitori');
    await expect(page.getByTestId('tab-panel').getByRole('heading', { level: 2 })).toHaveText(
      'Contributo',
    );
    await page
      .getByRole('navigation', { name: 'Sezioni della pagina' })
      .getByRole('link', { name: 'Sostenitori' })
      .click();
    const companies = page.getByTestId('supporters').locator('.card');
    await expect(companies).toHaveCount(2);
    await expect(companies.first()).toContainText('Tel.');
    await expect(page.getByTestId('featured-news')).toBeVisible();
  });

  test('/contatti, /dati-legali e /cookie mostrano i loro dati', async ({ page }) => {
    await gotoHydrated(page, '/contatti');
    await expect(page.getByTestId('contacts-table').locator('tbody tr')).toHaveCount(4);
    await expect(page.locator('address')).not.toBeEmpty();
    await gotoHydrated(page, '/dati-legali');
    await expect(page.getByTestId('legal-table').locator('tr')).toHaveCount(5);
    await expect(page.getByTestId('legal-table')).toContainText('Partita IVA');
    await gotoHydrated(page, '/cookie');
    await expect(page.getByText('Aggiornata al 23.09.2024')).toBeVisible();
    await expect(page.locator('.rich-text')).toContainText('cookie tecnici');
    await expect(page.locator('.rich-text')).toContainText('affinità');
  });
});
