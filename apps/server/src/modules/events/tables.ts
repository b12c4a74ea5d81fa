import type { ColumnType, Generated } from 'kysely';
import type { Flag, Id, Timestamp, Version } from '../../db/schema.js';

/*
 * The events' tables (migrations 0045–0047 and 0051, ADR 047–049, 052), declared here in their own home: each adds its
 * part of `Database` (ADR 046), so a new domain's tables touch no shared file.
 */

/** An event: instants are UTC ISO text, entered and shown in Europe/Rome. */
export interface EventsTable {
  id: Id;
  title: string;
  title_search: string;
  starts_at: string;
  ends_at: string;
  /** `in-presenza` (a venue) or `online` (a link). */
  mode: string;
  venue_name: string | null;
  venue_address: string | null;
  venue_city: string | null;
  online_url: string | null;
  description_html: string;
  organisers: string | null;
  /** "Crediti ECM previsti": the seam of the ECM rules to come (ADR 047). */
  ecm_credits: Flag;
  registration_opens_at: string | null;
  registration_closes_at: string | null;
  places: number | null;
  published: Flag;
  /** The instant (ISO, UTC) a scheduled event goes public; null: once published. */
  publish_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>;
  version: Version;
  /** The price windows (ADR 048): early bird before this instant, on site from that one. */
  early_bird_until: string | null;
  onsite_from: string | null;
  /** The last instant a person may cancel their own registration; null: until it starts. */
  cancellable_until: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A registration type of an event (migration 0046, ADR 048); prices in cents. */
export interface EventRegistrationTypesTable {
  id: Generated<number>;
  event_id: number;
  /** Its place in the event's list of types, from 0. */
  position: number;
  name: string;
  description: string | null;
  /** `tutti`, `iscritti-in-regola` or `codice`. */
  eligibility: string;
  /** A members' type's roles, comma-separated (`socio,affiliato`); empty otherwise. */
  member_roles: string;
  access_code: string | null;
  early_cents: number | null;
  standard_cents: number;
  onsite_cents: number | null;
  places: number | null;
  /** 1: each registration of the type waits for the secretariat's approval (migration 0054, ADR 053). */
  requires_approval: ColumnType<number, number | undefined, number>;
}

/** An add-on of an event (workshop, social dinner; migration 0046, ADR 048). */
export interface EventAddonsTable {
  id: Generated<number>;
  event_id: number;
  position: number;
  name: string;
  description: string | null;
  price_cents: number;
  places: number | null;
}

/** Where a registration stands (migration 0047, ADR 049). */
export type RegistrationStateCode =
  | 'pending_approval'
  | 'awaiting_payment'
  | 'offered'
  | 'confirmed'
  | 'waiting'
  | 'expired'
  | 'cancelled'
  | 'refused';

/** One account's registration to an event (migration 0047, ADR 049); prices in cents. */
export interface EventRegistrationsTable {
  id: Generated<number>;
  event_id: number;
  type_id: number;
  member_id: number;
  /** The form submission's own key: a second submission finds the first registration. */
  request_key: string;
  state: RegistrationStateCode;
  /** `early`, `standard` or `onsite`: the window the price was taken in. */
  price_window: string;
  type_cents: number;
  /** The type's price and the add-ons'. */
  total_cents: number;
  first_name: string;
  last_name: string;
  email: string;
  fiscal_code: string | null;
  /** The profession's and discipline's words: the names of the codes, or the person's own. */
  profession: string | null;
  discipline: string | null;
  /** Migration 0061, ADR 059: the national codes, the employment status, the staff's checks. */
  profession_code: ColumnType<number | null, number | null | undefined, number | null>;
  discipline_code: ColumnType<number | null, number | null | undefined, number | null>;
  employment: ColumnType<string | null, string | null | undefined, string | null>;
  profession_to_check: ColumnType<number, number | undefined, number>;
  fiscal_code_name_mismatch: ColumnType<number, number | undefined, number>;
  employer: string | null;
  invoice_name: string | null;
  invoice_tax_id: string | null;
  invoice_recipient_code: string | null;
  invoice_pec: string | null;
  /** The invoice issued (migration 0057): its number, when and by whom; null until then. */
  invoice_number: ColumnType<string | null, string | null | undefined, string | null>;
  invoice_issued_at: ColumnType<string | null, string | null | undefined, string | null>;
  invoice_issued_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Unpaid after this instant, a place held is given up. */
  pay_by: string | null;
  payment_reminded_at: string | null;
  /** An offered place not taken by this instant passes to the next waiting. */
  offer_expires_at: string | null;
  /** The payment that confirmed it. */
  payment_id: number | null;
  confirmed_at: string | null;
  /**
   * When it expired, was cancelled or refused; by whom (`persona`, `segreteria`, `sistema`);
   * why (a refusal's reason is the secretariat's words to the person, ADR 053).
   */
  ended_at: string | null;
  ended_by: string | null;
  end_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Version;
}

/** An add-on a registration took, at its price then (migration 0047). */
export interface EventRegistrationAddonsTable {
  registration_id: number;
  addon_id: number;
  amount_cents: number;
}

/** A message the staff sent to an event's registrants (migration 0050, ADR 049). */
export interface EventRegistrationMailingsTable {
  id: Id;
  event_id: number;
  request_key: string;
  /** The registration states written to, comma-separated. */
  states: string;
  subject: string;
  body_text: string;
  recipients: number;
  sent_by: string;
  created_at: Timestamp;
}

/**
 * The secret of a person's private calendar of registrations (migration 0051, ADR 052): in the
 * feed's address, one per account, replaced by "Rigenera".
 */
export interface EventCalendarFeedsTable {
  member_id: number;
  token: string;
  created_at: Timestamp;
}

/** An event's cover image (migration 0051, ADR 052), as a news item's (ADR 034). */
export interface EventCoversTable {
  event_id: number;
  share_sha256: string;
  share_width: number;
  share_height: number;
  page_sha256: string;
  page_width: number;
  page_height: number;
  alt: string;
  updated_at: Timestamp;
}

/**
 * The facts of a person with an events' account who is not a member (migration 0056, ADR 055),
 * for the registration form to prefill.
 */
export interface EventParticipantsTable {
  member_id: number;
  fiscal_code: string;
  profession: string;
  discipline: string | null;
  /** Migration 0061, ADR 059: the national codes and the employment status. */
  profession_code: ColumnType<number | null, number | null | undefined, number | null>;
  discipline_code: ColumnType<number | null, number | null | undefined, number | null>;
  employment: ColumnType<string | null, string | null | undefined, string | null>;
  profession_to_check: ColumnType<number, number | undefined, number>;
  employer: string | null;
  privacy_version: string;
  privacy_accepted_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../db/schema.js' {
  interface Database {
    events: EventsTable;
    event_registration_types: EventRegistrationTypesTable;
    event_addons: EventAddonsTable;
    event_registrations: EventRegistrationsTable;
    event_registration_addons: EventRegistrationAddonsTable;
    event_registration_mailings: EventRegistrationMailingsTable;
    event_calendar_feeds: EventCalendarFeedsTable;
    event_covers: EventCoversTable;
    event_participants: EventParticipantsTable;
  }
}
