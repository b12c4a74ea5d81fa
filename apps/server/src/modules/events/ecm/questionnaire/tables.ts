/**
 * The questionnaire's tables (migration 0060, ADR 058): who completed it, with the sponsor
 * declaration, apart from the anonymous answers.
 */

/** One per registration: the completion and the declaration of recruitment by a sponsor. */
export interface EventEcmQuestionnaireCompletionsTable {
  registration_id: number;
  event_id: number;
  form_version: string;
  completed_at: string;
  /** 1: recruited by a sponsor, 0: not. */
  recruited: number;
  sponsor_name: string | null;
}

/** The answers of one completed form: no registration, no instant; a random key. */
export interface EventEcmQuestionnaireAnswersTable {
  event_id: number;
  response_key: string;
  form_version: string;
  /** JSON: `{ answers: { question: option }, reasons: { field: text } }`. */
  answers: string;
}

declare module '../../../../db/schema.js' {
  interface Database {
    event_ecm_questionnaire_completions: EventEcmQuestionnaireCompletionsTable;
    event_ecm_questionnaire_answers: EventEcmQuestionnaireAnswersTable;
  }
}
