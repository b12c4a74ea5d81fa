import type { Generated } from 'kysely';

/**
 * The ECM tables (migration 0058, ADR 056): an event's accreditation and the staff's
 * corrections of a person's attendance.
 */

/** An event's ECM data; lists are JSON arrays (codes of the national lists, sponsors' names). */
export interface EventEcmTable {
  event_id: number;
  provider_code: string | null;
  event_code: string | null;
  edition: number;
  /** `residenziale` or `congresso`. */
  ecm_type: string;
  /** Credits in tenths: 4.5 credits are 45. */
  credits_tenths: number | null;
  professions: string;
  disciplines: string;
  attendance_threshold: number;
  pass_mark: number;
  attempts: number;
  sponsors: string;
  created_at: string;
  updated_at: string;
}

/** A staff correction of a person's minutes present for ECM, with its reason and author. */
export interface EventEcmAdjustmentsTable {
  id: Generated<number>;
  event_id: number;
  registration_id: number;
  /** `delta`: minutes added (negative: removed); `replace`: the minutes present from now on. */
  kind: 'delta' | 'replace';
  minutes: number;
  reason: string;
  created_by: number | null;
  created_at: string;
}

declare module '../../../db/schema.js' {
  interface Database {
    event_ecm: EventEcmTable;
    event_ecm_adjustments: EventEcmAdjustmentsTable;
  }
}
