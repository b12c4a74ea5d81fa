import { z } from './zod.js';
import type { EMPLOYMENT_LABELS } from './ecm-national-lists.js';
import {
  checkProfessionalFacts,
  OTHER_PROFESSION,
  professionChoiceOf,
  type EmploymentStatus,
} from './ecm-national-lists.js';

/**
 * An event's speakers for ECM (ADR 059): the teachers, speakers, tutors and moderators the
 * provider reports to Age.Na.S. with the participants, each with the credits their role earns
 * under the national criteria («Criteri per l’assegnazione dei crediti alle attività ECM», §11
 * «Docenza, tutoring e altri ruoli», as amended by the Commissione nazionale in 2024).
 */

export const SPEAKER_ROLES = ['docente', 'relatore', 'tutor', 'moderatore'] as const;
export type SpeakerRole = (typeof SPEAKER_ROLES)[number];
export const SPEAKER_ROLE_LABELS: Record<SpeakerRole, string> = {
  docente: 'Docente',
  relatore: 'Relatore',
  tutor: 'Tutor',
  moderatore: 'Moderatore',
};

/**
 * The credits' rule of each role (ADR 059): teachers and speakers of residential events 1 credit
 * for every 20 minutes of teaching; tutors 1.5 credits for every whole hour; moderators 1 credit
 * for every session moderated.
 */
export const SPEAKER_CREDIT_RULES = {
  minutesPerTeachingCredit: 20,
  tutorTenthsPerHour: 15,
  moderatorCreditsPerSession: 1,
  maxMinutes: 1440,
  maxSessions: 20,
} as const;

/** A speaker's credits in tenths (4.5 is 45) by the role's rule; the staff never type them. */
export function speakerCreditsTenths(
  role: SpeakerRole,
  minutes: number | null,
  sessions: number | null,
): number {
  const rules = SPEAKER_CREDIT_RULES;
  if (role === 'moderatore') return (sessions ?? 0) * rules.moderatorCreditsPerSession * 10;
  if (role === 'tutor') return Math.floor((minutes ?? 0) / 60) * rules.tutorTenthsPerHour;
  return Math.floor((minutes ?? 0) / rules.minutesPerTeachingCredit) * 10;
}

export const SPEAKER_MESSAGES = {
  firstName: 'Nome: indicalo (al massimo 100 caratteri).',
  lastName: 'Cognome: indicalo (al massimo 100 caratteri).',
  fiscalCode: 'Codice fiscale: 16 lettere e cifre.',
  fiscalCodeWrong: 'Codice fiscale: non è valido, controlla lettere e cifre.',
  fiscalCodeTwice: 'Codice fiscale: questa persona è già tra i docenti dell’evento.',
  notHealth:
    'Professione: docenti e relatori ricevono crediti ECM solo con una professione sanitaria dell’elenco.',
  employment: 'Condizione lavorativa: scegline una.',
  role: 'Ruolo: scegli docente, relatore, tutor o moderatore.',
  minutes: `Minuti di docenza: un numero intero da 1 a ${SPEAKER_CREDIT_RULES.maxMinutes}.`,
  sessions: `Sessioni moderate: un numero intero da 1 a ${SPEAKER_CREDIT_RULES.maxSessions}.`,
  memberId: 'Socio: scegli un socio dall’elenco o lascia vuoto.',
} as const;

const name = (message: string) =>
  z.string({ message }).trim().min(1, { message }).max(100, { message });
const wholeOrNull = (max: number, message: string) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.coerce
      .number({ message })
      .int({ message })
      .min(1, { message })
      .max(max, { message })
      .nullable(),
  );

/** A speaker as the staff enter it (`POST`/`PUT …/Events/:id/EcmSpeakers`). */
export const EcmSpeakerInputSchema = z
  .object({
    firstName: name(SPEAKER_MESSAGES.firstName),
    lastName: name(SPEAKER_MESSAGES.lastName),
    fiscalCode: z
      .string({ message: SPEAKER_MESSAGES.fiscalCode })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{16}$/, { message: SPEAKER_MESSAGES.fiscalCode }),
    professionCode: z.union([z.string(), z.number()]).nullish(),
    disciplineCode: z.union([z.string(), z.number()]).nullish(),
    employment: z.string().nullish(),
    role: z.enum(SPEAKER_ROLES, { message: SPEAKER_MESSAGES.role }),
    minutes: wholeOrNull(SPEAKER_CREDIT_RULES.maxMinutes, SPEAKER_MESSAGES.minutes),
    sessions: wholeOrNull(SPEAKER_CREDIT_RULES.maxSessions, SPEAKER_MESSAGES.sessions),
    memberId: z.preprocess(
      (value) => (value === '' || value === undefined ? null : value),
      z.coerce.number({ message: SPEAKER_MESSAGES.memberId }).int().positive().nullable(),
    ),
  })
  // Every refusal at once, with the other fields' (ADR 059).
  .superRefine(
    (parsed, context) => {
      // Run with the other fields' refusals too: the body may not even be an object.
      const value: Partial<typeof parsed> =
        typeof parsed === 'object' && (parsed as unknown) !== null ? parsed : {};
      const issue = (path: string, message: string) =>
        context.addIssue({ code: 'custom', path: [path], message });
      // The report's speakers earn credits: a health profession of the lists only.
      if (professionChoiceOf(value.professionCode) === OTHER_PROFESSION) {
        issue('professionCode', SPEAKER_MESSAGES.notHealth);
      } else checkProfessionalFacts(value, context, true);
      // Blank: the report needs it (a value not of the list has its issue already).
      if (typeof value.employment !== 'string' || value.employment.trim() === '') {
        issue('employment', SPEAKER_MESSAGES.employment);
      }
      if (value.role === 'moderatore' && (value.sessions ?? null) === null) {
        issue('sessions', SPEAKER_MESSAGES.sessions);
      }
      if (value.role !== 'moderatore' && (value.minutes ?? null) === null) {
        issue('minutes', SPEAKER_MESSAGES.minutes);
      }
    },
    { when: () => true },
  )
  .transform((value, context) => {
    const facts = checkProfessionalFacts(value, context, true);
    const moderator = value.role === 'moderatore';
    return {
      firstName: value.firstName,
      lastName: value.lastName,
      fiscalCode: value.fiscalCode,
      professionCode: typeof facts.professionCode === 'number' ? facts.professionCode : 0,
      disciplineCode: facts.disciplineCode ?? 0,
      employment: (facts.employment ?? 'dipendente') satisfies EmploymentStatus,
      role: value.role,
      minutes: moderator ? null : value.minutes,
      sessions: moderator ? value.sessions : null,
      memberId: value.memberId,
    };
  });
export type EcmSpeakerInput = z.input<typeof EcmSpeakerInputSchema>;
export type EcmSpeakerValues = z.output<typeof EcmSpeakerInputSchema>;

/** A speaker as the staff and the report read it: codes with their names, the credits. */
export interface EcmSpeaker {
  id: number;
  eventId: number;
  memberId: number | null;
  firstName: string;
  lastName: string;
  fiscalCode: string;
  /** The code's letters do not encode the name: a warning (ADR 059). */
  fiscalCodeNameMismatch: boolean;
  professionCode: number;
  professionName: string;
  disciplineCode: number;
  disciplineName: string;
  employment: EmploymentStatus;
  employmentLabel: (typeof EMPLOYMENT_LABELS)[EmploymentStatus];
  role: SpeakerRole;
  roleLabel: string;
  minutes: number | null;
  sessions: number | null;
  /** By the role's rule (`speakerCreditsTenths`), in credits (4.5). */
  credits: number;
  updatedAt: string;
}

const speakerId = z.coerce
  .number({ message: 'Identificativo non valido.' })
  .int({ message: 'Identificativo non valido.' })
  .positive({ message: 'Identificativo non valido.' });

/** The address of one speaker: the event's id and the speaker's. */
export const EcmSpeakerParamsSchema = z.object({ id: speakerId, speakerId });
