import type {
  MyRegistration,
  RegistrationAnswer,
  RegistrationQuote,
} from './event-registrations.js';
import { italianDateTime } from './dates.js';
import { REGISTRATION_MESSAGES } from './event-registrations.js';
import type { PriceWindow } from './events.js';
import type { EmploymentStatus, ProfessionChoice } from './ecm-national-lists.js';

/**
 * The registration pages rendered on the server (ADR 049, ADR 022): the two-step form and "Le
 * mie iscrizioni" posted without scripts, for the session cookie of a sign-in without them.
 * The server applies the API's own checks (a session it accepts, the contracts' schema, the
 * registrations' rules) and answers the refusals as the API words them, field by field.
 */

/** A registration window's sentences, the API's refusal and the event's page alike. */
export const REGISTRATION_WINDOW_MESSAGES = {
  opensOn: (instant: string) => `Le iscrizioni apriranno il ${italianDateTime(instant)}.`,
  closedOn: (instant: string) => `Le iscrizioni si sono chiuse il ${italianDateTime(instant)}.`,
} as const;

/** Whether a person may register to an event now, and when not, the sentence that says why. */
export type RegistrationWindow =
  | { open: true; closesAt: string | null }
  | { open: false; reason: 'none' | 'ended' | 'notYet' | 'closed'; message: string };

/**
 * The registration window at `instant` (ISO, UTC), in the order the server checks it (ADR 049):
 * an event without registration types, one already over, a window not yet open or closed.
 */
export function registrationWindow(
  event: {
    endsAt: string;
    registrationOpensAt: string | null;
    registrationClosesAt: string | null;
    registrationTypes: readonly unknown[];
  },
  instant: string,
): RegistrationWindow {
  if (event.registrationTypes.length === 0)
    return { open: false, reason: 'none', message: REGISTRATION_MESSAGES.noRegistration };
  if (event.endsAt <= instant)
    return { open: false, reason: 'ended', message: REGISTRATION_MESSAGES.eventEnded };
  const { registrationOpensAt: opens, registrationClosesAt: closes } = event;
  if (opens !== null && instant < opens)
    return { open: false, reason: 'notYet', message: REGISTRATION_WINDOW_MESSAGES.opensOn(opens) };
  if (closes !== null && instant >= closes)
    return {
      open: false,
      reason: 'closed',
      message: REGISTRATION_WINDOW_MESSAGES.closedOn(closes),
    };
  return { open: true, closesAt: closes };
}

/** The price windows as a person reads them (ADR 048). */
export const PRICE_WINDOW_LABELS: Record<PriceWindow, string> = {
  early: 'early bird',
  standard: 'standard',
  onsite: 'in sede',
};

/** A refusal as the form shows it: each issue's field (the API's `path`) and its sentence. */
export interface RegistrationRefusal {
  ok: false;
  status: number;
  issues: { path: string; message: string }[];
}

/** What a registration call of a page answers: the API's `data`, or its refusal. */
export type RegistrationOutcome<T> = { ok: true; data: T } | RegistrationRefusal;

/**
 * What the form may fill in for the signed-in person: their membership's facts, or those of
 * their events' account (ADR 055), if any.
 */
export interface RegistrantPrefill {
  fiscalCode: string | null;
  /** A code of the national lists, «altra» with `otherProfession`, or null (ADR 059). */
  professionCode: ProfessionChoice;
  disciplineCode: number | null;
  otherProfession: string | null;
  employment: EmploymentStatus | null;
  employer: string | null;
}

/** Nothing to prefill (staff, an account without a membership or events' facts). */
export const EMPTY_PREFILL: RegistrantPrefill = {
  fiscalCode: null,
  professionCode: null,
  disciplineCode: null,
  otherProfession: null,
  employment: null,
  employer: null,
};

/** The person of a cookie session, as the registration form greets and prefills them. */
export interface Registrant {
  firstName: string;
  lastName: string;
  prefill: RegistrantPrefill;
  /** Their live registration for the page's event, shown in place of the form; else null. */
  current: MyRegistration | null;
  /** Their latest registration for the event the secretariat refused, with why (ADR 053). */
  refused: MyRegistration | null;
}

/**
 * The registration calls of the pages, each for the session token of the cookie (ADR 022):
 * null (or a 401 refusal) when the server would not accept that session.
 */
export interface EventRegistrationPages {
  registrant(sessionToken: string, eventId: number): Promise<Registrant | null>;
  quote(
    sessionToken: string,
    eventId: number,
    body: unknown,
  ): Promise<RegistrationOutcome<RegistrationQuote>>;
  register(
    sessionToken: string,
    eventId: number,
    body: unknown,
  ): Promise<RegistrationOutcome<RegistrationAnswer>>;
  mine(sessionToken: string): Promise<MyRegistration[] | null>;
  cancel(
    sessionToken: string,
    registrationId: number,
  ): Promise<RegistrationOutcome<RegistrationAnswer>>;
  accept(
    sessionToken: string,
    registrationId: number,
  ): Promise<RegistrationOutcome<RegistrationAnswer>>;
}

/** Its part of the pages' SSR context (ADR 046). */
declare module './web-context.js' {
  interface SodalisLoadContext {
    /** The registration form and "Le mie iscrizioni" without scripts (ADR 049). */
    eventRegistrations: EventRegistrationPages;
  }
}
