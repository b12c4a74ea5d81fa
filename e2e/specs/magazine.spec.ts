import type { MagazineArticle, MagazineIssue, PagedList } from '@sodalis/contracts';
import type { Page } from '@playwright/test';
import { expectDocument } from '../support/documents';
import { expect, gotoHydrated, opensPdf, test } from '../support/fixtures';
import { memberPost, openSignedIn } from '../support/session';

const HOME = '/area-riservata-servizio-trasfusionale';
const MAGAZINE = 'Il Servizio Trasfusionale';

const issues = (page: Page, body: Record<string, unknown>) =>
  memberPost<PagedList<MagazineIssue>>(page, '/api/v1/ReservedArea/GetRiviste', {
    orderByFields: 'Title',
    ascending: false,
    ...body,
  });

/** Every entry of an issue, the issue's own first (straight from the API). */
async function entries(page: Page, title: string): Promise<MagazineArticle[]> {
  return (
    await memberPost<PagedList<MagazineArticle>>(page, '/api/v1/ReservedArea/GetArticoliRiviste', {
      riviste: [title],
      orderByFields: 'Ordinamento',
      ascending: true,
      dataOffset: '100',
    })
  ).items;
}

const articleTitles = (page: Page) =>
  page.getByTestId('magazine-article').getByRole('heading').allTextContents();

test.describe('Il Servizio Trasfusionale', () => {
  test('senza sessione si torna al login', async ({ page }) => {
    await page.goto(HOME);
    await expect(page).toHaveURL(/\/area-riservata$/);
  });

  test('mostra l’ultimo numero a parte, poi i suoi articoli 10 alla volta', async ({
    page,
    expectAccessible,
  }) => {
    await openSignedIn(page, 'socio.demo@example.org', { landing: null });
    const latest = (await issues(page, { dataOffset: '1' })).items[0];
    if (!latest) throw new Error('nessun numero');
    const all = await entries(page, latest.title);
    expect(all[0]?.title).toBe(latest.title);
    const articles = all.slice(1).map((article) => article.title);

    await gotoHydrated(page, HOME);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(MAGAZINE);
    await expect(page.getByTestId('rivista-intro')).not.toBeEmpty();
    await expect(page.getByRole('navigation', { name: 'Percorso' })).toContainText(
      'Area riservata (Socio)',
    );
    const issue = page.getByTestId('magazine-issue');
    await expect(issue.getByRole('heading')).toHaveText(latest.title);
    await expect(issue.getByRole('button', { name: /^LEGGI/ })).toBeVisible();
    await expect(issue.getByRole('button', { name: /^SCARICA PDF/ })).toBeVisible();

    // The issue is not among its articles; the first page shows the first 10.
    await expect(page.getByTestId('magazine-article')).toHaveCount(Math.min(10, articles.length));
    expect(await articleTitles(page)).toEqual(articles.slice(0, 10));
    const first = page.getByTestId('magazine-article').first();
    await expect(first.getByRole('button', { name: /^LEGGI/ })).toBeVisible();
    await expect(first.getByRole('button', { name: /^SCARICA PDF/ })).toBeVisible();
    await expect(first).toContainText(Object.values(all[1]?.autore ?? {}).join(', '));
    await expectAccessible(page);

    const next = page.getByRole('link', { name: 'SUCCESSIVA' });
    if (articles.length > 10) {
      await next.click();
      await expect(page).toHaveURL(/[?&]p=/);
      await expect.poll(() => articleTitles(page)).toEqual(articles.slice(10, 20));
      await expect(page.getByTestId('magazine-issue').getByRole('heading')).toHaveText(
        latest.title,
      );
      await page.getByRole('link', { name: 'PRECEDENTE' }).click();
      await expect.poll(() => articleTitles(page)).toEqual(articles.slice(0, 10));
    } else {
      await expect(next).toHaveCount(0);
    }
  });

  test('i pulsanti degli anni aprono l’archivio, che si ricarica sul posto', async ({
    page,
    expectAccessible,
  }) => {
    await openSignedIn(page, 'affiliato.demo@example.org', { landing: null });
    await gotoHydrated(page, HOME);
    const years = page.getByTestId('magazine-years').getByRole('link');
    const thisYear = new Date().getFullYear();
    await expect(years).toHaveCount(thisYear - 2019 + 1);
    await expect(years.first()).toHaveText('2019');
    await expect(years.last()).toHaveText(String(thisYear));

    await page.getByTestId('magazine-years').getByRole('link', { name: '2021' }).click();
    await expect(page).toHaveURL(/\/area-riservata-servizio-trasfusionale-archivio\?anno=2021$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${MAGAZINE} | anno 2021`);
    const of2021 = (await issues(page, { years: ['2021'], dataOffset: '10' })).items;
    await expect(page.getByTestId('magazine-archive-issue').getByRole('heading')).toHaveText(
      of2021.map((issue) => issue.title),
    );
    const card = page.getByTestId('magazine-archive-issue').first();
    await expect(card.getByRole('link', { name: /^ELENCO ARTICOLI/ })).toBeVisible();
    await expect(card.getByRole('button', { name: /^ONLINE/ })).toBeVisible();
    await expect(card.getByRole('button', { name: /^PDF/ })).toBeVisible();
    await expect(
      page.getByTestId('magazine-years').getByRole('link', { name: '2021' }),
    ).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page);

    // In place: same screen, another year.
    await page.getByTestId('magazine-years').getByRole('link', { name: '2020' }).click();
    await expect(page).toHaveURL(/archivio\?anno=2020$/);
    await expect(page.getByTestId('magazine-year')).toHaveText('2020');
    const of2020 = (await issues(page, { years: ['2020'], dataOffset: '10' })).items;
    await expect(page.getByTestId('magazine-archive-issue').getByRole('heading')).toHaveText(
      of2020.map((issue) => issue.title),
    );
  });

  test('dall’archivio al singolo numero e ritorno; il ricaricamento mostra lo stesso numero', async ({
    page,
    expectAccessible,
  }) => {
    await openSignedIn(page, 'socio.demo@example.org', { landing: null });
    // The issue with the most articles, so that its articles take more than one page.
    let chosen: MagazineIssue | undefined;
    let articles: MagazineArticle[] = [];
    for (const year of ['2019', '2020', '2021', '2022']) {
      for (const issue of (await issues(page, { years: [year], dataOffset: '10' })).items) {
        const ofIssue = (await entries(page, issue.title)).slice(1);
        if (ofIssue.length > articles.length) [chosen, articles] = [issue, ofIssue];
      }
    }
    if (!chosen) throw new Error('nessun numero');
    expect(articles.length).toBeGreaterThan(10);
    const titles = articles.map((article) => article.title);

    await gotoHydrated(page, `/area-riservata-servizio-trasfusionale-archivio?anno=${chosen.anno}`);
    await page
      .getByTestId('magazine-archive-issue')
      .filter({ hasText: chosen.title })
      .getByRole('link', { name: /^ELENCO ARTICOLI/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`singolo-numero\\?anno=${chosen.anno}&numero=`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen.title);
    const issue = page.getByTestId('magazine-issue');
    await expect(issue.getByRole('button', { name: /^LEGGI ONLINE/ })).toBeVisible();
    await expect(issue.getByRole('button', { name: /^SCARICA PDF/ })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Percorso' })).toContainText(
      'Area riservata (Socio)',
    );
    await expect.poll(() => articleTitles(page)).toEqual(titles.slice(0, 10));
    await expect(page.getByRole('link', { name: 'MENU AREA RISERVATA' })).toHaveAttribute(
      'href',
      '/area-riservata-homepage',
    );
    await expect(page.getByTestId('magazine-years').getByRole('link')).toHaveCount(
      new Date().getFullYear() - 2019 + 1,
    );
    await expectAccessible(page);

    // Next page: the rest of the articles, the issue still named with its PDF; reload keeps it.
    await page.getByRole('link', { name: 'SUCCESSIVA' }).click();
    await expect.poll(() => articleTitles(page)).toEqual(titles.slice(10, 20));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen.title);
    await expect(issue.getByRole('button', { name: /^SCARICA PDF/ })).toBeVisible();
    await expect.poll(() => articleTitles(page)).toEqual(titles.slice(10, 20));

    await page.goBack();
    await expect.poll(() => articleTitles(page)).toEqual(titles.slice(0, 10));
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`archivio\\?anno=${chosen.anno}$`));
    await expect(page.getByTestId('magazine-year')).toHaveText(String(chosen.anno));
  });

  for (const [width, action] of [
    [1280, 'open'],
    [800, 'download'],
  ] as const) {
    test(
      `a ${width} px LEGGI ${action === 'open' ? 'apre' : 'scarica'} l’articolo, SCARICA PDF scarica il numero`,
      opensPdf(action === 'open'),
      async ({ page }) => {
        await openSignedIn(page, 'socio.demo@example.org', { landing: null });
        const latest = (await issues(page, { dataOffset: '1' })).items[0];
        const all = await entries(page, latest?.title ?? '');
        await page.setViewportSize({ width, height: 900 });
        await gotoHydrated(page, HOME);

        const read = page
          .getByTestId('magazine-article')
          .first()
          .getByRole('button', { name: /^LEGGI/ });
        await expectDocument(read, action, all[1]?.attachments[0]?.fileName);
        await expectDocument(
          page.getByTestId('magazine-issue').getByRole('button', { name: /^SCARICA PDF/ }),
          'download',
          latest?.attachments[0]?.fileName,
        );
      },
    );
  }
});
