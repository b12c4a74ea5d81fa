import { hoursPresentText } from '@sodalis/contracts';
import type { ReceiptIssuer } from '../../payments/receipt-pdf.js';
import { centredText, certificatePage, drawVerifiedFooter, mm } from './pdf-kit.js';

/** What a certificate of attendance says, already decided (ADR 051). */
export interface CertificateDocument {
  issuer: Pick<ReceiptIssuer, 'name' | 'acronym' | 'address'>;
  /** "12/2027". */
  numberText: string;
  holderName: string;
  eventTitle: string;
  /** "21/01/2027" or "dal 21/01/2027 al 23/01/2027" (`eventDaysText`). */
  eventDates: string;
  minutesPresent: number;
  /** dd/mm/yyyy in Rome. */
  issuedOn: string;
  edition: number;
  /** The public address that verifies it, printed and as a QR code. */
  verifyUrl: string;
  /** The instant of issue, as the PDF's dates, so the same certificate is the same file. */
  issuedAt: Date;
}

/** The certificate's file name: `attestato-12-2027.pdf`. */
export function certificateFileName(numberText: string): string {
  return `attestato-${numberText.replace('/', '-')}.pdf`;
}

/** The certificate as an A4 landscape PDF. */
export async function renderCertificatePdf(document: CertificateDocument): Promise<Uint8Array> {
  const { pdf, page, regular, bold, width, height, margin } = await certificatePage(
    `Attestato di partecipazione n. ${document.numberText}`,
    document.issuer,
    document.issuedAt,
  );
  const box = (y: number) => ({ x: margin, y, width: width - 2 * margin });
  let y = height - margin;
  y = centredText(page, document.issuer.name, box(y), bold, 16, { minSize: 11 });
  y = centredText(page, document.issuer.address, box(y), regular, 10, { maxLines: 1, minSize: 7 });
  y = centredText(page, 'ATTESTATO DI PARTECIPAZIONE', box(y - mm(12)), bold, 24);
  y = centredText(page, `n. ${document.numberText}`, box(y), regular, 12);
  y = centredText(page, 'Si attesta che', box(y - mm(8)), regular, 13);
  y = centredText(page, document.holderName, box(y - 4), bold, 26, { minSize: 14 });
  y = centredText(page, 'ha partecipato all’evento', box(y - 4), regular, 13);
  y = centredText(page, `«${document.eventTitle}»`, box(y - 4), bold, 18, { minSize: 11 });
  const when = document.eventDates.startsWith('dal ')
    ? document.eventDates
    : `il ${document.eventDates}`;
  y = centredText(page, `svoltosi ${when}`, box(y - 2), regular, 13);
  centredText(
    page,
    `per un totale di ${hoursPresentText(document.minutesPresent)} di presenza, rilevata all’ingresso e all’uscita.`,
    box(y - 6),
    regular,
    12,
  );
  const edition = document.edition > 1 ? ` (riemesso, edizione ${document.edition})` : '';
  drawVerifiedFooter(
    page,
    regular,
    {
      issuedLine: `Emesso il ${document.issuedOn}${edition}`,
      signature: `${document.issuer.acronym} – la segreteria`,
      verifyUrl: document.verifyUrl,
    },
    margin,
  );
  return pdf.save({ useObjectStreams: false });
}
