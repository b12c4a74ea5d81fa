import { z } from './zod.js';
import { ADMIN_MESSAGES, AdminListQuerySchema, optionalText, requiredText } from './admin.js';
import { publishAtField, selectionSchemas, type PublicationState } from './undo.js';

/**
 * Events (ADR 047): a congress, a course, a webinar. Every date and time is entered and shown in
 * Europe/Rome (`2027-01-28T09:00`, the form's `datetime-local`) and stored as a UTC instant.
 */

const ROME_LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** A Rome date and time the form must give, its message naming the field. */
const romeLocal = (field: string) =>
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

/** The Italian messages of the event form (ADR 047), each naming its field. */
export const EVENT_MESSAGES = {
  endBeforeStart: 'Fine: deve essere dopo l’inizio dell’evento.',
  venueRequired: 'Luogo: indica il nome della sede per un evento in presenza.',
  cityRequired: 'Città: indica la città di un evento in presenza.',
  linkRequired: 'Collegamento: indica l’indirizzo web di un evento online.',
  link: 'Collegamento: indica un indirizzo web valido (https://…).',
  windowOrder: 'Chiusura iscrizioni: deve essere dopo l’apertura delle iscrizioni.',
  windowAfterEnd: 'Chiusura iscrizioni: non può essere dopo la fine dell’evento.',
  places: 'Posti disponibili: indica un numero intero maggiore di zero.',
} as const;

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
    places: z
      .number({ message: EVENT_MESSAGES.places })
      .int({ message: EVENT_MESSAGES.places })
      .positive({ message: EVENT_MESSAGES.places })
      .max(1_000_000, { message: EVENT_MESSAGES.places })
      .nullish()
      .transform((value) => value ?? null),
    published: z.boolean().default(false),
    publishAt: publishAtField,
  })
  .superRefine((input, context) => {
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
  });
export type AdminEventInput = z.input<typeof AdminEventInputSchema>;

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
  places: number | null;
  published: boolean;
  publishAt: string | null;
  state: PublicationState;
  updatedAt: string;
  /** The version a save must name (`If-Match`, ADR 041). */
  version: number;
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
  places: number | null;
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

/** The events on the site (ADR 047), through the same cached answers as `/api/v1/Events`. */
export interface EventReader {
  list(): Promise<PublicEventList>;
  /** One event on the site, or null. */
  event(id: number): Promise<PublicEvent | null>;
}

/** Its part of the pages' SSR context (ADR 046). */
declare module './web-context.js' {
  interface SodalisLoadContext {
    /** The events' pages `/eventi` and `/eventi/<id>-<slug>` (ADR 047). */
    events: EventReader;
  }
}
