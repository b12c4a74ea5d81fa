import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from '../support/fixtures';
import { openAdmin } from '../support/admin';
import { openSignedIn } from '../support/session';

/** The header's search box (ADR 025). */
const searchBox = (page: Page) => page.getByRole('search').first().getByLabel('Cerca nel sito');

test.describe('la ricerca del sito senza JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('la casella in alto porta a /cerca con i risultati raggruppati e le parole evidenziate', async ({
    page,
  }) => {
    await page.goto('/');
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
  }) => {
    await gotoHydrated(page, '/contatti');
    const box = searchBox(page);
    await box.fill('trasfusional');
    await expect(box).toHaveAttribute('role', 'combobox');
    const options = page.getByRole('listbox', { name: 'Suggerimenti' }).getByRole('option');
    await expect(options.first()).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
    const title = (await options.first().textContent()) ?? '';
    await box.press('Enter');
    await expect(page).toHaveURL(/\/news\/\d+/);
    expect(title).toContain((await page.getByRole('heading', { level: 1 }).textContent()) ?? '-');
  });

  test('un Socio trova una frase dentro il verbale PDF di un’assemblea e lo apre alla pagina', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openSignedIn(page, 'socio.demo@example.org');
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
  });

  test('un Affiliato trova il PDF riservato agli Affiliati; un Socio non ne vede nemmeno il titolo', async ({
    page,
    browser,
  }) => {
    const results = '/cerca?q=supplementazione+marziale';
    await openSignedIn(page, 'affiliato.demo@example.org');
    await gotoHydrated(page, results);
    const found = page.getByRole('region', { name: 'Raccomandazioni' }).getByRole('link', {
      name: 'trovato nel documento Gestione donatori carenza di ferro.pdf, pagina 1',
    });
    await expect(found).toBeVisible({ timeout: 15_000 });

    const member = await browser.newPage();
    try {
      await openSignedIn(member, 'socio.demo@example.org');
      await gotoHydrated(member, results);
      await expect(
        member.getByRole('status').filter({ hasText: 'Nessun risultato.' }),
      ).toBeVisible();
      await expect(member.getByText('Gestione dei donatori con carenza di ferro')).toHaveCount(0);
    } finally {
      await member.close();
    }
  });

  test('la segreteria vede i PDF non ricercabili (nessuno nei contenuti dimostrativi)', async ({
    page,
    expectAccessible,
  }) => {
    await openSignedIn(page, 'segreteria.demo@example.org');
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
