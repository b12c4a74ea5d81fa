import {
  centsOf,
  euroAmount,
  PAYMENT,
  paymentDescription,
  paymentYearsLabel,
  type PaymentRecord,
  type RegistraPagamentoBody,
  romeDate,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { enqueue } from '../outbox/outbox.js';
import type { Executor } from '../../db/schema.js';
import type { PayPalClient, PayPalOrder, WebhookTransmission } from '../../paypal/paypal-client.js';
import { type Clock } from '../../text/dates.js';
import { findMemberById } from '../accounts/repository.js';
import { receiptMail, secretariatNoticeMail, type SocietyFacts } from './mail-text.js';
import { cancellationMail } from './receipt-mail.js';
import type { Receipts } from './receipts.js';
import {
  findFee,
  findPayment,
  findPaymentByCapture,
  findPaymentByOrder,
  insertPaymentOnce,
  markPayment,
  recordJudgement,
  setReceivedOnOnce,
} from './repository.js';
import { insertPaymentItems, itemsOfPayment } from './items-repository.js';
import type {
  PaymentItemInput,
  PaymentPurposes,
  PaymentRow,
  ReceivedPayment,
  ReportedPayment,
} from './purposes.js';
import { closeFlaggedPayment } from './flagged-repository.js';
import { findReceiptOfPayment } from './receipts-repository.js';

export interface PaymentServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  /** Null without PAYPAL_CLIENT_SECRET: records stay "reported", unverified. */
  paypal: PayPalClient | null;
  /** Null without PAYPAL_WEBHOOK_ID: webhooks are refused. */
  webhookId: string | null;
  /** Who hears about payments that need a look (flagged, rejected, refunded). */
  secretariat: string[];
  society: SocietyFacts;
  notifyOutbox: () => void;
  /**
   * The purposes payments pay, each settling its items in its own ledger, and who prices the
   * years of a fee payment (the dues, ADR 029, ADR 045).
   */
  purposes: PaymentPurposes;
  /** Numbered receipts as documents (ADR 030). */
  receipts: Receipts;
}

/** Who reported a payment: the signed-in member, if any. */
export interface PaymentReporter {
  memberId: number | null;
}

/** What PayPal's order says, judged against the fee that was chosen. */
interface Judgement {
  status: 'verified' | 'flagged' | 'rejected';
  reason: string | null;
  paidCents: number | null;
  paidCurrency: string | null;
  captureId: string | null;
  payerEmail: string | null;
  /** The Rome day of the capture (null without a completed capture or its time). */
  receivedOn: string | null;
}

function amountText(cents: number, currency: string): string {
  return `${euroAmount(cents / 100)} ${currency}`;
}

/** Why what the browser reported differs from the fee, or null. */
function reportedMismatch(
  body: Pick<RegistraPagamentoBody, 'importo' | 'valuta'>,
  expectedCents: number,
): string | null {
  const cents = centsOf(body.importo.trim());
  if (cents !== expectedCents || body.valuta.trim() !== PAYMENT.currency) {
    return `importo segnalato dal browser ${body.importo} ${body.valuta} diverso dalla quota ${amountText(expectedCents, PAYMENT.currency)}`;
  }
  return null;
}

/**
 * The Rome day a completed capture took the money (ADR 029, 2026-11-27): its `update_time`, the
 * moment it became COMPLETED (a capture pending for days completes later than it was created),
 * else its `create_time`; null when PayPal gives neither or an unreadable one.
 */
function captureDay(capture: { create_time?: string; update_time?: string }): string | null {
  for (const value of [capture.update_time, capture.create_time]) {
    if (value === undefined) continue;
    const instant = new Date(value);
    if (!Number.isNaN(instant.getTime())) return romeDate(instant);
  }
  return null;
}

/** Reads PayPal's order against the stored payment; null while its capture is still pending. */
export function judgeOrder(
  row: PaymentRow,
  order: PayPalOrder | null,
  description: string = paymentDescription(
    paymentYearsLabel([row.year]),
    row.account_name,
    row.fee_title ?? '',
  ),
): Judgement | null {
  const none = {
    paidCents: null,
    paidCurrency: null,
    captureId: null,
    payerEmail: null,
    receivedOn: null,
  };
  if (order === null) {
    return { status: 'rejected', reason: 'PayPal non conosce questo ordine', ...none };
  }
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  const payerEmail = order.payer?.email_address ?? null;
  if (capture?.status === 'PENDING') return null;
  if (order.status !== 'COMPLETED' || capture?.status !== 'COMPLETED') {
    return {
      status: 'rejected',
      reason: `ordine PayPal in stato ${order.status}${capture?.status ? `, incasso ${capture.status}` : ', senza incasso'}`,
      ...none,
      payerEmail,
    };
  }
  const amount = capture.amount ?? unit?.amount;
  const paidCents = amount?.value === undefined ? null : centsOf(amount.value);
  const paidCurrency = amount?.currency_code ?? null;
  const facts = {
    paidCents,
    paidCurrency,
    captureId: capture.id ?? null,
    payerEmail,
    receivedOn: captureDay(capture),
  };
  const reasons: string[] = [];
  if (paidCents !== row.expected_cents || paidCurrency !== row.expected_currency) {
    reasons.push(
      `PayPal ha incassato ${amount?.value ?? '?'} ${paidCurrency ?? '?'} invece di ${amountText(row.expected_cents, row.expected_currency)}`,
    );
  }
  if ((unit?.description ?? '') !== description) {
    reasons.push(
      `la descrizione dell’ordine ("${unit?.description ?? ''}") non è "${description}"`,
    );
  }
  return reasons.length === 0
    ? { status: 'verified', reason: null, ...facts }
    : { status: 'flagged', reason: reasons.join('; '), ...facts };
}

/**
 * The years a report pays: its `anni` (several open years of a signed-in member, ADR 029) or
 * its `anno`. Several years need a member: the ledger is what makes them open.
 */
function yearsOfCheckout(body: RegistraPagamentoBody, reporter: PaymentReporter): number[] {
  if (body.anni === undefined) return [body.anno];
  if (reporter.memberId === null) {
    throw new AppError('invalidRequest', [
      { path: 'anni', message: 'Per pagare più anni insieme accedi all’area riservata.' },
    ]);
  }
  return [...new Set(body.anni)].sort((a, b) => a - b);
}

function totalOf(items: readonly PaymentItemInput[]): number {
  return items.reduce((sum, item) => sum + item.amount_cents, 0);
}

function toRecord(row: PaymentRow): PaymentRecord {
  return {
    orderId: row.paypal_order_id,
    stato: row.status,
    quota: row.fee_title ?? '',
    anno: row.year,
    nominativo: row.account_name,
    importo: euroAmount(row.expected_cents / 100),
    valuta: row.expected_currency,
  };
}

/** A webhook event as far as we read it. */
interface WebhookEvent {
  event_type?: unknown;
  resource?: {
    id?: unknown;
    supplementary_data?: { related_ids?: { order_id?: unknown } };
    links?: { rel?: unknown; href?: unknown }[];
  };
}

const CAPTURE_PATH = /\/v2\/payments\/captures\/([A-Za-z0-9-]+)$/;

/**
 * The fee payment record (ADR 012): stored once per PayPal order, verified with
 * PayPal when credentials exist, receipts numbered per year, anything odd flagged for the
 * secretariat. PayPal is called outside transactions, from the outbox worker (with retries).
 */
export class PaymentService {
  constructor(private readonly deps: PaymentServiceDeps) {}

  get verificationEnabled(): boolean {
    return this.deps.paypal !== null;
  }

  /** RegistraPagamento: stores the report once (idempotent on the order id); answers the record. */
  async record(body: RegistraPagamentoBody, reporter: PaymentReporter): Promise<PaymentRecord> {
    const { db } = this.deps;
    const fee = await findFee(db, body.quotaId);
    if (fee === undefined) {
      throw new AppError('invalidRequest', [{ path: 'quotaId', message: 'La quota non esiste.' }]);
    }
    const years = yearsOfCheckout(body, reporter);
    // A member's checkout of open years pays each at its own year's fee (ADR 029); one year
    // chosen on the public panel costs the fee chosen.
    const checkout = this.deps.purposes.feeCheckout;
    const items = await checkout.items(db, fee, years, body.anni === undefined);
    const stored = await this.recordReported({
      orderId: body.orderId,
      purpose: checkout.purpose,
      memberId: reporter.memberId,
      accountName: body.nominativo,
      fee: { id: fee.id, title: fee.title, access: fee.access },
      year: years[0] ?? body.anno,
      items,
      reportedAmount: body.importo,
      reportedCurrency: body.valuta,
    });
    return toRecord(stored);
  }

  /**
   * A PayPal order the payer's browser reports for any purpose (ADR 045, 049): stored once by
   * its order id with the items its owner priced, told to their purposes, then verified with
   * PayPal through the outbox when credentials exist; a reported amount other than the items'
   * total is flagged for the secretariat. Answers the stored payment (the first report's, when
   * the order was reported already).
   */
  async recordReported(input: ReportedPayment): Promise<PaymentRow> {
    const { db, clock, logger } = this.deps;
    const now = clock().toISOString();
    const expectedCents = totalOf(input.items);
    const mismatch = reportedMismatch(
      { importo: input.reportedAmount, valuta: input.reportedCurrency },
      expectedCents,
    );
    const row: Omit<PaymentRow, 'id'> = {
      purpose: input.purpose,
      paypal_order_id: input.orderId,
      fee_id: input.fee?.id ?? null,
      fee_title: input.fee?.title ?? null,
      fee_access: input.fee?.access ?? null,
      year: input.year,
      account_name: input.accountName,
      member_id: input.memberId,
      expected_cents: expectedCents,
      expected_currency: PAYMENT.currency,
      reported_amount: input.reportedAmount,
      reported_currency: input.reportedCurrency,
      paid_cents: null,
      paid_currency: null,
      paypal_capture_id: null,
      payer_email: null,
      status: mismatch === null ? 'reported' : 'flagged',
      flag_reason: mismatch,
      receipt_year: null,
      receipt_number: null,
      verified_at: null,
      received_on: null,
      created_at: now,
      updated_at: now,
    };
    const inserted = await db.transaction().execute(async (trx) => {
      const id = await insertPaymentOnce(trx, row);
      if (id === null) return false;
      await this.recordItems(trx, { ...row, id }, input.items);
      if (this.verificationEnabled) {
        await enqueue(trx, 'payment.verify', { paymentId: id }, clock());
      } else if (mismatch !== null) {
        await this.noticeSecretariat(trx, { ...row, id }, mismatch);
      }
      return true;
    });
    if (inserted) {
      logger.info(
        { orderId: input.orderId, purpose: input.purpose, status: row.status },
        'pagamento registrato',
      );
      this.deps.notifyOutbox();
    } else {
      logger.info({ orderId: input.orderId }, 'pagamento già registrato');
    }
    const stored = await findPaymentByOrder(db, input.orderId);
    if (stored === undefined) throw new Error('pagamento registrato ma non trovato');
    return stored;
  }

  /**
   * Checks a payment with PayPal's Orders API (outbox job `payment.verify`). A failure to reach
   * PayPal throws, so the outbox retries; PayPal's answer is final once judged.
   */
  async verify(paymentId: number): Promise<void> {
    const { paypal, db, clock, logger } = this.deps;
    if (paypal === null) return;
    const payment = await findPayment(db, paymentId);
    // Judged already (by an earlier attempt or a webhook), or gone.
    if (payment === undefined || payment.verified_at !== null) return;
    if (payment.status !== 'reported' && payment.status !== 'flagged') return;
    const judgement = judgeOrder(
      payment,
      await paypal.order(payment.paypal_order_id),
      await this.orderDescription(db, payment),
    );
    if (judgement === null) {
      // The capture is pending at PayPal: its completion webhook will ask again.
      logger.info({ orderId: payment.paypal_order_id }, 'pagamento in attesa presso PayPal');
      return;
    }
    const now = clock();
    const changed = await db.transaction().execute(async (trx) => {
      const judged = await recordJudgement(
        trx,
        payment.id,
        {
          status: judgement.status,
          flag_reason: judgement.reason,
          paid_cents: judgement.paidCents,
          paid_currency: judgement.paidCurrency,
          paypal_capture_id: judgement.captureId,
          payer_email: judgement.payerEmail,
          // A flagged capture took the money too: staff accepting it later keep its day.
          received_on:
            judgement.status === 'rejected' ? null : (judgement.receivedOn ?? romeDate(now)),
        },
        now.toISOString(),
      );
      // Another worker or a webhook judged it meanwhile.
      if (!judged) return false;
      if (judgement.status === 'verified') {
        await this.settleVerified(
          trx,
          { ...payment, received_on: judgement.receivedOn ?? romeDate(now) },
          judgement.payerEmail,
          now,
        );
      } else {
        if (judgement.status === 'rejected') await this.undoItems(trx, payment, now);
        await this.noticeSecretariat(trx, payment, judgement.reason ?? judgement.status);
      }
      return true;
    });
    if (changed) {
      logger.info(
        { orderId: payment.paypal_order_id, status: judgement.status },
        'pagamento verificato con PayPal',
      );
      this.deps.notifyOutbox();
    }
  }

  /**
   * A PayPal webhook delivery: accepted only with a signature PayPal confirms for our webhook.
   * Completed captures are verified like a report; refunds and reversals mark the payment.
   */
  async webhook(transmission: WebhookTransmission | null, event: unknown): Promise<void> {
    const { paypal, webhookId, db, clock, logger } = this.deps;
    if (paypal === null || webhookId === null) throw new AppError('routeNotFound');
    if (transmission === null) throw new AppError('invalidRequest');
    if (!(await paypal.verifyWebhookSignature(webhookId, transmission, event))) {
      logger.warn(
        { transmissionId: transmission.transmissionId },
        'webhook PayPal con firma non valida',
      );
      throw new AppError('invalidRequest', [
        { path: '(intestazioni)', message: 'La firma del webhook non è valida.' },
      ]);
    }
    const { event_type: type, resource } = (event ?? {}) as WebhookEvent;
    const resourceId = typeof resource?.id === 'string' ? resource.id : null;
    const now = clock();
    if (type === 'PAYMENT.CAPTURE.COMPLETED') {
      const orderId = resource?.supplementary_data?.related_ids?.order_id;
      const payment =
        typeof orderId === 'string' ? await findPaymentByOrder(db, orderId) : undefined;
      if (payment === undefined) {
        logger.warn({ eventType: type }, 'webhook PayPal per un ordine non registrato');
        return;
      }
      await enqueue(db, 'payment.verify', { paymentId: payment.id }, now);
      this.deps.notifyOutbox();
      return;
    }
    if (
      type === 'PAYMENT.CAPTURE.REFUNDED' ||
      type === 'PAYMENT.CAPTURE.REVERSED' ||
      type === 'PAYMENT.CAPTURE.DENIED'
    ) {
      // A refund's resource is the refund: its "up" link names the capture.
      const upLink = resource?.links?.find((link) => link.rel === 'up')?.href;
      const captureId =
        type === 'PAYMENT.CAPTURE.REFUNDED'
          ? typeof upLink === 'string'
            ? (CAPTURE_PATH.exec(upLink)?.[1] ?? null)
            : null
          : resourceId;
      const payment = captureId === null ? undefined : await findPaymentByCapture(db, captureId);
      if (payment === undefined) {
        logger.warn({ eventType: type }, 'webhook PayPal per un incasso non registrato');
        return;
      }
      const status = type === 'PAYMENT.CAPTURE.DENIED' ? 'rejected' : 'refunded';
      const reason =
        type === 'PAYMENT.CAPTURE.REFUNDED'
          ? 'rimborsato su PayPal'
          : type === 'PAYMENT.CAPTURE.REVERSED'
            ? 'stornato su PayPal'
            : 'incasso rifiutato da PayPal';
      await db.transaction().execute(async (trx) => {
        if (await markPayment(trx, payment.id, { status, reason }, now.toISOString())) {
          await this.undoItems(trx, payment, now);
          await this.noticeSecretariat(trx, payment, reason);
          await this.cancelReceipt(trx, payment, now);
        }
      });
      this.deps.notifyOutbox();
      logger.info({ orderId: payment.paypal_order_id, status }, 'pagamento aggiornato da PayPal');
      return;
    }
    logger.info({ eventType: typeof type === 'string' ? type : null }, 'webhook PayPal ignorato');
  }

  /**
   * An item its owner takes back (a registration cancelled by the staff, ADR 049): the payment
   * that paid it becomes "da rimborsare" (`to_refund`, with `reason`) when that item is all it
   * paid, so the treasury records the refund as for any other (ADR 029); a payment that paid
   * more (dues with it) stays as it is and answers `partOfPayment`, the owner saying what to
   * give back. In the caller's transaction.
   */
  async refundDue(
    trx: Executor,
    paymentId: number,
    item: { purpose: string; ref: string },
    reason: string,
    at: Date,
  ): Promise<'toRefund' | 'partOfPayment' | 'notPaid'> {
    const items = await itemsOfPayment(trx, paymentId);
    if (!items.some((one) => one.purpose === item.purpose && one.item_ref === item.ref)) {
      return 'notPaid';
    }
    if (items.length > 1) return 'partOfPayment';
    const marked = await closeFlaggedPayment(trx, paymentId, {
      from: ['verified', 'reported', 'flagged'],
      status: 'to_refund',
      reason,
      now: at.toISOString(),
    });
    return marked ? 'toRefund' : 'notPaid';
  }

  /**
   * A payment received outside PayPal (a bank statement's row, cash or card at the desk; ADR
   * 029), verified as it is recorded, in the caller's transaction: stored once by its
   * reference (null when that reference is recorded already), its items reported to their
   * purposes, then settled like every verified payment. Its owner priced the items (ADR 045).
   */
  async recordReceived(trx: Executor, input: ReceivedPayment): Promise<number | null> {
    const at = input.at.toISOString();
    const amount = euroAmount(input.amountCents / 100);
    const { items } = input;
    const row: Omit<PaymentRow, 'id'> = {
      purpose: input.purpose,
      paypal_order_id: input.reference,
      fee_id: input.fee?.id ?? null,
      fee_title: input.fee?.title ?? null,
      fee_access: input.fee?.access ?? null,
      year: input.year,
      account_name: input.accountName,
      member_id: input.memberId,
      expected_cents: totalOf(items),
      expected_currency: PAYMENT.currency,
      reported_amount: amount,
      reported_currency: PAYMENT.currency,
      paid_cents: input.amountCents,
      paid_currency: PAYMENT.currency,
      paypal_capture_id: null,
      payer_email: null,
      status: 'verified',
      flag_reason: input.note,
      receipt_year: null,
      receipt_number: null,
      verified_at: at,
      received_on: input.receivedOn,
      created_at: at,
      updated_at: at,
    };
    const id = await insertPaymentOnce(trx, row);
    if (id === null) return null;
    await this.recordItems(trx, { ...row, id }, items);
    await this.settleVerified(trx, { ...row, id }, null, input.at);
    this.deps.notifyOutbox();
    return id;
  }

  /**
   * A payment became verified, whatever the route (PayPal, a bank statement's row, cash or card
   * at a congress, a "da controllare" payment accepted by staff; ADR 029): every year it
   * settles is paid in the ledger and its receipt numbered, in the caller's transaction `trx`.
   * A payment whose every year another payment (or an exemption) had settled was paid twice:
   * it becomes "da rimborsare" (`to_refund`) without a receipt, and the secretariat is told;
   * one that finds only some years settled gets its receipt and the secretariat is told.
   */
  async settleVerified(
    trx: Executor,
    payment: PaymentRow,
    payerEmail: string | null,
    now: Date,
  ): Promise<'settled' | 'paidTwice'> {
    // The day the money came in decides the ledger's date and the receipt's year (ADR 029,
    // 2026-11-27); a payment that reached here without one (a "da controllare" payment the
    // browser's report flagged, accepted by staff) was received, as far as we know, today.
    if (payment.received_on === null) {
      const receivedOn = romeDate(now);
      await setReceivedOnOnce(trx, payment.id, receivedOn);
      payment = { ...payment, received_on: receivedOn };
    }
    const items = await itemsOfPayment(trx, payment.id);
    let count = 0;
    let of = 0;
    const texts: string[] = [];
    for (const [purpose, own] of this.deps.purposes.groups(payment, items)) {
      const before = await purpose.settle(trx, payment, own, now);
      count += before.count;
      of += before.of;
      if (before.text !== null) texts.push(before.text);
    }
    const paidText = texts.join('; ');
    if (count > 0 && count === of) {
      const reason = `${paidText}: pagamento da rimborsare.`;
      await closeFlaggedPayment(trx, payment.id, {
        from: ['verified'],
        status: 'to_refund',
        reason,
        now: now.toISOString(),
      });
      await this.noticeSecretariat(trx, payment, reason);
      this.deps.logger.warn(
        { orderId: payment.paypal_order_id, items: items.map((item) => item.item_ref) },
        'pagamento doppio: da rimborsare',
      );
      return 'paidTwice';
    }
    if (count > 0) {
      await this.noticeSecretariat(trx, payment, `${paidText}: una parte va rimborsata.`);
    }
    await this.issueReceipt(trx, payment, payerEmail, now);
    return 'settled';
  }

  /** The years a payment settled, open again (a payment staff mark to be refunded, ADR 029). */
  async reopenYears(trx: Executor, payment: PaymentRow, now: Date): Promise<void> {
    await this.undoItems(trx, payment, now);
  }

  /** A payment's items stored, and each purpose's ledger told (in the payment's `trx`). */
  private async recordItems(
    trx: Executor,
    payment: PaymentRow,
    inputs: readonly PaymentItemInput[],
  ): Promise<void> {
    await insertPaymentItems(
      trx,
      payment.id,
      inputs.map((item) => ({ ...item, purpose: item.purpose ?? payment.purpose })),
    );
    const items = await itemsOfPayment(trx, payment.id);
    for (const [purpose, own] of this.deps.purposes.groups(payment, items)) {
      await purpose.reported(trx, payment, own);
    }
  }

  /** What a payment settled, open again in each purpose's ledger (in `trx`). */
  private async undoItems(trx: Executor, payment: PaymentRow, now: Date): Promise<void> {
    const items = await itemsOfPayment(trx, payment.id);
    for (const [purpose, own] of this.deps.purposes.groups(payment, items)) {
      await purpose.undo(trx, payment, own, now);
    }
  }

  /** The description the payer's PayPal order must carry (spec §3), by the payment's purpose. */
  private async orderDescription(db: Executor, payment: PaymentRow): Promise<string> {
    const items = await itemsOfPayment(db, payment.id);
    const [first] = this.deps.purposes.groups(payment, items);
    return first === undefined ? '' : first[0].orderDescription(payment, first[1]);
  }

  /**
   * The next receipt number of the year, the receipt and its PDF to the payer (in `trx`). The
   * one place a verified payment gets its receipt (ADR 030), whatever the method.
   */
  private async issueReceipt(
    trx: Executor,
    payment: PaymentRow,
    payerEmail: string | null,
    now: Date,
  ): Promise<void> {
    const { year, number } = await this.deps.receipts.issue(
      trx,
      { ...payment, payer_email: payerEmail, verified_at: now.toISOString() },
      now,
    );
    const to = await this.enqueueReceipt(
      trx,
      { ...payment, payer_email: payerEmail, receipt_year: year, receipt_number: number },
      now,
    );
    if (to === null) {
      this.deps.logger.warn({ orderId: payment.paypal_order_id }, 'ricevuta senza destinatario');
    }
  }

  /**
   * The receipt of a verified payment sent again (the secretariat's request, in `trx`): to the
   * account's current e-mail, or PayPal's payer without an account. Answers that address;
   * refuses a payment without a receipt.
   */
  async resendReceipt(trx: Executor, paymentId: number): Promise<string> {
    const payment = await findPayment(trx, paymentId);
    if (payment === undefined) throw new AppError('notFound');
    const refuse = (message: string) =>
      new AppError('invalidRequest', [{ path: 'receipt', message }]);
    if (payment.status !== 'verified' || payment.receipt_number === null) {
      throw refuse('Solo un pagamento verificato ha una ricevuta da inviare.');
    }
    const to = await this.enqueueReceipt(trx, payment, this.deps.clock());
    if (to === null) throw refuse('Il pagamento non ha un indirizzo e-mail a cui inviarla.');
    return to;
  }

  /** A payment staff refunded ("da rimborsare", ADR 029): its cancelling receipt, in `trx`. */
  async cancelReceiptOf(trx: Executor, payment: PaymentRow, now: Date): Promise<void> {
    await this.cancelReceipt(trx, payment, now);
  }

  /**
   * A refunded or reversed payment's cancelling receipt (ADR 030), mailed with its PDF to whom
   * the receipt went (in `trx`); nothing for a payment without a receipt.
   */
  private async cancelReceipt(trx: Executor, payment: PaymentRow, now: Date): Promise<void> {
    const cancellation = await this.deps.receipts.cancel(trx, payment, now);
    if (cancellation === null) return;
    const to = await this.recipientOf(trx, payment);
    if (to === null) return;
    const attachment = await this.deps.receipts.attachment(trx, cancellation);
    await enqueue(
      trx,
      'mail',
      {
        ...cancellationMail(this.deps.society, payment, cancellation, to),
        attachments: [attachment],
      },
      now,
    );
  }

  /** The account's current e-mail, else PayPal's payer; null if neither. */
  private async recipientOf(trx: Executor, payment: PaymentRow): Promise<string | null> {
    const member =
      payment.member_id === null ? undefined : await findMemberById(trx, payment.member_id);
    return member?.email ?? payment.payer_email;
  }

  /** The receipt mail of a numbered payment, to its member or PayPal's payer; null if neither. */
  private async enqueueReceipt(
    trx: Executor,
    payment: PaymentRow,
    now: Date,
  ): Promise<string | null> {
    const { receipt_year: receiptYear, receipt_number: receiptNumber } = payment;
    if (receiptYear === null || receiptNumber === null) return null;
    const to = await this.recipientOf(trx, payment);
    if (to === null) return null;
    const receipt = await findReceiptOfPayment(trx, payment.id, 'receipt');
    const attachment =
      receipt === undefined ? null : await this.deps.receipts.attachment(trx, receipt);
    await enqueue(
      trx,
      'mail',
      {
        ...receiptMail(
          this.deps.society,
          {
            ...payment,
            receiptYear,
            receiptNumber,
            // The receipt's own date of payment, the day the money came in (ADR 029).
            paidOn: receipt?.paid_on ?? payment.received_on ?? romeDate(now),
          },
          to,
          // The receipt's own years (every numbered payment has its row, migration 0019).
          receipt?.years_text ?? String(payment.year),
          receipt?.causale ?? null,
        ),
        ...(attachment === null ? {} : { attachments: [attachment] }),
      },
      now,
    );
    return to;
  }

  private async noticeSecretariat(
    trx: Executor,
    payment: PaymentRow,
    reason: string,
  ): Promise<void> {
    await enqueue(
      trx,
      'mail',
      secretariatNoticeMail(this.deps.society, payment, reason, this.deps.secretariat),
      this.deps.clock(),
    );
  }
}
