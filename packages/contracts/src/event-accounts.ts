import { z } from './zod.js';
import type { MembershipApplicationResult } from './membership.js';
import { checkProfessionalFacts } from './ecm-national-lists.js';

/**
 * Accounts for the events of people who are not members (ADR 055): a person opens one with their
 * name, e-mail, codice fiscale and professional facts; the e-mail is confirmed by the link that
 * lets them choose a password. The account (role `partecipante`) registers for events and reads
 * "Le mie iscrizioni"; it never opens the reserved area's contents.
 */

/** The page where the account is opened. */
export const EVENT_ACCOUNT_PATH = '/eventi/account';

/**
 * The page the account's link comes back to once the password is chosen: only a page of the
 * events of this site (a registration form), else null. The page and the server read it alike.
 */
export function eventAccountReturnPath(value: string | null | undefined): string | null {
  return typeof value === 'string' && /^\/eventi\/[A-Za-z0-9._~/-]{1,200}$/.test(value)
    ? value
    : null;
}

/** The privacy notice the person accepts, versioned so a change asks again. */
export const EVENT_ACCOUNT_PRIVACY = {
  version: '2026-12-1',
  text: 'Acconsento al trattamento dei miei dati personali per la gestione dell’account e delle iscrizioni agli eventi, compresi gli adempimenti ECM e di fatturazione, secondo l’informativa privacy della società (Regolamento UE 2016/679).',
} as const;

export const EVENT_ACCOUNT_MESSAGES = {
  heading: 'Crea il tuo account per gli eventi',
  intro:
    'Se non sei socio puoi iscriverti ai nostri eventi con un account personale. Indica i tuoi dati: ti scriviamo un messaggio con il collegamento per confermare l’indirizzo e scegliere la password.',
  members:
    'Sei socio? Non serve un nuovo account: accedi con quello dell’area riservata e l’iscrizione ti riconosce la quota da socio.',
  sent: (email: string) =>
    `Ti abbiamo scritto a ${email}: apri il collegamento del messaggio entro 24 ore per confermare l’indirizzo e scegliere la password. Se non lo trovi, guarda nella posta indesiderata.`,
  failed: 'Non è stato possibile creare l’account: correggi i campi indicati.',
  badCodiceFiscale: 'Codice fiscale: non è valido, controlla lettere e cifre.',
  privacyRequired: 'Privacy: per creare l’account serve il consenso al trattamento dei dati.',
  privacyOutdated:
    'Privacy: l’informativa è stata aggiornata mentre compilavi il modulo. Ricarica la pagina e rileggila.',
  busy: 'Troppe richieste in poco tempo: riprova più tardi.',
  reservedArea:
    'L’area riservata è per i soci: con il tuo account per gli eventi trovi qui le tue iscrizioni.',
} as const;

const requiredText = (field: string, max: number) =>
  z
    .string({ message: `${field}: indicalo.` })
    .trim()
    .min(1, { message: `${field}: indicalo.` })
    .max(max, { message: `${field}: al massimo ${max} caratteri.` });

const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `${field}: al massimo ${max} caratteri.` })
    .optional()
    .transform((value) => (value === undefined || value === '' ? null : value));

/** The form's fields, as they are named on the page and in the API's body. */
export const EventAccountRequestSchema = z
  .object({
    firstName: requiredText('Nome', 100),
    lastName: requiredText('Cognome', 100),
    email: z
      .string({ message: 'E-mail: indica l’indirizzo.' })
      .trim()
      .toLowerCase()
      .min(1, { message: 'E-mail: indica l’indirizzo.' })
      .max(254, { message: 'E-mail: l’indirizzo è troppo lungo.' })
      .pipe(z.email({ message: 'E-mail: l’indirizzo non è valido.' })),
    fiscalCode: z
      .string({ message: 'Codice fiscale: indicalo.' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{16}$/, { message: 'Codice fiscale: 16 lettere e cifre.' }),
    /** A profession of the national lists by code, or «altra» with its name (ADR 059). */
    professionCode: z.union([z.string(), z.number()]).nullish(),
    disciplineCode: z.union([z.string(), z.number()]).nullish(),
    otherProfession: z.string().nullish(),
    employment: z.string().nullish(),
    employer: optionalText('Ente di appartenenza', 200),
    privacy: z.literal('on', { message: EVENT_ACCOUNT_MESSAGES.privacyRequired }),
    privacyVersion: z.string().max(40).default(''),
    /** The page of this site to come back to once the password is chosen (a registration form). */
    returnTo: z
      .string()
      .max(300)
      .optional()
      .transform((value) => (value === undefined || value === '' ? null : value)),
  })
  // Said with the other fields' refusals, all at once (ADR 059).
  .superRefine(
    (value, context) => {
      checkProfessionalFacts(value, context, true);
    },
    { when: () => true },
  )
  .transform((value, context) => ({
    ...value,
    ...checkProfessionalFacts(value, context, true),
  }));
export type EventAccountRequest = z.input<typeof EventAccountRequestSchema>;
export type EventAccountRequestData = z.output<typeof EventAccountRequestSchema>;

/**
 * What the page gets back, a public form's answer (as the membership application's): the same for
 * a new and a known address (no enumeration).
 */
export type EventAccountResult = MembershipApplicationResult;

/** The account's form posted without scripts, through the pages' context (ADR 022). */
export interface EventAccountPages {
  open(fields: Record<string, string>): Promise<EventAccountResult>;
}

/** Its part of the pages' SSR context (ADR 046). */
declare module './web-context.js' {
  interface SodalisLoadContext {
    /** Opening an events' account (ADR 055). */
    eventAccounts: EventAccountPages;
  }
}
