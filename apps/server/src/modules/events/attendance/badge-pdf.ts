import { badgeCodeText } from '@sodalis/contracts';
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { centredText, drawQr, INK, mm, printable } from './pdf-kit.js';

/** What one badge says, already decided (ADR 051). */
export interface BadgeDocument {
  acronym: string;
  eventTitle: string;
  /** "21/01/2027" or "dal 21/01/2027 al 23/01/2027" (`eventDaysText`). */
  eventDates: string;
  name: string;
  typeName: string;
  code: string;
}

export type BadgeFormat = 'a6' | 'etichette';

/** A6 portrait, one badge a page (a holder's pocket). */
const A6 = { width: mm(105), height: mm(148) };
/** A4 sheets of 2 × 4 labels of 99.1 × 67.7 mm (the common L7165 layout). */
const SHEET = {
  width: mm(210),
  height: mm(297),
  columns: 2,
  rows: 4,
  label: { width: mm(99.1), height: mm(67.7) },
  left: mm(4.65),
  top: mm(13.1),
  gap: mm(2.5),
};

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

function drawA6(page: PDFPage, badge: BadgeDocument, fonts: Fonts): void {
  const margin = mm(8);
  const width = A6.width - 2 * margin;
  let y = A6.height - margin;
  y = centredText(page, badge.acronym, { x: margin, y, width }, fonts.bold, 11);
  y = centredText(page, badge.eventTitle, { x: margin, y: y - 2, width }, fonts.regular, 10, {
    minSize: 7,
  });
  y = centredText(page, badge.eventDates, { x: margin, y, width }, fonts.regular, 8);
  y = centredText(page, badge.name, { x: margin, y: y - mm(10), width }, fonts.bold, 24, {
    minSize: 12,
  });
  centredText(page, badge.typeName, { x: margin, y: y - 2, width }, fonts.regular, 11, {
    minSize: 8,
    maxLines: 1,
  });
  const qr = mm(40);
  drawQr(page, badge.code, (A6.width - qr) / 2, margin + 14, qr);
  centredText(
    page,
    badgeCodeText(badge.code),
    { x: margin, y: margin + 12, width },
    fonts.regular,
    9,
  );
}

function drawLabel(page: PDFPage, badge: BadgeDocument, fonts: Fonts, x: number, y: number): void {
  const { width, height } = SHEET.label;
  const pad = mm(4);
  const qr = height - 2 * pad - 10;
  const textWidth = width - qr - 3 * pad;
  let line = y + height - pad;
  line = centredText(page, badge.name, { x: x + pad, y: line, width: textWidth }, fonts.bold, 18, {
    minSize: 10,
  });
  line = centredText(
    page,
    badge.typeName,
    { x: x + pad, y: line, width: textWidth },
    fonts.regular,
    9,
    {
      minSize: 7,
      maxLines: 1,
    },
  );
  centredText(
    page,
    badge.eventTitle,
    { x: x + pad, y: line - 4, width: textWidth },
    fonts.regular,
    8,
    { minSize: 6 },
  );
  drawQr(page, badge.code, x + width - pad - qr, y + pad + 10, qr);
  page.drawText(badgeCodeText(badge.code), {
    x: x + width - pad - qr + 2,
    y: y + pad,
    size: 7,
    font: fonts.regular,
    color: INK,
  });
}

/**
 * Badges as one PDF: A6, one a page, or A4 sheets of labels. Same badges in, same bytes out
 * (no dates of creation written).
 */
export async function renderBadgesPdf(
  badges: readonly BadgeDocument[],
  format: BadgeFormat,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const only = badges.length === 1 ? badges[0] : undefined;
  pdf.setTitle(printable(only === undefined ? 'Badge' : `Badge – ${only.name}`, fonts.regular));
  pdf.setProducer('Sodalis');
  pdf.setCreator('Sodalis');
  pdf.setLanguage('it-IT');
  const epoch = new Date(0);
  pdf.setCreationDate(epoch);
  pdf.setModificationDate(epoch);
  if (format === 'a6') {
    for (const badge of badges) drawA6(pdf.addPage([A6.width, A6.height]), badge, fonts);
    if (badges.length === 0) pdf.addPage([A6.width, A6.height]);
  } else {
    const perSheet = SHEET.columns * SHEET.rows;
    for (let first = 0; first < Math.max(badges.length, 1); first += perSheet) {
      const page = pdf.addPage([SHEET.width, SHEET.height]);
      badges.slice(first, first + perSheet).forEach((badge, index) => {
        const column = index % SHEET.columns;
        const row = Math.floor(index / SHEET.columns);
        const x = SHEET.left + column * (SHEET.label.width + SHEET.gap);
        const y = SHEET.height - SHEET.top - (row + 1) * SHEET.label.height;
        drawLabel(page, badge, fonts, x, y);
      });
    }
  }
  return pdf.save({ useObjectStreams: false });
}
