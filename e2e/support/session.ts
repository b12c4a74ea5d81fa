import type { APIRequestContext, Page } from '@playwright/test';
import type { LoginResponse } from '@sodalis/contracts';
import { expect, gotoHydrated } from './fixtures';

/** The demo accounts' password (README, "Demo accounts"). */
export const DEMO_PASSWORD = 'Sodalis-demo-2026';

/** The web app's `sessionStorage` key of the session token (apps/web/app/api/api-client.ts). */
const SESSION_TOKEN_KEY = 'token';

/** Fills and sends the login form; the caller checks where it leads. */
export async function submitLogin(page: Page, username: string, password = DEMO_PASSWORD) {
  await gotoHydrated(page, '/area-riservata');
  const form = page.getByTestId('login-form');
  await form.getByLabel('Username (e-mail)').fill(username);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'LOGIN' }).click();
}

/**
 * Session tokens of the demo accounts, one sign-in per account in each worker process: signing
 * in through the screen in every test cost a page, a form and a deliberately slow argon2id
 * verification. The login screen itself is tested with `submitLogin` (reserved.spec.ts).
 */
const demoTokens = new Map<string, Promise<string>>();

/** A demo account's session token, signed in through the API (a new session each call). */
export async function signInThroughApi(
  request: APIRequestContext,
  username: string,
): Promise<string> {
  const response = await request.post('/api/v1/Account/Login', {
    data: { username, password: DEMO_PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { token } = ((await response.json()) as { data: LoginResponse }).data;
  if (!token) throw new Error(`${username}: nessun token di sessione`);
  return token;
}

/** Whether the server still knows the session of `token` (ADR 021). */
async function sessionIsLive(request: APIRequestContext, token: string): Promise<boolean> {
  const roles = await request.get('/api/v1/ReservedArea/GetRoles', {
    headers: { authorization: `Bearer ${token}` },
  });
  return roles.status() === 200;
}

/**
 * Opens the reserved home (or `landing`) signed in as a demo account, where the login screen
 * leads, without it: the worker's token for the account goes into the tab's `sessionStorage` as the login
 * screen would put it, once (switching account in the tab works as after a screen sign-in),
 * from the site's lightest page when the tab is not on the site yet. A test that signs out asks
 * for its `ownSession`: "Esci" ends the session on the server (ADR 021), and the worker's shared
 * token would then answer 401 to every later test of the worker.
 */
export async function openSignedIn(
  page: Page,
  username: string,
  {
    ownSession = false,
    landing = '/area-riservata-homepage',
  }: {
    ownSession?: boolean;
    /** The page opened signed in; null leaves the tab where it is (the test opens its own). */
    landing?: string | null;
  } = {},
) {
  let token = ownSession ? undefined : demoTokens.get(username);
  // A kept token may have ended since: a password reset ends every session of its account
  // (reserved.spec's recovery of the Affiliato's password), so it is checked before use.
  if (token !== undefined && !(await sessionIsLive(page.request, await token))) token = undefined;
  if (token === undefined) {
    token = signInThroughApi(page.request, username);
    if (!ownSession) {
      demoTokens.set(username, token);
      token.catch(() => demoTokens.delete(username));
    }
  }
  const value = await token;
  if (!page.url().startsWith('http')) await page.goto('/healthz');
  await page.evaluate(([key, session]) => sessionStorage.setItem(key, session), [
    SESSION_TOKEN_KEY,
    value,
  ] as const);
  if (landing !== null) await gotoHydrated(page, landing);
}

/** A members-only API answer with the page's session token, to compare screens with data. */
export async function memberPost<T>(page: Page, url: string, body: unknown): Promise<T> {
  const token = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_TOKEN_KEY);
  const response = await page.request.post(url, {
    data: body,
    headers: { authorization: `Bearer ${token ?? ''}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}
