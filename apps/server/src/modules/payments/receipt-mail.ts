import { italianEuroText, receiptNumberText } from '@sodalis/contracts';
import type { Selectable } from 'kysely';
import type { PaymentsTable } from '../../db/schema.js';
import type { MailJob } from '../outbox/outbox.js';
import type { SocietyFacts } from './mail-text.js';
import type { ReceiptRow } from './receipts-repository.js';

/** The cancelling receipt of a refund, to whom the receipt went (ADR 030); the PDF is attached. */
export function cancellationMail(
  society: SocietyFacts,
  payment: Selectable<PaymentsTable>,
  cancellation: ReceiptRow,
  to: string,
): Omit<MailJob, 'attachments'> {
  const number = receiptNumberText(cancellation.year, cancellation.number);
  const cancelled =
    payment.receipt_year === null || payment.receipt_number === null
      ? ''
      : ` della ricevuta n. ${receiptNumberText(payment.receipt_year, payment.receipt_number)}`;
  return {
    to: [to],
    subject: `${society.acronym} – ricevuta di annullamento n. ${number}`,
    text: [
      `Gentile ${payment.account_name},`,
      '',
      `il pagamento di ${italianEuroText(cancellation.amount_cents)} per la quota ${cancellation.years_text} è stato rimborsato.`,
      `In allegato la ricevuta di annullamento n. ${number}${cancelled}.`,
      '',
      `La segreteria ${society.acronym}`,
      society.name,
    ].join('\n'),
  };
}
