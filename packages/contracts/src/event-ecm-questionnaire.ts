import { MY_REGISTRATIONS_PATH } from './constants.js';

/**
 * The satisfaction questionnaire of an ECM event (the Age.Na.S. "qualità percepita" form) and
 * the declaration of recruitment by a sponsor (ADR 058): what the reserved area shows and
 * posts, what "Le mie iscrizioni" says of it, the staff's aggregate report. The questions
 * themselves are the server's reference data; the pages receive them with the form.
 */

/** Where a confirmed registrant stands with an ECM event's questionnaire. */
export const QUESTIONNAIRE_STATES = ['non-ancora', 'da-compilare', 'compilato', 'chiuso'] as const;
export type QuestionnaireState = (typeof QUESTIONNAIRE_STATES)[number];
export const QUESTIONNAIRE_STATE_LABELS: Record<QuestionnaireState, string> = {
  'non-ancora': 'non ancora aperto',
  'da-compilare': 'da compilare',
  compilato: 'compilato',
  chiuso: 'chiuso, non compilato',
};

/** One answer of a question's scale. */
export interface QuestionnaireOption {
  key: string;
  label: string;
}

/**
 * A question of the standard form: its scale, and for the question on commercial interests the
 * answer that asks "why" (`reasonWhen`) with that field's label.
 */
export interface QuestionnaireQuestion {
  key: string;
  text: string;
  options: QuestionnaireOption[];
  reason?: { when: string; key: string; label: string };
}

/** The form's version and questions, as the reference data gives them. */
export interface QuestionnaireForm {
  version: string;
  title: string;
  /** Where the text comes from, shown to staff. */
  source: string;
  questions: QuestionnaireQuestion[];
}

/** The sponsor declaration's fields, also the names the form posts. */
export const SPONSOR_FIELDS = {
  recruited: 'reclutato',
  sponsor: 'sponsor',
  otherSponsor: 'altroSponsor',
} as const;
/** The `sponsor` choice meaning "another company, typed in `altroSponsor`". */
export const OTHER_SPONSOR = '__altro__';

/** The question of the declaration (not anonymous: it goes into the Age.Na.S. report). */
export const SPONSOR_QUESTION =
  'Sei stato reclutato da uno sponsor per partecipare a questo evento?' as const;

/** The Italian messages, each naming its field. */
export const QUESTIONNAIRE_MESSAGES = {
  answer: (question: string) => `«${question}»: scegli una risposta.`,
  reason: (label: string) => `«${label}»: scrivi il motivo (da 3 a 2000 caratteri).`,
  recruited: 'Reclutamento da uno sponsor: rispondi Sì o No.',
  sponsor:
    'Sponsor: scegli l’azienda che ti ha reclutato tra quelle dell’evento o indica «altra azienda».',
  otherSponsor: 'Altra azienda: scrivi il nome dell’azienda (da 2 a 200 caratteri).',
  notOpen: (opensAt: string) =>
    `Il questionario si potrà compilare dalla fine dell’evento (${opensAt}).`,
  closed: (closedAt: string) => `Il questionario si poteva compilare fino al ${closedAt}.`,
  done: 'Hai già compilato il questionario di questo evento: si compila una volta sola.',
  notEcm: 'Questo evento non prevede crediti ECM: non ha un questionario di gradimento.',
} as const;

export const QUESTIONNAIRE_DONE_MESSAGE =
  'Grazie: il questionario è stato registrato in forma anonima, la dichiarazione sullo sponsor con la tua iscrizione.';

/** A registrant's questionnaire page: the form when open, else why not. */
export interface MyQuestionnaire {
  registrationId: number;
  event: { id: number; title: string };
  state: QuestionnaireState;
  opensAt: string;
  closesAt: string;
  completedAt: string | null;
  form: QuestionnaireForm;
  /** The event's sponsors from its ECM data, to choose from. */
  sponsors: string[];
}

/** What "Le mie iscrizioni" shows of a confirmed registration to an accredited event. */
export interface MyQuestionnaireState {
  state: QuestionnaireState;
  opensAt: string;
  closesAt: string;
}

/** The answer to a submission. */
export interface QuestionnaireAnswer {
  message: string;
}

/** An option's count in the staff report. */
export interface QuestionnaireOptionCount extends QuestionnaireOption {
  count: number;
  /** Of the completed questionnaires, one decimal. */
  percent: number;
}

/** The staff's aggregate report of an event (never a name, never an instant). */
export interface QuestionnaireReport {
  eventId: number;
  title: string;
  accredited: boolean;
  form: Pick<QuestionnaireForm, 'version' | 'title' | 'source'>;
  /** Confirmed registrations, and how many completed it. */
  confirmed: number;
  completed: number;
  questions: {
    key: string;
    text: string;
    options: QuestionnaireOptionCount[];
    /** The reasons given, in an order unrelated to submission. */
    reasons: string[];
  }[];
  /** The declarations: not recruited, and recruited by company. */
  sponsorship: {
    notRecruited: number;
    recruited: { name: string; count: number }[];
  };
}

/** Percent of `part` over `whole`, one decimal; 0 of nothing. */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((1000 * part) / whole) / 10;
}

/**
 * The questionnaire pages posted without scripts (ADR 022): for the session cookie's token; null
 * or a refusal as the API answers.
 */
export interface EcmQuestionnairePages {
  mine(sessionToken: string, registrationId: number): Promise<MyQuestionnaire | null>;
  submit(
    sessionToken: string,
    registrationId: number,
    body: unknown,
  ): Promise<
    | { ok: true; data: QuestionnaireAnswer }
    | { ok: false; status: number; issues: { path: string; message: string }[] }
  >;
}

/** Its part of the pages' SSR context (ADR 046). */
declare module './web-context.js' {
  interface SodalisLoadContext {
    /** The ECM questionnaire's page in "Le mie iscrizioni" without scripts (ADR 058). */
    ecmQuestionnaire: EcmQuestionnairePages;
  }
}

/** The reserved-area address of a registration's questionnaire. */
export function questionnairePath(registrationId: number): string {
  return `${MY_REGISTRATIONS_PATH}/${registrationId}/questionario`;
}
