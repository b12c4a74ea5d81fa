import { expect, gotoHydrated, test } from '../support/fixtures';
import { chooseOption, openAdmin, romeDate, SCREEN_TIMEOUT } from '../support/admin';
import { openSignedIn } from '../support/session';
import { minimalPdf } from '../support/pdf';

/** A small real PDF (the server parses every upload, ADR 027). */
const PDF = minimalPdf('notizia e2e');

test.describe('amministrazione', () => {
  // Several screens, sign-in with a slow hash and axe on large pages in each test.
  test.describe.configure({ timeout: 90_000 });

  test('la segreteria pubblica una notizia con un PDF e la vede subito su /news', async ({
    page,
    expectAccessible,
  }) => {
    const title = `Avviso di prova ${Date.now()}`;
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    await openAdmin(page, '');
    await expect(page.getByRole('heading', { name: 'Amministrazione del sito' })).toBeVisible();
    // The secretariat’s home: axe checks it in admin-backoffice.spec.ts, in its own test.

    await openAdmin(page, '/news');
    await expect(page.getByRole('table')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Crea' }).click();
    await expect(page).toHaveURL(/\/amministrazione\/news\/create$/);
    const text = page.getByRole('textbox', { name: 'Testo' });
    await expect(text).toBeVisible();
    await page.getByRole('textbox', { name: 'Titolo' }).fill(title);
    await text.fill('Il bando scade a fine mese.');
    await expect(page.getByRole('textbox', { name: 'Titolo' })).toHaveValue(title);
    await page.getByLabel('Scegli i PDF da allegare').setInputFiles({
      name: 'bando.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await expect(page.getByText('bando.pdf')).toBeVisible();
    const note = 'Nota interna: pubblicare anche su LinkedIn';
    await page.getByRole('textbox', { name: 'Note interne (non pubblicate)' }).fill(note);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Pubblica' }).click();
    await expect(page.getByText('Elemento creato')).toBeVisible();
    // The form stays, saying where the item stands and where to see it (ADR 023).
    await expect(page).toHaveURL(/\/amministrazione\/news\/\d+$/);
    await expect(page.getByTestId('publication-state')).toContainText('Pubblicata sul sito dal');
    await expect(page.getByRole('link', { name: 'Vedi sul sito' })).toHaveAttribute(
      'href',
      /^\/news\/\d+-avviso-di-prova-/,
    );

    await gotoHydrated(page, '/news');
    const item = page.getByRole('heading', { name: title });
    await expect(item).toBeVisible();
    await expect(page.getByText(note)).toHaveCount(0);
  });

  test('una notizia con data futura resta nascosta sul sito e risulta programmata', async ({
    page,
  }) => {
    const title = `Congresso programmato ${Date.now()}`;
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    await openAdmin(page, '/news/create');
    await expect(page.getByRole('textbox', { name: 'Testo' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Titolo' }).fill(title);
    await page.getByLabel('Data di pubblicazione').fill(romeDate(7));
    await page.getByLabel('Ora di pubblicazione (ora di Roma)').fill('09:00');
    await page.getByRole('button', { name: 'Programma' }).click();
    await expect(page.getByText('Elemento creato')).toBeVisible();
    const [year, month, day] = romeDate(7).split('-');
    await expect(page.getByTestId('publication-state')).toHaveText(
      `Programmata per il ${day}/${month}/${year} alle 09:00`,
    );

    await openAdmin(page, '/news');
    await page.getByPlaceholder('Cerca nel titolo').fill(title);
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Programmata');

    // The public search for its title finds nothing yet.
    await gotoHydrated(page, `/news?q=${encodeURIComponent(title)}`);
    await expect(page.getByText('Congresso programmato')).toHaveCount(0);
  });

  test('importa un CSV con una riga errata: anteprima, applicazione e registro', async ({
    page,
    expectAccessible,
  }) => {
    const email = `importato.${Date.now()}@example.org`;
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    await openAdmin(page, '/account');
    await expect(page.getByRole('table')).toBeVisible();
    // The account list: axe checks it, with a filter chosen, in admin-payments.spec.ts.
    await page.getByRole('link', { name: 'Importa CSV' }).click();
    await page.getByLabel('File CSV').setInputFiles({
      name: 'soci.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `email;nome;cognome;ruolo\n${email};Lia;Conti;socio\nsbagliata;Ugo;Neri;socio\n`,
      ),
    });
    await page.getByRole('button', { name: 'Mostra l’anteprima' }).click();
    const report = page.getByRole('status').filter({ hasText: 'Anteprima' });
    await expect(report).toContainText('Da creare (1)');
    await expect(report).toContainText(email);
    await expect(report).toContainText('Riga 3: e-mail "sbagliata" non valida');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Applica l’importazione' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'eseguita' })).toContainText(
      'Creati (1)',
    );

    await openAdmin(page, '/registro');
    await expect(
      page.getByRole('row').filter({ hasText: 'Importazione CSV: 1 creati' }).first(),
    ).toBeVisible();
    await expectAccessible(page);
  });

  test('modifica il testo della pagina Patrocini, vede l’anteprima e poi la pagina', async ({
    page,
    expectAccessible,
  }) => {
    const sentence = `Le richieste si inviano entro sessanta giorni (${Date.now()}).`;
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    await openAdmin(page, '/testi-pagine');
    await expect(page.getByRole('table')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('row').filter({ hasText: 'Patrocini: come richiederli' }).click();
    const text = page.getByRole('textbox', { name: 'Testo' });
    await expect(text).toBeVisible();
    await text.fill(sentence);
    await page.getByRole('button', { name: 'Mostra l’anteprima' }).click();
    await expect(page.getByRole('region', { name: 'Anteprima' })).toContainText(sentence);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Modifiche salvate')).toBeVisible();

    await gotoHydrated(page, '/patrocini');
    await expect(page.getByText(sentence)).toBeVisible();
  });

  test('gestisce una richiesta di patrocinio, esporta gli iscritti e apre la posta non consegnata', async ({
    page,
    expectAccessible,
  }) => {
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    await openAdmin(page, '/patrocini?filter=%7B%22status%22%3A%22received%22%7D');
    await expect(page.getByRole('table')).toBeVisible();
    await expectAccessible(page);
    const first = page.getByRole('row').nth(1);
    const eventTitle = (await first.getByRole('cell').nth(3).innerText()).trim();
    await first.click();
    await expect(page.getByRole('region', { name: 'Dati della richiesta' })).toBeVisible();
    await expectAccessible(page);
    const download = page.waitForEvent('download');
    await page
      .getByRole('button', { name: /^Scarica / })
      .first()
      .click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    await chooseOption(page, 'Stato', 'Approvata');
    await page.getByRole('button', { name: 'Salva lo stato' }).click();
    await expect(page.getByText('Modifiche salvate')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: eventTitle }).first();
    await openAdmin(page, '/patrocini?filter=%7B%22status%22%3A%22approved%22%7D');
    await expect(row).toContainText('segreteria.demo@example.org');

    await openAdmin(page, '/newsletter');
    await expect(page.getByRole('table')).toBeVisible();
    await expectAccessible(page);
    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Esporta CSV' }).click();
    expect((await csv).suggestedFilename()).toBe('iscritti-newsletter.csv');

    await openAdmin(page, '/posta-non-consegnata');
    await expect(
      page.getByText('Nessun messaggio da gestire: tutta la posta è stata consegnata.'),
    ).toBeVisible();
    await expectAccessible(page);

    await openAdmin(page, '/registro');
    await expect(page.getByRole('row').filter({ hasText: eventTitle }).first()).toContainText(
      'approvata',
    );
    await expect(page.getByRole('row').filter({ hasText: 'Esportati' }).first()).toBeVisible();
  });

  test('una nuova raccomandazione ha la data di oggi e una sola data di pubblicazione: «Pubblica» riesce subito', async ({
    page,
  }) => {
    const title = `Raccomandazione di oggi ${Date.now()}`;
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    await openAdmin(page, '/raccomandazioni/create');
    await expect(page.getByRole('textbox', { name: 'Titolo' })).toBeVisible({
      timeout: SCREEN_TIMEOUT,
    });
    // One publication date, today's; the schedule's moment is named as such.
    await expect(page.getByLabel(/data.*pubblicazione/i)).toHaveCount(1);
    await expect(page.getByLabel('Data di pubblicazione')).toHaveValue(romeDate(0));
    await page.getByRole('textbox', { name: 'Titolo' }).fill(title);
    await page.getByRole('button', { name: 'Pubblica' }).click();
    await expect(page.getByText('Elemento creato')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: title })).toContainText('Pubblicata');
  });

  test('aggiunge un documento di assemblea per gli Affiliati: l’Affiliato lo vede, il Socio no', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const title = `Assemblea per gli affiliati ${Date.now()}`;
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    await openAdmin(page, '/assemblee/create');
    await expect(page.getByRole('textbox', { name: 'Titolo' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Titolo' }).fill(title);
    await page.getByLabel('Data dell’assemblea').fill(romeDate(0));
    await chooseOption(page, 'Pubblico', 'Solo Affiliati');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'verbale.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Pubblica' }).click();
    await expect(page.getByText('Elemento creato')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: title })).toContainText('Solo Affiliati');
    await expectAccessible(page);

    for (const [account, visible] of [
      ['affiliato.demo@example.org', 1],
      ['socio.demo@example.org', 0],
    ] as const) {
      const context = await browser.newContext();
      const member = await context.newPage();
      await openSignedIn(member, account, { landing: null });
      // The list is drawn from this answer: wait for it before counting what it shows.
      const answered = member.waitForResponse((response) =>
        response.url().includes('/api/v1/ReservedArea/GetAssemblee'),
      );
      await gotoHydrated(member, '/area-riservata-assemblee');
      expect((await answered).status()).toBe(200);
      await expect(member.getByText(title)).toHaveCount(visible);
      await context.close();
    }
  });

  test('un socio non entra: il sito lo rimanda alla home e l’API risponde 403', async ({
    page,
  }) => {
    await openSignedIn(page, 'socio.demo@example.org', { landing: null });
    await gotoHydrated(page, '/amministrazione/news');
    await expect(page).toHaveURL(/\/$/);
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    const response = await page.request.get('/api/v1/Admin/News', {
      headers: { authorization: `Bearer ${token ?? ''}` },
    });
    expect(response.status()).toBe(403);
  });

  test('senza accesso /amministrazione porta alla pagina di login', async ({ page }) => {
    await gotoHydrated(page, '/amministrazione');
    await expect(page).toHaveURL(/\/area-riservata$/);
  });
});
