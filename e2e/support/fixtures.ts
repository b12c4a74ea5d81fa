import type { EventEmitter } from 'node:events';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';
import { PDF_VIEWER_TAG } from './tags';

/**
 * Every test fails on a JavaScript error or a console error in the page (docs/architecture.md, "Code and test conventions"), and
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
      // Away from the button clicked last, whose hover colours would be measured.
      await page.mouse.move(0, 0);
      let summary = await axeViolations(page);
      // A notice that appeared after the page had settled (a toast sliding in once its request
      // answered) is measured halfway through its transition: a real violation is still there
      // once the page has settled again, a colour caught mid-fade is not.
      if (summary.length > 0) summary = await axeViolations(page);
      expect(summary, `violazioni WCAG 2.1 AA su ${page.url()}`).toEqual([]);
    });
  },
});

/**
 * Waits until the page has run no finite transition or animation for 100 ms (spinners, which
 * never end, aside; 3 s at most), then runs axe-core against WCAG 2.1 AA and summarises the
 * violations. A button drawn under the pointer is mid hover transition (Bootstrap's 0.15 s), a
 * notice may be fading in (a loaded CI draws its frames late): axe would measure colours halfway.
 */
async function axeViolations(page: Page) {
  await page.evaluate(async () => {
    const deadline = performance.now() + 3000;
    const running = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState !== 'finished' &&
            animation.effect?.getTiming().iterations !== Infinity,
        );
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    let quietSince = performance.now();
    while (performance.now() < deadline) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const animations = running();
      if (animations.length > 0) {
        await Promise.race([
          Promise.all(animations.map((animation) => animation.finished.catch(() => undefined))),
          pause(deadline - performance.now()),
        ]);
        quietSince = performance.now();
      } else if (performance.now() - quietSince >= 100) {
        return;
      } else {
        await pause(25);
      }
    }
  });
  // Only violations are read: axe skips the details of what passed (options before the
  // tags, which `options` would replace).
  // In the page itself (legacy mode): the default runs each frame apart and joins the
  // results in a new blank tab, loading axe twice, which cost half of every check.
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
  }));
}

/** A test's details: tagged as opening a PDF in the viewer when `opens` is true. */
export function opensPdf(opens: boolean): { tag: string[] } {
  return { tag: opens ? [PDF_VIEWER_TAG] : [] };
}

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
