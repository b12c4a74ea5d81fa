import { italianEuroText } from '@sodalis/contracts';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/** Who issues the receipt: the society's legal data (ADR 030, configuration). */
export interface ReceiptIssuer {
  name: string;
  acronym: string;
  address: string;
  taxCode: string;
  vatNumber: string | null;
}

/** Everything a receipt PDF says, already decided: the renderer only lays it out. */
export interface ReceiptDocument {
  kind: 'receipt' | 'cancellation';
  /** "7/2026" (`receiptNumberText`). */
  numberText: string;
  /** A cancelling receipt: the number and date of the receipt it cancels. */
  cancels: { numberText: string; issuedOn: string } | null;
  /** dd/mm/yyyy in Rome. */
  issuedOn: string;
  issuer: ReceiptIssuer;
  holderName: string;
  memberNumber: string | null;
  fiscalCode: string | null;
  /** What was paid, listed ("2025, 2026"). */
  yearsText: string;
  /**
   * What was paid, as its purpose words it (ADR 045); without it, dues years as receipts always
   * said ("quota associativa, anno 2025, 2026").
   */
  causale?: string;
  method: string;
  amountCents: number;
  /** dd/mm/yyyy in Rome. */
  paidOn: string;
  stampDuty: boolean;
  /** The instant of issue, written as the PDF's dates so the same receipt is the same file. */
  issuedAt: Date;
}

/** Above this amount a receipt outside VAT needs the stamp duty (DPR 642/72, Tariffa art. 13). */
export const STAMP_DUTY_THRESHOLD_CENTS = 7747;

/** The VAT line every dues receipt carries (the text of the specification, ADR 030). */
export const OUTSIDE_VAT_LINE =
  "Quota associativa — operazione fuori campo IVA ai sensi dell'art. 4 DPR 633/72";

export const STAMP_DUTY_LINE =
  "Imposta di bollo di 2,00 € assolta sull'originale (importo superiore a 77,47 €, DPR 642/72)";

/** Whether a receipt of `amountCents` carries the stamp-duty line. */
export function needsStampDuty(amountCents: number, exempt: boolean): boolean {
  return !exempt && amountCents > STAMP_DUTY_THRESHOLD_CENTS;
}

export function receiptTitle(document: Pick<ReceiptDocument, 'kind' | 'numberText'>): string {
  return document.kind === 'receipt'
    ? `Ricevuta n. ${document.numberText}`
    : `Ricevuta di annullamento n. ${document.numberText}`;
}

/** The receipt's file name: `ricevuta-7-2026.pdf`. */
export function receiptFileName(document: Pick<ReceiptDocument, 'kind' | 'numberText'>): string {
  const number = document.numberText.replace('/', '-');
  return document.kind === 'receipt'
    ? `ricevuta-${number}.pdf`
    : `ricevuta-annullamento-${number}.pdf`;
}

/** The lines of the receipt, in order, label and value (tests read them back from the PDF). */
export function receiptLines(document: ReceiptDocument): string[][] {
  const rows: string[][] = [
    ['Data', document.issuedOn],
    [document.kind === 'receipt' ? 'Ricevuto da' : 'Intestatario', document.holderName],
  ];
  if (document.memberNumber !== null) rows.push(['Numero socio', document.memberNumber]);
  if (document.fiscalCode !== null) rows.push(['Codice fiscale', document.fiscalCode]);
  rows.push(
    ['Causale', document.causale ?? `quota associativa, anno ${document.yearsText}`],
    ['Metodo di pagamento', document.method],
    ['Data del pagamento', document.paidOn],
    [
      document.kind === 'receipt' ? 'Importo' : 'Importo annullato',
      italianEuroText(document.amountCents),
    ],
  );
  return rows;
}

function write(page: PDFPage, text: string, x: number, y: number, font: PDFFont, size: number) {
  page.drawText(text, { x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
}

/** Splits a line to fit `width` at `size` (long names, the VAT line). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (current !== '' && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current !== '') lines.push(current);
  return lines;
}

/**
 * The receipt as an A4 PDF (pdf-lib, standard Helvetica: its WinAnsi encoding has "€", "—"
 * and the accented letters Italian needs). Same document in, same bytes out.
 */
export async function renderReceiptPdf(document: ReceiptDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const title = receiptTitle(document);
  pdf.setTitle(`${title} – ${document.issuer.acronym}`);
  pdf.setAuthor(document.issuer.name);
  pdf.setProducer('Sodalis');
  pdf.setCreator('Sodalis');
  pdf.setCreationDate(document.issuedAt);
  pdf.setModificationDate(document.issuedAt);
  pdf.setLanguage('it-IT');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595.28, 841.89]);
  const left = 56;
  const width = 595.28 - 2 * left;
  let y = 780;
  const line = (text: string, font: PDFFont, size: number, gap = 6) => {
    for (const part of wrap(text, font, size, width)) {
      write(page, part, left, y, font, size);
      y -= size + gap;
    }
  };

  const { issuer } = document;
  line(issuer.name, bold, 13);
  line(issuer.address, regular, 10, 4);
  line(`Codice fiscale: ${issuer.taxCode}`, regular, 10, 4);
  if (issuer.vatNumber !== null) line(`Partita IVA: ${issuer.vatNumber}`, regular, 10, 4);
  y -= 24;
  line(title, bold, 18, 14);
  if (document.cancels !== null) {
    line(
      `Annulla la ricevuta n. ${document.cancels.numberText} del ${document.cancels.issuedOn}: il pagamento è stato rimborsato.`,
      regular,
      11,
    );
    y -= 6;
  }
  for (const [label, value] of receiptLines(document)) {
    line(`${label}: ${value}`, regular, 11);
  }
  y -= 14;
  line(OUTSIDE_VAT_LINE, regular, 10);
  if (document.stampDuty) line(STAMP_DUTY_LINE, regular, 10);
  y -= 24;
  line(`${issuer.acronym} – la segreteria`, regular, 10);
  return pdf.save({ useObjectStreams: false });
}
