import { romeYear, type OfflineDueMethod } from '@sodalis/contracts';
import type { Executor } from '../../../db/schema.js';
import type { FeeCheckout, ReceivedPayment } from '../../payments/purposes.js';
import type { FeeRow } from '../../payments/repository.js';

/** A dues payment made outside PayPal (ADR 029), as `recordOfflinePayment` records it. */
export interface OfflinePayment {
  method: OfflineDueMethod;
  /** The bank's reference, or the staff entry's own: unique per method. */
  reference: string;
  memberId: number;
  accountName: string;
  fee: Pick<FeeRow, 'id' | 'title' | 'access' | 'amount_cents'>;
  years: number[];
  amountCents: number;
  /** When it is recorded (`created_at`, `verified_at`). */
  at: Date;
  /**
   * The Rome day the money came in (`YYYY-MM-DD`, ADR 029, 2026-11-27): the date staff entered,
   * the bank's booking date. The receipt's year and date and the ledger follow it.
   */
  receivedOn: string;
  /** Shown to the secretariat with the payment. */
  note: string | null;
}

/**
 * Who records dues paid outside PayPal (`OfflineDues`, wired in the membership module): the bank
 * import and staff entries depend on this, not on payments.
 */
export interface OfflinePaymentRecorder {
  recordOfflinePayment(trx: Executor, input: OfflinePayment): Promise<number | null>;
}

/**
 * Dues received outside PayPal (ADR 029, ADR 045): the years priced at their own year's fee by
 * the dues purpose, then recorded by payments as a verified payment in the caller's
 * transaction (null when its reference is recorded already).
 */
export class OfflineDues implements OfflinePaymentRecorder {
  constructor(
    private readonly payments: {
      recordReceived(trx: Executor, input: ReceivedPayment): Promise<number | null>;
    },
    private readonly checkout: FeeCheckout,
  ) {}

  async recordOfflinePayment(trx: Executor, input: OfflinePayment): Promise<number | null> {
    const years = [...new Set(input.years)].sort((a, b) => a - b);
    return this.payments.recordReceived(trx, {
      reference: `${input.method}:${input.reference}`,
      purpose: this.checkout.purpose,
      memberId: input.memberId,
      accountName: input.accountName,
      fee: input.fee,
      year: years[0] ?? romeYear(input.at),
      items: await this.checkout.items(trx, input.fee, years, false),
      amountCents: input.amountCents,
      at: input.at,
      receivedOn: input.receivedOn,
      note: input.note,
    });
  }
}
