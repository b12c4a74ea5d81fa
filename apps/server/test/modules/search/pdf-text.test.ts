import { describe, expect, it } from 'vitest';
import { pdfPageTexts } from '../../../src/modules/search/pdf-text.js';
import { validPdf } from '../../helpers/pdf-corpus.js';

// pdf.js's Node build replaces some of the process's built-ins with core-js polyfills; reading a
// PDF must leave Node's own in place, since every answer serialises through them (ADR 020).
describe('the text of a PDF', () => {
  it('is read page by page and leaves JSON and Array.prototype.push as Node made them', async () => {
    const builtIns = [JSON.parse, JSON.stringify, Array.prototype.push];
    const pages = await pdfPageTexts(await validPdf('Programma del congresso'));
    expect(pages.join(' ')).toContain('Programma del congresso');
    expect([JSON.parse, JSON.stringify, Array.prototype.push]).toEqual(builtIns);
    for (const builtIn of builtIns)
      expect(Function.prototype.toString.call(builtIn)).toContain('[native code]');
  });
});
