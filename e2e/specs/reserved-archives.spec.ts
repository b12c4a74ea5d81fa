import type { Assembly, Opinion, PagedList, PressReview, Recommendation } from '@sodalis/contracts';
import type { Page } from '@playwright/test';
import { expectDocument } from '../support/documents';
import { expect, gotoHydrated, opensPdf, test } from '../support/fixtures';
import { DEMO_PASSWORD, memberPost, openSignedIn } from '../support/session';

const PATH = '/area-riservata-raccomandazioni';

/** Every recommendation the signed-in member may see, straight from the API. */
async function allRecommendations(page: Page): Promise<Recommendation[]> {
  return apiList<Recommendation>(page, '/api/v1/ReservedArea/GetRaccomandazioni', {});
}

/** A text as React writes it into the server's HTML. */
const htmlText = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');

const list = (page: Page) => page.getByTestId('archive-list').locator(':scope > li');

test.describe('le raccomandazioni dell’area riservata', () => {
  test('senza sessione si torna al login', async ({ page }) => {
    await page.goto(PATH);
    await expect(page).toHaveURL(/\/area-riservata$/);
  });

  for (const [email, role] of [
    ['socio.demo@example.org', 'Socio'],
    ['affiliato.demo@example.org', 'Affiliato'],
  ] as const) {
    test(`${role}: elenco, pagine, ricerca per testo e anno`, async ({
      page,
      expectAccessible,
    }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await openSignedIn(page, email, { landing: null });
      const expected = await allRecommendations(page);
      expect(expected.length).toBeGreaterThan(4);
      await gotoHydrated(page, PATH);
      await expect(page.getByRole('navigation', { name: 'Percorso' })).toContainText(
        `Area riservata (${role})`,
      );
      await expect(
        page.getByRole('heading', { name: "Cerca nell'archivio delle Raccomandazioni" }),
      ).toBeVisible();
      await expect(page.getByLabel('Mese')).toBeDisabled();
      await expect(page.getByLabel('Anno').locator('option').first()).toHaveText('Tutti gli anni');
      await expect(page.getByRole('link', { name: 'MENU AREA RISERVATA' })).toHaveAttribute(
        'href',
        '/area-riservata-homepage',
      );
      // The same screen for either reader: axe checks the Affiliato's in the test of the list
      // rendered on the server, below.
      if (role === 'Socio') await expectAccessible(page);

      // Walk every page with SUCCESSIVA: every item once, in the API's order.
      const titles: string[] = [];
      for (;;) {
        await expect(list(page).first()).toBeVisible();
        const pageTitles = await list(page).getByRole('heading').allTextContents();
        titles.push(...pageTitles);
        const next = page.getByRole('link', { name: 'SUCCESSIVA' });
        if ((await next.count()) === 0) break;
        await next.click();
        await expect(page).toHaveURL(/[?&]p=/);
        // The address changes first; wait for the next page's items.
        await expect(list(page).first().getByRole('heading')).not.toHaveText(pageTitles[0] ?? '');
      }
      expect(titles).toEqual(expected.map((item) => item.title));
      await page.getByRole('link', { name: 'PRECEDENTE' }).click();
      await expect(list(page).first()).toBeVisible();

      // Text and year search.
      const target = expected[expected.length - 1] as Recommendation;
      await gotoHydrated(page, PATH);
      await page.getByLabel('Testo').fill(target.title.slice(0, 20));
      await page.getByLabel('Anno').selectOption(target.dataPubblicazione.slice(0, 4));
      await expect(page.getByLabel('Mese')).toBeEnabled();
      await page
        .getByLabel('Mese')
        .selectOption(String(Number(target.dataPubblicazione.slice(5, 7))));
      await page.getByRole('button', { name: 'CERCA' }).click();
      await expect(page).toHaveURL(/anno=\d{4}/);
      await expect(list(page).getByRole('heading', { name: target.title })).toBeVisible();

      await page.getByLabel('Testo').fill('nessuna raccomandazione così');
      await page.getByRole('button', { name: 'CERCA' }).click();
      await expect(page.getByTestId('archive-empty')).toHaveText('Nessun elemento trovato');
      await page.getByRole('link', { name: 'RESET' }).click();
      await expect(page).toHaveURL(new RegExp(`${PATH}$`));
      await expect(list(page)).toHaveCount(4);
    });
  }

  // ADR 022: the cookie of a sign-in posted without scripts lets the server render the list.
  test('senza JavaScript il Socio entra e legge l’elenco e le sue pagine', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/area-riservata');
    const form = page.getByTestId('login-form');
    await form.getByLabel('Username (e-mail)').fill('socio.demo@example.org');
    await form.getByLabel('Password').fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'LOGIN' }).click();
    await expect(page).toHaveURL(/\/area-riservata-homepage$/);
    const token = (await context.cookies()).find(({ name }) => name === 'sodalis_sessione')?.value;
    const answer = await page.request.post('/api/v1/ReservedArea/GetRaccomandazioni', {
      data: { dataOffset: '100' },
      headers: { authorization: `Bearer ${token ?? ''}` },
    });
    const expected = ((await answer.json()) as { data: PagedList<Recommendation> }).data.items;
    expect(expected.length).toBeGreaterThan(4);
    await page.goto(PATH);
    await expect(list(page).getByRole('heading')).toHaveText(
      expected.slice(0, 4).map((item) => item.title),
    );
    await page.getByRole('link', { name: 'SUCCESSIVA' }).click();
    await expect(page).toHaveURL(/[?&]p=/);
    await expect(list(page).first().getByRole('heading')).toHaveText(expected[4]?.title ?? '-');
    await context.close();
  });

  test('la lista resa sul server resta quando arrivano gli script, senza caricarla di nuovo', async ({
    browser,
    expectAccessible,
  }) => {
    const noScripts = await browser.newContext({ javaScriptEnabled: false });
    const signIn = await noScripts.newPage();
    await signIn.goto('/area-riservata');
    const form = signIn.getByTestId('login-form');
    await form.getByLabel('Username (e-mail)').fill('affiliato.demo@example.org');
    await form.getByLabel('Password').fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'LOGIN' }).click();
    await expect(signIn).toHaveURL(/\/area-riservata-homepage$/);
    const cookies = await noScripts.cookies();
    await noScripts.close();
    const scripted = await browser.newContext();
    await scripted.addCookies(cookies);
    const page = await scripted.newPage();
    const listCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('GetRaccomandazioni')) listCalls.push(request.url());
    });
    const response = await gotoHydrated(page, PATH);
    // The items are in the document the server sent, and the same ones once hydrated.
    const html = (await response?.text()) ?? '';
    const titles = await list(page).getByRole('heading').allTextContents();
    expect(titles).toHaveLength(4);
    expect(html).toContain('data-testid="archive-list"');
    for (const title of titles) expect(html).toContain(htmlText(title));
    expect(listCalls).toEqual([]);
    await expectAccessible(page);
    // The session moved into the tab (ADR 010): the next page loads in the browser with it.
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
    await page.getByRole('link', { name: 'SUCCESSIVA' }).click();
    await expect(page).toHaveURL(/[?&]p=/);
    await expect(list(page).first().getByRole('heading')).not.toHaveText(titles[0] ?? '');
    expect(listCalls).toHaveLength(1);
    await scripted.close();
  });

  for (const [width, expected] of [
    [1280, 'open'],
    [800, 'download'],
  ] as const) {
    test(
      `a ${width} px il PDF di una raccomandazione si ${expected === 'open' ? 'apre' : 'scarica'}`,
      opensPdf(expected === 'open'),
      async ({ page }) => {
        await openSignedIn(page, 'socio.demo@example.org', { landing: null });
        const withFile = (await allRecommendations(page)).find(
          (item) => item.sourceUrl === null && item.attachments.length > 0,
        );
        if (!withFile) throw new Error('nessuna raccomandazione con allegato');
        await page.setViewportSize({ width, height: 900 });
        await gotoHydrated(page, `${PATH}?q=${encodeURIComponent(withFile.title)}`);
        const button = list(page)
          .first()
          .getByRole('button', { name: /^LEGGI/ });
        await expectDocument(button, expected, withFile.attachments[0]?.fileName);
      },
    );
  }

  test('una raccomandazione con indirizzo della fonte si apre in una nuova scheda', async ({
    page,
  }) => {
    await openSignedIn(page, 'socio.demo@example.org', { landing: null });
    const withSource = (await allRecommendations(page)).find((item) => item.sourceUrl !== null);
    test.skip(withSource === undefined, 'nessuna raccomandazione con fonte esterna');
    await gotoHydrated(page, `${PATH}?q=${encodeURIComponent(withSource?.title ?? '')}`);
    const link = list(page)
      .first()
      .getByRole('link', { name: /^LEGGI/ });
    await expect(link).toHaveAttribute('href', withSource?.sourceUrl ?? '');
    await expect(link).toHaveAttribute('target', '_blank');
  });
});

async function apiList<T>(page: Page, url: string, body: Record<string, unknown>): Promise<T[]> {
  return (await memberPost<PagedList<T>>(page, url, { dataOffset: '100', ...body })).items;
}

test.describe('la rassegna stampa', () => {
  for (const [email, role] of [
    ['socio.demo@example.org', 'Socio'],
    ['affiliato.demo@example.org', 'Affiliato'],
  ] as const) {
    test(`${role}: elenco con testata e LEGGI ONLINE, pagine e ricerca`, async ({
      page,
      expectAccessible,
    }) => {
      await openSignedIn(page, email, { landing: null });
      const expected = await apiList<PressReview>(
        page,
        '/api/v1/SharepointContent/GetRassegneStampa',
        {},
      );
      expect(expected.length).toBeGreaterThan(4);
      await gotoHydrated(page, '/area-riservata-rassegna');
      await expect(page.getByRole('navigation', { name: 'Percorso' })).toContainText(
        `Area riservata (${role})`,
      );
      const first = expected[0] as PressReview;
      await expect(list(page).first()).toContainText(first.testata);
      await expect(list(page).first().getByRole('heading')).toHaveText(first.headline);
      await expect(
        list(page)
          .first()
          .getByRole('link', { name: /^LEGGI ONLINE/ }),
      ).toHaveAttribute('href', first.url ?? '');
      await expect(list(page)).toHaveCount(4);
      // The same screen for either reader: one axe check.
      if (role === 'Socio') await expectAccessible(page);
      await page.getByRole('link', { name: 'SUCCESSIVA' }).click();
      await expect(list(page).first().getByRole('heading')).toHaveText(
        (expected[4] as PressReview).headline,
      );
      const target = expected[expected.length - 1] as PressReview;
      await page.getByLabel('Testo').fill(target.headline.slice(0, 15));
      await page.getByRole('button', { name: 'CERCA' }).click();
      await expect(list(page).getByRole('heading', { name: target.headline })).toBeVisible();
    });
  }
});

test.describe('i pareri del Consiglio Direttivo', () => {
  for (const email of ['socio.demo@example.org', 'affiliato.demo@example.org']) {
    test(`${email}: elenco, dettaglio con DOMANDA e RISPOSTA, precedente e successivo`, async ({
      page,
      expectAccessible,
    }) => {
      await openSignedIn(page, email, { landing: null });
      const expected = await apiList<Opinion>(page, '/api/v1/ReservedArea/GetPareriCD', {});
      expect(expected.length).toBeGreaterThan(2);
      await gotoHydrated(page, '/area-riservata-pareri');
      await expect(page.getByTestId('pareri-intro')).not.toBeEmpty();
      const first = expected[0] as Opinion;
      await expect(list(page).first().getByRole('heading')).toHaveText(first.title);
      await expect(list(page).first()).toContainText(first.title.split(/\s+/)[1] ?? '');
      // The same list and opinion for either reader: axe checks them once, for the Socio.
      const checkAccessible = email === 'socio.demo@example.org';
      if (checkAccessible) await expectAccessible(page);
      await list(page)
        .first()
        .getByRole('link', { name: /^LEGGI/ })
        .click();
      await expect(page).toHaveURL(new RegExp(`pareri-dettaglio\\?id=${first.id}$`));
      await expect(page.getByRole('heading', { level: 2, name: 'DOMANDA' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'RISPOSTA' })).toBeVisible();
      await expect(page.getByTestId('domanda')).toHaveText(first.domanda.replace(/\r?\n/g, ''));
      if (checkAccessible) await expectAccessible(page);

      // SUCCESSIVA walks the whole list in order, PRECEDENTE walks it back.
      for (const item of expected.slice(1)) {
        await page.getByRole('link', { name: 'SUCCESSIVA' }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.title);
      }
      await expect(page.getByRole('link', { name: 'SUCCESSIVA' })).toHaveCount(0);
      for (const item of expected.slice(0, -1).reverse()) {
        await page.getByRole('link', { name: 'PRECEDENTE' }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.title);
      }
      await expect(page.getByRole('link', { name: 'PRECEDENTE' })).toHaveCount(0);
      await page.getByRole('link', { name: 'Torna ai pareri' }).click();
      await expect(page).toHaveURL(/\/area-riservata-pareri$/);
    });
  }
});

test.describe('le assemblee', () => {
  for (const [path, territorio] of [
    ['/area-riservata-assemblee', 'Nazionali'],
    ['/area-riservata-assemblee-regionali', 'Regionali'],
  ] as const) {
    test(`${territorio}: elenco con luogo, data e documenti, pagine`, async ({
      page,
      expectAccessible,
    }) => {
      await openSignedIn(page, 'socio.demo@example.org', { landing: null });
      const expected = await apiList<Assembly>(page, '/api/v1/ReservedArea/GetAssemblee', {
        territorio,
      });
      expect(expected.length).toBeGreaterThan(0);
      await gotoHydrated(page, path);
      await expect(
        page.getByRole('heading', { name: "Cerca nell'archivio delle Assemblee" }),
      ).toBeVisible();
      // Regional assemblies have the national ones' layout, section select included (§2.9).
      await expect(page.getByLabel('Tipologia')).toHaveCount(1);
      const first = expected[0] as Assembly;
      await expect(list(page).first().getByRole('heading')).toHaveText(first.title);
      await expect(list(page).first()).toContainText(first.luogo);
      const documents = list(page).first().getByTestId('assembly-documents').locator('li');
      await expect(documents).toHaveCount(first.attachments.length);
      if (first.attachments.length > 0) {
        await expect(documents.first()).toContainText(
          (first.attachments[0]?.fileName ?? '').replace(/\.pdf$/i, ''),
        );
        await expect(documents.first().getByRole('button', { name: /^LEGGI/ })).toBeVisible();
        await expect(documents.first().getByRole('button', { name: /^SCARICA PDF/ })).toBeVisible();
      }
      await expect(list(page)).toHaveCount(Math.min(4, expected.length));
      await expectAccessible(page);
      if (expected.length > 4) {
        await page.getByRole('link', { name: 'SUCCESSIVA' }).click();
        await expect(list(page).first().getByRole('heading')).toHaveText(
          (expected[4] as Assembly).title,
        );
      }
    });
  }

  test('le sezioni: l’Affiliato le trova, il Socio no', async ({ page }) => {
    await openSignedIn(page, 'affiliato.demo@example.org', { landing: null });
    const expected = await apiList<Assembly>(page, '/api/v1/ReservedArea/GetAssemblee', {
      territorio: 'Nazionali',
      sezioni: ['Affiliati tecnici'],
    });
    expect(expected.length).toBeGreaterThan(0);
    await gotoHydrated(page, '/area-riservata-assemblee');
    await expect(page.getByLabel('Tipologia').locator('option').first()).toHaveText(
      'Tutte le tipologie',
    );
    await page.getByLabel('Tipologia').selectOption('Affiliati tecnici');
    await page.getByRole('button', { name: 'CERCA' }).click();
    await expect(page).toHaveURL(/sezione=Affiliati/);
    await expect(list(page).first().getByRole('heading')).toHaveText(
      (expected[0] as Assembly).title,
    );
    await expect(list(page)).toHaveCount(Math.min(4, expected.length));

    await page.evaluate(() => sessionStorage.clear());
    await openSignedIn(page, 'socio.demo@example.org', { landing: null });
    await gotoHydrated(page, '/area-riservata-assemblee?sezione=Affiliati+tecnici');
    await expect(page.getByTestId('archive-empty')).toHaveText('Nessun elemento trovato');
  });

  for (const [width, expected] of [
    [1280, 'open'],
    [800, 'download'],
  ] as const) {
    test(
      `a ${width} px LEGGI ${expected === 'open' ? 'apre' : 'scarica'} il PDF, SCARICA PDF lo scarica`,
      opensPdf(expected === 'open'),
      async ({ page }) => {
        await openSignedIn(page, 'socio.demo@example.org', { landing: null });
        await page.setViewportSize({ width, height: 900 });
        await gotoHydrated(page, '/area-riservata-assemblee');
        const documents = list(page).first().getByTestId('assembly-documents').locator('li');
        const read = documents.first().getByRole('button', { name: /^LEGGI/ });
        await expectDocument(read, expected);
        await expectDocument(
          documents.first().getByRole('button', { name: /^SCARICA PDF/ }),
          'download',
        );
      },
    );
  }
});
