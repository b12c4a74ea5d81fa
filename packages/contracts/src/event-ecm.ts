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
  /**
   * Attempts at the test: 1 for residential events by default, at most 10 (ADR 057: above 5
   * each attempt shows a third of new questions, the FAD rule).
   */
  defaultAttempts: 1,
  maxAttempts: 10,
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
  attempts: 'Tentativi del test: da 1 a 10.',
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
  key:
    | 'flag'
    | 'providerCode'
    | 'eventCode'
    | 'credits'
    | 'professions'
    | 'disciplines'
    | 'learningTest';
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

/**
 * A person's attendance for ECM (ADR 056): what the check-in measured (ADR 051, 054), after the
 * staff's corrections, against the event's threshold.
 */
export interface EcmPresence {
  /** Minutes present as the check-in measured them. */
  measuredMinutes: number;
  /** Minutes present after the staff's corrections, within 0 and the event's minutes. */
  minutesPresent: number;
  eventMinutes: number;
  /** `minutesPresent` over `eventMinutes`, 0–100, one decimal. */
  percent: number;
  /** The event's threshold, %. */
  threshold: number;
  reached: boolean;
  /** Whether the staff corrected it. */
  corrected: boolean;
}

export const ECM_ADJUSTMENT_KINDS = ['delta', 'replace'] as const;
export type EcmAdjustmentKind = (typeof ECM_ADJUSTMENT_KINDS)[number];
export const ECM_ADJUSTMENT_KIND_LABELS: Record<EcmAdjustmentKind, string> = {
  delta: 'Minuti aggiunti o tolti',
  replace: 'Minuti di presenza (sostituiscono il calcolo)',
};

export const ECM_ADJUSTMENT_MESSAGES = {
  kind: 'Tipo di correzione: «delta» (minuti aggiunti o tolti) o «replace» (minuti di presenza).',
  minutes: 'Minuti: un numero intero (negativo per toglierne), diverso da 0 se aggiunti o tolti.',
  reason: 'Motivo: scrivi perché correggi la presenza (da 3 a 500 caratteri).',
  notConfirmed: 'Iscrizione non confermata: la sua presenza non si corregge.',
  notEcm: 'L’evento non ha dati ECM: compilali prima di correggere le presenze.',
} as const;

/** Out of range once applied: says the range. */
export function adjustmentRangeMessage(result: number, eventMinutes: number): string {
  return `Minuti: la presenza risulterebbe di ${result} minuti, deve essere tra 0 e ${eventMinutes} (la durata dell’evento).`;
}

/** POST of a correction of a person's attendance for ECM: audited, with its reason. */
export const EcmAdjustmentInputSchema = z
  .object({
    kind: z.enum(ECM_ADJUSTMENT_KINDS, { message: ECM_ADJUSTMENT_MESSAGES.kind }),
    minutes: z
      .number({ message: ECM_ADJUSTMENT_MESSAGES.minutes })
      .int({ message: ECM_ADJUSTMENT_MESSAGES.minutes })
      .min(-100_000, { message: ECM_ADJUSTMENT_MESSAGES.minutes })
      .max(100_000, { message: ECM_ADJUSTMENT_MESSAGES.minutes }),
    reason: z
      .string({ message: ECM_ADJUSTMENT_MESSAGES.reason })
      .trim()
      .min(3, { message: ECM_ADJUSTMENT_MESSAGES.reason })
      .max(500, { message: ECM_ADJUSTMENT_MESSAGES.reason }),
  })
  .superRefine((input, context) => {
    if (input.kind === 'delta' && input.minutes === 0) {
      context.addIssue({
        code: 'custom',
        path: ['minutes'],
        message: ECM_ADJUSTMENT_MESSAGES.minutes,
      });
    }
  });
export type EcmAdjustmentInput = z.input<typeof EcmAdjustmentInputSchema>;

/** A correction as the staff's report lists it. */
export interface EcmAdjustment {
  id: number;
  kind: EcmAdjustmentKind;
  minutes: number;
  reason: string;
  /** Who made it (their e-mail); null if the account is gone. */
  by: string | null;
  at: string;
}

/** A confirmed person's row of the staff's ECM attendance report. */
export interface EcmAttendanceRow {
  registrationId: number;
  name: string;
  typeName: string;
  profession: string | null;
  discipline: string | null;
  presence: EcmPresence;
  adjustments: EcmAdjustment[];
}

/** The staff's ECM attendance report of an event. */
export interface EcmAttendanceReport {
  eventId: number;
  title: string;
  /** Whether the event has ECM data (the staff's screen shows the report only then). */
  accredited: boolean;
  threshold: number;
  rows: EcmAttendanceRow[];
}
