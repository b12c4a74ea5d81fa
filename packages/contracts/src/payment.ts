import { z } from './zod.js';
import { AdminListQuerySchema, idFilter, requiredText } from './admin.js';
import type { Fee } from './society.js';

/**
 * Annual fee payment (spec §2.11 Pagamento, §3 payment order, §4 payment button, §5, §7
 * Payment, §9) and the payment record the browser reports after a capture (ADR 012).
 */

/** Spec §9: currency, intent and funding source of every order; the latest year offered. */
export const PAYMENT = {
  currency: 'EUR',
  intent: 'CAPTURE',
  fundingSource: 'paypal',
  maxYear: 2099,
  /** PayPal refuses a purchase unit description longer than this. */
  descriptionMaxLength: 127,
  accountNameMaxLength: 80,
  /** The open years one checkout may pay (ADR 029). */
  maxYearsPerCheckout: 10,
} as const;

/** Which page's fees a panel offers (spec §6 "Fee lists"): the first value of `accesso`. */
export type FeeAccess = 'Socio' | 'Affiliato';

/** Texts of spec §2.11, §5 and §8, verbatim. */
export const PAYMENT_MESSAGES = {
  feePlaceholder: 'Seleziona la quota',
  memberNameLabel: 'Nominativo del socio',
  missingData: 'Compila i dati di pagamento per continuare',
  success: 'Il pagamento è stato effettuato con successo',
  failure: 'Il pagamento è stato annullato o non è andato a buon fine',
} as const;

/**
 * What stays on the fee page after a payment (ADR 012, amended 2026-11-27): the spec's success
 * text (§8) as the heading of a confirmation that does not pass like the toast, what was paid,
 * and the receipt as soon as the server has numbered it.
 */
export const PAYMENT_CONFIRMATION = {
  receiptWaiting:
    'Stiamo registrando il pagamento: il numero della ricevuta comparirà qui tra pochi istanti.',
  receiptLater:
    'La ricevuta sarà pronta appena PayPal avrà confermato il pagamento: ti arriverà per e-mail e la troverai in «Il mio profilo».',
  receiptByMail:
    'La ricevuta ti arriverà per e-mail, all’indirizzo del tuo account PayPal, appena il pagamento sarà verificato.',
  profileLink: 'Tutte le tue ricevute in «Il mio profilo»',
  another: 'Fai un altro pagamento',
} as const;

/** "Ricevuta n. 3/2026": the receipt a confirmation names. */
export function receiptLabel(number: string): string {
  return `Ricevuta n. ${number}`;
}

/**
 * An IBAN as people read and type it: capitals in groups of four ("IT60 X054 2811 …"), from
 * however it was configured (spaces, lower case).
 */
export function ibanGroups(iban: string): string {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  return compact.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The access of a fee: the first value of its `accesso` map (spec §3). */
export function feeAccess(fee: Pick<Fee, 'accesso'>): string | undefined {
  return Object.values(fee.accesso)[0];
}

/** The fees one page offers: "Socio" on the members' page, "Affiliato" on the affiliates'. */
export function feesFor(fees: Fee[], access: FeeAccess): Fee[] {
  return fees.filter((fee) => feeAccess(fee) === access);
}

/** Euros as PayPal's amount string: `80` → `"80.00"`. Amounts are whole cents. */
export function euroAmount(euros: number): string {
  return (Math.round(euros * 100) / 100).toFixed(2);
}

/** Cents from PayPal's amount string, or null when it is not one (`"80.00"` → 8000). */
export function centsOf(amount: string): number | null {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(amount)) return null;
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** What the payer chose in the panel; empty fields are undefined or blank. */
export interface PaymentSelection {
  fee: Fee | undefined;
  accountName: string;
  year: number | undefined;
}

/** The year is valid from the current year to 2099, whole (spec §5, §9). */
export function isValidPaymentYear(year: number | undefined, currentYear: number): boolean {
  return (
    year !== undefined && Number.isInteger(year) && year >= currentYear && year <= PAYMENT.maxYear
  );
}

/** Spec §4: the button is enabled only when fee, account name and year are all set. */
export function isPaymentSelectionComplete(
  selection: PaymentSelection,
  currentYear: number,
): selection is PaymentSelection & { fee: Fee; year: number } {
  return (
    selection.fee !== undefined &&
    selection.accountName.trim() !== '' &&
    isValidPaymentYear(selection.year, currentYear)
  );
}

/** The years of one checkout in a description: `2025+2026` (ADR 029); one year as itself. */
export function paymentYearsLabel(years: readonly number[]): string {
  return [...years].sort((a, b) => a - b).join('+');
}

/**
 * Spec §3: the order description is made of the year, the account name and the fee title;
 * several open years paid at once are named by `paymentYearsLabel` (ADR 029).
 */
export function paymentDescription(
  year: number | string,
  accountName: string,
  feeTitle: string,
): string {
  const text = `${year} - ${accountName.trim().replace(/\s+/g, ' ')} - ${feeTitle}`;
  return text.slice(0, PAYMENT.descriptionMaxLength);
}

/** The order the browser creates (spec §7 Payment), in PayPal's Orders v2 shape. */
export interface PaymentOrder {
  intent: typeof PAYMENT.intent;
  purchase_units: [
    {
      amount: { currency_code: typeof PAYMENT.currency; value: string };
      description: string;
    },
  ];
}

/**
 * One purchase unit: amount = the fee's quota in EUR, description = year, name, fee title.
 * Several open years in one checkout (ADR 029): the quota times the years, all years named.
 */
export function buildPaymentOrder(selection: {
  fee: Fee;
  accountName: string;
  year: number;
  years?: readonly number[];
}): PaymentOrder {
  const years = selection.years ?? [selection.year];
  return {
    intent: PAYMENT.intent,
    purchase_units: [
      {
        amount: {
          currency_code: PAYMENT.currency,
          value: euroAmount(selection.fee.quota * years.length),
        },
        description: paymentDescription(
          paymentYearsLabel(years),
          selection.accountName,
          selection.fee.title,
        ),
      },
    ],
  };
}

/**
 * POST /api/v1/Payment/RegistraPagamento: after a capture the browser reports the PayPal
 * order with what was chosen and what PayPal's SDK answered. The server trusts none of it
 * beyond storing it: with credentials it asks PayPal (ADR 012).
 */
export const RegistraPagamentoBodySchema = z.object({
  orderId: z
    .string()
    .regex(/^[A-Z0-9-]{6,64}$/i, { message: 'orderId non è un identificativo PayPal valido.' }),
  quotaId: z.number().int().positive(),
  anno: z.number().int().min(2000).max(PAYMENT.maxYear),
  nominativo: z
    .string()
    .trim()
    .min(1, { message: 'Il nominativo è obbligatorio.' })
    .max(PAYMENT.accountNameMaxLength),
  /** Amount and currency of the capture as the SDK reported them. */
  importo: z.string().max(20),
  valuta: z.string().max(8),
  /**
   * A signed-in member's open years paid in one checkout (ADR 029): the fee times the years is
   * the amount; `anno` is the first of them.
   */
  anni: z
    .array(z.number().int().min(2000).max(PAYMENT.maxYear), {
      message: 'Indica gli anni da pagare.',
    })
    .min(1, { message: 'Indica gli anni da pagare.' })
    .max(PAYMENT.maxYearsPerCheckout, {
      message: `Si possono pagare al massimo ${PAYMENT.maxYearsPerCheckout} anni alla volta.`,
    })
    .optional(),
});
export type RegistraPagamentoBody = z.infer<typeof RegistraPagamentoBodySchema>;

/**
 * How far the society can trust a payment: reported by the browser only; verified with
 * PayPal; flagged (amount, currency or description differ from the fee); rejected (PayPal
 * does not know it as completed); to refund (staff decided the money goes back, ADR 029);
 * refunded or reversed afterwards.
 */
export const PAYMENT_STATUSES = [
  'reported',
  'verified',
  'flagged',
  'rejected',
  'to_refund',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What RegistraPagamento answers: the stored record (the first one for a repeated order). */
export interface PaymentRecord {
  orderId: string;
  stato: PaymentStatus;
  quota: string;
  anno: number;
  nominativo: string;
  importo: string;
  valuta: string;
}

/**
 * The pages with a payment panel (spec §2.11) and "Le mie iscrizioni", where a registration is
 * paid (ADR 049). Only their documents carry a CSP that lets PayPal's SDK in (ADR 012); the web
 * app loads them as whole documents for that reason.
 */
export const PAYMENT_PAGE_PATHS = [
  '/chi-siamo-iscrizione',
  '/chi-siamo-affiliati',
  '/area-riservata-iscrizioni',
] as const;

// ---------------------------------------------------------------------------------------------

/**
 * The back office's fee payments (ADR 012, ADR 013): the ledger the secretariat reads and
 * exports (payments are facts from PayPal: never edited here), and the fees members pay.
 */

/** Italian names of the payment statuses, for the ledger and its export. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  reported: 'Segnalato (non verificato)',
  verified: 'Verificato',
  flagged: 'Da controllare',
  rejected: 'Respinto',
  to_refund: 'Da rimborsare',
  refunded: 'Rimborsato',
};

export const FEE_ACCESSES = ['Socio', 'Affiliato'] as const satisfies readonly FeeAccess[];

export const AdminPaymentListQuerySchema = AdminListQuerySchema.extend({
  status: z.enum(PAYMENT_STATUSES).optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  feeAccess: z.enum(FEE_ACCESSES).optional(),
  feeId: idFilter,
});
export type AdminPaymentListQuery = z.output<typeof AdminPaymentListQuerySchema>;

export interface AdminPayment {
  id: number;
  /** The stored reference: PayPal's order id, or `<method>:<reference>` for one paid offline. */
  paypalOrderId: string;
  /** How it was paid, as its receipt says it ("Bonifico (riferimento …)", "Contanti"). */
  methodText: string;
  /** Paid through PayPal: the order and the payer's PayPal e-mail mean something. */
  paidWithPayPal: boolean;
  /** The fee of a dues payment; null for a payment of another purpose (ADR 049). */
  feeTitle: string | null;
  /**
   * What it pays, as its items say it ("Quota associativa 2026; Iscrizione a «…», tipo …"),
   * whatever the purpose (ADR 045, 049).
   */
  paidFor: string;
  feeAccess: string | null;
  year: number;
  accountName: string;
  /** The signed-in member who paid, if any. */
  memberEmail: string | null;
  /** Euros with two decimals. */
  expectedAmount: string;
  /** What PayPal captured, once verified. */
  paidAmount: string | null;
  currency: string;
  status: PaymentStatus;
  flagReason: string | null;
  payerEmail: string | null;
  /** "7/2026" (`receiptNumberText`), once a receipt is numbered. */
  receipt: string | null;
  /**
   * The Rome day the money came in (`YYYY-MM-DD`, ADR 029, 2026-11-27): the date staff entered
   * for cash or card, the bank's booking date, PayPal's capture; null until received.
   */
  receivedOn: string | null;
  /** When it was recorded ("Registrato il"). */
  createdAt: string;
  verifiedAt: string | null;
}

export interface AdminFee {
  id: number;
  title: string;
  /** Euros with two decimals. */
  amount: string;
  access: FeeAccess;
  sortOrder: number;
  active: boolean;
  updatedAt: string;
  /** Raised by every save; a save names the one it was read at (ADR 041). */
  version: number;
}

export const FEE_MESSAGES = {
  amount:
    'Indica un importo in euro maggiore di zero, con al massimo due decimali (es. 80 o 80,50).',
  access: 'Scegli Socio o Affiliato.',
  order: 'Indica un numero d’ordine tra 0 e 999.',
  /** "Annulla questa modifica" refused (ADR 031): payments already used the fee. */
  paidRollback:
    'Non si può annullare questa modifica: questa quota è già stata pagata, e l’importo o il tipo cambierebbero per chi l’ha usata. Se serve, modifica la quota dal modulo.',
} as const;

/** A fee's amount as staff type it, in euros with a comma or a point ("80", "80,50"): cents. */
const FeeAmountInputSchema = z
  .union([z.number(), z.string().trim()], { message: FEE_MESSAGES.amount })
  .transform((value) => String(value).replace(',', '.'))
  .refine((value) => /^\d{1,5}(\.\d{1,2})?$/.test(value) && Number(value) > 0, {
    message: FEE_MESSAGES.amount,
  })
  .transform((value) => Math.round(Number(value) * 100));

export const AdminFeeInputSchema = z.object({
  title: requiredText(200),
  amount: FeeAmountInputSchema,
  access: z.enum(FEE_ACCESSES, { message: FEE_MESSAGES.access }),
  sortOrder: z.coerce
    .number({ message: FEE_MESSAGES.order })
    .int({ message: FEE_MESSAGES.order })
    .min(0, { message: FEE_MESSAGES.order })
    .max(999, { message: FEE_MESSAGES.order })
    .default(0),
  active: z.boolean().default(true),
});
export type AdminFeeInput = z.input<typeof AdminFeeInputSchema>;

/**
 * The fee of one year for one kind of member (ADR 029, 2026-11-24): arrears are charged at their
 * own year's fee; a year without one is charged at today's active fee of the kind.
 */
export interface AdminFeeYear {
  id: number;
  year: number;
  access: FeeAccess;
  /** Euros with two decimals. */
  amount: string;
  updatedAt: string;
  /** Raised by every save; a save names the one it was read at (ADR 041). */
  version: number;
}

export const FEE_YEAR_MESSAGES = {
  year: 'Indica un anno tra il 2000 e il 2100.',
  taken: 'Per questo anno e questo tipo c’è già una quota: modifica quella.',
} as const;

/**
 * "Annulla questa modifica" of a year's fee refused (ADR 031): the year already has payments
 * of that kind, and the rollback would change what it costs.
 */
export function feeYearPaidRollbackMessage(year: number, access: string): string {
  return `Non si può annullare questa modifica: la quota ${access} del ${year} è già stata pagata e il suo importo cambierebbe. Se serve, modifica la quota dal modulo.`;
}

export const AdminFeeYearInputSchema = z.object({
  year: z.coerce
    .number({ message: FEE_YEAR_MESSAGES.year })
    .int({ message: FEE_YEAR_MESSAGES.year })
    .min(2000, { message: FEE_YEAR_MESSAGES.year })
    .max(2100, { message: FEE_YEAR_MESSAGES.year }),
  access: z.enum(FEE_ACCESSES, { message: FEE_MESSAGES.access }),
  amount: FeeAmountInputSchema,
});
export type AdminFeeYearInput = z.input<typeof AdminFeeYearInputSchema>;

/**
 * The one way a receipt number is written — on the PDF, in mails, on every screen (ADR 030):
 * the number in its year, then the year, "7/2026".
 */
export function receiptNumberText(year: number, number: number): string {
  return `${number}/${year}`;
}

/** One of a member's receipts, as the reserved area lists them (ADR 030). */
export interface MemberReceipt {
  id: number;
  /** The payment it is the receipt of (a profile's year names its payment). */
  paymentId: number;
  /** "7/2026" (`receiptNumberText`). */
  number: string;
  kind: 'receipt' | 'cancellation';
  /** The number of the receipt a cancelling receipt cancels. */
  cancels: string | null;
  /** The years paid, "2025, 2026". */
  years: string;
  /** "80.00" (`euroAmount`). */
  amount: string;
  method: string;
  issuedAt: string;
}

/** `80,00 €`: an amount in cents as Italian readers write it (receipts, mails, the profile). */
export function italianEuroText(cents: number): string {
  return `${euroAmount(cents / 100).replace('.', ',')} €`;
}

export interface PaymentSettings {
  /** PayPal's client id (public by design); null: payments are unavailable. */
  paypalClientId: string | null;
  /**
   * BANK_IBAN and BANK_HOLDER (ADR 029): printed on the fee page also without scripts, where the
   * member's own causale cannot be read; null when no account is configured.
   */
  bankAccount: { iban: string; holder: string } | null;
}

/** Its part of the pages' SSR context (ADR 046). */
declare module './web-context.js' {
  interface SodalisLoadContext {
    /** The fee payment panels (ADR 012). */
    payments: PaymentSettings;
  }
}
