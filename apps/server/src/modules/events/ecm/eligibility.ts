import { ecmDisciplineName, ecmProfessionName, type EventEcmValues } from '@sodalis/contracts';

/** A registration's professional facts as eligibility reads them (migration 0061, ADR 059). */
export interface EligibilityFacts {
  professionCode: number | null;
  disciplineCode: number | null;
  /** The profession's words: who is not a health professional, or old words left to check. */
  profession: string | null;
}

/**
 * Whether a registration's profession and discipline are among those an event is accredited for
 * (ADR 059): null when they are, else the Italian sentence that tells the person why not.
 * `ecm` null: the event has no ECM data. The learning test's access and the credit decision
 * read it; the codes only, never words (a discipline is accredited by its national code).
 */
export function ecmIneligibilityReason(
  ecm: Pick<EventEcmValues, 'professions' | 'disciplines'> | null,
  facts: EligibilityFacts,
): string | null {
  if (ecm === null) return 'Questo evento non è accreditato ECM.';
  if (facts.professionCode === null) {
    return facts.profession === null || facts.profession.trim() === ''
      ? 'Non hai indicato professione e disciplina nell’iscrizione: i crediti ECM si riconoscono alle professioni accreditate per l’evento. Scrivi alla segreteria per aggiungerle.'
      : `La tua professione (${facts.profession}) non è tra le professioni sanitarie dell’elenco nazionale: i crediti ECM non sono previsti. Se è un errore, scrivi alla segreteria.`;
  }
  if (!ecm.professions.includes(facts.professionCode)) {
    return `La tua professione (${ecmProfessionName(facts.professionCode)}) non è tra quelle accreditate per questo evento.`;
  }
  if (facts.disciplineCode === null) {
    return 'Non hai indicato la tua disciplina nell’iscrizione: i crediti ECM si riconoscono alle discipline accreditate per l’evento. Scrivi alla segreteria per aggiungerla.';
  }
  if (!ecm.disciplines.includes(facts.disciplineCode)) {
    return `La tua disciplina (${ecmDisciplineName(facts.disciplineCode)}) non è tra quelle accreditate per questo evento.`;
  }
  return null;
}
