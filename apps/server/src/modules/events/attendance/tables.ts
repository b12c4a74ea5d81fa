import type { Generated } from 'kysely';

/** The badges', scans' and certificates' tables (migrations 0052, 0053, ADR 051). */

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
  }
}
