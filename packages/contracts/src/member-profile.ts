import { z } from './zod.js';
import {
  applicationText,
  ITALIAN_REGIONS,
  optionalApplicationText,
  type DueYear,
  type MembershipKind,
  type Standing,
} from './membership.js';

/** "Il mio profilo" (ADR 030): what the member reads and the few things they change. */

export const MEMBER_PROFILE_MESSAGES = {
  title: 'Il mio profilo',
  saved: 'Profilo aggiornato.',
  failed: 'Il profilo non è stato salvato: correggi i campi indicati.',
  badPhone:
    'Il numero di telefono non è valido: usa solo cifre e spazi, con il + iniziale per un prefisso internazionale (da 6 a 20 caratteri).',
  noMembership:
    'Il tuo account non ha un’iscrizione registrata: per i dati associativi scrivi alla segreteria.',
  payOpenYears: 'Paga le quote da pagare',
} as const;

/** The fields a member may change: contact details and workplace, never the member number. */
export const MemberProfileUpdateSchema = z.object({
  phone: z
    .string()
    .trim()
    .refine((value) => value === '' || /^\+?[0-9][0-9 ]{4,18}[0-9]$/.test(value), {
      message: MEMBER_PROFILE_MESSAGES.badPhone,
    })
    .optional()
    .transform((value) => (value === undefined || value === '' ? null : value)),
  qualification: applicationText('la qualifica', 200),
  workplace: applicationText('la sede di lavoro', 200),
  centre: optionalApplicationText(200),
  region: z.enum(ITALIAN_REGIONS, { message: 'Scegli la regione.' }),
});
export type MemberProfileUpdate = z.output<typeof MemberProfileUpdateSchema>;

/** One consent the member gave, with the text version and when. */
export interface MemberConsent {
  what: string;
  version: string;
  acceptedAt: string;
}

/** A year of the ledger with the payment that settled it (to find its receipt). */
export interface MemberProfileYear extends DueYear {
  paymentId: number | null;
}

export interface MemberProfile {
  firstName: string;
  lastName: string;
  email: string;
  memberNumber: string | null;
  kind: MembershipKind;
  section: string | null;
  sinceYear: number;
  standing: Standing;
  codiceFiscale: string | null;
  phone: string | null;
  qualification: string | null;
  workplace: string | null;
  centre: string | null;
  region: string | null;
  years: MemberProfileYear[];
  consents: MemberConsent[];
}
