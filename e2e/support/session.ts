import type { Page } from '@playwright/test';
import { expect, gotoHydrated } from './fixtures';

/** The demo accounts' password (README, "Demo accounts"). */
export const DEMO_PASSWORD = 'Sodalis-demo-2026';

/** Fills and sends the login form; the caller checks where it leads. */
export async function submitLogin(page: Page, username: string, password = DEMO_PASSWORD) {
  await gotoHydrated(page, '/area-riservata');
  const form = page.getByTestId('login-form');
  await form.getByLabel('Username (e-mail)').fill(username);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'LOGIN' }).click();
}

/**
 * Signs a demo member in and waits for the reserved home. Password hashing is deliberately slow
 * (argon2id) and the machine may be busy with other runs: the wait is longer than the default.
 */
export async function logIn(page: Page, username: string) {
  await submitLogin(page, username);
  await expect(page).toHaveURL(/\/area-riservata-homepage$/, { timeout: 20_000 });
}

/** A members-only API answer with the page's session token, to compare screens with data. */
export async function memberPost<T>(page: Page, url: string, body: unknown): Promise<T> {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const response = await page.request.post(url, {
    data: body,
    headers: { authorization: `Bearer ${token ?? ''}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}
