import { z } from './zod.js';

/**
 * The ECM accreditation of an event (ADR 056): the provider's and Age.Na.S.'s codes, the credits,
 * the professions and disciplines it is accredited for, the rules of attendance and of the
 * learning test; what the staff still miss before the event can award credits; each
 * participant's attendance against the threshold, with the staff's audited corrections.
 */

/** The kinds of ECM event handled: residential training and congresses (FAD later). */
export const ECM_TYPES = ['residenziale', 'congresso'] as const;
export type EcmType = (typeof ECM_TYPES)[number];
export const ECM_TYPE_LABELS: Record<EcmType, string> = {
  residenziale: 'Formazione residenziale (RES)',
  congresso: 'Congresso / convegno (RES)',
};

/** The rules' defaults and bounds (ADR 056). */
export const ECM_RULES = {
  /** Attendance needed, % of the event's time: a setting, 90 by default. */
  defaultThreshold: 90,
  /** The learning test's pass mark, % of right answers: 75 at least. */
  minPassMark: 75,
  /** Attempts at the test: 1 for residential events by default, at most 5. */
  defaultAttempts: 1,
  maxAttempts: 5,
  maxCredits: 50,
  maxSponsors: 30,
} as const;

/** The Italian messages of the ECM data, each naming its field. */
export const ECM_MESSAGES = {
  providerCode: 'Codice provider: solo cifre, fino a 10 (es. 1234).',
  eventCode: 'Codice evento ECM: solo cifre, fino a 10 (es. 412345).',
  edition: 'Edizione: un numero intero da 1 a 999.',
  type: 'Tipologia: scegli «residenziale» o «congresso».',
  credits: 'Crediti: un numero maggiore di 0 e fino a 50, con al più un decimale (es. 4,5).',
  professions: 'Professioni: scegli professioni dall’elenco nazionale, ciascuna una volta.',
  disciplines:
    'Discipline: scegli discipline dall’elenco nazionale, ciascuna una volta, delle professioni accreditate.',
  threshold: 'Soglia di presenza: una percentuale intera da 1 a 100.',
  passMark: 'Soglia di superamento del test: una percentuale intera da 75 a 100.',
  attempts: 'Tentativi del test: da 1 a 5.',
  sponsors: 'Sponsor: al più 30 nomi, ciascuno di al più 200 caratteri e una volta sola.',
  unknownProfession: 'Professioni: codice non presente nell’elenco nazionale.',
  unknownDiscipline: 'Discipline: codice non presente nell’elenco nazionale.',
  disciplineWithoutProfession:
    'Discipline: ogni disciplina deve appartenere a una delle professioni accreditate.',
} as const;

/** A code of digits; blank or missing: not given yet. */
const digits = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ message })
      .trim()
      .regex(/^\d{1,10}$/, { message })
      .nullish()
      .transform((value) => value ?? null),
  );

const codes = (message: string) =>
  z
    .array(z.number({ message }).int({ message }).positive({ message }), { message })
    .max(200, { message })
    .default([])
    .refine((list) => new Set(list).size === list.length, { message });

const percent = (min: number, message: string) =>
  z.number({ message }).int({ message }).min(min, { message }).max(100, { message });

/** PUT of an event's ECM data: everything but the type may wait (the checklist says what). */
export const EventEcmInputSchema = z.object({
  providerCode: digits(ECM_MESSAGES.providerCode),
  eventCode: digits(ECM_MESSAGES.eventCode),
  edition: z
    .number({ message: ECM_MESSAGES.edition })
    .int({ message: ECM_MESSAGES.edition })
    .min(1, { message: ECM_MESSAGES.edition })
    .max(999, { message: ECM_MESSAGES.edition })
    .default(1),
  type: z.enum(ECM_TYPES, { message: ECM_MESSAGES.type }),
  credits: z
    .number({ message: ECM_MESSAGES.credits })
    .gt(0, { message: ECM_MESSAGES.credits })
    .max(ECM_RULES.maxCredits, { message: ECM_MESSAGES.credits })
    .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, {
      message: ECM_MESSAGES.credits,
    })
    .nullish()
    .transform((value) => value ?? null),
  professions: codes(ECM_MESSAGES.professions),
  disciplines: codes(ECM_MESSAGES.disciplines),
  attendanceThreshold: percent(1, ECM_MESSAGES.threshold).default(ECM_RULES.defaultThreshold),
  passMark: percent(ECM_RULES.minPassMark, ECM_MESSAGES.passMark).default(ECM_RULES.minPassMark),
  attempts: z
    .number({ message: ECM_MESSAGES.attempts })
    .int({ message: ECM_MESSAGES.attempts })
    .min(1, { message: ECM_MESSAGES.attempts })
    .max(ECM_RULES.maxAttempts, { message: ECM_MESSAGES.attempts })
    .default(ECM_RULES.defaultAttempts),
  sponsors: z
    .array(
      z
        .string({ message: ECM_MESSAGES.sponsors })
        .trim()
        .min(1, { message: ECM_MESSAGES.sponsors })
        .max(200, { message: ECM_MESSAGES.sponsors }),
      { message: ECM_MESSAGES.sponsors },
    )
    .max(ECM_RULES.maxSponsors, { message: ECM_MESSAGES.sponsors })
    .default([])
    .refine(
      (list) => new Set(list.map((name) => name.toLocaleLowerCase('it'))).size === list.length,
      { message: ECM_MESSAGES.sponsors },
    ),
});
export type EventEcmInput = z.input<typeof EventEcmInputSchema>;
export type EventEcmValues = z.output<typeof EventEcmInputSchema>;

/** A profession of the national list with its disciplines (ADR 056). */
export interface EcmProfession {
  code: number;
  name: string;
  disciplines: { code: number; name: string }[];
}

/** What an event still misses before it can award credits: one line each. */
export interface EcmChecklistItem {
  key: 'flag' | 'providerCode' | 'eventCode' | 'credits' | 'professions' | 'disciplines';
  label: string;
  done: boolean;
}

/** An event's ECM data as the staff see it; `values` null when never saved. */
export interface EventEcm {
  eventId: number;
  title: string;
  /** The event's "Crediti ECM previsti" (ADR 047). */
  ecmCredits: boolean;
  values: EventEcmValues | null;
  checklist: EcmChecklistItem[];
  /** Every line of the checklist done. */
  ready: boolean;
  updatedAt: string | null;
  /** The national lists the codes are chosen from, and their version. */
  reference: { version: string; professions: EcmProfession[] };
}
