import { creditsPhrase } from '@sodalis/contracts';
import type { ReceiptIssuer } from '../../../payments/receipt-pdf.js';
import { centredText, certificatePage, drawVerifiedFooter, mm } from '../../attendance/pdf-kit.js';

/** What an ECM certificate says, already decided (ADR 060). */
export interface EcmCertificateDocument {
  issuer: Pick<ReceiptIssuer, 'name' | 'acronym' | 'address'>;
  /** "3/412345-1". */
  numberText: string;
  holderName: string;
  fiscalCode: string | null;
  eventTitle: string;
  /** "21/01/2027" or "dal 21/01/2027 al 23/01/2027". */
  eventDates: string;
  providerCode: string;
  eventCode: string;
  edition: number;
  /** "4,5". */
  creditsText: string;
  /** dd/mm/yyyy: the day the credits count from. */
  earnedOn: string;
  /** dd/mm/yyyy in Rome. */
  issuedOn: string;
  verifyUrl: string;
  issuedAt: Date;
}

/** The file's name: `attestato-ecm-3-412345-1.pdf`. */
export function ecmCertificateFileName(document: Pick<EcmCertificateDocument, 'numberText'>) {
  return `attestato-ecm-${document.numberText.replace(/[^0-9]+/g, '-')}.pdf`;
}

/** The ECM certificate as an A4 landscape PDF, on the certificates' page (ADR 051). */
export async function renderEcmCertificatePdf(document: EcmCertificateDocument) {
  const { pdf, page, regular, bold, width, height, margin } = await certificatePage(
    `Attestato ECM n. ${document.numberText}`,
    document.issuer,
    document.issuedAt,
  );
  const box = (y: number) => ({ x: margin, y, width: width - 2 * margin });
  let y = height - margin;
  y = centredText(page, document.issuer.name, box(y), bold, 16, { minSize: 11 });
  y = centredText(
    page,
    `Provider ECM n. ${document.providerCode} – ${document.issuer.address}`,
    box(y),
    regular,
    10,
    { maxLines: 1, minSize: 7 },
  );
  y = centredText(page, 'ATTESTATO DI CREDITI ECM', box(y - mm(10)), bold, 24);
  y = centredText(page, `n. ${document.numberText}`, box(y), regular, 12);
  y = centredText(page, 'Si attesta che', box(y - mm(6)), regular, 13);
  y = centredText(page, document.holderName, box(y - 4), bold, 26, { minSize: 14 });
  if (document.fiscalCode !== null) {
    y = centredText(page, `codice fiscale ${document.fiscalCode}`, box(y), regular, 11);
  }
  y = centredText(page, 'ha partecipato all’evento formativo', box(y - 4), regular, 13);
  y = centredText(page, `«${document.eventTitle}»`, box(y - 4), bold, 18, { minSize: 11 });
  const when = document.eventDates.startsWith('dal ')
    ? document.eventDates
    : `il ${document.eventDates}`;
  y = centredText(
    page,
    `ID evento ECM ${document.eventCode}, edizione ${document.edition}, svoltosi ${when}`,
    box(y - 2),
    regular,
    12,
  );
  y = centredText(
    page,
    `e ha conseguito ${creditsPhrase(document.creditsText)} ECM`,
    box(y - 6),
    bold,
    16,
  );
  centredText(
    page,
    `acquisiti in data ${document.earnedOn}, avendo superato la verifica dell’apprendimento con la presenza richiesta.`,
    box(y - 2),
    regular,
    11,
  );
  drawVerifiedFooter(
    page,
    regular,
    {
      issuedLine: `Emesso il ${document.issuedOn}`,
      signature: `${document.issuer.acronym} – il provider ECM`,
      verifyUrl: document.verifyUrl,
    },
    margin,
  );
  return pdf.save({ useObjectStreams: false });
}
