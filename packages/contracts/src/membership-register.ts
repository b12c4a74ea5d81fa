import { z } from './zod.js';
import { base64Within } from './admin.js';
import { isStrictBase64 } from './sponsorship-rules.js';

/**
 * The existing register of members taken over (ADR 042): a spreadsheet (CSV or XLSX) with one
 * row per member, previewed, then applied in one transaction.
 */

/** The largest register file: 1,500 members with their years fit in well under 1 MB. */
export const REGISTER_MAX_BYTES = 10 * 1024 * 1024;

export const RegisterImportBodySchema = z.object({
  fileName: z
    .string({ message: 'Scegli il file del registro.' })
    .trim()
    .min(1, { message: 'Scegli il file del registro.' })
    .max(255, { message: 'Il nome del file è troppo lungo.' }),
  contentBase64: z
    .string({ message: 'Scegli il file del registro.' })
    .refine(isStrictBase64, { message: 'Il contenuto del file non è leggibile.' })
    .refine(base64Within(REGISTER_MAX_BYTES), {
      message: `Il file può pesare al massimo ${REGISTER_MAX_BYTES / 1024 / 1024} MB.`,
    }),
});
export type RegisterImportBody = z.output<typeof RegisterImportBodySchema>;

export const REGISTER_ROW_OUTCOMES = ['create', 'update', 'unchanged', 'refused'] as const;
export type RegisterRowOutcome = (typeof REGISTER_ROW_OUTCOMES)[number];

export const REGISTER_ROW_OUTCOME_LABELS: Record<RegisterRowOutcome, string> = {
  create: 'Nuovo socio',
  update: 'Aggiornato',
  unchanged: 'Invariato',
  refused: 'Scartato',
};

/** One row of the register as read, and what applying it does (or why it is refused). */
export interface RegisterImportRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  email: string;
  name: string;
  memberNumber: string | null;
  outcome: RegisterRowOutcome;
  /** In Italian: why it is refused, or what changes. */
  notes: string[];
  paidYears: number[];
  exemptYears: number[];
}

export interface RegisterImportReport {
  applied: boolean;
  /** How the file was read: `UTF-8`, `Windows-1252` (CSV) or `XLSX`. */
  format: string;
  rows: RegisterImportRow[];
  counts: Record<RegisterRowOutcome, number>;
  /** The accounts created, to invite afterwards. */
  created: string[];
  message: string;
}

/**
 * The columns the import reads, by their Italian header (case, accents and spaces do not
 * matter); a column named by a year (`2024`, or `Quota 2024`) holds that year's due.
 */
export const REGISTER_COLUMNS = {
  memberNumber: ['numero', 'numero socio', 'n socio', 'n. socio', 'matricola'],
  firstName: ['nome'],
  lastName: ['cognome'],
  email: ['email', 'e-mail', 'posta elettronica'],
  codiceFiscale: ['codice fiscale', 'cf'],
  kind: ['tipo', 'categoria', 'tipo socio'],
  section: ['sezione'],
  region: ['regione'],
  sinceYear: ['primo anno', 'anno iscrizione', 'anno di iscrizione', 'iscritto dal', 'socio dal'],
} as const;
