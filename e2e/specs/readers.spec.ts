import type { Page } from '@playwright/test';
import { apiPost, expect, gotoHydrated, opensPdf, test } from '../support/fixtures';
import { DEMO_PASSWORD, openSignedIn } from '../support/session';

/** What readers stumble on (ADR 022), at a phone's and a desktop's width. */
const WIDTHS = [375, 1280] as const;

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

for (const width of WIDTHS) {
  test.describe(`a ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test('nessuna pagina scorre in orizzontale, /contatti compresa', async ({ page }) => {
      for (const path of ['/contatti', '/', '/news', '/area-riservata', '/chi-siamo']) {
        await gotoHydrated(page, path);
        expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0);
      }
    });

    test('i titoli di "Ultime notizie" e "In evidenza" portano all’articolo', async ({ page }) => {
      await gotoHydrated(page, '/');
      for (const block of ['latest-news', 'featured-news']) {
        const headline = page.getByTestId(block).locator('.news-item__title a').first();
        await expect(headline).toHaveAttribute('href', /^\/news\/\d+-/);
      }
      const first = page.getByTestId('latest-news').locator('.news-item__title a').first();
      const title = (await first.textContent()) ?? '';
      await first.click();
      await expect(page).toHaveURL(/\/news\/\d+-/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await gotoHydrated(page, '/news');
      await expect(
        page.getByTestId('featured-news').locator('.news-item__title a').first(),
      ).toHaveAttribute('href', /^\/news\/\d+-/);
    });

    test('il login e la home riservata hanno titoli diversi; il menu dell’account ha "Esci"', async ({
      page,
    }) => {
      await gotoHydrated(page, '/area-riservata');
      const loginTitle = await page.title();
      await openSignedIn(page, 'socio.demo@example.org', { ownSession: true });
      expect(await page.title()).not.toBe(loginTitle);
      if (width < 992)
        await page.getByRole('button', { name: 'Apri il menu di navigazione' }).click();
      const account = page.getByTestId('nav-account');
      await account.locator('summary').click();
      await expect(account.getByRole('link', { name: 'Amministrazione' })).toHaveCount(0);
      await account.getByRole('link', { name: 'Esci' }).click();
      await expect(page).toHaveURL(/\/area-riservata$/);
      await expect(page.getByTestId('login-form')).toBeVisible();
      await expect(page.getByTestId('nav-account')).toHaveCount(0);
    });

    test('la segreteria trova nel menu dell’account il link all’amministrazione', async ({
      page,
    }) => {
      await openSignedIn(page, 'segreteria.demo@example.org');
      if (width < 992)
        await page.getByRole('button', { name: 'Apri il menu di navigazione' }).click();
      const account = page.getByTestId('nav-account');
      await account.locator('summary').click();
      await expect(account.getByRole('link', { name: 'Amministrazione' })).toHaveAttribute(
        'href',
        '/amministrazione',
      );
    });

    test('la casella della privacy non si sposta quando compare l’errore dell’e-mail', async ({
      page,
    }) => {
      await gotoHydrated(page, '/');
      const form = page.getByTestId('newsletter-form');
      await form.getByLabel('Indirizzo e-mail').fill('non-una-email');
      const checkbox = form.getByRole('checkbox');
      const top = () =>
        checkbox.evaluate((box) => box.getBoundingClientRect().top + window.scrollY);
      await checkbox.scrollIntoViewIfNeeded();
      const before = await top();
      // The first click blurs the e-mail (its error appears) and must still tick the box.
      await checkbox.click();
      await expect(form).toContainText('Inserisci una e-mail valida.');
      await expect(checkbox).toBeChecked();
      expect(await top()).toBe(before);
    });

    test('indicatori del carosello grandi almeno 24 × 24 px e anello di fuoco visibile', async ({
      page,
    }) => {
      await gotoHydrated(page, '/');
      const indicators = page.locator('.carousel-indicators button');
      expect(await indicators.count()).toBeGreaterThan(1);
      for (const indicator of await indicators.all()) {
        const box = await indicator.boundingBox();
        expect(box?.width).toBeGreaterThanOrEqual(24);
        expect(box?.height).toBeGreaterThanOrEqual(24);
      }
      const brand = page.locator('.site-navbar__brand');
      await brand.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      const outline = await brand.evaluate((element) => {
        const style = getComputedStyle(element);
        return { width: parseFloat(style.outlineWidth), color: style.outlineColor };
      });
      expect(outline.width).toBeGreaterThanOrEqual(3);
      expect(outline.color).toBe('rgb(255, 212, 59)');
    });
  });
}

test.describe('senza JavaScript', () => {
  // The refused sign-in answers the API's status (401), which the browser logs.
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: [/status of 401/] });

  for (const width of WIDTHS) {
    test(`a ${width} px i menu si aprono e si naviga`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Navigazione principale' });
      if (width < 992) {
        await expect(nav).toBeHidden();
        await page.getByRole('button', { name: 'Apri il menu di navigazione' }).click();
      }
      await expect(nav).toBeVisible();
      const about = page.getByTestId('nav-chi-siamo');
      await expect(about.getByRole('link', { name: 'Chi siamo', exact: true })).toHaveAttribute(
        'href',
        '/chi-siamo',
      );
      await about.locator('summary').click();
      await expect(about.getByRole('link', { name: 'Soci', exact: true })).toBeVisible();
      const news = page.getByTestId('nav-news');
      await news.locator('summary').click();
      await news.getByRole('link', { name: 'Emovigilanza' }).click();
      await expect(page).toHaveURL(/\/news\?categoria=Emovigilanza$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });

    test(`a ${width} px si accede, si vede la home riservata e si esce`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/area-riservata');
      const form = page.getByTestId('login-form');
      const login = form.getByRole('button', { name: 'LOGIN' });
      await expect(login).toBeEnabled();
      await form.getByLabel('Username (e-mail)').fill('socio.demo@example.org');
      await form.getByLabel('Password').fill('password-sbagliata');
      await login.click();
      await expect(page.getByRole('alert')).toContainText('Qualcosa è andato storto');
      await expect(form.getByLabel('Username (e-mail)')).toHaveValue('socio.demo@example.org');
      await form.getByLabel('Password').fill(DEMO_PASSWORD);
      await form.getByRole('button', { name: 'LOGIN' }).click();
      await expect(page).toHaveURL(/\/area-riservata-homepage$/);
      await expect(page.getByTestId('welcome')).toContainText('Benvenuto');
      await expect(page.getByTestId('reserved-cards').getByRole('link')).toHaveCount(6);
      // A signed-in reader who opens the sign-in page goes to the reserved home (spec §4).
      await page.goto('/area-riservata');
      await expect(page).toHaveURL(/\/area-riservata-homepage$/);
      const cookie = (await page.context().cookies()).find(
        ({ name }) => name === 'sodalis_sessione',
      );
      expect(cookie?.value).toBeTruthy();
      await page.getByRole('link', { name: 'Esci' }).click();
      await expect(page).toHaveURL(/\/area-riservata$/);
      await page.goto('/area-riservata-homepage');
      await expect(page.getByTestId('welcome')).toHaveCount(0);
      // The session ended on the server too (ADR 021), not only the cookie.
      const roles = await page.request.get('/api/v1/ReservedArea/GetRoles', {
        headers: { authorization: `Bearer ${cookie?.value ?? ''}` },
      });
      expect(roles.status()).toBe(401);
    });
  }
});

test('l’accesso fatto senza script passa alla scheda quando gli script arrivano', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const noScripts = await context.newPage();
  await noScripts.goto('/area-riservata');
  const form = noScripts.getByTestId('login-form');
  await form.getByLabel('Username (e-mail)').fill('affiliato.demo@example.org');
  await form.getByLabel('Password').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'LOGIN' }).click();
  await expect(noScripts).toHaveURL(/\/area-riservata-homepage$/);
  const cookies = await context.cookies();
  await context.close();
  const scripted = await browser.newContext();
  await scripted.addCookies(cookies);
  const page = await scripted.newPage();
  await gotoHydrated(page, '/area-riservata-homepage');
  await expect(page.getByTestId('welcome')).toContainText('Benvenuto');
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
  expect(await page.evaluate(() => document.cookie)).not.toContain('sodalis_sessione');
  await scripted.close();
});

test('il link social del piè di pagina è quello di /contatti; la cookie policy parla di PayPal', async ({
  page,
}) => {
  await gotoHydrated(page, '/contatti');
  const contacts = page.locator('main').getByRole('link', { name: /Facebook/ });
  const footer = page.locator('footer').getByRole('link', { name: /Facebook/ });
  await expect(footer).toHaveAttribute('href', (await contacts.getAttribute('href')) ?? '-');
  await gotoHydrated(page, '/cookie');
  await expect(page.getByTestId('cookie-paypal')).toContainText('Paga con PayPal');
});

for (const width of WIDTHS) {
  test(
    `a ${width} px l’allegato di una notizia segue la regola apri/scarica (§2.15)`,
    opensPdf(width > 860),
    async ({ page }) => {
      const { items } = await apiPost<{
        items: { id: number; title: string; attachments: { fileName: string }[] }[];
      }>(page, '/api/v1/SharepointContent/GetArticoli', { dataOffset: '50' });
      const withFile = items.find((item) => item.attachments.length > 0);
      expect(withFile).toBeDefined();
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, `/news/${withFile?.id}`);
      const link = page.getByRole('link', {
        name: withFile?.attachments[0]?.fileName,
        exact: true,
      });
      if (width > 860) {
        const popup = page.waitForEvent('popup');
        await link.click();
        expect((await popup).url()).toContain('DownloadPublicDoc');
      } else {
        const download = page.waitForEvent('download');
        await link.click();
        expect((await download).suggestedFilename()).toBe(withFile?.attachments[0]?.fileName);
      }
    },
  );
}
