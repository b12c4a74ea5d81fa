import type { Page } from '@playwright/test';
import { expect, gotoHydrated } from './fixtures';

/** Opens a back-office screen and waits for react-admin to draw it (its own chunk loads first). */
export async function openAdmin(page: Page, path: string) {
  await gotoHydrated(page, `/amministrazione${path}`);
  await expect(page.getByRole('navigation', { name: 'Collegamenti del sito' })).toBeVisible({
    timeout: 20_000,
  });
}

/**
 * Types into a react-admin field. Right after a navigation inside the back office the page is
 * drawn twice and a field typed into during the first drawing comes back empty (a react-admin
 * quirk, noted in ADR 013's consequences): type again until the value stays.
 */
export async function fillAdminField(
  page: Page,
  role: 'textbox' | 'spinbutton',
  name: string,
  value: string,
) {
  const field = page.getByRole(role, { name });
  await expect(async () => {
    await field.fill(value);
    await expect(field).toHaveValue(value, { timeout: 500 });
  }).toPass();
}

/** `YYYY-MM-DD` in Rome, `offsetDays` from today (what the back office's date fields take). */
export function romeDate(offsetDays = 0): string {
  const date = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(date);
}
