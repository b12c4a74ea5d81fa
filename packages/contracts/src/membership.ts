import { z } from 'zod';
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

/** The rejoin page of a lapsed member (ADR 024). */
export const LAPSED_PAGE = {
  path: '/area-riservata-decaduto',
  title: 'Iscrizione decaduta',
  why: 'La tua iscrizione risulta decaduta perché le quote associative non sono state pagate per gli anni consecutivi previsti dallo statuto. Lo storico della tua iscrizione è conservato, ma l’area riservata non è più accessibile.',
  howTitle: 'Come tornare socio',
  payArrears:
    'Paga le quote arretrate: appena risultano pagate l’accesso all’area riservata torna disponibile.',
  applyAgain: 'Oppure presenta una nuova domanda di iscrizione.',
} as const;

/** Staff: a membership in the back office (the id is the member's account id). */
export interface AdminMembership extends MemberStandingView {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  kind: 'Socio' | 'Affiliato';
  section: string | null;
}

/** Staff: the memberships' list (numbered pages). */
export const AdminMembershipListQuerySchema = AdminListQuerySchema;
export type AdminMembershipListQuery = z.output<typeof AdminMembershipListQuerySchema>;

/** Staff: the year of a member's ledger in the address of the exemption call. */
export const DueYearParamsSchema = z.object({
  id: z.coerce.number({ message: 'Identificativo non valido.' }).int().positive(),
  year: z.coerce
    .number({ message: 'Anno non valido.' })
    .int({ message: 'Anno non valido.' })
    .min(1900, { message: 'Anno non valido.' })
    .max(2099, { message: 'Anno non valido.' }),
});
