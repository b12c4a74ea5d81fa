import { expect, gotoHydrated, test } from '../support/fixtures';

/** Every page built so far; later issues add theirs here (docs/architecture.md, "Quality bars"). */
const PAGES = [
  '/',
  '/pagina-che-non-esiste',
  '/news',
  '/news?categoria=Emovigilanza&anno=2024',
  '/news?q=nessuna-corrispondenza',
  '/chi-siamo',
  '/chi-siamo-simti',
  '/chi-siamo-simti?scheda=statuto',
  '/chi-siamo-iscrizione?scheda=richiesta',
  '/chi-siamo-affiliati',
  '/chi-siamo-sostenitori?scheda=sostenitori',
  '/contatti',
  '/dati-legali',
  '/cookie',
  '/patrocini',
  '/patrocini?scheda=modulo',
  '/trasparenza',
  '/eventi',
  '/newsletter/conferma?token=non-valido',
  '/newsletter/annulla?token=non-valido',
];

for (const width of [1280, 375]) {
  for (const path of PAGES) {
    test(`${path} a ${width} px non ha violazioni WCAG 2.1 AA (axe-core)`, async ({
      page,
      expectAccessible,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, path);
      await expect(page.locator('main')).toBeVisible();
      await expectAccessible(page);
    });
  }
}

test('la pagina di una notizia non ha violazioni WCAG 2.1 AA (axe-core)', async ({
  page,
  expectAccessible,
}) => {
  await gotoHydrated(page, '/news');
  await page.getByTestId('news-list').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/news\/\d+-/);
  await expectAccessible(page);
});

test('la home a 375 px non ha violazioni WCAG 2.1 AA con il menu aperto', async ({
  page,
  expectAccessible,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await gotoHydrated(page, '/');
  await page.getByRole('button', { name: 'Apri il menu di navigazione' }).click();
  await page.getByTestId('nav-news').locator('summary').click();
  await expectAccessible(page);
});
