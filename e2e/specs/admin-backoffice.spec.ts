import { expect, gotoHydrated, test } from '../support/fixtures';
import { openAdmin, romeDate, SCREEN_TIMEOUT } from '../support/admin';
import { waitForMail } from '../support/mail';
import { DEMO_PASSWORD, openSignedIn, submitLogin } from '../support/session';

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
    await page.getByRole('button', { name: 'Salva bozza' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sessione scaduta: accedi di nuovo' });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page);
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(STAFF);
    await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Accedi e continua' }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(page.getByText('Elemento creato')).toBeVisible();
    await expect(page.getByTestId('publication-state')).toHaveText(
      'Bozza: non è visibile sul sito.',
    );
    await expect(page.getByRole('textbox', { name: 'Titolo' })).toHaveValue(title);

    // A second tab of the same browser opens the back office without signing in.
    const second = await page.context().newPage();
    try {
      await openAdmin(second, '/news');
      await expect(second.getByRole('cell', { name: title, exact: true })).toBeVisible();
    } finally {
      await second.close();
    }
  });

  test('lasciare un modulo modificato chiede conferma; il testo resta come bozza locale e si ripristina', async ({
    page,
    expectAccessible,
  }) => {
    const title = `Bozza locale ${Date.now()}`;
    // Signing in through the screen, and where it leads staff, is the test above's.
    await openSignedIn(page, STAFF, { landing: null });
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
    await gotoHydrated(page, '/amministrazione/news/create');
    const offer = page.getByRole('status').filter({ hasText: 'bozza di questo modulo' });
    await expect(offer).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page);
    await offer.getByRole('button', { name: 'Ripristina la bozza' }).click();
    await expect(page.getByRole('textbox', { name: 'Titolo' })).toHaveValue(title);
    await expect(page.getByRole('textbox', { name: 'Testo' })).toContainText(
      'Il testo che non deve andare perso.',
    );
    await page.getByRole('button', { name: 'Salva bozza' }).click();
    await expect(page.getByText('Elemento creato')).toBeVisible();
    // Saved: the draft is gone.
    await openAdmin(page, '/news/create');
    await expect(page.getByRole('textbox', { name: 'Titolo' })).toBeVisible();
    await expect(page.getByText('bozza di questo modulo')).toHaveCount(0);
  });

  test('bozza, anteprima solo per la segreteria, pubblicazione e programmazione con l’ora', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const title = `Bando in anteprima ${Date.now()}`;
    await openSignedIn(page, STAFF, { landing: null });
    await openAdmin(page, '/news/create');
    await page.getByRole('textbox', { name: 'Titolo' }).fill(title);
    await page.getByRole('textbox', { name: 'Testo' }).fill('Il bando apre lunedì.');
    await page.getByRole('button', { name: 'Salva bozza' }).click();
    await expect(page.getByText('Elemento creato')).toBeVisible();
    const state = page.getByTestId('publication-state');
    await expect(state).toHaveText('Bozza: non è visibile sul sito.');
    await expectAccessible(page);
    const id = /\/news\/(\d+)$/.exec(page.url())?.[1] ?? '';
    expect(id).not.toBe('');

    // The preview opens in a new tab, which borrows the session of this one (ADR 023).
    const [preview] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'Apri l’anteprima' }).click(),
    ]);
    await expect(preview).toHaveURL(new RegExp(`/anteprima/news/${id}$`));
    const banner = preview.getByRole('note', { name: 'Anteprima' });
    await expect(banner).toBeVisible({ timeout: 20_000 });
    await expect(banner).toContainText('Bozza: non è visibile sul sito.');
    await expect(preview.getByRole('heading', { name: title })).toBeVisible();
    await expectAccessible(preview);
    await preview.close();

    // Nobody else sees it: a visitor is sent to sign in, and the public page does not exist.
    const visitor = await browser.newContext();
    try {
      const stranger = await visitor.newPage();
      await gotoHydrated(stranger, `/anteprima/news/${id}`);
      await expect(stranger).toHaveURL(/\/area-riservata$/);
      const publicPage = await stranger.request.get(`/news/${id}`);
      expect(publicPage.status()).toBe(404);
    } finally {
      await visitor.close();
    }

    // "Pubblica": on the site now, with the link to its page.
    await page.getByRole('button', { name: 'Pubblica' }).click();
    await expect(state).toContainText('Pubblicata sul sito dal');
    const onSite = page.getByRole('link', { name: 'Vedi sul sito' });
    await expect(onSite).toHaveAttribute('href', new RegExp(`^/news/${id}-`));

    // "Programma": tomorrow at 09:00 Rome time, off the site until then.
    await page.getByLabel('Data di pubblicazione').fill(romeDate(1));
    await page.getByLabel('Ora di pubblicazione (ora di Roma)').fill('09:00');
    await page.getByRole('button', { name: 'Programma' }).click();
    const [year, month, day] = romeDate(1).split('-');
    await expect(state).toHaveText(`Programmata per il ${day}/${month}/${year} alle 09:00`);
    await expect(page.getByRole('link', { name: 'Apri l’anteprima' })).toBeVisible();
    const hidden = await page.request.get(`/news/${id}`);
    expect(hidden.status()).toBe(404);
  });

  test('la home mostra cosa aspetta la segreteria, il menu in cinque gruppi e una ricerca in tutti gli elenchi', async ({
    page,
    expectAccessible,
  }) => {
    await openSignedIn(page, STAFF, { landing: null });
    await openAdmin(page, '');
    const pending = page.getByTestId('pending-work');
    const always = [
      'Richieste di patrocinio da gestire',
      'Pagamenti da controllare',
      'Pagamenti da rimborsare',
      'E-mail non consegnate',
      'Notizie programmate',
      'Domande di iscrizione da esaminare',
      'Bonifici da controllare',
      'Iscrizioni agli eventi da approvare',
      'Posti offerti dalla lista d’attesa, senza risposta',
      'Iscrizioni agli eventi in attesa di pagamento',
      'Fatture richieste dagli iscritti agli eventi, da emettere',
      'Rapporti ECM da inviare ad Age.Na.S.',
      'Documenti PDF non ricercabili',
    ];
    for (const label of always) {
      await expect(pending.getByRole('link', { name: label })).toBeVisible();
    }
    // Besides them: from June the yearly transparency publications due or late (ADR 026), at
    // most two, and each kind's scheduled items when other tests left some ("… programmati").
    const names = await pending.getByRole('link').allInnerTexts();
    const others = names.filter(
      (name) => !always.some((label) => name.includes(label)) && !/programmat[ei]/.test(name),
    );
    expect(names.length).toBeGreaterThanOrEqual(always.length);
    expect(others.length, others.join(' | ')).toBeLessThanOrEqual(2);
    await expect(
      page.getByTestId('latest-activity').or(page.getByText('Nessuna attività registrata.')),
    ).toBeVisible();
    for (const group of [
      'Contenuti',
      'Area riservata',
      'Soci e quote',
      'Comunicazioni',
      'Sistema',
    ]) {
      await expect(page.getByRole('group', { name: group })).toBeVisible();
    }
    await expect(
      page
        .getByRole('group', { name: 'Soci e quote' })
        .getByRole('menuitem', { name: 'Pagamenti' }),
    ).toBeVisible();
    await expectAccessible(page);

    // A count leads to its list, filtered.
    await pending.getByRole('link', { name: 'Richieste di patrocinio da gestire' }).click();
    await expect(page).toHaveURL(/\/amministrazione\/patrocini\?filter=/);

    // One search box across every list.
    await openAdmin(page, '');
    await page.getByRole('searchbox', { name: 'Cerca in tutti gli elenchi' }).fill('socio.demo');
    await page.getByRole('button', { name: 'Cerca', exact: true }).click();
    await expect(page).toHaveURL(/\/amministrazione\/cerca\?q=socio.demo$/);
    const results = page.getByTestId('search-results');
    await expect(results.getByRole('region', { name: 'Account' })).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page);
    await results.getByRole('link', { name: 'socio.demo@example.org' }).click();
    await expect(page).toHaveURL(/\/amministrazione\/account\/\d+$/);
  });

  // On a loaded run the edit screen can take seconds to replace the list (React Router's
  // transition keeps the list shown meanwhile), and a row clicked before the debounced search
  // has answered leads back to the list: the test waits for the filtered list and gives the
  // screen SCREEN_TIMEOUT.
  test('pubblica in blocco (API), annulla una modifica dalla cronologia, sposta nel cestino e ripristina', async ({
    page,
    expectAccessible,
  }) => {
    const stamp = Date.now();
    const titles = [`Blocco uno ${stamp}`, `Blocco due ${stamp}`];
    await openSignedIn(page, STAFF, { landing: null });
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    const created: number[] = [];
    for (const title of titles) {
      const response = await page.request.post('/api/v1/Admin/News', {
        headers: { authorization: `Bearer ${token ?? ''}` },
        data: { title, subtitleHtml: '<p>Testo.</p>', publishedOn: romeDate(), published: false },
      });
      expect(response.status(), await response.text()).toBe(200);
      created.push(((await response.json()) as { data: { id: number } }).data.id);
    }
    const newsIds = () => Promise.resolve(created);

    // Bulk publish (the API the list's actions will use; the list has no row checkboxes yet).
    const bulk = await page.request.post('/api/v1/Admin/News/Bulk', {
      headers: { authorization: `Bearer ${token ?? ''}` },
      data: { ids: await newsIds(), action: 'pubblica' },
    });
    expect(bulk.status(), await bulk.text()).toBe(200);
    await openAdmin(page, '/news');
    // The search applies half a second after typing (react-admin's debounce) and navigates to
    // the list's filtered address: a row clicked before that answer is drawn is taken back to
    // the list, so the click waits for the filtered list, as a person waits for the results.
    const filtered = page.waitForResponse((answer) => answer.url().includes(`q=${stamp}`));
    await page.getByPlaceholder('Cerca nel titolo').fill(`${stamp}`);
    await filtered;
    const rows = page.getByRole('row').filter({ hasText: `${stamp}` });
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'Pubblicata' })).toHaveCount(2);

    // An edit undone from the item's history.
    await rows
      .filter({ hasText: titles[0] ?? '' })
      .getByText(titles[0] ?? '')
      .click();
    await expect(page).toHaveURL(/\/amministrazione\/news\/\d+$/);
    const titleField = page.getByRole('textbox', { name: /^Titolo/ });
    // The list stays on screen until the form has rendered (SCREEN_TIMEOUT).
    await expect(titleField).toHaveValue(titles[0] ?? '', { timeout: SCREEN_TIMEOUT });
    await titleField.fill(`Titolo sbagliato ${stamp}`);
    await page.getByRole('button', { name: 'Pubblica' }).click();
    const history = page.getByTestId('news-history');
    // The panel mounts again after the save and reads the history anew: slow on a loaded CI.
    await expect(history.getByRole('listitem')).toHaveCount(3, { timeout: 15_000 });
    // Each edit says what it changed, the newest first.
    await expect(history.getByRole('listitem').nth(0)).toContainText('Campi modificati: titolo');
    await expect(history.getByRole('listitem').nth(1)).toContainText(
      'Campi modificati: pubblicata',
    );
    await expectAccessible(page);
    await history.getByRole('button', { name: 'Annulla questa modifica' }).first().click();
    await expect(page.getByText('Modifica annullata')).toBeVisible();
    // The open form shows the restored title at once, and nothing is left to save.
    await expect(titleField).toHaveValue(titles[0] ?? '');
    // Reopened, the saved item has it too, and no local draft offers the undone title back.
    page.on('dialog', (question) => void question.accept());
    await openAdmin(page, new URL(page.url()).pathname.replace('/amministrazione', ''));
    await expect(titleField).toHaveValue(titles[0] ?? '', { timeout: SCREEN_TIMEOUT });
    await expect(page.getByText('C’è una bozza di questo modulo')).toHaveCount(0);

    // Delete moves it to the bin, as the question says; the bin restores it.
    await page.getByRole('button', { name: 'Elimina' }).click();
    const question = page.getByRole('dialog');
    await expect(question).toContainText('La notizia va nel cestino per 30 giorni');
    await expect(question).not.toContainText('non si può annullare');
    await question.getByRole('button', { name: 'Conferma' }).click();
    // Back on the news list; react-admin puts the search still in force back in the address.
    await expect(page).toHaveURL(/\/amministrazione\/news(\?filter=[^/]*)?$/);
    await openAdmin(page, '/cestino');
    const bin = page.getByTestId('news-bin');
    await expect(bin.getByRole('row').filter({ hasText: titles[0] ?? '' })).toBeVisible();
    // The bin shows every kind’s rows on one screen: axe checks it once, with a row to restore
    // (admin-undo-contents.spec.ts).
    await bin.getByRole('button', { name: `Ripristina ${titles[0] ?? ''}` }).click();
    await expect(page.getByText(`Notizia ripristinata: ${titles[0] ?? ''}`)).toBeVisible();
    await gotoHydrated(page, `/news?q=${stamp}`);
    await expect(page.getByRole('heading', { name: titles[0] })).toBeVisible();
  });
});

test.describe('azioni in blocco sull’elenco delle notizie', () => {
  test.describe.configure({ timeout: 120_000 });

  test('seleziona due notizie, le pubblica e ne sposta una nel cestino; le caselle hanno un nome', async ({
    page,
    expectAccessible,
  }) => {
    const stamp = Date.now();
    const titles = [`Scelta uno ${stamp}`, `Scelta due ${stamp}`] as const;
    await openSignedIn(page, STAFF, { landing: null });
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    for (const title of titles) {
      const response = await page.request.post('/api/v1/Admin/News', {
        headers: { authorization: `Bearer ${token ?? ''}` },
        data: { title, subtitleHtml: '<p>Testo.</p>', publishedOn: romeDate(), published: false },
      });
      expect(response.status(), await response.text()).toBe(200);
    }
    await openAdmin(page, '/news');
    // Waits for the filtered list, as in the test above (react-admin's search debounce).
    const filtered = page.waitForResponse((answer) => answer.url().includes(`q=${stamp}`));
    await page.getByPlaceholder('Cerca nel titolo').fill(`${stamp}`);
    await filtered;
    const rows = page.getByRole('row').filter({ hasText: `${stamp}` });
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'Non pubblicata' })).toHaveCount(2);

    for (const title of titles)
      await page.getByRole('checkbox', { name: `Seleziona ${title}` }).check();
    await expect(page.getByText('2 elementi selezionati')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Pubblica', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Pubblica' }).click();
    await expect(page.getByText('2 notizie pubblicate')).toBeVisible();
    await expect(rows.filter({ hasText: 'Pubblicata' })).toHaveCount(2);

    // "Esporta selezionati": a CSV of the chosen rows only.
    await page.getByRole('checkbox', { name: `Seleziona ${titles[0]}` }).check();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Esporta selezionati' }).click();
    const csv = await (await download).createReadStream();
    let text = '';
    for await (const chunk of csv) text += String(chunk);
    expect(text).toContain(titles[0]);
    expect(text).not.toContain(titles[1]);
    await page.getByRole('checkbox', { name: `Seleziona ${titles[0]}` }).uncheck();

    await page.getByRole('checkbox', { name: `Seleziona ${titles[1]}` }).check();
    await page.getByRole('button', { name: 'Sposta nel cestino', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sposta nel cestino' }).click();
    await expect(page.getByText('1 notizia spostata nel cestino')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await openAdmin(page, '/cestino');
    await expect(
      page.getByTestId('news-bin').getByRole('row').filter({ hasText: titles[1] }),
    ).toBeVisible();

    // On the site: the published one is there, the one in the bin is not.
    await gotoHydrated(page, `/news?q=${stamp}`);
    await expect(page.getByRole('heading', { name: titles[0] })).toBeVisible();
    await expect(page.getByRole('heading', { name: titles[1] })).toHaveCount(0);
  });
});

test.describe('invito in blocco dall’elenco degli account', () => {
  test.describe.configure({ timeout: 120_000 });

  test('seleziona due account e invia a entrambi il link per scegliere la password', async ({
    page,
    expectAccessible,
  }) => {
    const stamp = Date.now();
    const emails = [`bloccouno.${stamp}@example.org`, `bloccodue.${stamp}@example.org`] as const;
    await openSignedIn(page, STAFF, { landing: null });
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    for (const [index, email] of emails.entries()) {
      const created = await page.request.post('/api/v1/Admin/Members', {
        headers: { authorization: `Bearer ${token ?? ''}` },
        data: { email, firstName: `Nome${index}`, lastName: `Blocco${stamp}`, role: 'socio' },
      });
      expect(created.status(), await created.text()).toBe(200);
    }
    await openAdmin(page, '/account');
    const filtered = page.waitForResponse((answer) => answer.url().includes(`q=Blocco${stamp}`));
    await page.getByPlaceholder('Cerca per nome o e-mail').fill(`Blocco${stamp}`);
    await filtered;
    await expect(page.getByRole('row').filter({ hasText: `Blocco${stamp}` })).toHaveCount(2);
    for (const index of [0, 1])
      await page.getByRole('checkbox', { name: `Seleziona Nome${index} Blocco${stamp}` }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Invita i selezionati' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Invia gli inviti' }).click();
    await expect(page.getByText('2 inviti inviati')).toBeVisible();
    for (const email of emails) expect(await waitForMail(email)).toContain(email);
  });
});

test.describe('ruoli dello staff', () => {
  test.describe.configure({ timeout: 120_000 });

  test('la redazione vede solo i contenuti: niente pagamenti nel menu, e il server li rifiuta', async ({
    page,
    expectAccessible,
  }) => {
    await openSignedIn(page, 'redazione.demo@example.org', { landing: null });
    await openAdmin(page, '');
    await expect(
      page.getByRole('group', { name: 'Contenuti' }).getByRole('menuitem', { name: 'Notizie' }),
    ).toBeVisible({ timeout: SCREEN_TIMEOUT });
    await expect(page.getByRole('menuitem', { name: 'Pagamenti' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Account', exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Pagamenti delle quote' })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Soci e quote' })).toHaveCount(0);
    await expectAccessible(page);
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    const payments = await page.request.get('/api/v1/Admin/Payments', {
      headers: { authorization: `Bearer ${token ?? ''}` },
    });
    expect(payments.status()).toBe(403);
    const news = await page.request.get('/api/v1/Admin/News', {
      headers: { authorization: `Bearer ${token ?? ''}` },
    });
    expect(news.status()).toBe(200);
  });

  test('la tesoreria non vede ciò che non può fare: niente «Importa CSV», solo i ruoli che può dare, e una schermata d’altri dice che non è per il suo ruolo', async ({
    page,
    expectAccessible,
  }) => {
    await openSignedIn(page, 'tesoreria.demo@example.org', { landing: null });
    await openAdmin(page, '/account');
    await expect(page.getByRole('link', { name: 'Nuovo account' })).toBeVisible({
      timeout: SCREEN_TIMEOUT,
    });
    await expect(page.getByRole('link', { name: 'Importa CSV' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Nuovo account' }).click();
    await page.getByRole('combobox', { name: 'Ruolo' }).click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText([
      'Socio',
      'Affiliato',
      'Partecipante agli eventi (non socio)',
    ]);
    await page.keyboard.press('Escape');

    // A screen of the secretariat or of the editors: said so, not "Non trovato".
    for (const screen of ['/account/importa', '/news']) {
      await openAdmin(page, screen);
      await expect(
        page.getByRole('heading', { name: 'Questa schermata non è per il tuo ruolo' }),
      ).toBeVisible({ timeout: SCREEN_TIMEOUT });
      await expect(page.getByText('Non trovato')).toHaveCount(0);
    }
    await expectAccessible(page);
  });
});
