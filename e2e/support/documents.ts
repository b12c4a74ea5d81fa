import type { Locator } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Clicks a document button and checks what the 860 px rule (spec §2.15) makes of it: a new
 * tab showing the PDF (`open`) or a download whose file name matches `fileName`.
 */
export async function expectDocument(
  button: Locator,
  expected: 'open' | 'download',
  fileName: string | RegExp = /\.pdf$/,
): Promise<void> {
  const page = button.page();
  if (expected === 'open') {
    const popup = page.context().waitForEvent('page');
    await button.click();
    expect((await popup).url()).toMatch(/^blob:/);
    return;
  }
  const download = page.waitForEvent('download');
  await button.click();
  const name = (await download).suggestedFilename();
  if (typeof fileName === 'string') expect(name).toBe(fileName);
  else expect(name).toMatch(fileName);
}
