import type { Download, Locator } from '@playwright/test';
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
    // Opened, and not downloaded as well (a browser answers `window.open` with null when asked
    // for `noopener`, which a page may read as a blocked tab and then download).
    const downloads: string[] = [];
    const onDownload = (download: Download) => downloads.push(download.suggestedFilename());
    page.on('download', onDownload);
    const popup = page.context().waitForEvent('page');
    await button.click();
    const tab = await popup;
    expect(tab.url()).toMatch(/^blob:/);
    await tab.waitForLoadState();
    // The page's handler ran whole before the tab existed; a download it started has been
    // announced by the time the page answers once more.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    page.off('download', onDownload);
    expect(downloads, 'il documento si apre senza essere anche scaricato').toEqual([]);
    return;
  }
  const download = page.waitForEvent('download');
  await button.click();
  const name = (await download).suggestedFilename();
  if (typeof fileName === 'string') expect(name).toBe(fileName);
  else expect(name).toMatch(fileName);
}
