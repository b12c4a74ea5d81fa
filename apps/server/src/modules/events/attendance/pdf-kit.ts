import QRCode from 'qrcode';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { wrap } from '../../payments/receipt-pdf.js';

/**
 * What the badges and certificates draw (ADR 051), over the receipts' pdf-lib and standard
 * Helvetica (ADR 030): QR codes drawn as vector squares, names that fit their box.
 */

export const INK = rgb(0.1, 0.1, 0.1);
/** Millimetres in PDF points. */
export const mm = (millimetres: number) => (millimetres * 72) / 25.4;

/**
 * `text` in the letters Helvetica's WinAnsi encoding has: a name with a letter it lacks
 * (Łukasz, Dvořák) loses the accent rather than failing the whole PDF.
 */
export function printable(text: string, font: PDFFont): string {
  let out = '';
  for (const letter of text.normalize('NFC')) {
    if (font.getCharacterSet().includes(letter.codePointAt(0) ?? 0)) {
      out += letter;
      continue;
    }
    const base = letter.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    out += [...base].every((part) => font.getCharacterSet().includes(part.codePointAt(0) ?? 0))
      ? base
      : '?';
  }
  return out;
}

/** Draws `text`'s QR code as a `size`-point square whose lower-left corner is at `x`, `y`. */
export function drawQr(page: PDFPage, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + 2 * quiet);
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col) === 0) continue;
      page.drawRectangle({
        x: x + (col + quiet) * cell,
        y: y + size - (row + quiet + 1) * cell,
        width: cell,
        height: cell,
        color: rgb(0, 0, 0),
      });
    }
  }
}

/** The QR code of `text` as an SVG data address, for a page's `<img>` (CSP allows `data:`). */
export async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * Writes `text` centred in `width` from `x`, wrapped to at most `maxLines` lines, at the
 * largest size from `size` down to `minSize` that fits; answers the y below it.
 */
export function centredText(
  page: PDFPage,
  text: string,
  box: { x: number; y: number; width: number },
  font: PDFFont,
  size: number,
  options: { minSize?: number; maxLines?: number; gap?: number } = {},
): number {
  const { minSize = size, maxLines = 2, gap = 0.25 } = options;
  const safe = printable(text, font);
  let chosen = minSize;
  let lines = wrap(safe, font, minSize, box.width);
  for (let candidate = size; candidate >= minSize; candidate -= 1) {
    const tried = wrap(safe, font, candidate, box.width);
    const fits = tried.every((line) => font.widthOfTextAtSize(line, candidate) <= box.width);
    if (tried.length <= maxLines && fits) {
      chosen = candidate;
      lines = tried;
      break;
    }
  }
  let y = box.y;
  for (const line of lines.slice(0, maxLines)) {
    const width = font.widthOfTextAtSize(line, chosen);
    page.drawText(line, {
      x: box.x + Math.max(0, (box.width - width) / 2),
      y: y - chosen,
      size: chosen,
      font,
      color: INK,
    });
    y -= chosen * (1 + gap);
  }
  return y;
}

/**
 * A certificate's foot (ADR 051, 060): on the left the day of issue and who signs, on the right
 * the public address that verifies it, printed and as a QR code.
 */
export function drawVerifiedFooter(
  page: PDFPage,
  font: PDFFont,
  facts: { issuedLine: string; signature: string; verifyUrl: string },
  margin: number,
): void {
  const width = page.getWidth();
  const footer = margin;
  page.drawText(printable(facts.issuedLine, font), {
    x: margin,
    y: footer + 28,
    size: 10,
    font,
    color: INK,
  });
  page.drawText(printable(facts.signature, font), {
    x: margin,
    y: footer + 14,
    size: 10,
    font,
    color: INK,
  });
  const qr = mm(32);
  drawQr(page, facts.verifyUrl, width - margin - qr, footer + 10, qr);
  const verify = 'Verifica l’autenticità:';
  page.drawText(verify, {
    x: width - margin - qr - 8 - font.widthOfTextAtSize(verify, 8),
    y: footer + 24,
    size: 8,
    font,
    color: INK,
  });
  const url = printable(facts.verifyUrl, font);
  page.drawText(url, {
    x: width - margin - qr - 8 - font.widthOfTextAtSize(url, 8),
    y: footer + 14,
    size: 8,
    font,
    color: INK,
  });
}

/**
 * A certificate's A4 landscape page with its document's facts (title, author, Italian, the
 * instant of issue as its dates, so the same certificate is the same file): ADR 051, 060.
 */
export async function certificatePage(
  title: string,
  issuer: { name: string; acronym: string },
  issuedAt: Date,
) {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  pdf.setTitle(printable(`${title} – ${issuer.acronym}`, regular));
  pdf.setAuthor(printable(issuer.name, regular));
  pdf.setProducer('Sodalis');
  pdf.setCreator('Sodalis');
  pdf.setLanguage('it-IT');
  pdf.setCreationDate(issuedAt);
  pdf.setModificationDate(issuedAt);
  const width = mm(297);
  const height = mm(210);
  const page = pdf.addPage([width, height]);
  return { pdf, page, regular, bold, width, height, margin: mm(20) };
}
