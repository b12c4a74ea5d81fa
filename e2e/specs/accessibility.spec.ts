import { expect, gotoHydrated, test } from '../support/fixtures';

/** Every page built so far; later issues add theirs here (DESIGN.md "Quality bars"). */
const PAGES = ['/', '/pagina-che-non-esiste'];

for (const path of PAGES) {
  test(`${path} non ha violazioni WCAG 2.1 AA (axe-core)`, async ({ page, expectAccessible }) => {
    await gotoHydrated(page, path);
    await expect(page.locator('main')).toBeVisible();
    await expectAccessible(page);
  });
}

test('la home a 375 px non ha violazioni WCAG 2.1 AA con il menu aperto', async ({
  page,
  expectAccessible,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await gotoHydrated(page, '/');
  await page.getByRole('button', { name: 'Apri il menu di navigazione' }).click();
  await page.getByRole('button', { name: 'News' }).click();
  await expectAccessible(page);
});
