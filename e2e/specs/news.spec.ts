import type { Page } from '@playwright/test';
import { ITALIAN_MONTHS, type Article, type PagedList } from '@sodalis/contracts';
import { expectDocument } from '../support/documents';
import { apiPost, expect, gotoHydrated, opensPdf, test } from '../support/fixtures';

const list = (page: Page) => page.getByTestId('news-list').getByTestId('news-item');

/**
 * Waits until the list shows at least one item and every item's text in `part` matches: the
 * address changes before the new list renders, so reading the list once would race it.
 */
async function expectEveryItem(page: Page, part: string, pattern: RegExp): Promise<void> {
  await expect
    .poll(async () => {
      const texts = await list(page).locator(part).allTextContents();
      return texts.length > 0 && texts.every((text) => pattern.test(text));
    })
    .toBe(true);
}

test.describe('la pagina News', () => {
  test('cerca per testo e mostra "Nessun elemento trovato" quando non trova nulla', async ({
    page,
  }) => {
    await gotoHydrated(page, '/news');
    await expect(list(page)).toHaveCount(4);
    const unfiltered = await list(page).locator('.news-item__title').allTextContents();
    await page.getByLabel('Testo').fill('plasma');
    await page.getByRole('button', { name: 'Cerca' }).click();
    await expect(page).toHaveURL(/\/news\?q=plasma/);
    // The free-text box reads the site search's index (ADR 025): a news item is found by
    // its title, its text or its documents, so the titles shown change and some name plasma.
    await expect
      .poll(async () => {
        const titles = await list(page).locator('.news-item__title').allTextContents();
        return titles.join('|') !== unfiltered.join('|') && titles.some((t) => /plasma/i.test(t));
      })
      .toBe(true);

    await page.getByLabel('Testo').fill('nessuna notizia ha questo titolo');
    await page.getByRole('button', { name: 'Cerca' }).click();
    await expect(page.getByTestId('news-empty')).toHaveText('Nessun elemento trovato');
    await page.getByRole('link', { name: 'Reset' }).click();
    await expect(page).toHaveURL(/\/news$/);
    await expect(list(page)).toHaveCount(4);
  });

  test('le caselle delle categorie filtrano, si escludono a vicenda e restano allineate al menu', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, '/news');
    const boxes = page.getByTestId('category-checkboxes');
    await boxes.getByLabel('Emovigilanza').check();
    await expect(page).toHaveURL(/categoria=Emovigilanza/);
    await expect(boxes.getByLabel('Emovigilanza')).toBeChecked();
    await expect(page.getByLabel('Categoria')).toHaveValue('Emovigilanza');
    await boxes.getByLabel('Concorsi').check();
    await expect(page).toHaveURL(/categoria=Concorsi/);
    await expect(boxes.getByLabel('Emovigilanza')).not.toBeChecked();
    await expect(boxes.getByLabel('Concorsi')).toBeChecked();
    for (const meta of await list(page).locator('.news-item__category').allTextContents())
      expect(meta).toBeTruthy();
    await boxes.getByLabel('Concorsi').uncheck();
    await expect(page).toHaveURL(/\/news$/);

    // The News menu sets the category and the checkboxes follow.
    await page.getByTestId('nav-news').locator('summary').click();
    await page.getByTestId('nav-news').getByRole('link', { name: 'Formazione' }).click();
    await expect(page).toHaveURL(/categoria=Formazione/);
    await expect(boxes.getByLabel('Formazione')).toBeChecked();
    await expect(boxes.getByLabel('Concorsi')).not.toBeChecked();
  });

  test('le caselle delle categorie non compaiono sugli schermi stretti', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await gotoHydrated(page, '/news');
    await expect(page.getByTestId('category-checkboxes')).toBeHidden();
  });

  test('filtra per anno e mese, con il mese disattivato finché non si sceglie l’anno', async ({
    page,
  }) => {
    await gotoHydrated(page, '/news');
    const month = page.getByLabel('Mese');
    await expect(month).toBeDisabled();
    await page.getByLabel('Anno').selectOption('2024');
    await expect(month).toBeEnabled();
    await expect(month.locator('option')).toHaveText(['Tutti i mesi', ...ITALIAN_MONTHS]);
    await page.getByRole('button', { name: 'Cerca' }).click();
    await expect(page).toHaveURL(/anno=2024/);
    await expectEveryItem(page, 'time', /\/2024$/);

    const all = await apiPost<PagedList<Article>>(page, '/api/v1/SharepointContent/GetArticoli', {
      dataOffset: '100',
      years: ['2024'],
    });
    const month2024 = Number((all.items[0]?.dataPubblicazione ?? '2024-01-01').slice(5, 7));
    await page.getByLabel('Mese').selectOption(String(month2024));
    await page.getByRole('button', { name: 'Cerca' }).click();
    await expect(page).toHaveURL(new RegExp(`mese=${month2024}`));
    await expectEveryItem(page, 'time', new RegExp(`/${String(month2024).padStart(2, '0')}/2024$`));
  });

  test('sfoglia avanti e indietro, e il ricaricamento e la cronologia ripristinano la pagina', async ({
    page,
  }) => {
    await gotoHydrated(page, '/news?categoria=SIMTI');
    const previous = page
      .getByRole('navigation', { name: 'Pagine delle notizie' })
      .getByText('Precedente');
    const next = page
      .getByRole('navigation', { name: 'Pagine delle notizie' })
      .getByText('Successiva');
    await expect(previous).toHaveAttribute('aria-disabled', 'true');
    const firstPage = await list(page).getByRole('heading').allTextContents();
    const seen = new Set(firstPage);
    let pages = 1;
    while ((await next.getAttribute('aria-disabled')) !== 'true') {
      await next.click();
      pages += 1;
      await expect(page.locator('.pagination .active')).toHaveText(String(pages));
      for (const title of await list(page).getByRole('heading').allTextContents()) {
        expect(seen.has(title), `"${title}" già vista`).toBe(false);
        seen.add(title);
      }
    }
    expect(pages).toBeGreaterThan(1);
    await page.reload();
    await expect(page.locator('.pagination .active')).toHaveText(String(pages));
    await previous.click();
    await expect(page.locator('.pagination .active')).toHaveText(String(pages - 1));
    await page.goBack();
    await expect(page.locator('.pagination .active')).toHaveText(String(pages));
    await page.goto('/news?categoria=SIMTI');
    await expect(list(page).getByRole('heading')).toHaveText(firstPage);
  });

  test('"LEGGI SU" apre la fonte in una nuova scheda', async ({ page }) => {
    const all = await apiPost<PagedList<Article>>(page, '/api/v1/SharepointContent/GetArticoli', {
      dataOffset: '100',
    });
    const withSource = all.items.find((item) => item.sourceUrl !== null);
    if (!withSource) throw new Error('nessuna notizia con fonte');
    await gotoHydrated(page, `/news?q=${encodeURIComponent(withSource.title)}`);
    const button = page.getByTestId('read-on').first();
    await expect(button).toHaveText(
      new RegExp(`^LEGGI SU ${withSource.sourceName?.toUpperCase()}`),
    );
    await expect(button).toHaveAttribute('href', withSource.sourceUrl ?? '');
    await expect(button).toHaveAttribute('target', '_blank');
  });

  for (const [width, expected] of [
    [1280, 'open'],
    [800, 'download'],
  ] as const) {
    test(
      `a ${width} px il documento di una notizia si ${expected === 'open' ? 'apre' : 'scarica'}`,
      opensPdf(expected === 'open'),
      async ({ page }) => {
        const all = await apiPost<PagedList<Article>>(
          page,
          '/api/v1/SharepointContent/GetArticoli',
          {
            dataOffset: '100',
          },
        );
        const withFile = all.items.find(
          (item) => item.sourceUrl === null && item.attachments.length > 0,
        );
        if (!withFile) throw new Error('nessuna notizia con allegato');
        await page.setViewportSize({ width, height: 900 });
        await gotoHydrated(page, `/news?q=${encodeURIComponent(withFile.title)}`);
        const button = page.getByTestId('read-on').first();
        await expectDocument(button, expected, withFile.attachments[0]?.fileName);
      },
    );
  }

  test('ogni notizia ha la sua pagina con anteprima per la condivisione', async ({ page }) => {
    await gotoHydrated(page, '/news');
    const first = list(page).first().getByRole('heading').getByRole('link');
    const title = (await first.textContent()) ?? '';
    await first.click();
    await expect(page).toHaveURL(/\/news\/\d+-[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      `${title} | SIMTI`,
    );
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    const url = page.url();
    const share = page.getByTestId('share-bar');
    await expect(share.locator('[data-share="facebook"]')).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    );
    await expect(share.locator('[data-share="x"]')).toHaveAttribute('href', /via=SIMTI$/);
    await expect(share.locator('[data-share="linkedin"]')).toHaveAttribute(
      'href',
      new RegExp(encodeURIComponent(url).replace(/[.?*+^$()|[\]\\]/g, '\\$&')),
    );
    await expect(share.locator('[data-share="whatsapp"]')).toHaveAttribute(
      'href',
      /^https:\/\/api\.whatsapp\.com\/send\?text=/,
    );
    await expect(share.locator('[data-share="email"]')).toHaveAttribute(
      'href',
      /^mailto:\?subject=.+&body=/,
    );
    for (const link of await share.getByRole('link').all())
      await expect(link).toHaveAttribute('target', '_blank');
    await expect(share.getByRole('button', { name: 'Stampa' })).toBeVisible();

    const response = await page.goto('/news/999999-inesistente');
    expect(response?.status()).toBe(404);
  });
});
