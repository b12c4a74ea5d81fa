import {
  euroAmount,
  italianDayOf,
  italianRomeDate,
  paymentMethodText,
  receiptNumberText,
  romeDate,
  romeYear,
  type FileContent,
  type MemberReceipt,
} from '@sodalis/contracts';
import type { Executor } from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import { AppError } from '../../http/app-error.js';
import {
  needsStampDuty,
  receiptFileName,
  renderReceiptPdf,
  type ReceiptDocument,
  type ReceiptIssuer,
} from './receipt-pdf.js';
import {
  findReceipt,
  findReceiptOfPayment,
  insertReceipt,
  receiptsOfMember,
  type ReceiptRow,
} from './receipts-repository.js';
import { itemsOfPayment } from './items-repository.js';
import type { PaymentPurposes, PaymentRow, ReceiptPart } from './purposes.js';
import { nextReceiptNumber, setReceiptNumber } from './repository.js';

export interface ReceiptsDeps {
  db: Executor;
  files: FileStore;
  issuer: ReceiptIssuer;
  /** SOCIETY_STAMP_DUTY_EXEMPT: no stamp-duty line at any amount. */
  stampDutyExempt: boolean;
  /** The purposes whose ledgers say what a receipt prints of their items (ADR 045). */
  purposes: PaymentPurposes;
}

/**
 * What a receipt prints of what was paid (ADR 045): each purpose's part of the payment's items,
 * joined in the order the items were added; the holder's member number and codice fiscale from
 * the first purpose that knows them.
 */
async function receiptFacts(
  trx: Executor,
  purposes: PaymentPurposes,
  payment: PaymentRow,
): Promise<ReceiptPart> {
  const parts: ReceiptPart[] = [];
  for (const [purpose, items] of purposes.groups(payment, await itemsOfPayment(trx, payment.id))) {
    parts.push(await purpose.receipt(trx, payment, items));
  }
  return {
    itemsText: parts.map((part) => part.itemsText).join('; '),
    causale: parts.map((part) => part.causale).join('; '),
    memberNumber: parts.find((part) => part.memberNumber !== null)?.memberNumber ?? null,
    fiscalCode: parts.find((part) => part.fiscalCode !== null)?.fiscalCode ?? null,
  };
}

/**
 * Receipts as documents (ADR 030): issued in the transaction that verifies a payment, numbered
 * from the same counter per year as before (ADR 012), kept as rows of what they say; a refund
 * adds a cancelling receipt with its own number, never a deletion. The PDF is made from the
 * row whenever it is asked for, and stored for the e-mail that carries it.
 */
export class Receipts {
  constructor(private readonly deps: ReceiptsDeps) {}

  /** The next number of the year and the receipt of `payment` (in `trx`). */
  async issue(trx: Executor, payment: PaymentRow, now: Date): Promise<ReceiptRow> {
    // The receipt belongs to the fiscal year the money came in, not to the day it was typed
    // (ADR 029/030, 2026-11-27): cash of 30 December entered on 5 January takes 2025's next
    // number and says 30/12/2025.
    const paidOn = payment.received_on ?? romeDate(now);
    const year = Number(paidOn.slice(0, 4));
    const number = await nextReceiptNumber(trx, year);
    await setReceiptNumber(trx, payment.id, year, number);
    const facts = await receiptFacts(trx, this.deps.purposes, payment);
    const amountCents = payment.paid_cents ?? payment.expected_cents;
    return insertReceipt(trx, {
      year,
      number,
      kind: 'receipt',
      payment_id: payment.id,
      cancels_receipt_id: null,
      member_id: payment.member_id,
      holder_name: payment.account_name,
      member_number: facts.memberNumber,
      fiscal_code: facts.fiscalCode,
      years_text: facts.itemsText,
      causale: facts.causale,
      method: paymentMethodText(payment.paypal_order_id),
      amount_cents: amountCents,
      currency: payment.paid_currency ?? payment.expected_currency,
      paid_on: paidOn,
      stamp_duty: needsStampDuty(amountCents, this.deps.stampDutyExempt) ? 1 : 0,
      society_json: JSON.stringify(this.deps.issuer),
      issued_at: now.toISOString(),
    });
  }

  /**
   * The cancelling receipt of a refunded payment (in `trx`): its own number of the current
   * year, the original's facts, a reference to it. Null when the payment had no receipt or is
   * cancelled already.
   */
  async cancel(trx: Executor, payment: PaymentRow, now: Date): Promise<ReceiptRow | null> {
    const original = await findReceiptOfPayment(trx, payment.id, 'receipt');
    if (original === undefined) return null;
    if ((await findReceiptOfPayment(trx, payment.id, 'cancellation')) !== undefined) return null;
    const year = romeYear(now);
    const number = await nextReceiptNumber(trx, year);
    const { id: _id, ...facts } = original;
    return insertReceipt(trx, {
      ...facts,
      year,
      number,
      kind: 'cancellation',
      cancels_receipt_id: original.id,
      society_json: JSON.stringify(this.deps.issuer),
      issued_at: now.toISOString(),
    });
  }

  /** What the PDF of `receipt` says (the stored facts; the configuration for older rows). */
  async documentOf(db: Executor, receipt: ReceiptRow): Promise<ReceiptDocument> {
    const cancelled =
      receipt.cancels_receipt_id === null
        ? undefined
        : await findReceipt(db, receipt.cancels_receipt_id);
    return {
      kind: receipt.kind,
      numberText: receiptNumberText(receipt.year, receipt.number),
      cancels:
        cancelled === undefined
          ? null
          : {
              numberText: receiptNumberText(cancelled.year, cancelled.number),
              issuedOn: italianRomeDate(new Date(cancelled.issued_at)),
            },
      issuedOn: italianRomeDate(new Date(receipt.issued_at)),
      issuer:
        receipt.society_json === null
          ? this.deps.issuer
          : (JSON.parse(receipt.society_json) as ReceiptIssuer),
      holderName: receipt.holder_name,
      memberNumber: receipt.member_number,
      fiscalCode: receipt.fiscal_code,
      yearsText: receipt.years_text,
      // Receipts issued before migration 0044 have none: the PDF words them as dues years.
      ...(receipt.causale === null ? {} : { causale: receipt.causale }),
      method: receipt.method,
      amountCents: receipt.amount_cents,
      paidOn: italianDayOf(receipt.paid_on),
      stampDuty:
        receipt.stamp_duty === null
          ? needsStampDuty(receipt.amount_cents, this.deps.stampDutyExempt)
          : receipt.stamp_duty === 1,
      issuedAt: new Date(receipt.issued_at),
    };
  }

  /** The PDF of a receipt: name and bytes. */
  async pdf(db: Executor, receipt: ReceiptRow): Promise<{ fileName: string; content: Uint8Array }> {
    const document = await this.documentOf(db, receipt);
    return { fileName: receiptFileName(document), content: await renderReceiptPdf(document) };
  }

  /** The PDF of `receipt`, stored for a mail to attach. */
  async attachment(
    db: Executor,
    receipt: ReceiptRow,
  ): Promise<{ fileName: string; sha256: string }> {
    const { fileName, content } = await this.pdf(db, receipt);
    const { sha256 } = await this.deps.files.put(content);
    return { fileName, sha256 };
  }

  /** A member's receipts for the reserved area. */
  async listOfMember(memberId: number): Promise<MemberReceipt[]> {
    const rows = await receiptsOfMember(this.deps.db, memberId);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return rows.map((row) => {
      const cancelled = row.cancels_receipt_id === null ? null : byId.get(row.cancels_receipt_id);
      return {
        id: row.id,
        paymentId: row.payment_id,
        number: receiptNumberText(row.year, row.number),
        kind: row.kind,
        cancels: cancelled ? receiptNumberText(cancelled.year, cancelled.number) : null,
        years: row.years_text,
        amount: euroAmount(row.amount_cents / 100),
        method: row.method,
        issuedAt: row.issued_at,
      };
    });
  }

  /** A member's own receipt as base64; another member's, or none, is 404 (never "forbidden"). */
  async downloadOfMember(memberId: number, receiptId: number): Promise<FileContent> {
    const receipt = await findReceipt(this.deps.db, receiptId);
    if (receipt === undefined || receipt.member_id !== memberId) throw new AppError('notFound');
    const { fileName, content } = await this.pdf(this.deps.db, receipt);
    return { fileName, content: Buffer.from(content).toString('base64') };
  }

  /** Any payment's receipt or cancelling receipt, for staff; 404 when it has none. */
  async downloadOfPayment(
    paymentId: number,
    kind: ReceiptRow['kind'],
  ): Promise<{ fileName: string; content: Uint8Array }> {
    const receipt = await findReceiptOfPayment(this.deps.db, paymentId, kind);
    if (receipt === undefined) throw new AppError('notFound');
    return this.pdf(this.deps.db, receipt);
  }
}
