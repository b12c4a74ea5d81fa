import { z } from './zod.js';
import { AdminListQuerySchema } from './admin.js';

/**
 * Membership (ADR 024): the dues ledger by member and year, good standing computed from it,
 * the staff's view of a member's years.
 */

/** A year's due in the ledger: verified, reported and waiting for verification, open, waived. */
export const DUE_STATUSES = ['paid', 'reported', 'unpaid', 'exempt'] as const;
export type DueStatus = (typeof DUE_STATUSES)[number];

export const DUE_STATUS_LABELS: Record<DueStatus, string> = {
  paid: 'Pagata',
  reported: 'Segnalata, da verificare',
  unpaid: 'Da pagare',
  exempt: 'Esonerato',
};

/** How a due was settled. */
export const DUE_METHODS = ['paypal', 'bonifico', 'contanti', 'carta', 'storico'] as const;
export type DueMethod = (typeof DUE_METHODS)[number];

export const DUE_METHOD_LABELS: Record<DueMethod, string> = {
  paypal: 'PayPal',
  bonifico: 'Bonifico',
  contanti: 'Contanti',
  carta: 'Carta',
  storico: 'Pagamento registrato prima del libro quote',
};

/**
 * A member's standing on a date (ADR 024): in good standing; the current year still open after
 * the grace period; a past year unpaid (arrears); lapsed after the statute's consecutive
 * unpaid years.
 */
export const STANDINGS = ['good', 'renewalDue', 'arrears', 'lapsed'] as const;
export type Standing = (typeof STANDINGS)[number];

export const STANDING_LABELS: Record<Standing, string> = {
  good: 'In regola',
  renewalDue: 'Quota dell’anno da pagare',
  arrears: 'Moroso',
  lapsed: 'Decaduto',
};

/** One year of a member's ledger as staff and the member see it. */
export interface DueYear {
  year: number;
  status: DueStatus;
  /** Amount due in cents, when known. */
  amountCents: number | null;
  method: DueMethod | null;
  exemptReason: string | null;
  settledOn: string | null;
}

/** A member's standing with the years it was computed from. */
export interface MemberStandingView {
  memberId: number;
  memberNumber: string | null;
  sinceYear: number;
  standing: Standing;
  /** Years from the first one due to this one still to pay, oldest first. */
  openYears: number[];
  years: DueYear[];
}

/** Staff: a member's year set as exempt (with the reason) or back to unpaid. */
export const DueExemptionBodySchema = z.object({
  exempt: z.boolean({ message: 'Indica se l’anno è esonerato.' }),
  reason: z
    .string({ message: 'Indica il motivo dell’esonero.' })
    .trim()
    .max(300, { message: 'Il motivo può contenere al massimo 300 caratteri.' })
    .optional(),
});
export type DueExemptionBody = z.output<typeof DueExemptionBodySchema>;

/** Staff: a membership in the back office (the id is the member's account id). */
export interface AdminMembership extends MemberStandingView {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  kind: 'Socio' | 'Affiliato';
  section: string | null;
  codiceFiscale: string | null;
  region: string | null;
  qualification: string | null;
  workplace: string | null;
  centre: string | null;
  registerNumber: string | null;
  /** Raised by every save of the position's facts; a save names the one it was read at (ADR 041). */
  version: number;
}

/** An optional fact the secretariat types: trimmed, empty means none. */
const optionalFact = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `Il campo può contenere al massimo ${max} caratteri.` })
    .nullish()
    .transform((value) => (value === undefined || value === null || value === '' ? null : value));

/**
 * Staff: every fact of a member's position (ADR 042), written by the secretariat: names, member
 * number (unique), codice fiscale (its check character verified on the server), kind and
 * section, first year due, region and work. Also the body that gives an existing account a
 * membership (`memberNumber` empty: the next number).
 */
export const AdminMembershipFactsSchema = z.object({
  firstName: z
    .string({ message: 'Indica il nome.' })
    .trim()
    .min(1, { message: 'Indica il nome.' })
    .max(100, { message: 'Il nome può contenere al massimo 100 caratteri.' }),
  lastName: z
    .string({ message: 'Indica il cognome.' })
    .trim()
    .min(1, { message: 'Indica il cognome.' })
    .max(100, { message: 'Il cognome può contenere al massimo 100 caratteri.' }),
  memberNumber: optionalFact(30),
  codiceFiscale: optionalFact(16).transform((value) => value?.toUpperCase() ?? null),
  kind: z.enum(['Socio', 'Affiliato'], { message: 'Scegli Socio o Affiliato.' }),
  section: z
    .enum(['tecnici', 'infermieri'], { message: 'Scegli la sezione: Tecnici o Infermieri.' })
    .nullish()
    .transform((value) => value ?? null),
  sinceYear: z.coerce
    .number({ message: 'Indica il primo anno dovuto.' })
    .int({ message: 'Indica il primo anno dovuto.' })
    .min(1900, { message: 'Il primo anno dovuto non è valido.' })
    .max(2099, { message: 'Il primo anno dovuto non è valido.' }),
  region: optionalFact(60),
  qualification: optionalFact(200),
  workplace: optionalFact(200),
  centre: optionalFact(200),
  registerNumber: optionalFact(60),
});
export type AdminMembershipFacts = z.output<typeof AdminMembershipFactsSchema>;

/** Staff: the year of a member's ledger in the address of the exemption call. */
export const DueYearParamsSchema = z.object({
  id: z.coerce.number({ message: 'Identificativo non valido.' }).int().positive(),
  year: z.coerce
    .number({ message: 'Anno non valido.' })
    .int({ message: 'Anno non valido.' })
    .min(1900, { message: 'Anno non valido.' })
    .max(2099, { message: 'Anno non valido.' }),
});

// ---------------------------------------------------------------------------------------------
// Applying online (ADR 024)

export const MEMBERSHIP_KINDS = ['Socio', 'Affiliato'] as const;
export type MembershipKind = (typeof MEMBERSHIP_KINDS)[number];

/** The affiliates' sections. */
export const AFFILIATE_SECTIONS = { tecnici: 'Tecnici', infermieri: 'Infermieri' } as const;
export type AffiliateSection = keyof typeof AFFILIATE_SECTIONS;

export const ITALIAN_REGIONS = [
  'Abruzzo',
  'Basilicata',
  'Calabria',
  'Campania',
  'Emilia-Romagna',
  'Friuli-Venezia Giulia',
  'Lazio',
  'Liguria',
  'Lombardia',
  'Marche',
  'Molise',
  'Piemonte',
  'Puglia',
  'Sardegna',
  'Sicilia',
  'Toscana',
  'Trentino-Alto Adige',
  'Umbria',
  "Valle d'Aosta",
  'Veneto',
] as const;

/**
 * Staff: the memberships' list (numbered pages) and its export (ADR 024, 2026-11-27): `q` finds
 * a surname, name, number or e-mail (the bank rows' member picker too); the filters narrow by
 * standing, kind, section, region and a year paid.
 */
export const AdminMembershipListQuerySchema = AdminListQuerySchema.extend({
  standing: z.enum(STANDINGS, { message: 'Posizione non valida.' }).optional(),
  kind: z.enum(MEMBERSHIP_KINDS, { message: 'Tipo di socio non valido.' }).optional(),
  section: z
    .enum(Object.keys(AFFILIATE_SECTIONS) as [AffiliateSection, ...AffiliateSection[]], {
      message: 'Sezione non valida.',
    })
    .optional(),
  region: z.enum(ITALIAN_REGIONS, { message: 'Regione non valida.' }).optional(),
  paidYear: z.coerce
    .number({ message: 'Anno non valido.' })
    .int({ message: 'Anno non valido.' })
    .min(1900, { message: 'Anno non valido.' })
    .max(2099, { message: 'Anno non valido.' })
    .optional(),
});
export type AdminMembershipListQuery = z.output<typeof AdminMembershipListQuerySchema>;

/** The list's export: the same filters, every matching member, as CSV or XLSX. */
export const AdminMembershipExportQuerySchema = AdminMembershipListQuerySchema.extend({
  format: z.enum(['csv', 'xlsx'], { message: 'Formato non valido: csv o xlsx.' }).default('csv'),
});
export type AdminMembershipExportQuery = z.output<typeof AdminMembershipExportQuerySchema>;

/** The privacy notice the applicant accepts; its version is recorded with the time. */
export const MEMBERSHIP_PRIVACY = {
  version: '2026-11-1',
  text: 'Acconsento al trattamento dei miei dati personali, compreso il curriculum, per la gestione della domanda di iscrizione e del rapporto associativo, secondo l’informativa privacy della società (Regolamento UE 2016/679).',
} as const;

/** Largest CV accepted, in bytes. */
export const APPLICATION_CV_MAX_BYTES = 5 * 1024 * 1024;

export const APPLICATION_MESSAGES = {
  heading: 'Iscriviti',
  intro:
    'Compila la domanda: la segreteria la sottopone al Consiglio Direttivo e ti risponde per e-mail. Con l’approvazione ricevi il numero di socio e il collegamento per accedere all’area riservata.',
  received:
    'Grazie, abbiamo ricevuto la tua domanda di iscrizione. Ti scriveremo appena il Consiglio Direttivo l’avrà esaminata.',
  alreadyReceived:
    'Abbiamo già ricevuto una domanda di iscrizione con questo indirizzo e-mail o codice fiscale: è in attesa dell’esame del Consiglio Direttivo, non serve inviarla di nuovo.',
  knownEmail:
    'Esiste già un account con questo indirizzo e-mail: accedi all’area riservata oppure recupera la password. Per tornare socio dopo una decadenza scrivi alla segreteria.',
  knownCodiceFiscale:
    'Questo codice fiscale risulta già iscritto. Se non riesci ad accedere all’area riservata scrivi alla segreteria.',
  badCodiceFiscale: 'Il codice fiscale non è valido: controlla lettere e cifre.',
  cvMissing: 'Allega il curriculum in PDF.',
  cvNotPdf: 'Il curriculum deve essere un file PDF.',
  cvTooLarge: `Il curriculum può pesare al massimo ${APPLICATION_CV_MAX_BYTES / 1024 / 1024} MB.`,
  privacyRequired: 'Per inviare la domanda devi accettare l’informativa sulla privacy.',
  privacyOutdated:
    'L’informativa sulla privacy è cambiata mentre compilavi la domanda: rileggila e accettala di nuovo.',
  sectionRequired: 'Scegli la sezione degli Affiliati.',
  failed: 'La domanda non è stata inviata: correggi i campi indicati.',
  tooMany:
    'Troppe richieste di iscrizione in questo momento: la domanda non è stata inviata. Riprova più tardi; se il problema continua, scrivi alla segreteria.',
} as const;

export const applicationText = (label: string, max: number) =>
  z
    .string({ message: `Indica ${label}.` })
    .trim()
    .min(1, { message: `Indica ${label}.` })
    .max(max, { message: `Il campo può contenere al massimo ${max} caratteri.` });

export const optionalApplicationText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `Il campo può contenere al massimo ${max} caratteri.` })
    .optional()
    .transform((value) => (value === undefined || value === '' ? null : value));

/** The application's fields (the form's names); the CV travels beside them. */
export const MembershipApplicationBodySchema = z
  .object({
    kind: z.enum(MEMBERSHIP_KINDS, { message: 'Scegli se iscriverti come Socio o Affiliato.' }),
    section: z
      .enum(['tecnici', 'infermieri'], { message: APPLICATION_MESSAGES.sectionRequired })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    firstName: applicationText('il nome', 100),
    lastName: applicationText('il cognome', 100),
    email: z
      .string({ message: 'Indica l’indirizzo e-mail.' })
      .trim()
      .toLowerCase()
      .email({ message: 'L’indirizzo e-mail non è valido.' })
      .max(254, { message: 'L’indirizzo e-mail è troppo lungo.' }),
    codiceFiscale: z
      .string({ message: 'Indica il codice fiscale.' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{16}$/, { message: APPLICATION_MESSAGES.badCodiceFiscale }),
    qualification: applicationText('la qualifica', 200),
    workplace: applicationText('la sede di lavoro', 200),
    centre: optionalApplicationText(200),
    region: z.enum(ITALIAN_REGIONS, { message: 'Scegli la regione.' }),
    registerNumber: optionalApplicationText(60),
    privacy: z.literal('on', { message: APPLICATION_MESSAGES.privacyRequired }),
    privacyVersion: z.string().max(40).default(''),
  })
  .superRefine((value, context) => {
    if (value.kind === 'Affiliato' && value.section === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['section'],
        message: APPLICATION_MESSAGES.sectionRequired,
      });
    }
  });
export type MembershipApplicationBody = z.output<typeof MembershipApplicationBodySchema>;

/**
 * What a public form's page gets back (the application, an events' account): sent, or the
 * messages by field, or closed for a while.
 */
export type MembershipApplicationResult =
  | { ok: true; message: string }
  | {
      ok: false;
      message: string;
      issues: { path: string; message: string }[];
      /** Set when the form is closed for a while (ADR 040): seconds before trying again. */
      retryAfterSeconds?: number;
    };

export const APPLICATION_STATUSES = ['pending', 'approved', 'refused'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: 'In attesa',
  approved: 'Approvata',
  refused: 'Respinta',
};

/** Staff: an application in the queue. */
export interface AdminMembershipApplication {
  id: number;
  kind: MembershipKind;
  section: string | null;
  firstName: string;
  lastName: string;
  email: string;
  codiceFiscale: string;
  qualification: string;
  workplace: string;
  centre: string | null;
  region: string;
  registerNumber: string | null;
  cvFileName: string | null;
  privacyTextVersion: string;
  privacyAcceptedAt: string;
  status: ApplicationStatus;
  ratifiedOn: string | null;
  refusalReason: string | null;
  memberNumber: string | null;
  handledAt: string | null;
  handledBy: string | null;
  createdAt: string;
}

export const AdminApplicationListQuerySchema = AdminListQuerySchema.extend({
  status: z.enum(APPLICATION_STATUSES).optional(),
});
export type AdminApplicationListQuery = z.output<typeof AdminApplicationListQuerySchema>;

export const ApplicationApprovalBodySchema = z.object({
  ratifiedOn: z
    .string({ message: 'Indica la data della ratifica del Consiglio Direttivo.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, {
      message: 'Indica la data della ratifica del Consiglio Direttivo.',
    }),
});

export const ApplicationRefusalBodySchema = z.object({
  reason: z
    .string({ message: 'Indica il motivo del rifiuto: è scritto nell’e-mail al richiedente.' })
    .trim()
    .min(3, { message: 'Indica il motivo del rifiuto: è scritto nell’e-mail al richiedente.' })
    .max(2000, { message: 'Il motivo può contenere al massimo 2000 caratteri.' }),
});

/** What the staff dashboard shows of membership work waiting (ADR 024). */
export interface MembershipPendingWork {
  applicationsWaiting: number;
  transfersToReconcile: number;
}

// ---------------------------------------------------------------------------------------------
// Paying the open years (ADR 029)

/** One open year on the member's fee page, at the fee of the member's kind. */
export interface OpenDueYear {
  year: number;
  amountCents: number;
}

/**
 * GET /api/v1/Membership/MyDues: the member's standing, every open year with its amount and
 * the total, and the fee a PayPal checkout pays them with (null when none is active).
 */
export interface MemberDuesView {
  memberNumber: string | null;
  standing: Standing;
  accountName: string;
  openYears: OpenDueYear[];
  totalCents: number;
  fee: { id: number; title: string; quota: number } | null;
  years: DueYear[];
  /**
   * Paying the open years by bank transfer (ADR 029): the account and the causale to write,
   * null when no account is configured, nothing is open or the member has no number yet.
   */
  bankTransfer: { iban: string; holder: string; causale: string } | null;
}

/**
 * The fee page's payment tab where a member of `kind` pays the open years (ADR 029): the link of
 * the dues reminders, of "Il mio profilo" and of the rejoin page (ADR 030).
 */
export function duesPaymentPath(kind: MembershipKind): string {
  return `${kind === 'Affiliato' ? '/chi-siamo-affiliati' : '/chi-siamo-iscrizione'}?scheda=pagamento`;
}

/**
 * The payment tab for someone the browser has no session for (ADR 030): the dues reminders link
 * there, and a member opening the link in a new tab or after the session ended must sign in to
 * see and pay their own years; the sign-in comes back to the tab.
 */
export const DUES_SIGN_IN = {
  visitor:
    'Sei Socio o Affiliato? Accedi all’area riservata per vedere le quote ancora da pagare e pagarle a tuo nome, con PayPal o con bonifico.',
  expired:
    'La sessione è scaduta: accedi di nuovo all’area riservata per vedere le quote ancora da pagare e pagarle a tuo nome.',
  link: 'Accedi per vedere le tue quote',
  /** Without scripts the member's dues cannot be read nor paid online (PayPal needs them). */
  noScript:
    'Per vedere le quote ancora da pagare e pagarle a tuo nome serve JavaScript, che in questo browser non è attivo: attivalo e ricarica la pagina.',
} as const;

/** Dues paid outside PayPal, recorded by staff or from a bank statement (ADR 029). */
export const OFFLINE_DUE_METHODS = ['bonifico', 'contanti', 'carta'] as const;
export type OfflineDueMethod = (typeof OFFLINE_DUE_METHODS)[number];

/**
 * How a payment record was paid, from its reference: offline payments are stored as
 * `<method>:<reference>` (a form PayPal's order ids never take), the rest came through PayPal.
 */
export function dueMethodOfReference(reference: string): DueMethod {
  const prefix = reference.split(':', 1)[0] ?? '';
  return (OFFLINE_DUE_METHODS as readonly string[]).includes(prefix)
    ? (prefix as OfflineDueMethod)
    : 'paypal';
}

/** The bank's own reference of a statement row (camt.053 or CSV), as the import stores it. */
const BANK_REFERENCE = /^(?:camt|csv):(.+)$/;
/**
 * References that are ours, not a person's: a digest standing for a bank row without one, a
 * hand entry's day and UUID (ADR 029).
 */
const INTERNAL_REFERENCE = /^(?:sha256:[0-9a-f]+|\d{4}-\d{2}-\d{2}:[0-9a-f-]{36})$/;

/**
 * The reference a person can look up for a payment: PayPal's order, the bank's reference of
 * a transfer; null when the stored reference is only ours (receipts printed
 * `camt:…` and UUIDs).
 */
export function paymentReferenceText(reference: string): string | null {
  const method = dueMethodOfReference(reference);
  if (method === 'paypal') return reference;
  const own = reference.slice(method.length + 1);
  if (INTERNAL_REFERENCE.test(own)) return null;
  return BANK_REFERENCE.exec(own)?.[1] ?? own;
}

/**
 * How a payment was made, in words for its receipt, its receipt e-mail and the back office:
 * "PayPal (ordine …)", "Bonifico (riferimento …)", "Contanti"; a reference only ours is left out.
 */
export function paymentMethodText(reference: string): string {
  const method = dueMethodOfReference(reference);
  const human = paymentReferenceText(reference);
  if (method === 'paypal') return `PayPal (ordine ${reference})`;
  return human === null
    ? DUE_METHOD_LABELS[method]
    : `${DUE_METHOD_LABELS[method]} (riferimento ${human})`;
}

/**
 * The application form posted with or without scripts (ADR 024): the fields as posted and the
 * CV's bytes; the server's checks, duplicates included, answer the page's messages.
 */
export interface MembershipApplicationForm {
  apply(
    fields: Record<string, unknown>,
    cv: { fileName: string; content: Uint8Array } | null,
  ): Promise<MembershipApplicationResult>;
}

/** Its part of the pages' SSR context (ADR 046). */
declare module './web-context.js' {
  interface SodalisLoadContext {
    /** The "Iscriviti" form of the members' and affiliates' pages (ADR 024). */
    membership: MembershipApplicationForm;
  }
}
