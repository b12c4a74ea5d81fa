import type { Page } from '@playwright/test';
import { makeDemoPdf } from '../../apps/server/src/db/seed/demo-pdf';
import { expect, gotoHydrated, opensPdf, test } from '../support/fixtures';
import { adminApi, openAdmin, romeDate } from '../support/admin';
import { openSignedIn } from '../support/session';

/** The header's search box (ADR 025). */
const searchBox = (page: Page) => page.getByRole('search').first().getByLabel('Cerca nel sito');

/** Opens the header's search panel with its magnifier: the box is inside it. */
async function openHeaderSearch(page: Page) {
  await page.getByTestId('header-search').locator('summary').click();
  await expect(searchBox(page)).toBeVisible();
}

test.describe('la ricerca del sito senza JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('la casella in alto porta a /cerca con i risultati raggruppati e le parole evidenziate', async ({
    page,
  }) => {
    await page.goto('/');
    await openHeaderSearch(page);
    await searchBox(page).fill('donazioni di sangue');
    await page.getByRole('search').first().getByRole('button', { name: 'Trova' }).click();
    await expect(page).toHaveURL(/\/cerca\?q=donazioni\+di\+sangue$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cerca nel sito');
    const news = page.getByRole('region', { name: 'Notizie' });
    await expect(news.getByRole('listitem').first()).toBeVisible();
    await expect(news.locator('mark').first()).toHaveText(/^(donazion|sangu)/i);
    // A visitor never finds the reserved archives, not even their titles.
    await page.goto('/cerca?q=verbale+padova');
    await expect(page.getByRole('status')).toHaveText('Nessun risultato.');
  });
});

test.describe('la ricerca del sito', () => {
  test('suggerisce titoli mentre si scrive; frecce e Invio aprono il suggerimento', async ({
    page,
    expectAccessible,
  }) => {
    await gotoHydrated(page, '/contatti');
    await openHeaderSearch(page);
    const box = searchBox(page);
    const closed = await box.boundingBox();
    await box.fill('trasfusional');
    await expect(box).toHaveAttribute('role', 'combobox');
    const list = page.getByRole('listbox', { name: 'Suggerimenti' });
    const options = list.getByRole('option');
    await expect(options.first()).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    // The list opens below the box, over the page, and moves nothing.
    const open = await box.boundingBox();
    const listBox = await list.boundingBox();
    expect(open).toEqual(closed);
    expect(listBox?.y ?? 0).toBeGreaterThanOrEqual((open?.y ?? 0) + (open?.height ?? 0));
    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
    // The open list and its highlighted option, as a screen reader meets them.
    await expectAccessible(page);
    // The option reads "<title>, <kind>": the page it opens has the title as its heading.
    const title = await options.first().evaluate((option) => option.firstChild?.textContent ?? '');
    expect(title).not.toBe('');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/news\/\d+/);
    // The address changes before the news is drawn: the heading is awaited, not read once.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title.trim());
  });

  test(
    'un Socio trova una frase dentro il verbale PDF di un’assemblea e lo apre alla pagina',
    opensPdf(true),
    async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await openSignedIn(page, 'socio.demo@example.org');
      await openHeaderSearch(page);
      await searchBox(page).fill('"si è riunita l\'assemblea" Padova');
      // Escape closes the suggestions and keeps the words; Enter searches.
      const suggestions = page.getByRole('listbox', { name: 'Suggerimenti' }).first();
      await expect(suggestions.getByRole('option').first()).toBeVisible();
      await searchBox(page).press('Escape');
      await expect(suggestions).toBeHidden();
      await expect(searchBox(page)).toHaveValue('"si è riunita l\'assemblea" Padova');
      await searchBox(page).press('Enter');
      const assemblies = page.getByRole('region', { name: 'Assemblee' });
      const found = assemblies.getByRole('link', {
        name: 'trovato nel documento Verbale Padova 2023.pdf, pagina 1',
      });
      await expect(found).toBeVisible();
      const popup = page.context().waitForEvent('page');
      await found.click();
      expect((await popup).url()).toMatch(/^blob:.*#page=1$/);
    },
  );

  test('un Affiliato trova il PDF riservato agli Affiliati; un Socio non ne vede nemmeno il titolo', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const results = '/cerca?q=supplementazione+marziale';
    await openSignedIn(page, 'affiliato.demo@example.org', { landing: null });
    await gotoHydrated(page, results);
    const found = page.getByRole('region', { name: 'Raccomandazioni' }).getByRole('link', {
      name: 'trovato nel documento Gestione donatori carenza di ferro.pdf, pagina 1',
    });
    await expect(found).toBeVisible({ timeout: 15_000 });
    // Its title and its PDF's page both match: one result, the page listed under it.
    await gotoHydrated(page, '/cerca?q=donatori+ferro');
    const recommendations = page.getByRole('region', { name: 'Raccomandazioni' });
    await expect(
      recommendations.getByRole('link', {
        name: 'Gestione dei donatori con carenza di ferro: indicazioni operative',
      }),
    ).toHaveCount(1);
    await expect(
      recommendations
        .getByRole('listitem')
        .filter({ hasText: 'Gestione dei donatori con carenza di ferro' })
        .getByRole('link', {
          name: 'trovato nel documento Gestione donatori carenza di ferro.pdf, pagina 1',
        }),
    ).toHaveCount(1);
    await expectAccessible(page);

    const member = await browser.newPage();
    try {
      await openSignedIn(member, 'socio.demo@example.org', { landing: null });
      await gotoHydrated(member, results);
      await expect(
        member.getByRole('status').filter({ hasText: 'Nessun risultato.' }),
      ).toBeVisible();
      await expect(member.getByText('Gestione dei donatori con carenza di ferro')).toHaveCount(0);
    } finally {
      await member.close();
    }
  });

  test(
    'un visitatore trova il PDF di una pubblicazione di Società trasparente e lo apre alla pagina',
    opensPdf(true),
    async ({ page, browser }) => {
      test.setTimeout(90_000);
      const stamp = Date.now();
      const title = `Bilancio preventivo ricercabile ${stamp}`;
      const fileName = `preventivo-${stamp}.pdf`;
      const filler = Array.from({ length: 60 }, (_, index) => `Riga di riempimento ${index + 1}.`);
      const bytes = await makeDemoPdf('Bilancio preventivo', [
        ...filler,
        'Le spese per la formazione itinerante dei tecnici di laboratorio.',
      ]);
      await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
      const created = await adminApi(page, 'POST', '/TransparencyPublications', {
        type: 'bilancio-preventivo',
        title,
        year: Number(romeDate().slice(0, 4)),
        publishedOn: romeDate(),
        newAttachments: [{ fileName, content: Buffer.from(bytes).toString('base64') }],
      });
      const reader = await browser.newPage();
      try {
        // The outbox reads the PDF within seconds of the save.
        const found = reader.getByRole('link', {
          name: `trovato nel documento ${fileName}, pagina 2`,
        });
        await expect(async () => {
          await gotoHydrated(reader, `/cerca?q=${encodeURIComponent('"formazione itinerante"')}`);
          await expect(found).toBeVisible({ timeout: 1_000 });
        }).toPass({ timeout: 45_000 });
        // Public, so opened by its address at the page, with no session to fetch it with.
        const href = (await found.getAttribute('href')) ?? '';
        expect(href).toMatch(/^\/api\/v1\/SharepointContent\/DownloadPublicDoc\?.*#page=2$/);
        const file = await reader.request.get(href);
        expect(file.status()).toBe(200);
        expect(file.headers()['content-type']).toContain('application/pdf');
        await found.click();
        await expect(reader).toHaveURL(/DownloadPublicDoc\?.*#page=2$/);
      } finally {
        await reader.close();
        await adminApi(page, 'DELETE', `/TransparencyPublications/${String(created.id)}`);
        await adminApi(page, 'DELETE', `/TransparencyPublications/Bin/${String(created.id)}`);
      }
    },
  );

  test('la segreteria vede i PDF non ricercabili (nessuno nei contenuti dimostrativi)', async ({
    page,
    expectAccessible,
  }) => {
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    await openAdmin(page, '/documenti-non-ricercabili');
    await expect(
      page.getByText('Nessun documento da controllare: la ricerca legge il testo di tutti i PDF.'),
    ).toBeVisible();
    await expectAccessible(page);
  });

  for (const width of [375, 1280]) {
    test(`/cerca a ${width} px non ha violazioni WCAG 2.1 AA (axe-core)`, async ({
      page,
      expectAccessible,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, '/cerca?q=trasfusione');
      await expect(page.getByRole('region', { name: 'Notizie' })).toBeVisible();
      await expectAccessible(page);
    });
  }
});
