import { expect, gotoHydrated, test } from '../support/fixtures';
import { adminApi, openAdmin, SCREEN_TIMEOUT } from '../support/admin';
import { openSignedIn } from '../support/session';

const STAFF = 'segreteria.demo@example.org';

/**
 * The bulletin's articles have a bin of their own (ADR 031, amendment of 2026-11-24): "Elimina"
 * on an article's form takes it off its issue's page, its issue staying; "Ripristina" in the
 * bin brings it back in its place.
 */
test.describe('cestino per gli articoli della rivista', () => {
  test.describe.configure({ timeout: 120_000 });

  test('sposta un articolo nel cestino e lo ripristina; la pagina del numero segue', async ({
    page,
  }) => {
    const stamp = Date.now();
    // 2019 and a suffix: sorts below the real latest issue, so other tests see the same one.
    const title = `Il Servizio Trasfusionale - anno 2019, numero 8 cestino ${stamp}`;
    const kept = `Articolo che resta ${stamp}`;
    const binned = `Articolo nel cestino ${stamp}`;
    await openSignedIn(page, STAFF, { landing: null });
    const issue = await adminApi(page, 'POST', '/MagazineIssues', {
      title,
      year: 2019,
      publishedOn: '2019-12-01',
      audience: 'all',
      published: true,
      keptAttachmentIds: [],
      newAttachments: [],
    });
    const article = (articleTitle: string) =>
      adminApi(page, 'POST', '/MagazineArticles', {
        issueId: issue.id,
        title: articleTitle,
        authors: ['Anna Rossi'],
        keptAttachmentIds: [],
        newAttachments: [],
      });
    await article(kept);
    const id = Number((await article(binned)).id);
    const issuePage = `/area-riservata-servizio-trasfusionale-singolo-numero?anno=2019&numero=${encodeURIComponent(title)}`;
    const articles = page.getByTestId('magazine-article');

    try {
      await gotoHydrated(page, issuePage);
      await expect(articles.getByRole('heading', { name: binned })).toBeVisible();

      // The form with its history beside it, then "Elimina" with the bin's words.
      await openAdmin(page, `/articoli-rivista/${id}`);
      await expect(page.getByRole('textbox', { name: /^Titolo/ })).toHaveValue(binned, {
        timeout: SCREEN_TIMEOUT,
      });
      await expect(page.getByTestId('articoli-rivista-history')).toContainText(binned);
      await page.getByRole('button', { name: 'Elimina' }).click();
      const question = page.getByRole('dialog');
      await expect(question).toContainText("L'articolo va nel cestino per 30 giorni");
      await question.getByRole('button', { name: 'Conferma' }).click();
      await expect(page).toHaveURL(/\/amministrazione\/articoli-rivista(\?[^/]*)?$/);

      await gotoHydrated(page, issuePage);
      await expect(articles.getByRole('heading', { name: kept })).toBeVisible();
      await expect(articles.getByRole('heading', { name: binned })).toHaveCount(0);

      await openAdmin(page, '/cestino');
      const bin = page.getByTestId('articoli-rivista-bin');
      await expect(bin.getByRole('row').filter({ hasText: binned })).toBeVisible({
        timeout: SCREEN_TIMEOUT,
      });
      // The bin shows every kind’s rows on one screen: axe checks it once, with a row to restore
      // (admin-undo-contents.spec.ts).
      await bin.getByRole('button', { name: `Ripristina ${binned}` }).click();
      await expect(page.getByText(`Articolo della rivista ripristinato: ${binned}`)).toBeVisible();
      await expect(bin.getByRole('row').filter({ hasText: binned })).toHaveCount(0);

      await gotoHydrated(page, issuePage);
      await expect(articles.getByRole('heading', { name: binned })).toBeVisible();
    } finally {
      // The issue and its articles go, for good: the other specs see the demo's issues.
      await adminApi(page, 'DELETE', `/MagazineIssues/${String(issue.id)}`);
      await adminApi(page, 'DELETE', `/MagazineIssues/Bin/${String(issue.id)}`);
    }
  });
});
