import { createHash } from 'node:crypto';
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { RecentResults } from '../../cache/recent-results.js';

/** pdf.js's worker, run in this thread: its module sets `globalThis.pdfjsWorker`, which pdf.js uses. */
const PDFJS_WORKER = 'pdfjs-dist/legacy/build/pdf.worker.mjs';

let pdfjsLoading: Promise<typeof PdfJs> | undefined;

/**
 * pdf.js, loaded the first time a PDF is read. Its Node build carries core-js polyfills that
 * replace `JSON.parse`, `JSON.stringify` and `Array.prototype.push` for the whole process with
 * slower spec-polyfills (a CPU profile of uncached API answers spent about a tenth of its time
 * in them, ADR 020); Node's own are restored once pdf.js and its worker are in. The other
 * polyfills it adds only fill gaps and are left.
 */
function pdfjs(): Promise<typeof PdfJs> {
  pdfjsLoading ??= (async () => {
    const builtIns = {
      parse: JSON.parse,
      stringify: JSON.stringify,
      push: Array.prototype.push,
    };
    try {
      const library = await import('pdfjs-dist/legacy/build/pdf.mjs');
      await import(PDFJS_WORKER);
      return library;
    } finally {
      JSON.parse = builtIns.parse;
      JSON.stringify = builtIns.stringify;
      Object.defineProperty(Array.prototype, 'push', {
        value: builtIns.push,
        writable: true,
        configurable: true,
        enumerable: false,
      });
    }
  })();
  return pdfjsLoading;
}

/** A page's text shorter than this (after trimming) counts as no text: a scan's stray marks. */
const MIN_PAGE_TEXT = 3;

/**
 * The pages' texts of the PDFs read last, by the sha256 of their bytes: the same document
 * attached to several records, or loaded again (the demo content of another day, a rebuilt
 * index), is read by pdf.js once. A few hundred documents' texts: a few megabytes at most.
 */
const recentPageTexts = new RecentResults<readonly string[]>(512);

/**
 * The text of each page of a PDF (pdfjs-dist's Node build, ADR 025), page 1 first; empty
 * strings for pages without a text layer. Throws on a file pdf.js cannot read.
 */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return [...(await recentPageTexts.get(sha256, () => readPageTexts(bytes)))];
}

async function readPageTexts(bytes: Uint8Array): Promise<string[]> {
  const { getDocument } = await pdfjs();
  const task = getDocument({
    // pdf.js takes ownership of the buffer it is given: a copy keeps the caller's intact.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  });
  const pdf = await task.promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : ''))
        .join('')
        .replace(/[ \t]+/g, ' ')
        .trim();
      pages.push(text.length < MIN_PAGE_TEXT ? '' : text);
      page.cleanup();
    }
    return pages;
  } finally {
    await task.destroy();
  }
}
