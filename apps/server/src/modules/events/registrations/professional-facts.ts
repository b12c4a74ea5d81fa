import {
  EMPLOYMENT_LABELS,
  EMPLOYMENT_STATUSES,
  ecmProfessionName,
  ecmDisciplineName,
  OTHER_PROFESSION,
  type EmploymentStatus,
  type ProfessionalFacts,
  type ProfessionChoice,
} from '@sodalis/contracts';

/**
 * The professional facts as stored (migration 0061, ADR 059) and as people read them: the
 * codes of the national lists with their names, never bare codes.
 */

/** The stored columns of the facts (a registration's or an events' account's). */
export interface StoredProfessionalFacts {
  profession: string | null;
  discipline: string | null;
  profession_code: number | null;
  discipline_code: number | null;
  employment: string | null;
  profession_to_check: number;
}

export function employmentOf(value: string | null): EmploymentStatus | null {
  return (EMPLOYMENT_STATUSES as readonly (string | null)[]).includes(value)
    ? (value as EmploymentStatus)
    : null;
}

/** The facts' columns for what a form sent (the words: the codes' names, or the person's). */
export function storedFactsOf(facts: ProfessionalFacts): StoredProfessionalFacts {
  const code = typeof facts.professionCode === 'number' ? facts.professionCode : null;
  return {
    profession:
      code !== null
        ? ecmProfessionName(code)
        : facts.professionCode === OTHER_PROFESSION
          ? facts.otherProfession
          : null,
    discipline:
      code !== null && facts.disciplineCode !== null
        ? ecmDisciplineName(facts.disciplineCode)
        : null,
    profession_code: code,
    discipline_code: code === null ? null : facts.disciplineCode,
    employment: facts.employment,
    profession_to_check: 0,
  };
}

/** The facts as the staff read them: words, codes with their names, what to check. */
export function registrationProfessionalFacts(row: StoredProfessionalFacts) {
  const employment = employmentOf(row.employment);
  return {
    profession:
      row.profession_code === null ? row.profession : ecmProfessionName(row.profession_code),
    discipline:
      row.discipline_code === null ? row.discipline : ecmDisciplineName(row.discipline_code),
    professionCode: row.profession_code,
    disciplineCode: row.discipline_code,
    professionToCheck: row.profession_to_check === 1,
    employment,
    employmentLabel: employment === null ? null : EMPLOYMENT_LABELS[employment],
  };
}

/**
 * The form's choice the stored facts give back (the prefill, ADR 059): the code, «altra» with the
 * words of who is not a health professional, nothing for words left to check.
 */
export function professionChoiceOfStored(row: StoredProfessionalFacts): {
  professionCode: ProfessionChoice;
  disciplineCode: number | null;
  otherProfession: string | null;
} {
  if (row.profession_code !== null) {
    return {
      professionCode: row.profession_code,
      disciplineCode: row.discipline_code,
      otherProfession: null,
    };
  }
  if (row.profession_to_check === 0 && row.profession !== null && row.profession !== '') {
    return {
      professionCode: OTHER_PROFESSION,
      disciplineCode: null,
      otherProfession: row.profession,
    };
  }
  return { professionCode: null, disciplineCode: null, otherProfession: null };
}
