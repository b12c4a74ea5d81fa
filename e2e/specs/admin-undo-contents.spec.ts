import { expect, gotoHydrated, test } from '../support/fixtures';
import { openAdmin, romeDate, SCREEN_TIMEOUT } from '../support/admin';
import { openSignedIn } from '../support/session';

const STAFF = 'segreteria.demo@example.org';

/**
 * Undo for the contents other than news (ADR 031): a reserved-area document goes to the bin and
 * comes back, and two items of another kind are published together from their list.
 */
test.describe('cestino e azioni in blocco per i documenti dell’area riservata', () => {
  test.describe.configure({ timeout: 120_000 });

  test('sposta una raccomandazione nel cestino e la ripristina; il cestino è accessibile', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const stamp = Date.now();
    const title = `Raccomandazione da ripristinare ${stamp}`;
    await openSignedIn(page, STAFF, { landing: null });
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    const created = await page.request.post('/api/v1/Admin/Recommendations', {
      headers: { authorization: `Bearer ${token ?? ''}` },
      data: { title, publishedOn: romeDate(), audience: 'all', published: true },
    });
    expect(created.status(), await created.text()).toBe(200);
    const id = ((await created.json()) as { data: { id: number } }).data.id;

    // "Elimina" from its form, with the bin's words in the question.
    await openAdmin(page, `/raccomandazioni/${id}`);
    await expect(page.getByRole('textbox', { name: /^Titolo/ })).toHaveValue(title, {
      timeout: SCREEN_TIMEOUT,
    });
    await expect(page.getByTestId('publication-state')).toContainText('Pubblicata');
    await page.getByRole('button', { name: 'Elimina' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click();
    await expect(page).toHaveURL(/\/amministrazione\/raccomandazioni(\?[^/]*)?$/);

    // Off the members' list while in the bin.
    const socio = await browser.newContext();
    const member = await socio.newPage();
    await openSignedIn(member, 'socio.demo@example.org', { landing: null });
    await gotoHydrated(member, `/area-riservata-raccomandazioni?q=${stamp}`);
    await expect(member.getByText(title)).toHaveCount(0);

    await openAdmin(page, '/cestino');
    const bin = page.getByTestId('raccomandazioni-bin');
    await expect(bin.getByRole('row').filter({ hasText: title })).toBeVisible({
      timeout: SCREEN_TIMEOUT,
    });
    await expectAccessible(page);
    await bin.getByRole('button', { name: `Ripristina ${title}` }).click();
    await expect(page.getByText(`Raccomandazione ripristinata: ${title}`)).toBeVisible();
    await expect(bin.getByRole('row').filter({ hasText: title })).toHaveCount(0);

    await gotoHydrated(member, `/area-riservata-raccomandazioni?q=${stamp}`);
    await expect(member.getByText(title)).toBeVisible();
    await socio.close();
  });

  test('sposta un numero della rivista nel cestino e lo ripristina', async ({ page, browser }) => {
    const stamp = Date.now();
    // 2019 and a suffix: sorts below the real latest issue, so other tests see the same one.
    const title = `Il Servizio Trasfusionale - anno 2019, numero 8 cestino ${stamp}`;
    await openSignedIn(page, STAFF, { landing: null });
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    const created = await page.request.post('/api/v1/Admin/MagazineIssues', {
      headers: { authorization: `Bearer ${token ?? ''}` },
      data: { title, year: 2019, publishedOn: romeDate(), audience: 'all', published: true },
    });
    expect(created.status(), await created.text()).toBe(200);
    const id = ((await created.json()) as { data: { id: number } }).data.id;
    const issuePage = `/area-riservata-servizio-trasfusionale-singolo-numero?anno=2019&numero=${encodeURIComponent(title)}`;

    await openAdmin(page, `/riviste/${id}`);
    await expect(page.getByRole('textbox', { name: /^Titolo/ })).toHaveValue(title, {
      timeout: SCREEN_TIMEOUT,
    });
    await expect(page.getByTestId('publication-state')).toContainText('Pubblicato');
    await page.getByRole('button', { name: 'Elimina' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click();
    await expect(page).toHaveURL(/\/amministrazione\/riviste(\?[^/]*)?$/);

    // Off the members' issue page while in the bin.
    const socio = await browser.newContext();
    const member = await socio.newPage();
    await openSignedIn(member, 'socio.demo@example.org', { landing: null });
    // The page still names the issue asked for, but has nothing of it: no PDF, no articles.
    await gotoHydrated(member, issuePage);
    await expect(member.getByTestId('magazine-issue')).toHaveCount(0);

    await openAdmin(page, '/cestino');
    const bin = page.getByTestId('riviste-bin');
    await expect(bin.getByRole('row').filter({ hasText: title })).toBeVisible({
      timeout: SCREEN_TIMEOUT,
    });
    await bin.getByRole('button', { name: `Ripristina ${title}` }).click();
    await expect(page.getByText(`Numero della rivista ripristinato: ${title}`)).toBeVisible();
    await expect(bin.getByRole('row').filter({ hasText: title })).toHaveCount(0);

    await gotoHydrated(member, issuePage);
    await expect(member.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(member.getByTestId('magazine-issue')).toBeVisible();
    await socio.close();
  });

  test('seleziona due articoli della rassegna stampa in bozza e li pubblica insieme', async ({
    page,
    expectAccessible,
  }) => {
    const stamp = Date.now();
    const headlines = [`Rassegna uno ${stamp}`, `Rassegna due ${stamp}`] as const;
    await openSignedIn(page, STAFF, { landing: null });
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    for (const headline of headlines) {
      const response = await page.request.post('/api/v1/Admin/PressReviews', {
        headers: { authorization: `Bearer ${token ?? ''}` },
        data: {
          headline,
          newspaper: 'Il Giornale di prova',
          publishedOn: romeDate(),
          url: 'https://www.example.org/rassegna',
          audience: 'all',
          published: false,
        },
      });
      expect(response.status(), await response.text()).toBe(200);
    }

    await openAdmin(page, '/rassegna-stampa');
    // Waits for the filtered list (react-admin's search debounce), as a person waits for it.
    const filtered = page.waitForResponse((answer) => answer.url().includes(`q=${stamp}`));
    await page.getByPlaceholder('Cerca nel titolo').fill(`${stamp}`);
    await filtered;
    const rows = page.getByRole('row').filter({ hasText: `${stamp}` });
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'Bozza' })).toHaveCount(2);

    for (const headline of headlines)
      await page.getByRole('checkbox', { name: `Seleziona ${headline}` }).check();
    await expect(page.getByText('2 elementi selezionati')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Pubblica', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Pubblica' }).click();
    await expect(page.getByText('2 documenti pubblicati')).toBeVisible();
    await expect(rows.filter({ hasText: 'Pubblicato' })).toHaveCount(2);
  });
});
