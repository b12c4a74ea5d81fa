import type { Page } from '@playwright/test';
import { expect, gotoHydrated } from './fixtures';

/**
 * How long a back-office screen may take to appear after a click in it. React Router draws the
 * next screen in a transition: the address changes at once, but the list stays on screen until
 * the edit form (rich-text editor included) has rendered, which on a loaded 2-core CI took over
 * the default 5 seconds (the same data is already in the cache, no call is waited for).
 */
export const SCREEN_TIMEOUT = 20_000;

/** Opens a back-office screen and waits for react-admin to draw it (its own chunk loads first). */
export async function openAdmin(page: Page, path: string) {
  await gotoHydrated(page, `/amministrazione${path}`);
  await expect(page.getByRole('navigation', { name: 'Collegamenti del sito' })).toBeVisible({
    timeout: SCREEN_TIMEOUT,
  });
}

/**
 * A staff API call with the page's session token (to read, create, restore or clean up what a
 * test changes); a deletion answers null.
 */
export async function adminApi(
  page: Page,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  path: string,
  data?: unknown,
  /** 201 for a call that records something new (a payment). */
  status = 200,
): Promise<Record<string, unknown>> {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const response = await page.request.fetch(`/api/v1/Admin${path}`, {
    method,
    headers: { authorization: `Bearer ${token ?? ''}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.status(), await response.text()).toBe(status);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

/**
 * Types into a react-admin field and checks it holds the value. The staff forms keep what was
 * typed while react-admin resets them to their defaults after mounting (`StaffForm`), so one
 * fill is enough: a value that does not stay is a bug this check reports.
 */
export async function fillAdminField(
  page: Page,
  role: 'textbox' | 'spinbutton',
  name: string,
  value: string,
) {
  const field = page.getByRole(role, { name });
  await field.fill(value);
  await expect(field).toHaveValue(value);
}

/** `YYYY-MM-DD` in Rome, `offsetDays` from today (what the back office's date fields take). */
export function romeDate(offsetDays = 0): string {
  const date = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(date);
}

/**
 * Chooses an option of a react-admin select (MUI's list over the page) and checks that it took:
 * on a loaded 2-core CI a click landing while the list was still growing in left it open with
 * the old value, and every later step met a page hidden behind it. Retried until the list has
 * closed on the chosen option.
 */
export async function chooseOption(page: Page, combobox: string, option: string) {
  const field = page.getByRole('combobox', { name: combobox });
  const list = page.getByRole('listbox');
  await expect(async () => {
    if (!(await list.isVisible())) await field.click({ timeout: 2000 });
    await list.getByRole('option', { name: option, exact: true }).click({ timeout: 2000 });
    await expect(list).toBeHidden({ timeout: 2000 });
    await expect(field).toHaveText(option, { timeout: 2000 });
  }).toPass();
}
