import { z } from './zod.js';
import { ADMIN_MESSAGES, AdminListQuerySchema, optionalText, requiredText } from './admin.js';
import { publishAtField, selectionSchemas, type PublicationState } from './undo.js';
import type { MemberRole } from './constants.js';
import { adminCoverFields, requireCoverAlt, type NewsCover } from './news.js';

/**
 * Events (ADR 047): a congress, a course, a webinar. Every date and time is entered and shown in
 * Europe/Rome (`2027-01-28T09:00`, the form's `datetime-local`) and stored as a UTC instant.
 */

const ROME_LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** A Rome date and time the form must give, its message naming the field. */
export const romeLocal = (field: string) =>
  z
    .string({ message: `${field}: indica data e ora (gg/mm/aaaa hh:mm).` })
    .regex(ROME_LOCAL, { message: `${field}: indica data e ora (gg/mm/aaaa hh:mm).` });

/** A Rome date and time the form may leave empty (null). */
const optionalRomeLocal = (field: string) =>
  z
    .union([z.literal(''), romeLocal(field)])
    .nullish()
    .transform((value) => (value === '' || value === undefined ? null : value));

export const EVENT_MODES = ['in-presenza', 'online'] as const;
export type EventMode = (typeof EVENT_MODES)[number];

function placesMessage(field: string): string {
  return `${field}: indica un numero intero maggiore di zero.`;
}

/** The Italian messages of the event form (ADR 047), each naming its field. */
export const EVENT_MESSAGES = {
  endBeforeStart: 'Fine: deve essere dopo l’inizio dell’evento.',
  venueRequired: 'Luogo: indica il nome della sede per un evento in presenza.',
  cityRequired: 'Città: indica la città di un evento in presenza.',
  linkRequired: 'Collegamento: indica l’indirizzo web di un evento online.',
  link: 'Collegamento: indica un indirizzo web valido (https://…).',
  windowOrder: 'Chiusura iscrizioni: deve essere dopo l’apertura delle iscrizioni.',
  windowAfterEnd: 'Chiusura iscrizioni: non può essere dopo la fine dell’evento.',
  cancelAfterStart: 'Annullamento entro: non può essere dopo l’inizio dell’evento.',
  places: placesMessage('Posti disponibili'),
  earlyAfterOnsite: 'Fine early bird: deve essere prima dell’inizio delle quote in sede.',
  earlyWithoutDate: 'Quota early bird: indica fino a quando vale (Fine early bird).',
  onsiteWithoutDate: 'Quota in sede: indica da quando vale (Inizio quote in sede).',
  typeNameTwice: 'Tipo di iscrizione: due tipi hanno lo stesso nome.',
  addonNameTwice: 'Servizio aggiuntivo: due servizi hanno lo stesso nome.',
  rolesRequired: 'Riservata a: scegli almeno un ruolo (Soci, Affiliati).',
  codeRequired: 'Codice di accesso: indicalo per un tipo riservato a chi ha il codice.',
  typePlacesOverEvent:
    'Posti del tipo di iscrizione: non possono essere più dei posti disponibili dell’evento.',
  tooManyTypes: 'Tipi di iscrizione: al massimo 20 per evento.',
  tooManyAddons: 'Servizi aggiuntivi: al massimo 20 per evento.',
} as const;

/**
 * Who may choose a registration type (ADR 048): anyone; members of the given roles in good
 * standing with their dues, computed from the dues ledger, never declared; or the holders of a
 * code the secretariat gives out (speakers, sponsors' guests).
 */
export const REGISTRATION_ELIGIBILITIES = ['tutti', 'iscritti-in-regola', 'codice'] as const;
export type RegistrationEligibility = (typeof REGISTRATION_ELIGIBILITIES)[number];

/** The roles a member type may be reserved to: the society's members, not its staff. */
export const REGISTRATION_MEMBER_ROLES = [
  'socio',
  'affiliato',
] as const satisfies readonly MemberRole[];
export type RegistrationMemberRole = (typeof REGISTRATION_MEMBER_ROLES)[number];

/** Whole cents of a price the form gives (0 for a free registration), its message naming it. */
const priceCents = (field: string) =>
  z
    .number({ message: `${field}: indica un importo in euro (0 se gratuita).` })
    .int({ message: `${field}: indica l’importo in centesimi interi.` })
    .min(0, { message: `${field}: l’importo non può essere negativo.` })
    .max(10_000_000, { message: `${field}: al massimo 100.000 euro.` });
const optionalPriceCents = (field: string) =>
  priceCents(field)
    .nullish()
    .transform((value) => value ?? null);

/**
 * Places of the event, a type or an add-on: a positive whole number, or none (no limit of its
 * own); one message naming the field for every refusal.
 */
const optionalPlaces = (field: string) => {
  const message = placesMessage(field);
  return z
    .number({ message })
    .int({ message })
    .positive({ message })
    .max(1_000_000, { message })
    .nullish()
    .transform((value) => value ?? null);
};

/** The id a saved type or add-on keeps across edits; none for a new one. */
const keptId = z
  .number()
  .int()
  .positive()
  .nullish()
  .transform((value) => value ?? null);

/**
 * A registration type of an event (ADR 048): its name, who may choose it, its price in each
 * window (early bird and on site fall back to the standard price when left empty) and an
 * optional limit of its own places within the event's.
 */
export const RegistrationTypeInputSchema = z
  .object({
    id: keptId,
    name: requiredText(120),
    description: optionalText(500),
    eligibility: z.enum(REGISTRATION_ELIGIBILITIES, {
      message: 'Chi può sceglierla: tutti, iscritti in regola o chi ha il codice.',
    }),
    memberRoles: z
      .array(z.enum(REGISTRATION_MEMBER_ROLES, { message: 'Riservata a: Soci o Affiliati.' }))
      .max(REGISTRATION_MEMBER_ROLES.length)
      .default([])
      .transform((roles) => REGISTRATION_MEMBER_ROLES.filter((role) => roles.includes(role))),
    accessCode: optionalText(40),
    earlyCents: optionalPriceCents('Quota early bird'),
    standardCents: priceCents('Quota standard'),
    onsiteCents: optionalPriceCents('Quota in sede'),
    places: optionalPlaces('Posti del tipo di iscrizione'),
    /** "Iscrizione soggetta ad approvazione" (ADR 053): the secretariat decides each one. */
    requiresApproval: z
      .boolean({ message: 'Soggetta ad approvazione: sì o no.' })
      .nullish()
      .transform((value) => value ?? false),
  })
  .superRefine((type, context) => {
    if (type.eligibility === 'iscritti-in-regola' && type.memberRoles.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['memberRoles'],
        message: EVENT_MESSAGES.rolesRequired,
      });
    }
    if (type.eligibility === 'codice' && type.accessCode === null) {
      context.addIssue({
        code: 'custom',
        path: ['accessCode'],
        message: EVENT_MESSAGES.codeRequired,
      });
    }
  })
  // What the other kinds of eligibility would need is not kept.
  .transform((type) => ({
    ...type,
    memberRoles: type.eligibility === 'iscritti-in-regola' ? type.memberRoles : [],
    accessCode: type.eligibility === 'codice' ? type.accessCode : null,
  }));
export type RegistrationTypeInput = z.input<typeof RegistrationTypeInputSchema>;

/** An add-on (workshop, social dinner): its own price and optional places (ADR 048). */
export const EventAddonInputSchema = z.object({
  id: keptId,
  name: requiredText(120),
  description: optionalText(500),
  priceCents: priceCents('Prezzo del servizio aggiuntivo'),
  places: optionalPlaces('Posti del servizio aggiuntivo'),
});
export type EventAddonInput = z.input<typeof EventAddonInputSchema>;

export const AdminEventInputSchema = z
  .object({
    title: requiredText(300),
    startsAt: romeLocal('Inizio'),
    endsAt: romeLocal('Fine'),
    mode: z.enum(EVENT_MODES, { message: 'Scegli in presenza oppure online.' }),
    venueName: optionalText(300),
    venueAddress: optionalText(300),
    venueCity: optionalText(120),
    onlineUrl: optionalText(1000)
      .transform((value) =>
        value === null || /^https?:\/\//i.test(value) ? value : `https://${value}`,
      )
      .refine((value) => value === null || isEventLink(value), { message: EVENT_MESSAGES.link }),
    descriptionHtml: z.string().max(200_000, { message: ADMIN_MESSAGES.tooLong }).default(''),
    organisers: optionalText(1000),
    /** "Crediti ECM previsti": a flag only; the ECM rules are a later seam (ADR 047). */
    ecmCredits: z.boolean().default(false),
    registrationOpensAt: optionalRomeLocal('Apertura iscrizioni'),
    registrationClosesAt: optionalRomeLocal('Chiusura iscrizioni'),
    /** The last moment a person may cancel their own registration (ADR 049); none: the start. */
    cancellableUntil: optionalRomeLocal('Annullamento entro'),
    places: optionalPlaces('Posti disponibili'),
    /** The price windows (ADR 048): early bird before this moment, on site from that one. */
    earlyBirdUntil: optionalRomeLocal('Fine early bird'),
    onsiteFrom: optionalRomeLocal('Inizio quote in sede'),
    registrationTypes: z
      .array(RegistrationTypeInputSchema)
      .max(20, { message: EVENT_MESSAGES.tooManyTypes })
      .default([]),
    addons: z
      .array(EventAddonInputSchema)
      .max(20, { message: EVENT_MESSAGES.tooManyAddons })
      .default([]),
    published: z.boolean().default(false),
    publishAt: publishAtField,
    /** The cover image (ADR 052, as a news item's, ADR 034). */
    ...adminCoverFields,
  })
  .superRefine((input, context) => {
    requireCoverAlt(input, context);
    if (input.endsAt <= input.startsAt) {
      context.addIssue({
        code: 'custom',
        path: ['endsAt'],
        message: EVENT_MESSAGES.endBeforeStart,
      });
    }
    if (input.mode === 'in-presenza') {
      if (input.venueName === null) {
        context.addIssue({
          code: 'custom',
          path: ['venueName'],
          message: EVENT_MESSAGES.venueRequired,
        });
      }
      if (input.venueCity === null) {
        context.addIssue({
          code: 'custom',
          path: ['venueCity'],
          message: EVENT_MESSAGES.cityRequired,
        });
      }
    } else if (input.onlineUrl === null) {
      context.addIssue({
        code: 'custom',
        path: ['onlineUrl'],
        message: EVENT_MESSAGES.linkRequired,
      });
    }
    const { registrationOpensAt: opens, registrationClosesAt: closes } = input;
    if (opens !== null && closes !== null && closes <= opens) {
      context.addIssue({
        code: 'custom',
        path: ['registrationClosesAt'],
        message: EVENT_MESSAGES.windowOrder,
      });
    }
    if (closes !== null && closes > input.endsAt) {
      context.addIssue({
        code: 'custom',
        path: ['registrationClosesAt'],
        message: EVENT_MESSAGES.windowAfterEnd,
      });
    }
    if (input.cancellableUntil !== null && input.cancellableUntil > input.startsAt) {
      context.addIssue({
        code: 'custom',
        path: ['cancellableUntil'],
        message: EVENT_MESSAGES.cancelAfterStart,
      });
    }
    checkPrices(input, context);
  });
export type AdminEventInput = z.input<typeof AdminEventInputSchema>;

/** The price windows and the types' and add-ons' rules across the list (ADR 048). */
function checkPrices(
  input: {
    places: number | null;
    earlyBirdUntil: string | null;
    onsiteFrom: string | null;
    registrationTypes: z.output<typeof RegistrationTypeInputSchema>[];
    addons: z.output<typeof EventAddonInputSchema>[];
  },
  context: z.RefinementCtx,
): void {
  const { earlyBirdUntil, onsiteFrom } = input;
  if (earlyBirdUntil !== null && onsiteFrom !== null && earlyBirdUntil >= onsiteFrom) {
    context.addIssue({
      code: 'custom',
      path: ['earlyBirdUntil'],
      message: EVENT_MESSAGES.earlyAfterOnsite,
    });
  }
  const typeNames = new Set<string>();
  input.registrationTypes.forEach((type, index) => {
    const at = (field: string) => ['registrationTypes', index, field];
    if (type.earlyCents !== null && earlyBirdUntil === null)
      context.addIssue({
        code: 'custom',
        path: at('earlyCents'),
        message: EVENT_MESSAGES.earlyWithoutDate,
      });
    if (type.onsiteCents !== null && onsiteFrom === null)
      context.addIssue({
        code: 'custom',
        path: at('onsiteCents'),
        message: EVENT_MESSAGES.onsiteWithoutDate,
      });
    if (type.places !== null && input.places !== null && type.places > input.places)
      context.addIssue({
        code: 'custom',
        path: at('places'),
        message: EVENT_MESSAGES.typePlacesOverEvent,
      });
    const name = type.name.toLocaleLowerCase('it');
    if (typeNames.has(name))
      context.addIssue({ code: 'custom', path: at('name'), message: EVENT_MESSAGES.typeNameTwice });
    typeNames.add(name);
  });
  const addonNames = new Set<string>();
  input.addons.forEach((addon, index) => {
    const name = addon.name.toLocaleLowerCase('it');
    if (addonNames.has(name))
      context.addIssue({
        code: 'custom',
        path: ['addons', index, 'name'],
        message: EVENT_MESSAGES.addonNameTwice,
      });
    addonNames.add(name);
  });
}

/** A link of an online event: an http(s) address with a host. */
function isEventLink(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** The staff list's query: search, published. */
export const AdminEventListQuerySchema = AdminListQuerySchema.extend({
  published: z.enum(['true', 'false']).optional(),
});
export type AdminEventListQuery = z.output<typeof AdminEventListQuerySchema>;

export const EventSelection = selectionSchemas('un evento', 'eventi');

/** An event in the back office: the form's fields in Rome time, and its state. */
export interface AdminEvent {
  id: number;
  title: string;
  startsAt: string;
  endsAt: string;
  mode: EventMode;
  venueName: string | null;
  venueAddress: string | null;
  venueCity: string | null;
  onlineUrl: string | null;
  descriptionHtml: string;
  organisers: string | null;
  ecmCredits: boolean;
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
  cancellableUntil: string | null;
  places: number | null;
  earlyBirdUntil: string | null;
  onsiteFrom: string | null;
  registrationTypes: AdminRegistrationType[];
  addons: AdminEventAddon[];
  /** The cover image (ADR 052), or null. */
  cover: NewsCover | null;
  /** The cover's text alternative as the form edits it (null without a cover). */
  coverAlt: string | null;
  published: boolean;
  publishAt: string | null;
  state: PublicationState;
  updatedAt: string;
  /** The version a save must name (`If-Match`, ADR 041). */
  version: number;
}

/** A registration type as the staff form holds it (ADR 048). */
export interface AdminRegistrationType {
  id: number;
  name: string;
  description: string | null;
  eligibility: RegistrationEligibility;
  memberRoles: RegistrationMemberRole[];
  accessCode: string | null;
  earlyCents: number | null;
  standardCents: number;
  onsiteCents: number | null;
  places: number | null;
  /** Each registration of this type waits for the secretariat's approval (ADR 053). */
  requiresApproval: boolean;
}

/** An add-on as the staff form holds it (ADR 048). */
export interface AdminEventAddon {
  id: number;
  name: string;
  description: string | null;
  priceCents: number;
  places: number | null;
}

/** A registration type as the event's page shows it: its prices, never its access code. */
export interface PublicRegistrationType {
  id: number;
  name: string;
  description: string | null;
  eligibility: RegistrationEligibility;
  memberRoles: RegistrationMemberRole[];
  earlyCents: number | null;
  standardCents: number;
  onsiteCents: number | null;
  /** Each registration of this type waits for the secretariat's approval (ADR 053). */
  requiresApproval: boolean;
}

/** An add-on as the event's page shows it. */
export interface PublicEventAddon {
  id: number;
  name: string;
  description: string | null;
  priceCents: number;
}

/** An event as the public pages show it: instants in UTC ISO, shown in Rome by the page. */
export interface PublicEvent {
  id: number;
  title: string;
  /** The address's readable part: `/eventi/<id>-<slug>`. */
  slug: string;
  startsAt: string;
  endsAt: string;
  mode: EventMode;
  venueName: string | null;
  venueAddress: string | null;
  venueCity: string | null;
  onlineUrl: string | null;
  descriptionHtml: string;
  organisers: string | null;
  ecmCredits: boolean;
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
  cancellableUntil: string | null;
  places: number | null;
  /** The price windows' limits (instants), ADR 048. */
  earlyBirdUntil: string | null;
  onsiteFrom: string | null;
  registrationTypes: PublicRegistrationType[];
  addons: PublicEventAddon[];
  /** The price window in force when the answer was made (the server's clock, by the minute). */
  priceWindow: PriceWindow;
  /** The cover image (ADR 052): on the page and the card, and the share image; or null. */
  cover: NewsCover | null;
}

/** `/eventi`: upcoming events soonest first, then past ones by year, newest year first. */
export interface PublicEventList {
  upcoming: PublicEvent[];
  past: { year: number; events: PublicEvent[] }[];
}

/** The readable part of an event's address (`congresso-nazionale-2027`). */
export function eventSlug(title: string): string {
  return (
    title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80)
      .replace(/-+$/g, '') || 'evento'
  );
}

/** The id an event's address starts with (`/eventi/<id>-<slug>`), or null. */
export function eventIdOfSlug(slug: string | undefined): number | null {
  const match = /^(\d{1,12})(?:-|$)/.exec(slug ?? '');
  return match ? Number(match[1]) : null;
}

/** An event's page (ADR 047): `/eventi/<id>-<slug>`, the slug following the title. */
export function eventPath(event: { id: number; slug: string }): string {
  return `/eventi/${event.id}-${event.slug}`;
}

/** Where an event takes place in one line: the venue, its address and city, or "Online". */
export function eventPlaceText(
  event: Pick<PublicEvent, 'mode' | 'venueName' | 'venueAddress' | 'venueCity'>,
): string {
  if (event.mode === 'online') return 'Online';
  return [event.venueName, event.venueAddress, event.venueCity]
    .filter((part): part is string => part !== null && part !== '')
    .join(', ');
}

/** The events on the site (ADR 047), through the same cached answers as `/api/v1/Events`. */
export interface EventReader {
  list(): Promise<PublicEventList>;
  /** One event on the site, or null. */
  event(id: number): Promise<PublicEvent | null>;
  /** Whether any event is on the site: the header's "Eventi" leads to `/eventi` then. */
  anyPublished(): Promise<boolean>;
}

/** Its part of the pages' SSR context (ADR 046). */
declare module './web-context.js' {
  interface SodalisLoadContext {
    /** The events' pages `/eventi` and `/eventi/<id>-<slug>` (ADR 047). */
    events: EventReader;
  }
}

/** The three price windows of an event (ADR 048). */
export type PriceWindow = 'early' | 'standard' | 'onsite';

/**
 * The window an instant falls in: early bird strictly before `earlyBirdUntil`, on site from
 * `onsiteFrom`, standard in between (or when the event has no such limit). Instants are
 * compared as ISO text in UTC.
 */
export function priceWindowAt(
  event: { earlyBirdUntil: string | null; onsiteFrom: string | null },
  instant: string,
): PriceWindow {
  if (event.earlyBirdUntil !== null && instant < event.earlyBirdUntil) return 'early';
  if (event.onsiteFrom !== null && instant >= event.onsiteFrom) return 'onsite';
  return 'standard';
}

/** A type's price in a window: the early or on-site price when it has one, else the standard. */
export function priceInWindow(
  type: { earlyCents: number | null; standardCents: number; onsiteCents: number | null },
  window: PriceWindow,
): number {
  if (window === 'early') return type.earlyCents ?? type.standardCents;
  if (window === 'onsite') return type.onsiteCents ?? type.standardCents;
  return type.standardCents;
}

/** Who may choose a type, as its page says it. */
export function registrationEligibilityText(type: {
  eligibility: RegistrationEligibility;
  memberRoles: readonly RegistrationMemberRole[];
}): string {
  if (type.eligibility === 'tutti') return 'Aperta a tutti';
  if (type.eligibility === 'codice') return 'Con il codice ricevuto dalla segreteria';
  const roles = type.memberRoles.map((role) => (role === 'socio' ? 'Soci' : 'Affiliati'));
  return `${roles.join(' e ')} in regola con la quota associativa`;
}
