import { z } from './zod.js';

/**
 * The ECM learning test of an event (ADR 057): the staff's question bank (each question with 4
 * options and one right), the rule of 3 questions per credit, the opening of the test; and the
 * participant's attempts, taken in the reserved area after the event, questions and options
 * shuffled per attempt, answers saved as given, scored against the pass mark.
 */

/** The test's rules (ADR 057); the attempts' bound and the pass mark are ADR 056's. */
export const ECM_TEST_RULES = {
  /** At least 3 questions per credit (4.5 credits: 14 questions). */
  questionsPerCredit: 3,
  /** Every question has exactly 4 options, exactly one of them right. */
  options: 4,
  /** Above this many attempts each attempt shows at least a third of new questions (FAD rule). */
  attemptsWithoutNewShare: 5,
  /** The test closes this many days after the event's end unless the staff set the instant. */
  closeDaysAfterEnd: 3,
  maxQuestions: 300,
  maxQuestionText: 1000,
  maxOptionText: 300,
} as const;

/** Credits as Italians write them: 4,5; 4. */
export function creditsText(credits: number): string {
  return credits.toLocaleString('it-IT', { maximumFractionDigits: 1 });
}

/** The questions an attempt needs at least for these credits: ceil(3 × credits). */
export function minimumQuestions(credits: number): number {
  // Credits have one decimal: counted in tenths so 3 × 4.1 is 12.3 and not 12.299….
  return Math.ceil((ECM_TEST_RULES.questionsPerCredit * Math.round(credits * 10)) / 10);
}

/** The new questions each attempt after the first needs: a third when more than 5 are allowed. */
export function newQuestionsRequired(attempts: number, perAttempt: number): number {
  return attempts > ECM_TEST_RULES.attemptsWithoutNewShare ? Math.ceil(perAttempt / 3) : 0;
}

/** The bank an open test needs: one attempt's questions, plus the new third when it applies. */
export function bankRequired(attempts: number, perAttempt: number): number {
  return perAttempt + newQuestionsRequired(attempts, perAttempt);
}

/** "Mancano 4 domande: servono almeno 14 domande per 4,5 crediti". */
export function missingQuestionsMessage(input: {
  missing: number;
  required: number;
  credits: number;
  attempts: number;
  perAttempt: number;
}): string {
  const { missing, required, credits, attempts, perAttempt } = input;
  const head = missing === 1 ? 'Manca 1 domanda' : `Mancano ${missing} domande`;
  const why =
    newQuestionsRequired(attempts, perAttempt) > 0
      ? ` (${perAttempt} per tentativo e un terzo di domande nuove a ogni tentativo, con ${attempts} tentativi)`
      : perAttempt > minimumQuestions(credits)
        ? ` (${perAttempt} per tentativo)`
        : '';
  return `${head}: servono almeno ${required} domande per ${creditsText(credits)} crediti${why}.`;
}

/** The Italian messages of the test, each naming its field. */
export const ECM_TEST_MESSAGES = {
  text: 'Domanda: scrivi il testo della domanda (da 3 a 1000 caratteri).',
  options:
    'Risposte: servono esattamente 4 risposte, ciascuna da 1 a 300 caratteri e diverse tra loro.',
  correct: 'Risposta corretta: indica quale delle 4 risposte è quella corretta (una sola).',
  questionsPerAttempt:
    'Domande per tentativo: un numero intero, almeno 3 per credito (lascia vuoto per il minimo).',
  questionsPerAttemptBelow: (minimum: number, credits: number) =>
    `Domande per tentativo: almeno ${minimum} per ${creditsText(credits)} crediti (3 per credito).`,
  closesAt: 'Chiusura del test: una data e ora valida, dopo la fine dell’evento (o vuota).',
  order: 'Ordine: elenca ogni domanda del test una sola volta.',
  tooManyQuestions: 'Domande: al più 300 per evento.',
  noEcm: 'L’evento non ha dati ECM: compilali prima di preparare il test.',
  noCredits: 'Crediti: indica i crediti dell’evento prima di aprire il test.',
  unknownQuestion: 'Domanda non trovata in questo test.',
  bankShrinks: (message: string) => `Il test è aperto: non si può togliere la domanda. ${message}`,
  choice: 'Risposta: scegli una delle 4 risposte.',
  position: 'Domanda: non fa parte di questo tentativo.',
  submitted: 'Tentativo: è già stato consegnato, le risposte non si cambiano più.',
  noAttempt: 'Tentativo: inizia il test prima di rispondere.',
  noAttemptsLeft: 'Tentativi: li hai già usati tutti.',
  alreadyPassed: 'Hai già superato il test.',
} as const;

const questionText = z
  .string({ message: ECM_TEST_MESSAGES.text })
  .trim()
  .min(3, { message: ECM_TEST_MESSAGES.text })
  .max(ECM_TEST_RULES.maxQuestionText, { message: ECM_TEST_MESSAGES.text });

/** POST/PUT of a question: its text, exactly 4 different options, the index of the right one. */
export const EcmQuestionInputSchema = z.object({
  text: questionText,
  options: z
    .array(
      z
        .string({ message: ECM_TEST_MESSAGES.options })
        .trim()
        .min(1, { message: ECM_TEST_MESSAGES.options })
        .max(ECM_TEST_RULES.maxOptionText, { message: ECM_TEST_MESSAGES.options }),
      { message: ECM_TEST_MESSAGES.options },
    )
    .length(ECM_TEST_RULES.options, { message: ECM_TEST_MESSAGES.options })
    .refine(
      (list) => new Set(list.map((option) => option.toLocaleLowerCase('it'))).size === list.length,
      { message: ECM_TEST_MESSAGES.options },
    ),
  correct: z
    .number({ message: ECM_TEST_MESSAGES.correct })
    .int({ message: ECM_TEST_MESSAGES.correct })
    .min(0, { message: ECM_TEST_MESSAGES.correct })
    .max(ECM_TEST_RULES.options - 1, { message: ECM_TEST_MESSAGES.correct }),
});
export type EcmQuestionInput = z.input<typeof EcmQuestionInputSchema>;

/** PUT of the test's settings; null: the default (the minimum; 3 days after the end). */
export const EcmTestSettingsInputSchema = z.object({
  questionsPerAttempt: z
    .number({ message: ECM_TEST_MESSAGES.questionsPerAttempt })
    .int({ message: ECM_TEST_MESSAGES.questionsPerAttempt })
    .min(1, { message: ECM_TEST_MESSAGES.questionsPerAttempt })
    .max(ECM_TEST_RULES.maxQuestions, { message: ECM_TEST_MESSAGES.questionsPerAttempt })
    .nullish()
    .transform((value) => value ?? null),
  closesAt: z
    .string({ message: ECM_TEST_MESSAGES.closesAt })
    .datetime({ offset: true, message: ECM_TEST_MESSAGES.closesAt })
    .nullish()
    .transform((value) =>
      value === null || value === undefined ? null : new Date(value).toISOString(),
    ),
});
export type EcmTestSettingsInput = z.input<typeof EcmTestSettingsInputSchema>;

/** POST of the bank's order: every question's id once, first to last. */
export const EcmQuestionOrderSchema = z.object({
  ids: z
    .array(z.number({ message: ECM_TEST_MESSAGES.order }).int().positive(), {
      message: ECM_TEST_MESSAGES.order,
    })
    .max(ECM_TEST_RULES.maxQuestions, { message: ECM_TEST_MESSAGES.order }),
});

/** A question of the bank as the staff see it. */
export interface EcmQuestion {
  id: number;
  position: number;
  text: string;
  options: string[];
  correct: number;
}

/** An event's learning test as the staff see it. */
export interface EcmTestAdmin {
  eventId: number;
  title: string;
  credits: number | null;
  /** Attempts allowed and pass mark (ADR 056's data). */
  attempts: number;
  passMark: number;
  /** ceil(3 × credits); null without credits. */
  minimumQuestions: number | null;
  /** The setting (null: the minimum) and its value in force. */
  questionsPerAttemptSetting: number | null;
  questionsPerAttempt: number | null;
  /** New questions each attempt shows (more than 5 attempts: a third), and the bank needed. */
  newPerAttempt: number;
  bankRequired: number | null;
  /** Why the test cannot open (the missing count), null when it can. */
  missing: string | null;
  open: boolean;
  openedAt: string | null;
  /** The event's end (the test opens then), the closing instant's setting and value. */
  opensAt: string;
  closesAtSetting: string | null;
  closesAt: string;
  /** Attempts begun by participants: a bank edited afterwards keeps their snapshots. */
  attemptsStarted: number;
  questions: EcmQuestion[];
}

/** An attempt's question as the participant sees it: shuffled, never which option is right. */
export interface EcmAttemptQuestion {
  position: number;
  text: string;
  options: string[];
  /** The option chosen (its index as shown), null when not answered yet. */
  chosen: number | null;
}

/** A scored attempt: the score only (which answers were right is never shown, ADR 057). */
export interface EcmAttemptResult {
  number: number;
  correct: number;
  total: number;
  /** Right answers, %, one decimal. */
  percent: number;
  passed: boolean;
  submittedAt: string;
}

export const ECM_TEST_STATES = ['da-svolgere', 'in-corso', 'superato', 'non-superato'] as const;
export type EcmTestState = (typeof ECM_TEST_STATES)[number];
export const ECM_TEST_STATE_LABELS: Record<EcmTestState, string> = {
  'da-svolgere': 'Da svolgere',
  'in-corso': 'In corso',
  superato: 'Superato',
  'non-superato': 'Non superato',
};

/** The participant's test page: why not, or the attempt under way, or the last result. */
export interface EcmTestView {
  registrationId: number;
  eventTitle: string;
  /** Why the person cannot take the test now; null when they can (or have done so). */
  refusal: string | null;
  state: EcmTestState;
  passMark: number;
  attemptsAllowed: number;
  attemptsUsed: number;
  attemptsLeft: number;
  opensAt: string;
  closesAt: string;
  /** The attempt begun and not yet handed in. */
  attempt: { number: number; startedAt: string; questions: EcmAttemptQuestion[] } | null;
  /** The last attempt handed in. */
  last: EcmAttemptResult | null;
}

/** "Le mie iscrizioni": the test's link and state, when it is open and the person eligible. */
export interface EcmTestLink {
  state: EcmTestState;
  attemptsLeft: number;
  closesAt: string;
}

/** PUT of an answer: the option's index as shown (0–3). */
export const EcmAnswerInputSchema = z.object({
  choice: z
    .number({ message: ECM_TEST_MESSAGES.choice })
    .int({ message: ECM_TEST_MESSAGES.choice })
    .min(0, { message: ECM_TEST_MESSAGES.choice })
    .max(ECM_TEST_RULES.options - 1, { message: ECM_TEST_MESSAGES.choice }),
});

/** POST of a hand-in (or a save without scripts): the answers given, by position. */
export const EcmAnswersInputSchema = z.object({
  answers: z
    .array(
      z.object({
        position: z.number({ message: ECM_TEST_MESSAGES.position }).int().min(0).max(1000),
        choice: EcmAnswerInputSchema.shape.choice,
      }),
      { message: ECM_TEST_MESSAGES.choice },
    )
    .max(ECM_TEST_RULES.maxQuestions, { message: ECM_TEST_MESSAGES.choice })
    .default([]),
});
export type EcmAnswersInput = z.input<typeof EcmAnswersInputSchema>;

/** The address of a registration's test page in the reserved area. */
export function ecmTestPath(registrationId: number): string {
  return `/area-riservata-iscrizioni/${registrationId}/test-ecm`;
}

/** What an outcome of the test's pages carries (as the registration pages do, ADR 049). */
export type EcmTestOutcome =
  | { ok: true; data: EcmTestView }
  | { ok: false; status: number; issues: { path: string; message: string }[] };

/** The test's calls of the pages without scripts, for the session cookie's token (ADR 022). */
export interface EcmTestPages {
  view(sessionToken: string, registrationId: number): Promise<EcmTestOutcome>;
  start(sessionToken: string, registrationId: number): Promise<EcmTestOutcome>;
  /** Saves the answers posted; hands the attempt in when `submit`. */
  answer(
    sessionToken: string,
    registrationId: number,
    body: unknown,
    submit: boolean,
  ): Promise<EcmTestOutcome>;
}

declare module './web-context.js' {
  interface SodalisLoadContext {
    /** The ECM learning test's pages without scripts (ADR 057). */
    ecmTests: EcmTestPages;
  }
}
