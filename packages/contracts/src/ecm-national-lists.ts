import type { z } from './zod.js';

/**
 * The national code lists of the ECM professions and their disciplines (ADR 056), as Age.Na.S.
 * publishes them for the providers' reports (the tables of professions and disciplines of the
 * report's layout, version 1.24): a profession's code, and each of its disciplines' codes, which
 * are unique across professions. Reference data, edited here when Age.Na.S. issues a new
 * version: a code is never reused, so an event's stored codes keep their meaning; a discipline
 * the lists drop stays readable on the events that chose it (its code is shown). In the contracts
 * (ADR 059) so the registration form draws its choices from the same lists the server checks.
 */

export const AGENAS_CODES_VERSION = '1.24';

export interface EcmDisciplineCode {
  code: number;
  name: string;
}

export interface EcmProfessionCode {
  code: number;
  name: string;
  disciplines: readonly EcmDisciplineCode[];
}

export const ECM_PROFESSIONS: readonly EcmProfessionCode[] = [
  {
    code: 1,
    name: 'Medico chirurgo',
    disciplines: [
      { code: 1, name: 'Allergologia ed immunologia clinica' },
      { code: 2, name: 'Angiologia' },
      { code: 3, name: 'Cardiologia' },
      { code: 4, name: 'Dermatologia e venereologia' },
      { code: 5, name: 'Ematologia' },
      { code: 6, name: 'Endocrinologia' },
      { code: 7, name: 'Gastroenterologia' },
      { code: 8, name: 'Genetica medica' },
      { code: 9, name: 'Geriatria' },
      { code: 10, name: 'Malattie metaboliche e diabetologia' },
      { code: 11, name: 'Malattie dell’apparato respiratorio' },
      { code: 12, name: 'Malattie infettive' },
      { code: 13, name: 'Medicina d’emergenza-urgenza' },
      { code: 14, name: 'Medicina fisica e riabilitazione' },
      { code: 15, name: 'Medicina interna' },
      { code: 16, name: 'Medicina termale' },
      { code: 17, name: 'Medicina aeronautica e spaziale' },
      { code: 18, name: 'Medicina dello sport' },
      { code: 19, name: 'Nefrologia' },
      { code: 20, name: 'Neonatologia' },
      { code: 21, name: 'Neurologia' },
      { code: 22, name: 'Neuropsichiatria infantile' },
      { code: 23, name: 'Oncologia' },
      { code: 24, name: 'Pediatria' },
      { code: 25, name: 'Psichiatria' },
      { code: 26, name: 'Radioterapia' },
      { code: 27, name: 'Reumatologia' },
      { code: 29, name: 'Cardiochirurgia' },
      { code: 30, name: 'Chirurgia generale' },
      { code: 31, name: 'Chirurgia maxillo-facciale' },
      { code: 32, name: 'Chirurgia pediatrica' },
      { code: 33, name: 'Chirurgia plastica e ricostruttiva' },
      { code: 34, name: 'Chirurgia toracica' },
      { code: 35, name: 'Chirurgia vascolare' },
      { code: 36, name: 'Ginecologia e ostetricia' },
      { code: 37, name: 'Neurochirurgia' },
      { code: 38, name: 'Oftalmologia' },
      { code: 39, name: 'Ortopedia e traumatologia' },
      { code: 40, name: 'Otorinolaringoiatria' },
      { code: 41, name: 'Urologia' },
      { code: 42, name: 'Anatomia patologica' },
      { code: 43, name: 'Anestesia e rianimazione' },
      { code: 44, name: 'Biochimica clinica' },
      { code: 45, name: 'Farmacologia e tossicologia clinica' },
      { code: 46, name: 'Laboratorio di genetica medica' },
      { code: 47, name: 'Medicina trasfusionale' },
      { code: 48, name: 'Medicina legale' },
      { code: 49, name: 'Medicina nucleare' },
      { code: 50, name: 'Microbiologia e virologia' },
      { code: 51, name: 'Neurofisiopatologia' },
      { code: 52, name: 'Neuroradiologia' },
      {
        code: 53,
        name: 'Patologia clinica (laboratorio di analisi chimico-cliniche e microbiologia)',
      },
      { code: 54, name: 'Radiodiagnostica' },
      { code: 55, name: 'Igiene, epidemiologia e sanità pubblica' },
      { code: 56, name: 'Igiene degli alimenti e della nutrizione' },
      { code: 57, name: 'Medicina del lavoro e sicurezza degli ambienti di lavoro' },
      { code: 58, name: 'Medicina generale (medici di famiglia)' },
      { code: 59, name: 'Continuità assistenziale' },
      { code: 60, name: 'Pediatria (pediatri di libera scelta)' },
      { code: 106, name: 'Scienza dell’alimentazione e dietetica' },
      { code: 107, name: 'Direzione medica di presidio ospedaliero' },
      { code: 108, name: 'Organizzazione dei servizi sanitari di base' },
      { code: 111, name: 'Audiologia e foniatria' },
      { code: 112, name: 'Psicoterapia' },
      { code: 113, name: 'Privo di specializzazione' },
      { code: 114, name: 'Cure palliative' },
      { code: 115, name: 'Epidemiologia' },
      { code: 116, name: 'Medicina di comunità e delle cure primarie' },
      { code: 117, name: 'Medicina subacquea e iperbarica' },
    ],
  },
  {
    code: 2,
    name: 'Odontoiatra',
    disciplines: [{ code: 64, name: 'Odontoiatria' }],
  },
  {
    code: 3,
    name: 'Farmacista',
    disciplines: [
      { code: 66, name: 'Farmacista pubblico del SSN' },
      { code: 67, name: 'Farmacista territoriale' },
      { code: 118, name: 'Farmacista di altro settore' },
    ],
  },
  {
    code: 4,
    name: 'Veterinario',
    disciplines: [
      { code: 61, name: 'Igiene degli allevamenti e delle produzioni zootecniche' },
      {
        code: 62,
        name: 'Igiene prod., trasf., commercial., conserv. e tras. alimenti di origine animale e derivati',
      },
      { code: 63, name: 'Sanità animale' },
    ],
  },
  {
    code: 5,
    name: 'Psicologo',
    disciplines: [
      { code: 77, name: 'Psicoterapia' },
      { code: 78, name: 'Psicologia' },
    ],
  },
  {
    code: 6,
    name: 'Biologo',
    disciplines: [{ code: 68, name: 'Biologo' }],
  },
  {
    code: 7,
    name: 'Chimico',
    disciplines: [{ code: 76, name: 'Chimica' }],
  },
  {
    code: 8,
    name: 'Fisico',
    disciplines: [{ code: 79, name: 'Fisica' }],
  },
  {
    code: 9,
    name: 'Assistente sanitario',
    disciplines: [{ code: 80, name: 'Assistente sanitario' }],
  },
  {
    code: 10,
    name: 'Dietista',
    disciplines: [
      { code: 81, name: 'Dietista' },
      { code: 119, name: 'Iscritto nell’elenco speciale ad esaurimento' },
    ],
  },
  {
    code: 11,
    name: 'Educatore professionale',
    disciplines: [
      { code: 83, name: 'Educatore professionale' },
      { code: 120, name: 'Iscritto nell’elenco speciale ad esaurimento' },
    ],
  },
  {
    code: 12,
    name: 'Fisioterapista',
    disciplines: [
      { code: 82, name: 'Fisioterapista' },
      { code: 121, name: 'Iscritto nell’elenco speciale ad esaurimento' },
    ],
  },
  {
    code: 13,
    name: 'Igienista dentale',
    disciplines: [
      { code: 84, name: 'Igienista dentale' },
      { code: 122, name: 'Iscritto nell’elenco speciale ad esaurimento' },
    ],
  },
  {
    code: 14,
    name: 'Infermiere',
    disciplines: [{ code: 85, name: 'Infermiere' }],
  },
  {
    code: 15,
    name: 'Infermiere pediatrico',
    disciplines: [{ code: 86, name: 'Infermiere pediatrico' }],
  },
  {
    code: 16,
    name: 'Logopedista',
    disciplines: [
      { code: 87, name: 'Logopedista' },
      { code: 123, name: 'Iscritto nell’elenco speciale ad esaurimento' },
    ],
  },
  {
    code: 17,
    name: 'Ortottista/assistente di oftalmologia',
    disciplines: [
      { code: 88, name: 'Ortottista/assistente di oftalmologia' },
      { code: 124, name: 'Iscritto nell’elenco speciale ad esaurimento' },
    ],
  },
  {
    code: 18,
    name: 'Ostetrica/o',
    disciplines: [{ code: 89, name: 'Ostetrica/o' }],
  },
  {
    code: 19,
    name: 'Podologo',
    disciplines: [
      { code: 90, name: 'Podologo' },
      { code: 125, name: 'Iscritto nell’elenco speciale ad esaurimento' },
    ],
  },
  {
    code: 20,
    name: 'Tecnico audiometrista',
    disciplines: [
      { code: 95, name: 'Tecnico audiometrista' },
      { code: 126, name: 'Iscritto nell’elenco speciale ad esaurimento' },
    ],
  },
  {
    code: 21,
    name: 'Tecnico audioprotesista',
    disciplines: [
      { code: 96, name: 'Tecnico audioprotesista' },
      { code: 127, name: 'Iscritto nell’elenco speciale ad esaurimento' },
    ],
  },
  {
    code: 22,
    name: 'Tecnico della fisiopatologia cardiocircolatoria e perfusione cardiovascolare',
    disciplines: [
      {
        code: 92,
        name: 'Tecnico della fisiopatologia cardiocircolatoria e perfusione cardiovascolare',
      },
      { code: 128, name: 'Iscritto nell’elenco speciale ad esaurimento' },
    ],
  },
  {
    code: 23,
    name: 'Tecnico della prevenzione nell’ambiente e nei luoghi di lavoro',
    disciplines: [
      { code: 105, name: 'Tecnico della prevenzione nell’ambiente e nei luoghi di lavoro' },
      { code: 129, name: 'Iscritto nell’elenco speciale ad esaurimento' },
    ],
  },
  {
    code: 24,
    name: 'Tecnico della riabilitazione psichiatrica',
    disciplines: [
      { code: 91, name: 'Tecnico della riabilitazione psichiatrica' },
      { code: 130, name: 'Iscritto nell’elenco speciale ad esaurimento' },
    ],
  },
  {
    code: 25,
    name: 'Tecnico di neurofisiopatologia',
    disciplines: [
      { code: 98, name: 'Tecnico di neurofisiopatologia' },
      { code: 131, name: 'Iscritto nell’elenco speciale ad esaurimento' },
    ],
  },
  {
    code: 26,
    name: 'Tecnico ortopedico',
    disciplines: [
      { code: 99, name: 'Tecnico ortopedico' },
      { code: 132, name: 'Iscritto nell’elenco speciale ad esaurimento' },
    ],
  },
  {
    code: 27,
    name: 'Tecnico sanitario di radiologia medica',
    disciplines: [{ code: 94, name: 'Tecnico sanitario di radiologia medica' }],
  },
  {
    code: 28,
    name: 'Tecnico sanitario laboratorio biomedico',
    disciplines: [
      { code: 93, name: 'Tecnico sanitario laboratorio biomedico' },
      { code: 133, name: 'Iscritto nell’elenco speciale ad esaurimento' },
    ],
  },
  {
    code: 29,
    name: 'Terapista della neuro e psicomotricità dell’età evolutiva',
    disciplines: [
      { code: 100, name: 'Terapista della neuro e psicomotricità dell’età evolutiva' },
      { code: 134, name: 'Iscritto nell’elenco speciale ad esaurimento' },
    ],
  },
  {
    code: 30,
    name: 'Terapista occupazionale',
    disciplines: [
      { code: 101, name: 'Terapista occupazionale' },
      { code: 135, name: 'Iscritto nell’elenco speciale ad esaurimento' },
    ],
  },
  {
    code: 33,
    name: 'Massofisioterapista iscritto all’elenco speciale ex art.5 D.M. 9 agosto 2019',
    disciplines: [
      { code: 136, name: 'Iscritto nell’elenco speciale ad esaurimento ex art.5 D.M. 09.08.2019' },
    ],
  },
];

/** A profession of the lists by its code; undefined: not in the lists. */
export function ecmProfessionOf(code: number): EcmProfessionCode | undefined {
  return ECM_PROFESSIONS.find((profession) => profession.code === code);
}

/** A discipline of the lists by its code, with its profession; undefined: not in the lists. */
export function ecmDisciplineOf(
  code: number,
): { discipline: EcmDisciplineCode; profession: EcmProfessionCode } | undefined {
  for (const profession of ECM_PROFESSIONS) {
    const discipline = profession.disciplines.find((each) => each.code === code);
    if (discipline !== undefined) return { discipline, profession };
  }
  return undefined;
}

/** A profession's name, or its code when the lists dropped it (never a bare blank). */
export function ecmProfessionName(code: number): string {
  return ecmProfessionOf(code)?.name ?? `Professione codice ${code}`;
}

/** A discipline's name, or its code when the lists dropped it. */
export function ecmDisciplineName(code: number): string {
  return ecmDisciplineOf(code)?.discipline.name ?? `Disciplina codice ${code}`;
}

/** Words compared without case, accents, apostrophes' kind and extra spaces (ADR 059). */
export function comparableWords(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘`´]/g, "'")
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The codes of a profession and discipline written as words (the free text of the forms before
 * ADR 059): a code only where the words are a name of the lists, the discipline among the
 * profession's; null where they are not.
 */
export function ecmCodesOfWords(
  profession: string | null,
  discipline: string | null,
): { professionCode: number | null; disciplineCode: number | null } {
  const words = profession === null ? '' : comparableWords(profession);
  const found = ECM_PROFESSIONS.find((each) => comparableWords(each.name) === words);
  if (found === undefined) return { professionCode: null, disciplineCode: null };
  const disciplineWords = discipline === null ? '' : comparableWords(discipline);
  const chosen = found.disciplines.find((each) => comparableWords(each.name) === disciplineWords);
  return { professionCode: found.code, disciplineCode: chosen?.code ?? null };
}

/**
 * The employment status Age.Na.S. asks of each participant in the provider's report (ADR 059):
 * libero professionista, dipendente, convenzionato, privo di occupazione.
 */
export const EMPLOYMENT_STATUSES = [
  'libero-professionista',
  'dipendente',
  'convenzionato',
  'privo-di-occupazione',
] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];

export const EMPLOYMENT_LABELS: Record<EmploymentStatus, string> = {
  'libero-professionista': 'Libero professionista',
  dipendente: 'Dipendente',
  convenzionato: 'Convenzionato',
  'privo-di-occupazione': 'Privo di occupazione',
};

/** The profession select's choice for people who are not health professionals (no ECM). */
export const OTHER_PROFESSION = 'altra';
export const OTHER_PROFESSION_LABEL = 'Altra professione (non sanitaria)';

export const PROFESSIONAL_FACTS_MESSAGES = {
  professionRequired: 'Professione: scegli la tua professione dall’elenco.',
  professionUnknown: 'Professione: scegli una voce dell’elenco.',
  disciplineRequired: (profession: string) =>
    `Disciplina: scegli la tua disciplina tra quelle di ${profession}.`,
  disciplineOfOther: (discipline: string, profession: string) =>
    `Disciplina: «${discipline}» non è una disciplina di ${profession}; scegli tra quelle della tua professione.`,
  disciplineUnknown: 'Disciplina: scegli una voce dell’elenco.',
  disciplineWithoutProfession: 'Disciplina: scegli prima la professione.',
  disciplineNotHealth:
    'Disciplina: le discipline sono delle professioni sanitarie; con «Altra professione» lasciala vuota.',
  otherRequired: 'Altra professione: scrivi quale.',
  otherLong: 'Altra professione: al massimo 120 caratteri.',
  employment: 'Condizione lavorativa: scegli una voce dell’elenco.',
  nonHealthNote:
    'Chi non esercita una professione sanitaria può iscriversi agli eventi ma non riceve crediti ECM.',
} as const;

/** The profession as the forms post it: a code of the lists, «altra», or nothing. */
export type ProfessionChoice = number | typeof OTHER_PROFESSION | null;

/** The professional facts as the forms send them, before they are checked. */
export interface ProfessionalFacts {
  professionCode: ProfessionChoice;
  disciplineCode: number | null;
  otherProfession: string | null;
  employment: EmploymentStatus | null;
}

/** A field's blank (or absent) value as null, else the text trimmed. */
function blankToNull(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  return value;
}

/** The profession's field: a code, «altra», or blank. */
export function professionChoiceOf(value: unknown): ProfessionChoice | 'invalid' {
  const given = blankToNull(value);
  if (given === null) return null;
  if (given === OTHER_PROFESSION) return OTHER_PROFESSION;
  const code =
    typeof given === 'number' ? given : /^\d{1,4}$/.test(String(given)) ? Number(given) : NaN;
  return Number.isInteger(code) && code > 0 ? code : 'invalid';
}

/** The discipline's field: a code or blank. */
export function disciplineChoiceOf(value: unknown): number | null | 'invalid' {
  const given = blankToNull(value);
  if (given === null) return null;
  const code =
    typeof given === 'number' ? given : /^\d{1,4}$/.test(String(given)) ? Number(given) : NaN;
  return Number.isInteger(code) && code > 0 ? code : 'invalid';
}

/**
 * The professional facts' rules (ADR 059), one issue per field: a profession of the lists (or
 * «altra» with its name), a discipline of that profession (required: the report needs it), none
 * for «altra», an employment status of Age.Na.S.'s. `required`: the profession must be given.
 */
export function checkProfessionalFacts(
  raw: {
    professionCode?: unknown;
    disciplineCode?: unknown;
    otherProfession?: unknown;
    employment?: unknown;
  },
  context: z.RefinementCtx,
  required: boolean,
): ProfessionalFacts {
  // Run with the other fields' refusals too: the body may not even be an object.
  if (typeof raw !== 'object' || raw === null) raw = {};
  const messages = PROFESSIONAL_FACTS_MESSAGES;
  const issue = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  const discipline = disciplineChoiceOf(raw.disciplineCode);
  const otherText = blankToNull(raw.otherProfession);
  const other = typeof otherText === 'string' ? otherText : null;
  // Without scripts every field is on the page: a profession left blank is the one the
  // discipline chosen belongs to, or «altra» when only its words were written (nothing lost).
  const given = professionChoiceOf(raw.professionCode);
  const owner = typeof discipline === 'number' ? ecmDisciplineOf(discipline) : undefined;
  const profession =
    given !== null
      ? given
      : owner !== undefined
        ? owner.profession.code
        : other !== null && discipline === null
          ? OTHER_PROFESSION
          : null;
  const employmentGiven = blankToNull(raw.employment);
  let employment: EmploymentStatus | null = null;
  if (employmentGiven !== null) {
    if ((EMPLOYMENT_STATUSES as readonly unknown[]).includes(employmentGiven)) {
      employment = employmentGiven as EmploymentStatus;
    } else issue('employment', messages.employment);
  }
  const facts: ProfessionalFacts = {
    professionCode: null,
    disciplineCode: null,
    otherProfession: null,
    employment,
  };
  if (profession === 'invalid') {
    issue('professionCode', messages.professionUnknown);
    return facts;
  }
  if (profession === null) {
    if (required) issue('professionCode', messages.professionRequired);
    else if (discipline !== null) issue('disciplineCode', messages.disciplineWithoutProfession);
    return facts;
  }
  if (profession === OTHER_PROFESSION) {
    if (other === null) issue('otherProfession', messages.otherRequired);
    else if (other.length > 120) issue('otherProfession', messages.otherLong);
    if (discipline !== null) issue('disciplineCode', messages.disciplineNotHealth);
    return { ...facts, professionCode: OTHER_PROFESSION, otherProfession: other };
  }
  const found = ecmProfessionOf(profession);
  if (found === undefined) {
    issue('professionCode', messages.professionUnknown);
    return facts;
  }
  if (discipline === null) {
    issue('disciplineCode', messages.disciplineRequired(found.name));
  } else if (discipline === 'invalid') {
    issue('disciplineCode', messages.disciplineUnknown);
  } else {
    const owner = ecmDisciplineOf(discipline);
    if (owner === undefined) issue('disciplineCode', messages.disciplineUnknown);
    else if (owner.profession.code !== found.code) {
      issue('disciplineCode', messages.disciplineOfOther(owner.discipline.name, found.name));
    }
  }
  return {
    ...facts,
    professionCode: found.code,
    disciplineCode: typeof discipline === 'number' ? discipline : null,
  };
}

/** The words of the facts as people read them (the registration's text columns keep them). */
export function professionalFactsWords(facts: ProfessionalFacts): {
  profession: string | null;
  discipline: string | null;
} {
  if (facts.professionCode === OTHER_PROFESSION) {
    return { profession: facts.otherProfession, discipline: null };
  }
  if (facts.professionCode === null) return { profession: null, discipline: null };
  return {
    profession: ecmProfessionName(facts.professionCode),
    discipline: facts.disciplineCode === null ? null : ecmDisciplineName(facts.disciplineCode),
  };
}
