import { paymentDescription, paymentYearsLabel } from '@sodalis/contracts';
import type { Executor } from '../../../db/schema.js';
import type {
  FeeCheckout,
  PaymentItem,
  PaymentItemInput,
  PaymentPurpose,
  PaymentRow,
  ReceiptPart,
  SettledBefore,
} from '../../payments/purposes.js';
import { feesOfYears } from './year-fees.js';

/** The dues ledger's hooks (ADR 024, ADR 029), run in the payment's transaction. */
export interface DuesLedger {
  /**
   * `years`: every year the payment settles (several in one checkout, ADR 029); `priced`: each
   * year's amount, as its item says.
   */
  paymentReported(
    trx: Executor,
    payment: PaymentRow,
    years: number[],
    priced?: number[],
  ): Promise<void>;
  /** Answers the years of `years` another payment or an exemption had settled already. */
  paymentVerified(trx: Executor, payment: PaymentRow, at: Date, years: number[]): Promise<number[]>;
  paymentUndone(trx: Executor, payment: PaymentRow, at: Date): Promise<void>;
  /** The years the payment settled, the member number and codice fiscale (ADR 030). */
  receiptFacts(
    trx: Executor,
    payment: PaymentRow,
  ): Promise<{ years: number[]; memberNumber: string | null; fiscalCode: string | null }>;
}

/** The name stored with every dues payment and item (migration 0044): never renamed. */
export const DUES_PURPOSE = 'dues';

/** The receipt's words for dues years (ADR 030): one text for one year and for several. */
export function duesCausale(yearsText: string): string {
  return `quota associativa, anno ${yearsText}`;
}

/** The years a dues payment pays: its items, else (a payment without items) its own year. */
function yearsOf(payment: PaymentRow, items: readonly PaymentItem[]): number[] {
  if (items.length === 0) return [payment.year];
  return items.map((item) => Number(item.item_ref)).sort((a, b) => a - b);
}

/**
 * Dues as a purpose of payments (ADR 045): an item is a year of the payment's member
 * (`item_ref` the year); the dues ledger holds, settles and reopens it, row-locked per member
 * so a year is paid once (ADR 029); the fee checkout prices years at their own year's fee.
 */
export class DuesPurpose implements PaymentPurpose, FeeCheckout {
  readonly name = DUES_PURPOSE;
  readonly purpose = DUES_PURPOSE;

  constructor(private readonly ledger: DuesLedger) {}

  async items(
    trx: Executor,
    fee: { access: string; amount_cents: number },
    years: readonly number[],
    atFeeChosen: boolean,
  ): Promise<PaymentItemInput[]> {
    const own = atFeeChosen
      ? years.map(() => fee.amount_cents)
      : await feesOfYears(trx, fee.access === 'Affiliato' ? 'Affiliato' : 'Socio', years);
    // A year without a fee of its own or of its kind is charged at the fee paid with.
    const amounts = own.some((amount) => amount === null)
      ? years.map(() => fee.amount_cents)
      : own.map((amount) => amount ?? fee.amount_cents);
    return years.map((year, index) => ({
      item_ref: String(year),
      description: duesCausale(String(year)),
      amount_cents: amounts[index] ?? fee.amount_cents,
    }));
  }

  reported(trx: Executor, payment: PaymentRow, items: PaymentItem[]): Promise<void> {
    if (items.length === 0) return this.ledger.paymentReported(trx, payment, [payment.year]);
    // Each year at its own item's amount: in a payment of several purposes the payment's total
    // is not the year's.
    const sorted = [...items].sort((a, b) => Number(a.item_ref) - Number(b.item_ref));
    return this.ledger.paymentReported(
      trx,
      payment,
      sorted.map((item) => Number(item.item_ref)),
      sorted.map((item) => item.amount_cents),
    );
  }

  async settle(
    trx: Executor,
    payment: PaymentRow,
    items: PaymentItem[],
    at: Date,
  ): Promise<SettledBefore> {
    const years = yearsOf(payment, items);
    const before = await this.ledger.paymentVerified(trx, payment, at, years);
    return {
      count: before.length,
      of: years.length,
      text:
        before.length === 0
          ? null
          : before.length === 1
            ? `Quota ${before.join(', ')} già pagata con un altro pagamento o esonerata`
            : `Quote ${before.join(', ')} già pagate con un altro pagamento o esonerate`,
    };
  }

  undo(trx: Executor, payment: PaymentRow, _items: PaymentItem[], at: Date): Promise<void> {
    return this.ledger.paymentUndone(trx, payment, at);
  }

  /** The years the payment settled in the ledger (its own year when none, as before). */
  async receipt(trx: Executor, payment: PaymentRow): Promise<ReceiptPart> {
    const facts = await this.ledger.receiptFacts(trx, payment);
    const itemsText = (facts.years.length > 0 ? facts.years : [payment.year]).join(', ');
    return {
      itemsText,
      causale: duesCausale(itemsText),
      memberNumber: facts.memberNumber,
      fiscalCode: facts.fiscalCode,
    };
  }

  orderDescription(payment: PaymentRow, items: PaymentItem[]): string {
    return paymentDescription(
      paymentYearsLabel(yearsOf(payment, items)),
      payment.account_name,
      payment.fee_title ?? '',
    );
  }
}
