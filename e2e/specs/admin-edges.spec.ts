import { expect, gotoHydrated, test } from '../support/fixtures';
import { openAdmin } from '../support/admin';
import { openSignedIn } from '../support/session';
import { minimalPdf } from '../support/pdf';

const STAFF = 'segreteria.demo@example.org';

test.describe('i dettagli del back office', () => {
  // Sign-in with a slow hash, uploads of a few MB and axe on large screens in each test.
  test.describe.configure({ timeout: 120_000 });

  test('testo ricco: il pulsante Codice funziona e il collegamento si inserisce da una finestra in italiano, con https:// aggiunto a www.', async ({
    page,
    expectAccessible,
  }) => {
    const title = `Codice e collegamento ${Date.now()}`;
    await openSignedIn(page, STAFF, { landing: null });
    // The form's lists (categories) are held until the text is typed: what a loaded machine
    // does by chance, made certain. What is typed before they arrive must stay.
    let releaseLists: () => void = () => undefined;
    const listsHeld = new Promise<void>((resolve) => {
      releaseLists = resolve;
    });
    let listRequests = 0;
    await page.route('**/api/v1/Admin/NewsCategories**', async (route) => {
      listRequests += 1;
      await listsHeld;
      await route.continue();
    });
    await openAdmin(page, '/news/create');
    await expect.poll(() => listRequests).toBeGreaterThan(0);
    await page.getByRole('textbox', { name: 'Titolo' }).fill(title);
    const text = page.getByRole('textbox', { name: 'Testo' });
    await text.fill('npm test');
    const listsArrived = page.waitForResponse('**/api/v1/Admin/NewsCategories**');
    releaseLists();
    await listsArrived;
    await expect(page.getByRole('combobox', { name: 'Categorie' })).toBeEnabled();
    await expect(text).toHaveText('npm test');
    await expect(page.getByRole('textbox', { name: 'Titolo' })).toHaveValue(title);
    await text.press('Control+a');
    await page.getByRole('button', { name: 'Codice' }).click();
    await expect(text.locator('code')).toHaveText('npm test');

    // Back in the editor, ProseMirror puts its selection (the whole text) back on focus a moment
    // later: a key pressed before that lands on the whole text, and Enter then replaced it.
    await text.focus();
    await expect
      .poll(() => page.evaluate(() => document.getSelection()?.toString()))
      .toBe('npm test');
    await text.press('End');
    await expect.poll(() => page.evaluate(() => document.getSelection()?.isCollapsed)).toBe(true);
    await text.press('Enter');
    await text.pressSequentially('il sito');
    await text.press('Shift+Home');
    await page.getByRole('button', { name: 'Collegamento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Collegamento' });
    await expect(dialog).toBeVisible();
    const address = dialog.getByRole('textbox', { name: 'Indirizzo del collegamento' });
    await expect(address).toBeFocused();
    await expectAccessible(page);
    await address.fill('sito senza punto');
    await dialog.getByRole('button', { name: 'Inserisci' }).click();
    await expect(
      dialog.getByText('Indica un indirizzo web valido (http:// o https://).'),
    ).toBeVisible();
    await address.fill('www.sito-esempio.it');
    await dialog.getByRole('button', { name: 'Inserisci' }).click();
    await expect(dialog).toBeHidden();
    await expect(text.locator('a')).toHaveAttribute('href', 'https://www.sito-esempio.it');
    await expect(text.locator('a')).toHaveText('il sito');
    // Both paragraphs still in the editor when saving: a loss shows here, not only on the page.
    await expect(text.locator('code')).toHaveText('npm test');

    await page.getByRole('button', { name: 'Pubblica' }).click();
    await expect(page.getByText('Elemento creato')).toBeVisible();
    const href = await page.getByRole('link', { name: 'Vedi sul sito' }).getAttribute('href');
    await gotoHydrated(page, href ?? '/news');
    await expect(page.locator('article code, main code').first()).toHaveText('npm test');
    await expect(page.getByRole('link', { name: 'il sito' })).toHaveAttribute(
      'href',
      'https://www.sito-esempio.it',
    );
  });

  test('caricamenti: un PDF oltre il limite è segnalato con il limite, il salvataggio mostra l’avanzamento in percentuale', async ({
    page,
    expectAccessible,
  }) => {
    const title = `Allegato grande ${Date.now()}`;
    await openSignedIn(page, STAFF, { landing: null });
    await openAdmin(page, '/news/create');
    await page.getByRole('textbox', { name: 'Titolo' }).fill(title);
    await page.getByRole('textbox', { name: 'Testo' }).fill('Con allegato.');

    const input = page.getByLabel('Scegli i PDF da allegare');
    await input.setInputFiles({
      name: 'troppo-grande.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20),
    });
    await expect(page.getByRole('alert')).toContainText(
      '«troppo-grande.pdf» non è stato aggiunto. Il file supera i 10 MB consentiti.',
    );
    await expectAccessible(page);

    // A 5 MB PDF sent at 1 MB/s: the bar shows how far the save has gone.
    await input.setInputFiles({
      name: 'grande.pdf',
      mimeType: 'application/pdf',
      buffer: minimalPdf(`allegato ${'x'.repeat(5 * 1024 * 1024)}`),
    });
    await expect(page.getByText('grande.pdf')).toBeVisible();
    const network = await page.context().newCDPSession(page);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    // Every state the bar goes through, recorded in the page: the check does not depend on
    // catching the bar on screen at the right moment.
    await page.evaluate(() => {
      const seen: { label: string | null; value: string | null; text: string }[] = [];
      (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"][aria-label]');
        if (bar === null) return;
        seen.push({
          label: bar.getAttribute('aria-label'),
          value: bar.getAttribute('aria-valuenow'),
          text: bar.parentElement?.textContent ?? '',
        });
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.getByRole('button', { name: 'Pubblica' }).click();
    await expect(page).toHaveURL(/\/amministrazione\/news\/\d+$/, { timeout: 90_000 });
    await expect(page.getByRole('progressbar', { name: 'Caricamento dei file' })).toHaveCount(0);
    const seen = await page.evaluate(
      () =>
        (window as unknown as { progressSeen: { label: string; value: string; text: string }[] })
          .progressSeen,
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen.map((state) => state.label))).toEqual(new Set(['Caricamento dei file']));
    for (const state of seen) {
      expect(state.value).toMatch(/^\d{1,3}$/);
      expect(state.text).toBe(`${state.value}%`);
    }
    await expectAccessible(page);
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  });

  test('importa un CSV salvato da Excel in Windows-1252: nomi accentati giusti, ogni campo in anteprima, inviti a tutti i nuovi', async ({
    page,
    expectAccessible,
  }) => {
    const stamp = Date.now();
    const email = `niccolo.pera.${stamp}@example.org`;
    await openSignedIn(page, STAFF, { landing: null });
    await openAdmin(page, '/account/importa');
    await page.getByLabel('File CSV').setInputFiles({
      name: 'soci-excel.csv',
      mimeType: 'text/csv',
      // "Niccolò Perà" as Excel's "CSV delimitato" writes it: ò = 0xF2, à = 0xE0.
      buffer: Buffer.concat([
        Buffer.from(`email;nome;cognome;ruolo\r\n${email};Niccol`, 'latin1'),
        Buffer.from([0xf2]),
        Buffer.from(';Per', 'latin1'),
        Buffer.from([0xe0]),
        Buffer.from(';socio\r\n', 'latin1'),
      ]),
    });
    await page.getByRole('button', { name: 'Mostra l’anteprima' }).click();
    const report = page.getByRole('status').filter({ hasText: 'Anteprima' });
    await expect(report).toContainText('File letto come Windows-1252.');
    const row = report.getByRole('row').filter({ hasText: email });
    await expect(row.getByRole('cell')).toHaveText([
      '2',
      email,
      'Niccolò',
      'Perà',
      'socio',
      'Da creare',
    ]);
    await expect(report).not.toContainText('\uFFFD');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Applica l’importazione' }).click();
    const done = page.getByRole('status').filter({ hasText: 'eseguita' });
    await expect(done).toContainText('Creati (1)');
    await page.getByRole('button', { name: 'Invia l’invito a tutti i nuovi' }).click();
    await expect(done).toContainText('Invito inviato a 1 nuovi account.');
    await expectAccessible(page);
  });
});
