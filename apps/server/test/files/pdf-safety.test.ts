import { describe, expect, it } from 'vitest';
import { makeDemoPdf } from '../../src/db/seed/demo-pdf.js';
import { inflatedSize, pdfRefusal } from '../../src/files/pdf-safety.js';
import {
  deflatedZeros,
  embeddedFile,
  escapedJavaScriptName,
  flateBomb,
  htmlThenPdf,
  javaScriptOpenAction,
  launchAction,
  objectStreamBomb,
  pdfThenHtml,
  pdfThenZip,
  validPdf,
} from '../helpers/pdf-corpus.js';

const MIB = 1024 * 1024;

describe('pdfRefusal (ADR 027)', () => {
  it('accepts a normal PDF, the demo content’s, and one with object streams', async () => {
    expect(await pdfRefusal(await validPdf())).toBeNull();
    expect(await pdfRefusal(await makeDemoPdf('Statuto', ['Art. 1', 'Art. 2']))).toBeNull();
    const { PDFDocument } = await import('pdf-lib');
    const compact = await (
      await PDFDocument.load(await validPdf())
    ).save({ useObjectStreams: true });
    expect(await pdfRefusal(compact)).toBeNull();
  });

  it('refuses what is not a PDF, and a PDF cut short', async () => {
    expect(await pdfRefusal(Buffer.from('ciao, non sono un PDF'))).toBe('notPdf');
    const pdf = await validPdf();
    expect(await pdfRefusal(pdf.subarray(0, pdf.length - 200))).toBe('notPdf');
  });

  it('refuses polyglots: HTML or ZIP after the PDF, anything before it', async () => {
    expect(await pdfRefusal(await pdfThenHtml())).toBe('foreignContent');
    expect(await pdfRefusal(await pdfThenZip())).toBe('foreignContent');
    expect(await pdfRefusal(await htmlThenPdf())).toBe('foreignContent');
  });

  it('refuses JavaScript and Launch actions, escaped names and object streams included', async () => {
    expect(await pdfRefusal(await javaScriptOpenAction())).toBe('activeContent');
    expect(await pdfRefusal(await javaScriptOpenAction(true))).toBe('activeContent');
    expect(await pdfRefusal(await escapedJavaScriptName())).toBe('activeContent');
    expect(await pdfRefusal(await launchAction())).toBe('activeContent');
  });

  it('refuses embedded files', async () => {
    expect(await pdfRefusal(await embeddedFile())).toBe('activeContent');
  });

  it('refuses a Flate bomb, in a page or in an object stream, and counts within a budget', async () => {
    const bomb = await flateBomb();
    expect(bomb.length).toBeLessThan(MIB);
    expect(await pdfRefusal(bomb)).toBe('tooExpanded');
    expect(await pdfRefusal(await objectStreamBomb())).toBe('tooExpanded');
    // The count stops just past the budget instead of inflating the 200 MiB.
    const counted = await inflatedSize(await deflatedZeros(200 * MIB), 4 * MIB);
    expect(counted).toBeGreaterThan(4 * MIB);
    expect(counted).toBeLessThan(5 * MIB);
    // A small bomb under a large budget is a normal stream.
    expect(await pdfRefusal(await flateBomb(MIB))).toBeNull();
  }, 120_000);
});
