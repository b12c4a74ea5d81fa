import type { ColumnType, Generated } from 'kysely';

/**
 * The badges', scans', certificates' and sessions' tables (migrations 0052, 0053, ADR 051;
 * 0055, ADR 054).
 */

/** A confirmed registration's badge: its random code, printed as a QR code. */
export interface EventBadgesTable {
  registration_id: number;
  code: string;
  created_at: string;
}

/** One entry or exit at the check-in; `client_id` is the scanning device's id of it. */
export interface EventCheckinsTable {
  id: Generated<number>;
  client_id: string;
  event_id: number;
  registration_id: number;
  direction: 'in' | 'out';
  /** When scanned (the device's clock, ISO UTC); `day` its Rome date. */
  scanned_at: string;
  day: string;
  recorded_at: string;
  recorded_by: number | null;
  /** The session it was taken at (ADR 054); null: the whole day's check-in. */
  session_id: ColumnType<number | null, number | null | undefined, never>;
}

/** A session of an event within one Rome day (ADR 054); instants in UTC. */
export interface EventSessionsTable {
  id: Generated<number>;
  event_id: number;
  name: string;
  starts_at: string;
  ends_at: string;
  /** Only the registrations with this add-on are admitted; null: everyone. */
  addon_id: number | null;
  created_at: string;
  updated_at: string;
}

/** One counter row per year: the last certificate number taken (ADR 051). */
export interface EventCertificateCountersTable {
  year: number;
  last_number: number;
}

/** A certificate of attendance, with what it says as issued (ADR 051). */
export interface EventCertificatesTable {
  id: Generated<number>;
  year: number;
  number: number;
  verify_code: string;
  event_id: number;
  registration_id: number;
  member_id: number;
  holder_name: string;
  event_title: string;
  event_starts_at: string;
  event_ends_at: string;
  minutes_present: number;
  edition: Generated<number>;
  issued_at: string;
  reissued_at: string | null;
  revoked_at: string | null;
  revoked_reason: string | null;
}

declare module '../../../db/schema.js' {
  interface Database {
    event_badges: EventBadgesTable;
    event_checkins: EventCheckinsTable;
    event_certificate_counters: EventCertificateCountersTable;
    event_certificates: EventCertificatesTable;
    event_sessions: EventSessionsTable;
  }
}
