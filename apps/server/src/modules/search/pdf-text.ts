import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A page's text shorter than this (after trimming) counts as no text: a scan's stray marks. */
const MIN_PAGE_TEXT = 3;

/**
 * The text of each page of a PDF (pdfjs-dist's Node build, ADR 025), page 1 first; empty
 * strings for pages without a text layer. Throws on a file pdf.js cannot read.
 */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
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
