import type { EcmProfession } from '@sodalis/contracts';
import { AGENAS_CODES_VERSION, ECM_PROFESSIONS } from '@sodalis/contracts';

/** Look-ups in the national lists (ADR 056). */

/** Each discipline's code to its profession's. */
const PROFESSION_OF_DISCIPLINE = new Map<number, number>(
  ECM_PROFESSIONS.flatMap((profession) =>
    profession.disciplines.map((discipline) => [discipline.code, profession.code] as const),
  ),
);
const PROFESSION_CODES = new Set(ECM_PROFESSIONS.map((profession) => profession.code));

export function isProfessionCode(code: number): boolean {
  return PROFESSION_CODES.has(code);
}

/** The profession a discipline belongs to; undefined: not a discipline of the lists. */
export function professionOfDiscipline(code: number): number | undefined {
  return PROFESSION_OF_DISCIPLINE.get(code);
}

/** The lists as the staff's screen chooses from them. */
export function ecmReference(): { version: string; professions: EcmProfession[] } {
  return {
    version: AGENAS_CODES_VERSION,
    professions: ECM_PROFESSIONS.map((profession) => ({
      code: profession.code,
      name: profession.name,
      disciplines: profession.disciplines.map((discipline) => ({ ...discipline })),
    })),
  };
}
