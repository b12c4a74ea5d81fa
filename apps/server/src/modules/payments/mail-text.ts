import {
  italianDayOf,
  italianEuroText,
  italianRomeDate,
  paymentMethodText,
  receiptNumberText,
} from '@sodalis/contracts';
import type { Selectable } from 'kysely';
import type { PaymentsTable } from '../../db/schema.js';
import type { MailJob } from '../outbox/outbox.js';

export interface SocietyFacts {
  acronym: string;
  name: string;
}

type Payment = Selectable<PaymentsTable>;

/** The receipt of a verified payment, to the payer. */
export function receiptMail(
  society: SocietyFacts,
  payment: Payment & { receiptYear: number; receiptNumber: number; paidOn: string },
  to: string,
  /**
   * The years as the stored receipt prints them ("2025, 2026"): the e-mail of a fiscal document
   * says exactly what its PDF says, also when another payment had settled some years (ADR 030).
   */
  yearsText: string,
  /** What the receipt says was paid (its causale); a dues payment's mail names fee and years. */
  causale: string | null = null,
): MailJob {
  const number = receiptNumberText(payment.receiptYear, payment.receiptNumber);
  // A dues payment names its fee and years; a payment of another purpose its causale (ADR 049).
  const dues = payment.fee_title === null ? null : { fee: payment.fee_title, years: yearsText };
  const what = causale ?? yearsText;
  return {
    to: [to],
    subject: `${society.acronym} – ricevuta n. ${number}: ${dues === null ? what : `${dues.fee} ${dues.years}`}`,
    text: [
      `Gentile ${payment.account_name},`,
      '',
      dues === null
        ? 'abbiamo ricevuto il tuo pagamento. La ricevuta è in allegato in PDF.'
        : 'abbiamo ricevuto il pagamento della quota associativa. La ricevuta è in allegato in PDF.',
      '',
      `Ricevuta n. ${number}`,
      `Data: ${italianDayOf(payment.paidOn)}`,
      ...(dues === null
        ? [`Causale: ${what}`]
        : [`Quota: ${dues.fee}`, `${dues.years.includes(',') ? 'Anni' : 'Anno'}: ${dues.years}`]),
      `Nominativo: ${payment.account_name}`,
      `Importo: ${italianEuroText(payment.paid_cents ?? payment.expected_cents)}`,
      `Metodo di pagamento: ${paymentMethodText(payment.paypal_order_id)}`,
      '',
      'Grazie,',
      `la segreteria ${society.acronym}`,
      society.name,
    ].join('\n'),
  };
}

/** A payment the secretariat should look at: flagged, rejected, refunded. */
export function secretariatNoticeMail(
  society: SocietyFacts,
  payment: Payment,
  reason: string,
  secretariat: string[],
): MailJob {
  return {
    to: secretariat,
    subject: `${society.acronym} – pagamento da controllare: ordine PayPal ${payment.paypal_order_id}`,
    text: [
      payment.fee_title === null
        ? 'Un pagamento richiede un controllo.'
        : 'Un pagamento della quota richiede un controllo.',
      '',
      `Motivo: ${reason}`,
      '',
      `Ordine PayPal: ${payment.paypal_order_id}`,
      ...(payment.fee_title === null
        ? [`Importo atteso: ${italianEuroText(payment.expected_cents)}`]
        : [
            `Quota: ${payment.fee_title} (${payment.fee_access ?? ''}), ${italianEuroText(payment.expected_cents)}`,
            `Anno: ${payment.year}`,
          ]),
      `Nominativo: ${payment.account_name}`,
      `Importo segnalato dal browser: ${payment.reported_amount} ${payment.reported_currency}`,
      `Registrato il: ${italianRomeDate(new Date(payment.created_at))}`,
    ].join('\n'),
  };
}
