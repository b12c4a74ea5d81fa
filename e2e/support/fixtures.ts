import type { EventEmitter } from 'node:events';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

/**
 * Every test fails on a JavaScript error or a console error in the page (STYLE.md #8), and
 * can check a page with axe-core against WCAG 2.1 AA.
 */
export const test = base.extend<{
  /** Console errors a test expects (a failed request it provokes on purpose). */
  allowedConsoleErrors: RegExp[];
  pageErrors: string[];
  expectAccessible: (page: Page) => Promise<void>;
}>({
  allowedConsoleErrors: [[], { option: true }],
  pageErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      // A question the page asks (leave with unsaved changes?) that the test did not expect:
      // a test that expects one listens for it itself, and then this listener leaves it alone.
      page.on('dialog', (dialog) => {
        // Playwright's Page is an EventEmitter; its type leaves out `listenerCount`.
        if ((page as unknown as EventEmitter).listenerCount('dialog') > 1) return;
        errors.push(`dialogo inatteso (${dialog.type()}): ${dialog.message()}`);
        void dialog.dismiss();
      });
      page.on('console', (message) => {
        const allowed = [...ALLOWED_CONSOLE_ERRORS, ...allowedConsoleErrors];
        if (
          message.type() === 'error' &&
          !allowed.some((pattern) => pattern.test(message.text()))
        ) {
          errors.push(`console.error: ${message.text()}`);
        }
      });
      await use(errors);
      expect(errors, 'errori nella pagina').toEqual([]);
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from the pattern
  expectAccessible: async ({}, use) => {
    await use(async (page: Page) => {
      // A button drawn under the pointer (where the clicked one was) is mid hover transition
      // (Bootstrap's 0.15 s): axe would measure colours halfway. Move away and let it end.
      await page.mouse.move(0, 0);
      await page.waitForTimeout(300);
      // Likewise a notice still fading in (a loaded CI draws its frames late): every transition
      // and finite animation on the page ends first (spinners, which never end, aside).
      await page.evaluate(() =>
        Promise.race([
          Promise.all(
            document
              .getAnimations()
              .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
              .map((animation) => animation.finished.catch(() => undefined)),
          ),
          new Promise((resolve) => setTimeout(resolve, 3000)),
        ]),
      );
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const summary = results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
      }));
      expect(summary, `violazioni WCAG 2.1 AA su ${page.url()}`).toEqual([]);
    });
  },
});

/** The browser reports a 404 document (the 404 page) as a console error: not a page bug. */
const ALLOWED_CONSOLE_ERRORS = [
  /Failed to load resource: the server responded with a status of 404/,
];

export { expect };

/** The API's answer, read directly, to compare pages with the database. */
export async function apiPost<T>(page: Page, url: string, body: unknown): Promise<T> {
  const response = await page.request.post(url, { data: body });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** Opens a page and waits until React has hydrated it (the root sets `data-hydrated`). */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  return response;
}
