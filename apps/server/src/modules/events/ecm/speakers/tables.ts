import type { Generated } from 'kysely';

/** An event's speaker for ECM (migration 0061, ADR 059): one row per person and event. */
export interface EventEcmSpeakersTable {
  id: Generated<number>;
  event_id: number;
  /** The member it is, when the staff linked one. */
  member_id: number | null;
  first_name: string;
  last_name: string;
  fiscal_code: string;
  profession_code: number;
  discipline_code: number;
  employment: string;
  /** `docente`, `relatore`, `tutor`, `moderatore`. */
  role: string;
  /** Minutes of teaching (docente, relatore, tutor). */
  minutes: number | null;
  /** Sessions moderated (moderatore). */
  sessions: number | null;
  created_at: string;
  updated_at: string;
}

declare module '../../../../db/schema.js' {
  interface Database {
    event_ecm_speakers: EventEcmSpeakersTable;
  }
}
