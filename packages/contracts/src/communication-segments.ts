import { z } from './zod.js';
import { MEMBER_ROLES, type MemberRole } from './constants.js';
import { ECM_PROFESSIONS } from './ecm-national-lists.js';
import { REGISTRATION_STATES, REGISTRATION_STATE_LABELS } from './event-registrations.js';
import { ITALIAN_REGIONS, STANDINGS, STANDING_LABELS } from './membership.js';

/**
 * Segments of the members (ADR 062): a definition, never a list. The recipients are computed
 * from Sodalis's own data whenever they are asked for, so an unsubscribe, a payment or a lapse
 * counts at once. A definition is two levels: groups of conditions, the conditions of a group
 * combined with «e» (all) or «o» (any), the groups combined likewise.
 */

export const SEGMENT_COMBINATIONS = ['all', 'any'] as const;
export type SegmentCombination = (typeof SEGMENT_COMBINATIONS)[number];
export const SEGMENT_COMBINATION_LABELS: Record<SegmentCombination, string> = {
  all: 'e (tutte)',
  any: 'o (almeno una)',
};

/** The states of an application to join (ADR 024). */
export const SEGMENT_APPLICATION_STATES = ['pending', 'approved', 'refused'] as const;
export const SEGMENT_APPLICATION_STATE_LABELS: Record<
  (typeof SEGMENT_APPLICATION_STATES)[number],
  string
> = { pending: 'In attesa', approved: 'Approvata', refused: 'Respinta' };

export const SEGMENT_ROLE_LABELS: Record<MemberRole, string> = {
  socio: 'Socio',
  affiliato: 'Affiliato',
  partecipante: 'Partecipante agli eventi',
  segreteria: 'Segreteria',
  redazione: 'Redazione',
  tesoreria: 'Tesoreria',
  eventi: 'Eventi',
};

/** The fields a condition reads, with their labels for the builder. */
export const SEGMENT_FIELDS = [
  'role',
  'region',
  'qualification',
  'profession',
  'dues',
  'eventRegistration',
  'ecmCertificate',
  'newsletter',
  'application',
] as const;
export type SegmentField = (typeof SEGMENT_FIELDS)[number];
export const SEGMENT_FIELD_LABELS: Record<SegmentField, string> = {
  role: 'Ruolo',
  region: 'Regione',
  qualification: 'Qualifica',
  profession: 'Professione e disciplina ECM',
  dues: 'Quote',
  eventRegistration: 'Iscrizione a un evento',
  ecmCertificate: 'Attestato ECM di un evento',
  newsletter: 'Newsletter',
  application: 'Domanda di iscrizione',
};

/** The oldest dues year a segment may ask about. */
export const SEGMENT_FIRST_YEAR = 2000;
/** Groups of a definition and conditions of a group, at most: a segment stays readable. */
export const SEGMENT_MAX_GROUPS = 10;
export const SEGMENT_MAX_CONDITIONS = 20;
/** The people the staff see before sending. */
export const SEGMENT_SAMPLE_SIZE = 10;

const eventId = z
  .number({ message: 'Scegli un evento.' })
  .int({ message: 'Evento non valido.' })
  .positive({ message: 'Evento non valido.' });

function nonEmptyList<T extends readonly [string, ...string[]]>(values: T, what: string) {
  return z
    .array(z.enum(values, { message: `${what} non valido.` }), { message: `Scegli ${what}.` })
    .min(1, { message: `Scegli almeno un valore: ${what}.` })
    .max(values.length, { message: `Troppi valori: ${what}.` });
}

const professionCodes = ECM_PROFESSIONS.map((profession) => profession.code);
const disciplineCodes = ECM_PROFESSIONS.flatMap((profession) =>
  profession.disciplines.map((discipline) => discipline.code),
);

export const SegmentConditionSchema = z.discriminatedUnion(
  'field',
  [
    z.object({ field: z.literal('role'), roles: nonEmptyList(MEMBER_ROLES, 'ruolo') }),
    z.object({ field: z.literal('region'), regions: nonEmptyList(ITALIAN_REGIONS, 'regione') }),
    z.object({
      field: z.literal('qualification'),
      contains: z
        .string({ message: 'Scrivi la qualifica.' })
        .trim()
        .min(2, { message: 'Scrivi almeno 2 caratteri della qualifica.' })
        .max(100, { message: 'La qualifica può avere al massimo 100 caratteri.' }),
    }),
    z.object({
      field: z.literal('profession'),
      professionCode: z
        .number({ message: 'Scegli una professione.' })
        .int({ message: 'Professione non valida.' })
        .refine((code) => professionCodes.includes(code), {
          message: 'Professione non presente negli elenchi nazionali.',
        }),
      disciplineCode: z
        .number({ message: 'Disciplina non valida.' })
        .int({ message: 'Disciplina non valida.' })
        .refine((code) => disciplineCodes.includes(code), {
          message: 'Disciplina non presente negli elenchi nazionali.',
        })
        .nullable()
        .optional(),
    }),
    z.object({
      field: z.literal('dues'),
      year: z
        .number({ message: 'Scegli l’anno delle quote.' })
        .int({ message: 'Anno non valido.' })
        .min(SEGMENT_FIRST_YEAR, { message: `L’anno deve essere dal ${SEGMENT_FIRST_YEAR}.` })
        .max(2099, { message: 'Anno non valido.' }),
      standings: nonEmptyList(STANDINGS, 'posizione'),
    }),
    z.object({
      field: z.literal('eventRegistration'),
      eventId,
      states: nonEmptyList(REGISTRATION_STATES, 'stato dell’iscrizione'),
    }),
    z.object({
      field: z.literal('ecmCertificate'),
      eventId,
      issued: z.boolean({ message: 'Scegli se l’attestato è stato rilasciato.' }),
    }),
    z.object({
      field: z.literal('newsletter'),
      subscribed: z.boolean({ message: 'Scegli se iscritto o no alla newsletter.' }),
    }),
    z.object({
      field: z.literal('application'),
      states: nonEmptyList(SEGMENT_APPLICATION_STATES, 'stato della domanda'),
    }),
  ],
  { message: 'Campo della condizione non valido.' },
);
export type SegmentCondition = z.infer<typeof SegmentConditionSchema>;

const combine = z.enum(SEGMENT_COMBINATIONS, { message: 'Scegli «e» oppure «o».' });

export const SegmentGroupSchema = z.object({
  combine,
  conditions: z
    .array(SegmentConditionSchema, { message: 'Condizioni non valide.' })
    .min(1, { message: 'Un gruppo deve avere almeno una condizione.' })
    .max(SEGMENT_MAX_CONDITIONS, {
      message: `Un gruppo può avere al massimo ${SEGMENT_MAX_CONDITIONS} condizioni.`,
    }),
});
export type SegmentGroup = z.infer<typeof SegmentGroupSchema>;

export const SegmentDefinitionSchema = z.object({
  combine,
  groups: z
    .array(SegmentGroupSchema, { message: 'Gruppi non validi.' })
    .min(1, { message: 'Il segmento deve avere almeno un gruppo di condizioni.' })
    .max(SEGMENT_MAX_GROUPS, {
      message: `Il segmento può avere al massimo ${SEGMENT_MAX_GROUPS} gruppi.`,
    }),
});
export type SegmentDefinition = z.infer<typeof SegmentDefinitionSchema>;

/** A saved segment as the staff edit it: its name, description and definition. */
export const SegmentInputSchema = z.object({
  name: z
    .string({ message: 'Scrivi il nome del segmento.' })
    .trim()
    .min(1, { message: 'Scrivi il nome del segmento.' })
    .max(120, { message: 'Il nome può avere al massimo 120 caratteri.' }),
  description: z
    .string({ message: 'Descrizione non valida.' })
    .trim()
    .max(1000, { message: 'La descrizione può avere al massimo 1000 caratteri.' })
    .default(''),
  definition: SegmentDefinitionSchema,
});
export type SegmentInput = z.infer<typeof SegmentInputSchema>;

export interface SavedSegment {
  id: number;
  name: string;
  description: string;
  definition: SegmentDefinition;
  createdBy: string;
  updatedBy: string;
  createdAt: string;
  updatedAt: string;
}

/** One person of the sample: who, and which conditions they meet (in Italian). */
export interface SegmentSamplePerson {
  memberId: number;
  firstName: string;
  lastName: string;
  email: string;
  reasons: string[];
}

/** The live preview of a definition: how many now, and a few of them. */
export interface SegmentPreview {
  count: number;
  /** «Nessun destinatario», «1 destinatario», «N destinatari». */
  countText: string;
  sample: SegmentSamplePerson[];
}

export function segmentCountText(count: number): string {
  if (count === 0) return 'Nessun destinatario';
  return count === 1 ? '1 destinatario' : `${count} destinatari`;
}

/** A condition in Italian, as the sample's reasons and the list show it. */
export function segmentConditionText(
  condition: SegmentCondition,
  eventTitle: (id: number) => string = (id) => `evento n. ${id}`,
): string {
  switch (condition.field) {
    case 'role':
      return `Ruolo: ${condition.roles.map((role) => SEGMENT_ROLE_LABELS[role]).join(', ')}`;
    case 'region':
      return `Regione: ${condition.regions.join(', ')}`;
    case 'qualification':
      return `Qualifica contiene «${condition.contains}»`;
    case 'profession': {
      const profession = ECM_PROFESSIONS.find((one) => one.code === condition.professionCode);
      const discipline = profession?.disciplines.find(
        (one) => one.code === condition.disciplineCode,
      );
      return `Professione: ${profession?.name ?? condition.professionCode}${
        discipline === undefined ? '' : `, ${discipline.name}`
      }`;
    }
    case 'dues':
      return `Quote ${condition.year}: ${condition.standings
        .map((standing) => STANDING_LABELS[standing])
        .join(', ')}`;
    case 'eventRegistration':
      return `Iscrizione a ${eventTitle(condition.eventId)}: ${condition.states
        .map((state) => REGISTRATION_STATE_LABELS[state])
        .join(', ')}`;
    case 'ecmCertificate':
      return `Attestato ECM di ${eventTitle(condition.eventId)} ${
        condition.issued ? 'rilasciato' : 'non rilasciato'
      }`;
    case 'newsletter':
      return condition.subscribed ? 'Iscritto alla newsletter' : 'Non iscritto alla newsletter';
    case 'application':
      return `Domanda di iscrizione: ${condition.states
        .map((state) => SEGMENT_APPLICATION_STATE_LABELS[state])
        .join(', ')}`;
  }
}
