import type { Generated } from 'kysely';

/** The learning test's tables (migration 0059, ADR 057). */

/** An event's test: its settings (null: the default) and when the staff opened it. */
export interface EventEcmTestsTable {
  event_id: number;
  /** Null: the minimum, 3 per credit. */
  questions_per_attempt: number | null;
  /** Null: 3 days after the event's end. */
  closes_at: string | null;
  /** Null: not open (never opened, or closed again by the staff). */
  opened_at: string | null;
  updated_at: string;
}

/** A question of an event's bank: 4 options (JSON list), the right one's index (0–3). */
export interface EventEcmQuestionsTable {
  id: Generated<number>;
  event_id: number;
  position: number;
  text: string;
  options: string;
  correct: number;
  created_at: string;
  updated_at: string;
}

/** A person's attempt: what they saw (JSON snapshot), and the score once handed in. */
export interface EventEcmAttemptsTable {
  id: Generated<number>;
  event_id: number;
  registration_id: number;
  number: number;
  seed: number;
  questions: string;
  started_at: string;
  submitted_at: string | null;
  correct_count: number | null;
  total: number;
  /** 1 passed, 0 failed, null not handed in. */
  passed: number | null;
}

/** An answer given: the option's index as shown, at its position in the attempt. */
export interface EventEcmAnswersTable {
  attempt_id: number;
  position: number;
  choice: number;
  answered_at: string;
}

declare module '../../../../db/schema.js' {
  interface Database {
    event_ecm_tests: EventEcmTestsTable;
    event_ecm_questions: EventEcmQuestionsTable;
    event_ecm_attempts: EventEcmAttemptsTable;
    event_ecm_answers: EventEcmAnswersTable;
  }
}
