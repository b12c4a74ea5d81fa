import type { Selectable } from 'kysely';
import type { Executor, PaymentItemsTable, PaymentsTable } from '../../db/schema.js';

/**
 * What a payment is for (ADR 045): payments take the money (PayPal, verification, refunds,
 * receipts) and know no domain; each domain that sells something registers its purpose from
 * its own `module.ts` (ADR 046) and keeps its own ledger. Every hook runs inside the payment's
 * transaction, so a ledger and the payment change together or not at all, and the ledger's own
 * constraints and row locks (e.g. a dues year paid once, ADR 029) keep their guarantees.
 */

export type PaymentRow = Selectable<PaymentsTable>;
export type PaymentItem = Selectable<PaymentItemsTable>;
/**
 * An item as a purpose prices it, before it belongs to a payment; `purpose` when it is not the
 * payment's own ("renew and register": dues items in a registration's payment).
 */
export type PaymentItemInput = Pick<PaymentItem, 'item_ref' | 'description' | 'amount_cents'> & {
  purpose?: string;
};

/** What a purpose's settling found: items another payment (or an exemption) had settled. */
export interface SettledBefore {
  /** How many of the payment's items of this purpose were settled already. */
  count: number;
  /** Of how many. */
  of: number;
  /** Why, in Italian for the secretariat ("Quota 2026 già pagata …"); null when none. */
  text: string | null;
}

/** What a receipt prints of a purpose's items (ADR 030): what was paid and who holds it. */
export interface ReceiptPart {
  /** The items as the receipt lists them ("2025, 2026" for dues years). */
  itemsText: string;
  /** The receipt's causale ("quota associativa, anno 2025, 2026"). */
  causale: string;
  memberNumber: string | null;
  fiscalCode: string | null;
}

export interface PaymentPurpose {
  /** Stored in `payments.purpose` and `payment_items.purpose`: never renamed. */
  readonly name: string;
  /** Recorded (reported by the browser, or received offline): the ledger holds the items. */
  reported(trx: Executor, payment: PaymentRow, items: PaymentItem[]): Promise<void>;
  /** Verified: the ledger settles its items; answers what it had settled otherwise. */
  settle(
    trx: Executor,
    payment: PaymentRow,
    items: PaymentItem[],
    at: Date,
  ): Promise<SettledBefore>;
  /** Rejected, refunded, reversed or to refund: what it settled is open again. */
  undo(trx: Executor, payment: PaymentRow, items: PaymentItem[], at: Date): Promise<void>;
  /** What the receipt prints of the items it settled. */
  receipt(trx: Executor, payment: PaymentRow, items: PaymentItem[]): Promise<ReceiptPart>;
  /** The PayPal order's description the payer's browser made (spec §3, for verification). */
  orderDescription(payment: PaymentRow, items: PaymentItem[]): string;
}

/**
 * The purposes registered at composition, by name, and the one that prices the fee payment.
 * Payments are built before the domains that register here (ADR 046): the registry is read
 * when a payment is, never when payments are built.
 */
export class PaymentPurposes {
  private readonly byName = new Map<string, PaymentPurpose>();
  private checkout: FeeCheckout | null = null;
  private readonly claims: TransferClaim[] = [];

  /** A purpose that recognises its own causale in a bank statement (ADR 049). */
  registerTransferClaim(claim: TransferClaim): this {
    this.claims.push(claim);
    return this;
  }

  /** The claims registered, in the order of the modules (read when a statement is). */
  get transferClaims(): readonly TransferClaim[] {
    return this.claims;
  }

  register(purpose: PaymentPurpose): this {
    if (this.byName.has(purpose.name)) {
      throw new Error(`scopo di pagamento registrato due volte: ${purpose.name}`);
    }
    this.byName.set(purpose.name, purpose);
    return this;
  }

  /** Who prices the years of a fee payment (the dues, ADR 029, ADR 045): one owner. */
  registerFeeCheckout(checkout: FeeCheckout): this {
    if (this.checkout !== null) {
      throw new Error(`pagamento della quota registrato due volte: ${checkout.purpose}`);
    }
    this.checkout = checkout;
    return this;
  }

  /** The fee payment's owner; none registered is a composition mistake, not a payer's. */
  get feeCheckout(): FeeCheckout {
    if (this.checkout === null)
      throw new Error('nessuno scopo registrato per il pagamento della quota');
    return this.checkout;
  }

  /** A stored purpose without its owner is a composition mistake, not a payer's. */
  get(name: string): PaymentPurpose {
    const purpose = this.byName.get(name);
    if (purpose === undefined) throw new Error(`scopo di pagamento sconosciuto: ${name}`);
    return purpose;
  }

  /**
   * A payment's items by purpose, in the order purposes first appear. A payment recorded
   * without items (before items existed, or inserted by hand) is its own purpose's, with none.
   */
  groups(payment: PaymentRow, items: PaymentItem[]): [PaymentPurpose, PaymentItem[]][] {
    if (items.length === 0) return [[this.get(payment.purpose), []]];
    const grouped = new Map<string, PaymentItem[]>();
    for (const item of items)
      grouped.set(item.purpose, [...(grouped.get(item.purpose) ?? []), item]);
    return [...grouped].map(([name, own]) => [this.get(name), own]);
  }
}

/**
 * The fee payment of the specification (RegistraPagamento, ADR 012) and dues received outside
 * PayPal (ADR 029) pay years at a fee: the purpose that owns the years prices them.
 */
export interface FeeCheckout {
  /** The purpose its items belong to. */
  readonly purpose: string;
  /**
   * The items of `years` paid at `fee`: one year chosen on the public panel at the fee chosen
   * (`atFeeChosen`), else each year at its own year's fee (ADR 029).
   */
  items(
    trx: Executor,
    fee: { access: string; amount_cents: number },
    years: readonly number[],
    atFeeChosen: boolean,
  ): Promise<PaymentItemInput[]>;
}

/** A PayPal order reported by the payer's browser for a purpose, its items priced by the owner. */
export interface ReportedPayment {
  orderId: string;
  purpose: string;
  memberId: number | null;
  accountName: string;
  /** The fee of a dues payment (the spec's record, ADR 012); null for other purposes. */
  fee: { id: number; title: string; access: string } | null;
  /** The first dues year it pays, or the year of what else it pays for. */
  year: number;
  items: PaymentItemInput[];
  /** What the browser said PayPal's SDK captured (untrusted). */
  reportedAmount: string;
  reportedCurrency: string;
}

/**
 * A payment received outside PayPal, verified as it is recorded (ADR 029): a bank statement's
 * row, cash or card at the desk. Its owner priced the items; payments store it once by its
 * reference and settle it like any verified payment.
 */
export interface ReceivedPayment {
  /** `<method>:<reference>` (`bonifico:…`, `contanti:<day>:<uuid>`): unique. */
  reference: string;
  purpose: string;
  memberId: number | null;
  accountName: string;
  /** The fee it was paid at: the spec's record of a fee payment (ADR 012, ADR 045); null for other purposes (ADR 049). */
  fee: { id: number; title: string; access: string } | null;
  /** The first year it pays (the payment's `year`). */
  year: number;
  items: PaymentItemInput[];
  amountCents: number;
  /** When it is recorded (`created_at`, `verified_at`). */
  at: Date;
  /** The Rome day the money came in (`YYYY-MM-DD`, ADR 029, 2026-11-27). */
  receivedOn: string;
  /** Shown to the secretariat with the payment. */
  note: string | null;
}

/** A credit transfer of a bank statement, as the statement import read it (ADR 029). */
export interface BankTransfer {
  /** The bank's reference of the row (`camt:…`, `csv:…`): unique. */
  reference: string;
  /** The bank's booking date (`YYYY-MM-DD`): the day the money came in. */
  bookedOn: string;
  amountCents: number;
  remittance: string;
}

/**
 * A transfer a purpose recognised by its causale (ADR 049), with what the import should do:
 * match it (a verified payment), leave it for review, or mark it to be refunded.
 */
export interface ClaimedTransfer {
  outcome: 'matched' | 'mismatch' | 'alreadyPaid' | 'unknown';
  /** Why it is not matched, in Italian for the secretariat; null when matched. */
  reason: string | null;
  /** The account the causale names, if any, and its holder's name as the preview shows it. */
  memberId: number | null;
  name: string | null;
  /** Records the matched transfer as a verified payment in the statement's transaction. */
  record(trx: Executor, transfer: BankTransfer, at: Date): Promise<number | null>;
}

/**
 * A purpose's reading of bank transfers (ADR 049): dues are read by the statement import
 * itself (ADR 029); another purpose whose causale people write on transfers registers a claim
 * from its own module, and the import asks the claims in turn about a row dues do not name.
 */
export interface TransferClaim {
  /** The purpose whose records it reads (`registration`): what staff name to assign by hand. */
  readonly purpose: string;
  /** The transfer's reading, or null when its causale is not this purpose's. */
  read(db: Executor, transfer: BankTransfer): Promise<ClaimedTransfer | null>;
  /**
   * A transfer left for review that staff give by hand to the purpose's record `id` (ADR 053),
   * read in the staff's transaction `trx` under the lock the purpose's own payments take, so
   * two transfers given to one record at once are read one after the other: matched only as
   * an automatic match would be, otherwise why not.
   */
  assign(trx: Executor, id: number, transfer: BankTransfer): Promise<ClaimedTransfer>;
}
