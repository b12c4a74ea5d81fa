import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { DEMO_PASSWORD, openSignedIn } from '../support/session';

// A reserved list's first paint (ADR 022, amendment of 2026-11-24): a visitor without a session
// sees the sign-in the guard leads to before any script runs; a member's tab never sees it.
const LIST = '/area-riservata-raccomandazioni';

/** Holds the page's scripts until the returned function lets them through. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

test.describe('senza JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('una lista riservata mostra l’accesso, che riporta alla lista', async ({ page }) => {
    await page.goto(LIST);
    const form = page.getByTestId('login-form');
    await expect(form).toBeVisible();
    await expect(page.locator('.reserved-waiting').getByRole('status')).toBeHidden();
    await form.getByLabel('Username (e-mail)').fill('socio.demo@example.org');
    await form.getByLabel('Password').fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'LOGIN' }).click();
    await expect(page).toHaveURL(new RegExp(`${LIST}$`));
    await expect(page.getByTestId('archive-list')).toBeVisible();
  });
});

test('chi non ha una sessione vede l’accesso prima degli script, poi la pagina di accesso', async ({
  page,
  expectAccessible,
}) => {
  const release = await holdScripts(page);
  await page.goto(LIST, { waitUntil: 'commit' });
  const form = page.getByTestId('login-form');
  await expect(form).toBeVisible();
  await expect(form.getByRole('button', { name: 'LOGIN' })).toBeEnabled();
  await expect(page.locator('.reserved-waiting').getByRole('status')).toBeHidden();
  await expectAccessible(page);
  // The visitor starts typing before the scripts have run.
  await form.getByLabel('Username (e-mail)').fill('socio.demo@example.org');
  await form.getByLabel('Password').fill(DEMO_PASSWORD);
  release();
  // Once hydrated, the guard leads to the sign-in page as before, with what was typed.
  await expect(page).toHaveURL(/\/area-riservata$/);
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Username (e-mail)')).toHaveValue('socio.demo@example.org');
  await expect(form.getByLabel('Password')).toHaveValue(DEMO_PASSWORD);
  await expectAccessible(page);
  await form.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL(/\/area-riservata-homepage$/);
  // Signed out again, the sign-in page's form is empty: nothing typed is kept once used.
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/area-riservata');
  await expect(form.getByLabel('Username (e-mail)')).toHaveValue('');
  await expect(form.getByLabel('Password')).toHaveValue('');
});

test('un socio con la sessione nella scheda non vede mai l’accesso ricaricando una lista', async ({
  page,
}) => {
  await openSignedIn(page, 'socio.demo@example.org');
  // Before every frame and on every change of the page: is a sign-in form shown?
  await page.addInitScript(() => {
    const seen = { signIn: false };
    Object.assign(window, { firstPaintCheck: seen });
    const check = () => {
      for (const form of document.querySelectorAll('[data-testid="login-form"]'))
        if (form.checkVisibility()) seen.signIn = true;
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
    const everyFrame = () => {
      check();
      requestAnimationFrame(everyFrame);
    };
    requestAnimationFrame(everyFrame);
  });
  const release = await holdScripts(page);
  await page.goto(LIST, { waitUntil: 'commit' });
  // The first paint, scripts still held: the loading state, the sign-in hidden.
  await expect(page.locator('.reserved-waiting').getByRole('status')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-sessione', '1');
  await expect(page.getByTestId('login-form')).toBeHidden();
  release();
  await expect(page.getByTestId('archive-list')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  const seen = await page.evaluate(
    () => (window as unknown as { firstPaintCheck: { signIn: boolean } }).firstPaintCheck.signIn,
  );
  expect(seen, 'il modulo di accesso non deve mai essere visibile').toBe(false);
});

test('le pagine non violano la politica di sicurezza dei contenuti, nemmeno quelle che convalidano dati', async ({
  page,
}) => {
  // Recorded from before the page's own scripts: any refusal of the CSP (ADR 018), including
  // a caught one, such as a library probing for eval.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
    );
  });
  const violations = () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  await openSignedIn(page, 'socio.demo@example.org');
  await page.goto(LIST);
  await expect(page.getByTestId('archive-list')).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('quanto scritto nella pagina di accesso prima degli script resta quando arrivano', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/area-riservata', { waitUntil: 'commit' });
  const form = page.getByTestId('login-form');
  await form.getByLabel('Username (e-mail)').fill('socio.demo@example.org');
  await form.getByLabel('Password').fill(DEMO_PASSWORD);
  release();
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  await expect(form.getByLabel('Username (e-mail)')).toHaveValue('socio.demo@example.org');
  await expect(form.getByLabel('Password')).toHaveValue(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL(/\/area-riservata-homepage$/);
});

test('una scheda con una sessione scaduta vede subito l’accesso, non l’attesa', async ({
  page,
}) => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const expired = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({
    unique_name: 'Giulia',
    family_name: 'Ferri',
    role: 'socio',
    exp: Math.floor(Date.now() / 1000) - 60,
  })}.firma`;
  await page.addInitScript((token) => sessionStorage.setItem('token', token), expired);
  const release = await holdScripts(page);
  await page.goto(LIST, { waitUntil: 'commit' });
  await expect(page.getByTestId('login-form')).toBeVisible();
  await expect(page.locator('.reserved-waiting').getByRole('status')).toBeHidden();
  await expect(page.locator('html')).not.toHaveAttribute('data-sessione', '1');
  // Once the scripts have run, the guard leads to the sign-in page: awaited as the navigation it
  // is, within the test's time, however long a busy computer takes to run the scripts.
  const signInPage = page.waitForURL(/\/area-riservata$/);
  release();
  await signInPage;
});
