import { z } from './zod.js';
import { AdminListQuerySchema, idFilter } from './admin.js';
import type { MyBadge } from './event-attendance.js';
import type { EcmPresence } from './event-ecm.js';
import { checkProfessionalFacts, type EmploymentStatus } from './ecm-national-lists.js';
import type { EcmTestLink } from './event-ecm-test.js';
import type { MyEcmCredits } from './event-ecm-credits.js';
import type { MyQuestionnaireState } from './event-ecm-questionnaire.js';
import type { PriceWindow } from './events.js';
import { PAYMENT } from './payment.js';
import { bankText, checkDigits97, HandPaymentBodySchema, mod97 } from './bank.js';

/**
 * Registrations to an event (ADR 049): one account's place, or wait, at one event, of one
 * registration type, with the add-ons chosen, priced in the window it was made in.
 */

/** Where a registration stands; the first four hold a place. */
export const REGISTRATION_STATES = [
  'pending_approval',
  'awaiting_payment',
  'offered',
  'confirmed',
  'waiting',
  'expired',
  'cancelled',
  'refused',
] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];

/**
 * The states that hold one of the event's places (and of its type's and add-ons'). A
 * registration awaiting the secretariat's approval holds its place (ADR 053), so approving it
 * never needs a place that may have gone meanwhile.
 */
export const PLACE_HOLDING_STATES = [
  'pending_approval',
  'awaiting_payment',
  'offered',
  'confirmed',
] as const satisfies readonly RegistrationState[];

/** A registration still alive: holding a place or waiting for one (one per person and event). */
export const LIVE_REGISTRATION_STATES = [
  ...PLACE_HOLDING_STATES,
  'waiting',
] as const satisfies readonly RegistrationState[];

export const REGISTRATION_STATE_LABELS: Record<RegistrationState, string> = {
  pending_approval: 'In attesa di approvazione',
  awaiting_payment: 'In attesa di pagamento',
  offered: 'Posto offerto dalla lista d’attesa',
  confirmed: 'Confermata',
  waiting: 'In lista d’attesa',
  expired: 'Scaduta',
  cancelled: 'Annullata',
  refused: 'Rifiutata',
};

/**
 * A registration's state as its holder reads it (the page, the private calendar, ADR 052): a
 * place whose payment was reported and is being checked reads "Pagamento in verifica".
 */
export function registrationStateLabel(state: RegistrationState, paymentReported: boolean): string {
  return state === 'awaiting_payment' && paymentReported
    ? 'Pagamento in verifica'
    : REGISTRATION_STATE_LABELS[state];
}

/** The refusals of a registration, each an Italian sentence naming what is wrong. */
export const REGISTRATION_MESSAGES = {
  signInRequired: 'Per iscriverti accedi con il tuo account.',
  noRegistration: 'Questo evento non prevede l’iscrizione online.',
  eventNotFound: 'L’evento non esiste o non è più pubblicato.',
  eventEnded: 'L’evento si è già concluso: le iscrizioni sono chiuse.',
  typeRequired: 'Tipo di iscrizione: scegline uno.',
  typeUnknown: 'Tipo di iscrizione: non è tra quelli di questo evento.',
  addonUnknown: 'Servizi aggiuntivi: uno dei servizi scelti non è tra quelli di questo evento.',
  addonTwice: 'Servizi aggiuntivi: ogni servizio si sceglie una volta sola.',
  membersOnly: (roles: string) =>
    `Tipo di iscrizione: è riservato ai ${roles}; il tuo account non ne fa parte.`,
  codeWrong: 'Codice di accesso: non corrisponde a quello del tipo scelto.',
  alreadyRegistered:
    'Sei già iscritto a questo evento: trovi la tua iscrizione in «Le mie iscrizioni».',
  addonFull: (name: string) => `Servizi aggiuntivi: «${name}» non ha più posti disponibili.`,
  requestKey: 'La richiesta non è valida: ricarica la pagina e riprova.',
  notFound: 'Iscrizione non trovata.',
  notCancellable: 'Questa iscrizione non si può più annullare.',
  cancelClosed: (when: string) =>
    `Le iscrizioni a questo evento si potevano annullare fino al ${when}: scrivi alla segreteria.`,
  offerExpired: 'L’offerta del posto è scaduta: il posto è passato al successivo in lista.',
  notOffered: 'Questa iscrizione non ha un posto offerto da accettare.',
  acceptNeedsPayment: 'Per confermare il posto offerto completa il pagamento della quota.',
  nothingToPay: 'Questa iscrizione non attende un pagamento.',
  fiscalCodeWrong: 'Codice fiscale: non è valido, controlla lettere e cifre.',
  cancelReason: 'Motivo: scrivi perché l’iscrizione è annullata (lo riceve la persona).',
  invoiceNumber: 'Numero della fattura: indicalo.',
  invoiceNotAsked: 'Questa iscrizione non ha chiesto la fattura.',
  invoiceNotPaid: 'La fattura si segna come emessa quando l’iscrizione è pagata.',
  invoiceIssued: (number: string) => `La fattura di questa iscrizione è già emessa (n. ${number}).`,
  notCancellableByStaff: (state: string) => `Questa iscrizione non si può annullare: è «${state}».`,
  notPendingApproval: (state: string) =>
    `Questa iscrizione non attende un’approvazione: è «${state}».`,
  refusalReason: 'Motivo: scrivi perché l’iscrizione è rifiutata (lo riceve la persona).',
  refusalReasonLong: 'Motivo: al massimo 1.000 caratteri.',
} as const;

/** Fiscal and contact facts a registration may carry (ECM and invoices need them). */
const personText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `${field}: al massimo ${max} caratteri.` })
    .nullish()
    .transform((value) => (value === '' || value === undefined ? null : value));

/** A form's random key, made when it is drawn: the same key again is the same submission. */
function requestKeySchema() {
  return z
    .string({ message: REGISTRATION_MESSAGES.requestKey })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, { message: REGISTRATION_MESSAGES.requestKey });
}

/** The invoice a registrant asks for: to whom, their tax code and where it is delivered. */
export const RegistrationInvoiceSchema = z
  .object({
    name: z
      .string({ message: 'Fattura – denominazione: indica a chi intestarla.' })
      .trim()
      .min(1, { message: 'Fattura – denominazione: indica a chi intestarla.' })
      .max(200, { message: 'Fattura – denominazione: al massimo 200 caratteri.' }),
    taxId: z
      .string({ message: 'Fattura – partita IVA o codice fiscale: indicalo.' })
      .trim()
      .toUpperCase()
      .regex(/^(?:\d{11}|[A-Z0-9]{16})$/, {
        message:
          'Fattura – partita IVA o codice fiscale: 11 cifre (partita IVA) o 16 caratteri (codice fiscale).',
      }),
    recipientCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^(?:[A-Z0-9]{7})?$/, {
        message: 'Fattura – codice destinatario: 7 lettere o cifre.',
      })
      .nullish()
      .transform((value) => (value === '' || value === undefined ? null : value)),
    pec: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, { message: 'Fattura – PEC: l’indirizzo è troppo lungo.' })
      .refine((value) => value === '' || z.email().safeParse(value).success, {
        message: 'Fattura – PEC: l’indirizzo non è valido.',
      })
      .nullish()
      .transform((value) => (value === '' || value === undefined ? null : value)),
  })
  .superRefine((value, context) => {
    if (value.recipientCode === null && value.pec === null) {
      context.addIssue({
        code: 'custom',
        path: ['recipientCode'],
        message: 'Fattura: indica il codice destinatario o la PEC a cui recapitarla.',
      });
    }
  });

/**
 * A registration as the form sends it (both steps): the type, the add-ons, the code of a
 * type reserved to code holders, the person's professional facts, the invoice if wanted, and
 * the form's own key (a double submission finds the first registration).
 */
export const RegistrationRequestSchema = z
  .object({
    typeId: z.coerce
      .number({ message: REGISTRATION_MESSAGES.typeRequired })
      .int({ message: REGISTRATION_MESSAGES.typeRequired })
      .positive({ message: REGISTRATION_MESSAGES.typeRequired }),
    addonIds: z
      .array(z.coerce.number().int().positive(), { message: REGISTRATION_MESSAGES.addonUnknown })
      .max(20, { message: REGISTRATION_MESSAGES.addonUnknown })
      .default([])
      .refine((ids) => new Set(ids).size === ids.length, {
        message: REGISTRATION_MESSAGES.addonTwice,
      }),
    accessCode: personText('Codice di accesso', 60),
    fiscalCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^(?:[A-Z0-9]{16})?$/, {
        message: 'Codice fiscale: 16 lettere e cifre.',
      })
      .nullish()
      .transform((value) => (value === '' || value === undefined ? null : value)),
    /** A profession of the national lists by code, «altra», or blank (ADR 059). */
    professionCode: z.union([z.string(), z.number()]).nullish(),
    disciplineCode: z.union([z.string(), z.number()]).nullish(),
    /** The profession of who is not a health professional, with «altra». */
    otherProfession: z.string().nullish(),
    employment: z.string().nullish(),
    employer: personText('Ente di appartenenza', 200),
    invoice: RegistrationInvoiceSchema.nullish().transform((value) => value ?? null),
    requestKey: requestKeySchema(),
  })
  // Said with the other fields' refusals, all at once (ADR 059).
  .superRefine(
    (value, context) => {
      checkProfessionalFacts(value, context, false);
    },
    { when: () => true },
  )
  .transform((value, context) => ({
    ...value,
    ...checkProfessionalFacts(value, context, false),
  }));
export type RegistrationRequest = z.input<typeof RegistrationRequestSchema>;
export type RegistrationRequestData = z.output<typeof RegistrationRequestSchema>;

/** What a registration costs and whether it gets a place (the form's second step). */
export interface RegistrationQuote {
  typeId: number;
  typeName: string;
  priceWindow: PriceWindow;
  typeCents: number;
  addons: { id: number; name: string; cents: number }[];
  /** The type's and the add-ons' prices. */
  totalCents: number;
  /**
   * The member's dues years still open (a members' type chosen by a member not in good
   * standing): paid with the registration, in one payment ("rinnova e iscriviti").
   */
  duesYears: number[];
  duesCents: number;
  /** What the payment takes: the registration and the dues. */
  payCents: number;
  /** False when the event or the type is full: the registration joins the waiting list. */
  placeAvailable: boolean;
  /** The type is subject to the secretariat's approval (ADR 053). */
  requiresApproval: boolean;
}

/** A registration as its holder sees it ("Le mie iscrizioni"). */
export interface MyRegistration {
  id: number;
  event: { id: number; title: string; slug: string; startsAt: string; endsAt: string };
  state: RegistrationState;
  stateLabel: string;
  typeName: string;
  addons: { name: string; cents: number }[];
  totalCents: number;
  priceWindow: PriceWindow;
  /** Unpaid after this instant, the place is given up. */
  payBy: string | null;
  /** An offered place must be taken by this instant. */
  offerExpiresAt: string | null;
  /** Its position in the waiting list (1 the first), while waiting. */
  waitingPosition: number | null;
  /** Why the secretariat refused it (ADR 053); null unless refused. */
  refusalReason: string | null;
  /** The bank transfer's causale that pairs it with the statement. */
  causale: string;
  /** Whether its holder may still cancel it (or leave the waiting list). */
  cancellable: boolean;
  /**
   * What paying it takes now (a place held or offered, not yet paid): the amount with the
   * member's open dues ("rinnova e iscriviti"), and the PayPal order's description the server
   * checks (spec §3, ADR 049); null when there is nothing to pay.
   */
  payment: RegistrationPayment | null;
  createdAt: string;
  /** A confirmed registration's badge and certificate ("Le mie iscrizioni", ADR 051). */
  badge?: MyBadge | null;
  /** Its attendance for ECM once an accredited event has begun (ADR 056). */
  ecm?: EcmPresence | null;
  /** The ECM learning test, when open and the person eligible (ADR 057). */
  ecmTest?: EcmTestLink | null;
  /** Its ECM credits, conditions and certificate once the event has ended (ADR 060). */
  ecmCredits?: MyEcmCredits | null;
  /** The satisfaction questionnaire of a confirmed registration to an accredited event (ADR 058). */
  ecmQuestionnaire?: MyQuestionnaireState | null;
}

/**
 * The person's live registration for an event among theirs (one at most: the partial unique
 * index of ADR 049): the registration page shows it in place of a second form.
 */
export function liveRegistrationFor(
  registrations: readonly MyRegistration[],
  eventId: number,
): MyRegistration | null {
  const live: readonly RegistrationState[] = LIVE_REGISTRATION_STATES;
  return (
    registrations.find(
      (registration) => registration.event.id === eventId && live.includes(registration.state),
    ) ?? null
  );
}

/**
 * The person's latest registration for an event that the secretariat refused (ADR 053): the
 * registration page says why above a new form.
 */
export function refusedRegistrationFor(
  registrations: readonly MyRegistration[],
  eventId: number,
): MyRegistration | null {
  return registrations
    .filter((registration) => registration.event.id === eventId && registration.state === 'refused')
    .reduce<MyRegistration | null>(
      (latest, registration) =>
        latest === null || registration.id > latest.id ? registration : latest,
      null,
    );
}

/** A registration's payment as its holder's checkout makes it (ADR 049). */
export interface RegistrationPayment {
  /** The registration's price and the dues years paid with it. */
  payCents: number;
  duesYears: number[];
  duesCents: number;
  /** The PayPal order's description: the server verifies the order carries it. */
  orderDescription: string;
}

/**
 * POST /api/v1/Events/Registrations/{id}/PayPal: after a capture the browser reports the
 * order; as for dues (ADR 012) the server trusts none of it beyond storing it, and with
 * PayPal's credentials asks PayPal before the registration is confirmed.
 */
export const RegistrationPayPalSchema = z.object({
  orderId: z
    .string({ message: 'orderId non è un identificativo PayPal valido.' })
    .regex(/^[A-Z0-9-]{6,64}$/i, { message: 'orderId non è un identificativo PayPal valido.' }),
  /** Amount and currency of the capture as the SDK reported them. */
  importo: z.string().max(20),
  valuta: z.string().max(8),
});
export type RegistrationPayPal = z.input<typeof RegistrationPayPalSchema>;

/** The description of a registration's PayPal order: which registration, who, which event. */
export function registrationOrderDescription(
  registrationId: number,
  accountName: string,
  eventTitle: string,
): string {
  const text = `Iscrizione ${registrationId} - ${accountName.trim().replace(/\s+/g, ' ')} - ${eventTitle}`;
  return text.slice(0, PAYMENT.descriptionMaxLength);
}

/** The answer to a registration: the registration, and what happened to it in words. */
export interface RegistrationAnswer {
  registration: MyRegistration;
  /** "Iscrizione registrata…", "L'evento è al completo: sei in lista d'attesa…". */
  message: string;
  /** True when the same submission had registered already (nothing new was made). */
  repeated: boolean;
}

/**
 * The bank transfer's causale of a registration (ADR 049): `ISCRIZIONE <id> CK <check>`, the
 * check by ISO 7064 MOD 97-10 over the id as for dues (ADR 029). Written once here: shown to
 * the registrant, read back by the statement import.
 */
export function registrationCausale(registrationId: number): string {
  return `ISCRIZIONE ${registrationId} CK ${checkDigits97(String(registrationId))}`;
}

/** What a bank's remittance text says of a registration, when it carries its causale. */
export type RegistrationCausaleReading =
  | { kind: 'none' }
  | { kind: 'wrongCheck'; registrationId: number }
  | { kind: 'valid'; registrationId: number };

// The id is what follows the last ISCRIZIONE: free text before it may say "iscrizione" too.
const REGISTRATION_CAUSALE = /ISCRIZIONE(\d{1,12})CK(\d{2})/;

/** Finds a registration's causale in a remittance text, whatever the bank did to it. */
export function readRegistrationCausale(text: string): RegistrationCausaleReading {
  const letters = bankText(text);
  const match = REGISTRATION_CAUSALE.exec(letters.slice(letters.lastIndexOf('ISCRIZIONE')));
  if (match === null) return { kind: 'none' };
  const [, id = '', check = ''] = match;
  const registrationId = Number(id);
  return mod97(`${id}${check}`) === 1
    ? { kind: 'valid', registrationId }
    : { kind: 'wrongCheck', registrationId };
}

/**
 * Cash or card taken at the desk for a registration (ADR 049, as for dues, ADR 029): the
 * amount is what the registration (and the dues it takes with it) costs, so only the method,
 * the day and a note are given.
 */
export const RegistrationHandPaymentSchema = HandPaymentBodySchema.pick({
  method: true,
  paidOn: true,
  note: true,
});
export type RegistrationHandPayment = z.input<typeof RegistrationHandPaymentSchema>;

/** The secretariat's refusal of a registration awaiting approval: the reason is required (ADR 053). */
export const RegistrationRefusalSchema = z.object({
  reason: z
    .string({ message: REGISTRATION_MESSAGES.refusalReason })
    .trim()
    .min(1, { message: REGISTRATION_MESSAGES.refusalReason })
    .max(1000, { message: REGISTRATION_MESSAGES.refusalReasonLong }),
});
export type RegistrationRefusalBody = z.input<typeof RegistrationRefusalSchema>;

/**
 * A registration cancelled by the staff (ADR 049, amendment "cancelled by the staff"): the reason,
 * mailed to the person and kept; a paid one is recorded as to refund.
 */
export const RegistrationStaffCancelSchema = z.object({
  reason: z
    .string({ message: REGISTRATION_MESSAGES.cancelReason })
    .trim()
    .min(1, { message: REGISTRATION_MESSAGES.cancelReason })
    .max(1000, { message: REGISTRATION_MESSAGES.refusalReasonLong }),
});
export type RegistrationStaffCancelBody = z.input<typeof RegistrationStaffCancelSchema>;

/** What a staff cancellation did with the money (ADR 049, "cancelled by the staff"). */
export type RegistrationRefund = 'none' | 'toRefund' | 'partOfPayment';

/**
 * The invoices asked for (ADR 049, amendment "invoices"): `da-emettere` a paid registration that
 * asked for one not yet issued, `emessa` one issued.
 */
export const INVOICE_FILTERS = ['da-emettere', 'emessa'] as const;
export type InvoiceFilter = (typeof INVOICE_FILTERS)[number];

/**
 * What the staff may have to check on a registration (ADR 059): a codice fiscale whose letters
 * do not encode the name, words of a profession the national lists do not know.
 */
export const REGISTRATION_CHECKS = ['codice-fiscale', 'professione'] as const;
export type RegistrationCheck = (typeof REGISTRATION_CHECKS)[number];

/** The staff's list of registrations (ADR 049): by event, state, invoice and a name or e-mail. */
export const AdminRegistrationListQuerySchema = AdminListQuerySchema.extend({
  eventId: idFilter,
  state: z.enum(REGISTRATION_STATES).optional(),
  invoice: z
    .enum(INVOICE_FILTERS, { message: 'Fattura: scegli «da emettere» o «emessa».' })
    .optional(),
  check: z
    .enum(REGISTRATION_CHECKS, {
      message: 'Da verificare: scegli «codice fiscale» o «professione».',
    })
    .optional(),
});

/** The invoice of a registration marked as issued, with the number the accountant gave it. */
export const RegistrationInvoiceIssuedSchema = z.object({
  number: z
    .string({ message: REGISTRATION_MESSAGES.invoiceNumber })
    .trim()
    .min(1, { message: REGISTRATION_MESSAGES.invoiceNumber })
    .max(40, { message: 'Numero della fattura: al massimo 40 caratteri.' }),
});
export type RegistrationInvoiceIssued = z.input<typeof RegistrationInvoiceIssuedSchema>;
export type AdminRegistrationListQuery = z.output<typeof AdminRegistrationListQuerySchema>;

/** A registration as the secretariat sees it. */
export interface AdminRegistration {
  id: number;
  eventId: number;
  eventTitle: string;
  firstName: string;
  lastName: string;
  email: string;
  typeName: string;
  /** The add-ons taken, by name. */
  addons: string[];
  totalCents: number;
  priceWindow: PriceWindow;
  state: RegistrationState;
  stateLabel: string;
  payBy: string | null;
  offerExpiresAt: string | null;
  /** The payment that confirmed it (or is being verified). */
  paymentId: number | null;
  causale: string;
  fiscalCode: string | null;
  /**
   * The codice fiscale's letters do not encode the name (ADR 059): a warning, never a refusal
   * (homocody corrections, people born abroad).
   */
  fiscalCodeNameMismatch: boolean;
  /** The profession's and discipline's words (the names of the codes, or the person's own). */
  profession: string | null;
  discipline: string | null;
  /** The national codes (ADR 059); null for who is not a health professional. */
  professionCode: number | null;
  disciplineCode: number | null;
  /** Words of the form before the national lists that matched no name: for the staff to check. */
  professionToCheck: boolean;
  employment: EmploymentStatus | null;
  /** Its Italian label. */
  employmentLabel: string | null;
  employer: string | null;
  /** Null when no invoice was asked for. */
  invoice: {
    name: string;
    taxId: string;
    recipientCode: string | null;
    pec: string | null;
    /** Once issued: its number and when (ADR 049, amendment "invoices"). */
    number: string | null;
    issuedAt: string | null;
  } | null;
  endedBy: string | null;
  endReason: string | null;
  createdAt: string;
}

/** An event's registrations at a glance: by state, by type and add-on against places, takings. */
export interface AdminRegistrationSummary {
  eventId: number;
  eventTitle: string;
  places: number | null;
  byState: Record<RegistrationState, number>;
  types: { name: string; places: number | null; held: number; waiting: number }[];
  addons: { name: string; places: number | null; held: number }[];
  /** What the confirmed, paid registrations brought (the registrations' part of payments). */
  takingsCents: number;
  invoicesRequested: number;
}

/** Who the staff may write to among an event's registrants: every state but the refused. */
export const MAILING_STATES = [
  'confirmed',
  'awaiting_payment',
  'offered',
  'waiting',
  'cancelled',
  'expired',
] as const satisfies readonly RegistrationState[];

/** The registrants a message would go to (`GET …/EventRegistrations/Recipients`). */
export const RegistrationRecipientsQuerySchema = z.object({
  eventId: z.coerce.number({ message: 'Scegli l’evento.' }).int().positive('Scegli l’evento.'),
  states: z
    .string()
    .default('')
    .transform((value) => value.split(',').filter((state) => state !== ''))
    .pipe(
      z
        .array(
          z.enum(MAILING_STATES, { message: 'Destinatari: stato dell’iscrizione non valido.' }),
        )
        .min(1, 'Destinatari: scegli almeno uno stato delle iscrizioni.'),
    ),
});
export type RegistrationRecipientsQuery = z.output<typeof RegistrationRecipientsQuerySchema>;

/**
 * A message to an event's registrants in the chosen states (ADR 049, amendment "writing to
 * the registrants"): each gets it by e-mail with their name, through the outbox.
 */
export const RegistrationMailingSchema = z.object({
  eventId: z.number({ message: 'Scegli l’evento.' }).int().positive('Scegli l’evento.'),
  states: z
    .array(z.enum(MAILING_STATES, { message: 'Destinatari: stato dell’iscrizione non valido.' }), {
      message: 'Destinatari: scegli almeno uno stato delle iscrizioni.',
    })
    .min(1, 'Destinatari: scegli almeno uno stato delle iscrizioni.')
    .transform((states) => MAILING_STATES.filter((state) => states.includes(state))),
  subject: z
    .string({ message: 'Oggetto: scrivi l’oggetto del messaggio.' })
    .trim()
    .min(1, 'Oggetto: scrivi l’oggetto del messaggio.')
    .max(150, 'Oggetto: al massimo 150 caratteri.')
    .refine((value) => !/[\r\n]/.test(value), 'Oggetto: una riga sola.'),
  text: z
    .string({ message: 'Testo: scrivi il messaggio.' })
    .trim()
    .min(1, 'Testo: scrivi il messaggio.')
    .max(10_000, 'Testo: al massimo 10.000 caratteri.'),
  requestKey: requestKeySchema(),
});
export type RegistrationMailing = z.input<typeof RegistrationMailingSchema>;
export type RegistrationMailingData = z.output<typeof RegistrationMailingSchema>;

/** A message sent (or, for the same request key, the one sent before). */
export interface RegistrationMailingSent {
  id: number;
  recipients: number;
  /** The same form sent again: nothing was sent this time. */
  repeated: boolean;
}

/** The messages sent to an event's registrants, latest first. */
export interface AdminRegistrationMailing {
  id: number;
  states: RegistrationState[];
  subject: string;
  recipients: number;
  sentBy: string;
  createdAt: string;
}
