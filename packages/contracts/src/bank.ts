import { z } from './zod.js';
import { italianDate } from './dates.js';
import { AdminListQuerySchema } from './admin.js';
import { isRealDate } from './sponsorship-rules.js';

/** Dues by bank transfer (ADR 029): statement import, preview, review of unmatched rows. */

/** The largest statement file accepted (base64 in JSON grows it by a third). */
/**
 * A causale's letters and digits only, upper-case: what survives every bank's rewriting (spaces,
 * case, punctuation, wrapped lines; ADR 029).
 */
export function bankText(text: string): string {
  return text
    .normalize('NFKD')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

/** The remainder modulo 97 of a string of letters (A = 10 … Z = 35) and digits (ISO 7064). */
export function mod97(text: string): number {
  let remainder = 0;
  for (const char of text) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** Two check digits of `payload` by ISO 7064 MOD 97-10, the IBAN's rule (a causale's `CK`). */
export function checkDigits97(payload: string): string {
  return String(98 - mod97(`${bankText(payload)}00`)).padStart(2, '0');
}

export const BANK_STATEMENT_MAX_BYTES = 4 * 1024 * 1024;

export const BankStatementUploadSchema = z.object({
  fileName: z
    .string({ message: 'Indica il nome del file.' })
    .trim()
    .min(1, { message: 'Indica il nome del file.' })
    .max(200, { message: 'Il nome del file è troppo lungo.' }),
  contentBase64: z
    .string({ message: 'Carica il file dell’estratto conto.' })
    .min(1, { message: 'Carica il file dell’estratto conto.' })
    .max(Math.ceil((BANK_STATEMENT_MAX_BYTES * 4) / 3) + 4, {
      message: 'Il file supera i 4 MB.',
    })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { message: 'Il file non è stato inviato correttamente.' }),
});
export type BankStatementUpload = z.infer<typeof BankStatementUploadSchema>;

/** What the import does with a row: what the preview shows, what apply stores. */
export const BANK_ROW_OUTCOMES = [
  'matched',
  'mismatch',
  'unknown',
  'alreadyPaid',
  'alreadyImported',
  'repeatedInFile',
] as const;
export type BankRowOutcome = (typeof BANK_ROW_OUTCOMES)[number];

export const BANK_ROW_OUTCOME_LABELS: Record<BankRowOutcome, string> = {
  matched: 'Abbinato: quota pagata',
  mismatch: 'Importo diverso: da controllare',
  unknown: 'Causale non riconosciuta: da controllare',
  alreadyPaid: 'Anno già pagato: da rimborsare',
  alreadyImported: 'Già importato',
  repeatedInFile: 'Ripetuto nel file',
};

export interface BankRowPreview {
  reference: string;
  bookedOn: string;
  amountCents: number;
  payer: string | null;
  payerIban: string | null;
  remittance: string;
  outcome: BankRowOutcome;
  /** Why it is not matched, in Italian. */
  reason: string | null;
  memberNumber: string | null;
  memberName: string | null;
  years: number[];
}

export interface BankStatementPreview {
  fileName: string;
  format: 'camt053' | 'csv';
  /** The same file was imported before: applying it changes nothing. */
  alreadyImported: boolean;
  rows: BankRowPreview[];
  counts: Record<BankRowOutcome, number>;
}

export interface BankStatementApplied {
  applied: boolean;
  message: string;
  counts: Record<BankRowOutcome, number>;
}

export const BANK_ROW_STATUSES = ['matched', 'review', 'assigned', 'ignored', 'refund'] as const;
export type BankRowStatus = (typeof BANK_ROW_STATUSES)[number];

export const BANK_ROW_STATUS_LABELS: Record<BankRowStatus, string> = {
  matched: 'Abbinato',
  review: 'Da controllare',
  assigned: 'Assegnato',
  ignored: 'Ignorato',
  refund: 'Da rimborsare',
};

export const AdminBankRowListQuerySchema = AdminListQuerySchema.extend({
  status: z.enum(BANK_ROW_STATUSES).optional(),
});
export type AdminBankRowListQuery = z.output<typeof AdminBankRowListQuerySchema>;

/** Why a member is suggested for a row to review (ADR 029, 2026-11-27). */
export const BANK_SUGGESTION_REASONS = [
  'memberNumber',
  'remittanceName',
  'payerName',
  'iban',
] as const;
export type BankSuggestionReason = (typeof BANK_SUGGESTION_REASONS)[number];

export const BANK_SUGGESTION_REASON_LABELS: Record<BankSuggestionReason, string> = {
  memberNumber: 'numero socio nella causale',
  remittanceName: 'nome nella causale',
  payerName: 'nome del pagante',
  iban: 'IBAN già usato da questo socio',
};

/** The transfer's amount against what the suggested years cost. */
export type BankSuggestionAmount = 'equal' | 'less' | 'more' | 'nothingOwed' | 'noFee';

export const BANK_SUGGESTION_AMOUNT_LABELS: Record<BankSuggestionAmount, string> = {
  equal: 'importo uguale alle quote aperte',
  less: 'importo minore delle quote aperte',
  more: 'importo maggiore delle quote aperte',
  nothingOwed: 'il socio non ha quote aperte',
  noFee: 'manca la quota di un anno',
};

/** A member a row to review may belong to, and the years one click would assign. */
export interface BankRowSuggestion {
  memberId: number;
  memberNumber: string | null;
  name: string;
  email: string;
  reasons: BankSuggestionReason[];
  /** The member's open years (ADR 024), oldest first. */
  openYears: number[];
  /** The years the confirmation assigns: those the amount pays, or every open year. */
  years: number[];
  /** What `years` cost, each at its own year's fee; null when a year has no fee. */
  owedCents: number | null;
  amount: BankSuggestionAmount;
}

export interface AdminBankRow {
  id: number;
  reference: string;
  bookedOn: string;
  amountCents: number;
  payer: string | null;
  payerIban: string | null;
  remittance: string;
  status: BankRowStatus;
  reason: string | null;
  memberId: number | null;
  years: number[];
  paymentId: number | null;
  note: string | null;
  handledBy: string | null;
  handledAt: string | null;
  /** Members it may belong to, best first: only while the row waits for review. */
  suggestions: BankRowSuggestion[];
}

const yearsField = z
  .array(z.coerce.number().int().min(2000).max(2099), { message: 'Indica gli anni pagati.' })
  .min(1, { message: 'Indica almeno un anno.' })
  .max(10, { message: 'Al massimo 10 anni.' });

export const BankRowAssignBodySchema = z.object({
  memberId: z.coerce.number({ message: 'Scegli il socio.' }).int().positive({
    message: 'Scegli il socio.',
  }),
  years: yearsField,
});
export type BankRowAssignBody = z.infer<typeof BankRowAssignBodySchema>;

/**
 * A row to review given by hand to an event's registration (ADR 053): the registration by its
 * number; the amount must be what the registration asks, as an automatic match's (ADR 049).
 */
export const BankRowAssignRegistrationBodySchema = z.object({
  registrationId: z.coerce
    .number({ message: 'Scegli l’iscrizione.' })
    .int({ message: 'Scegli l’iscrizione.' })
    .positive({ message: 'Scegli l’iscrizione.' }),
});
export type BankRowAssignRegistrationBody = z.infer<typeof BankRowAssignRegistrationBodySchema>;

export const BankRowIgnoreBodySchema = z.object({
  reason: z
    .string({ message: 'Indica perché il movimento si ignora.' })
    .trim()
    .min(1, { message: 'Indica perché il movimento si ignora.' })
    .max(300, { message: 'Il motivo può contenere al massimo 300 caratteri.' }),
});

/** Several rows that are not dues (a sponsor's credit) set aside with one reason. */
export const BankRowBulkIgnoreBodySchema = BankRowIgnoreBodySchema.extend({
  ids: z
    .array(z.coerce.number().int().positive(), { message: 'Scegli i movimenti da ignorare.' })
    .min(1, { message: 'Scegli almeno un movimento.' })
    .max(200, { message: 'Al massimo 200 movimenti alla volta.' }),
});
export type BankRowBulkIgnoreBody = z.infer<typeof BankRowBulkIgnoreBodySchema>;

export interface BankRowBulkIgnored {
  ignored: number;
  /** Rows another staff member had handled meanwhile: left as they are. */
  alreadyHandled: number;
  message: string;
}

// ---------------------------------------------------------------------------------------------
// Cash or card at a congress, recorded by staff (ADR 029)

export const HandPaymentBodySchema = z.object({
  years: yearsField,
  /** Euros, with a comma or a point: "80", "80,50". */
  amount: z
    .union([z.number(), z.string().trim()], { message: 'Indica l’importo incassato.' })
    .transform((value) => String(value).replace(',', '.'))
    .refine((value) => /^\d{1,5}(\.\d{1,2})?$/.test(value) && Number(value) > 0, {
      message: 'Indica un importo in euro maggiore di zero (es. 80 o 80,50).',
    })
    .transform((value) => Math.round(Number(value) * 100)),
  method: z.enum(['contanti', 'carta'], { message: 'Scegli contanti o carta.' }),
  /**
   * The day the money was received (ADR 029, 2026-11-27): the receipt's year and date follow it.
   * Not in the future nor before the member's first year: the server checks both, with its clock.
   */
  paidOn: z
    .string({ message: 'Indica la data del pagamento.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Indica la data del pagamento (aaaa-mm-gg).' })
    .refine(isRealDate, { message: 'Indica una data del pagamento che esista nel calendario.' }),
  note: z
    .string()
    .trim()
    .max(300, { message: 'La nota può contenere al massimo 300 caratteri.' })
    .optional(),
});
export type HandPaymentBody = z.infer<typeof HandPaymentBodySchema>;

/**
 * Why a day entered for cash or card cannot be the day the money came in: it is after `today`
 * (Rome). The receipt's fiscal year follows the day (ADR 029, 2026-11-27); null when it is not.
 */
export function paidOnInFutureRefusal(paidOn: string, today: string): string | null {
  return paidOn > today
    ? `La data dell’incasso (${italianDate(paidOn)}) è nel futuro: indica il giorno in cui il denaro è stato ricevuto.`
    : null;
}

// ---------------------------------------------------------------------------------------------
// "Da controllare" payments: accepted with a note, or to be refunded (ADR 029)

export const FlaggedPaymentDecisionBodySchema = z.object({
  note: z
    .string({ message: 'Scrivi una nota sulla decisione.' })
    .trim()
    .min(1, { message: 'Scrivi una nota sulla decisione.' })
    .max(300, { message: 'La nota può contenere al massimo 300 caratteri.' }),
});
