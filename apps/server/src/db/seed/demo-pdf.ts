import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { RecentResults } from '../../cache/recent-results.js';

/**
 * Small, deterministic PDF documents for the demo data set: a title and paragraphs of text on
 * A4 pages, with a footer that says the content is fictional. The same title and lines always
 * give the same bytes (fixed metadata dates, no producer stamp), so the content-addressed file
 * store keeps one copy and two fresh installs hold identical files.
 */

/** Every demo PDF claims this date, so the bytes never depend on when they were made. */
const FIXED_DATE = new Date(Date.UTC(2019, 0, 1, 9, 0, 0));

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 56;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const TITLE_SIZE = 16;
const TITLE_LEADING = 21;
const BODY_SIZE = 11;
const BODY_LEADING = 15;
const PARAGRAPH_GAP = 6;
const FOOTER_SIZE = 8;
const FOOTER_TEXT = 'Documento dimostrativo - contenuto fittizio';

/** Characters Helvetica (WinAnsi) lacks, mapped to the nearest ones it has. */
const REPLACEMENTS: ReadonlyMap<string, string> = new Map([
  ['\u2010', '-'],
  ['\u2011', '-'],
  ['\u2012', '-'],
  ['\u2015', '-'],
  ['\u2212', '-'],
  ['\u2192', '->'],
  ['\u2190', '<-'],
  ['\u2264', '<='],
  ['\u2265', '>='],
  ['\u2248', '~'],
  ['\u00a0', ' '],
  ['\u2009', ' '],
  ['\u202f', ' '],
  ['\t', ' '],
]);

/**
 * Text Helvetica can draw: known look-alikes are substituted, accents the font lacks are dropped
 * ("ő" -> "o"), anything else becomes "?". Accented Italian letters are kept as they are.
 */
export function toWinAnsiText(text: string, supported: ReadonlySet<number>): string {
  let result = '';
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (supported.has(codePoint)) {
      result += char;
      continue;
    }
    const replacement = REPLACEMENTS.get(char);
    if (replacement !== undefined) {
      result += replacement;
      continue;
    }
    if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0)) continue;
    const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
    const bareCode = bare.codePointAt(0);
    result += bare.length === 1 && bareCode !== undefined && supported.has(bareCode) ? bare : '?';
  }
  return result;
}

/**
 * Splits `text` into lines no wider than `width` (word widths are measured once and summed,
 * which ignores the tiny kerning across spaces); a word longer than a line is cut.
 */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const measure = (part: string) => font.widthOfTextAtSize(part, size);
  const space = measure(' ');
  const lines: string[] = [];
  let current = '';
  let currentWidth = 0;
  for (const word of text.split(' ').filter((part) => part.length > 0)) {
    const wordWidth = measure(word);
    if (current.length > 0 && currentWidth + space + wordWidth <= width) {
      current += ` ${word}`;
      currentWidth += space + wordWidth;
      continue;
    }
    if (current.length > 0) lines.push(current);
    current = word;
    currentWidth = wordWidth;
    while (currentWidth > width) {
      let cut = current.length - 1;
      while (cut > 1 && measure(current.slice(0, cut)) > width) cut -= 1;
      lines.push(current.slice(0, cut));
      current = current.slice(cut);
      currentWidth = measure(current);
    }
  }
  if (current.length > 0) lines.push(current);
  return lines;
}

let characterSet: ReadonlySet<number> | null = null;

/**
 * The demo's PDFs made last, by title and lines: their bytes depend on nothing else (fixed
 * dates), and a PDF attached to several records, or the demo content loaded again for another
 * day (the tests' databases), is made once. About 300 PDFs of a few kilobytes.
 */
const recentPdfs = new RecentResults<Uint8Array>(1024);

/**
 * A PDF with `title` as heading and one paragraph per entry of `lines` (an empty entry leaves
 * a blank line; a "\n" inside an entry starts a new line). Pages are added as needed. The
 * bytes are shared between callers asking for the same PDF: read them, never change them.
 */
export function makeDemoPdf(title: string, lines: readonly string[]): Promise<Uint8Array> {
  return recentPdfs.get(JSON.stringify([title, lines]), () => drawDemoPdf(title, lines));
}

async function drawDemoPdf(title: string, lines: readonly string[]): Promise<Uint8Array> {
  const document = await PDFDocument.create({ updateMetadata: false });
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  characterSet ??= new Set(regular.getCharacterSet());
  const supported = characterSet;

  document.setTitle(title);
  document.setCreator('Sodalis');
  document.setProducer('Sodalis (pdf-lib)');
  document.setLanguage('it-IT');
  document.setCreationDate(FIXED_DATE);
  document.setModificationDate(FIXED_DATE);

  const pages: PDFPage[] = [];
  let page = document.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  pages.push(page);
  let y = PAGE_HEIGHT - MARGIN;
  const bottom = MARGIN + 2 * FOOTER_SIZE;
  const ensureRoom = (height: number) => {
    if (y - height >= bottom) return;
    page = document.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    pages.push(page);
    y = PAGE_HEIGHT - MARGIN;
  };

  for (const line of wrap(toWinAnsiText(title, supported), bold, TITLE_SIZE, TEXT_WIDTH)) {
    ensureRoom(TITLE_LEADING);
    y -= TITLE_LEADING;
    page.drawText(line, {
      x: MARGIN,
      y,
      size: TITLE_SIZE,
      font: bold,
      color: rgb(0.62, 0.05, 0.1),
    });
  }
  y -= 8;
  page.drawLine({
    start: { x: MARGIN, y },
    end: { x: PAGE_WIDTH - MARGIN, y },
    thickness: 0.8,
    color: rgb(0.62, 0.05, 0.1),
  });
  y -= 10;

  for (const paragraph of lines.flatMap((entry) => entry.split('\n'))) {
    const text = toWinAnsiText(paragraph, supported).trim();
    if (text.length === 0) {
      y -= BODY_LEADING;
      continue;
    }
    for (const line of wrap(text, regular, BODY_SIZE, TEXT_WIDTH)) {
      ensureRoom(BODY_LEADING);
      y -= BODY_LEADING;
      page.drawText(line, {
        x: MARGIN,
        y,
        size: BODY_SIZE,
        font: regular,
        color: rgb(0.1, 0.1, 0.1),
      });
    }
    y -= PARAGRAPH_GAP;
  }

  const grey = rgb(0.45, 0.45, 0.45);
  pages.forEach((each, index) => {
    each.drawText(FOOTER_TEXT, {
      x: MARGIN,
      y: MARGIN,
      size: FOOTER_SIZE,
      font: regular,
      color: grey,
    });
    const number = `Pagina ${index + 1} di ${pages.length}`;
    const width = regular.widthOfTextAtSize(number, FOOTER_SIZE);
    each.drawText(number, {
      x: PAGE_WIDTH - MARGIN - width,
      y: MARGIN,
      size: FOOTER_SIZE,
      font: regular,
      color: grey,
    });
  });

  return document.save();
}
