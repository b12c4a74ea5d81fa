import type { OfflineDueMethod } from '@sodalis/contracts';
import type { Executor } from '../../db/schema.js';
import type { FeeRow } from './repository.js';

/** A dues payment made outside PayPal (ADR 029), as `recordOfflinePayment` stores it. */
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
 * Who records dues paid outside PayPal (the payments service, wired in `services.ts`): the
 * membership module's bank import and staff entries depend on this, not on the service.
 */
export interface OfflinePaymentRecorder {
  recordOfflinePayment(trx: Executor, input: OfflinePayment): Promise<number | null>;
}
