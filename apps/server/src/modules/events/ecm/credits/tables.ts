import type { Generated } from 'kysely';

/** The ECM certificates' and reports' tables (migration 0062, ADR 060). */

/** An ECM certificate with what it says as issued. */
export interface EventEcmCertificatesTable {
  id: Generated<number>;
  event_id: number;
  registration_id: number;
  member_id: number;
  /** Within the event, from 1, without gaps. */
  number: number;
  verify_code: string;
  holder_name: string;
  fiscal_code: string | null;
  event_title: string;
  event_starts_at: string;
  event_ends_at: string;
  provider_code: string;
  event_code: string;
  edition: number;
  credits_tenths: number;
  /** ISO date (Rome) the credits count from. */
  earned_on: string;
  issued_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
  revoked_by: number | null;
}

/** The participants' report recorded as sent to Age.Na.S. */
export interface EventEcmReportsTable {
  event_id: number;
  /** ISO date the staff uploaded it. */
  sent_on: string;
  note: string | null;
  recorded_by: number | null;
  recorded_at: string;
}

declare module '../../../../db/schema.js' {
  interface Database {
    event_ecm_certificates: EventEcmCertificatesTable;
    event_ecm_reports: EventEcmReportsTable;
  }
}
