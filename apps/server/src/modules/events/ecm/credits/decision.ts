import { percentText, type EcmCreditCheck, type EcmPresence } from '@sodalis/contracts';

/** A person's learning test as the credits read it (ADR 057). */
export interface TestStanding {
  /** The best score of the attempts submitted, %; null when none was. */
  bestScore: number | null;
  /** The instant of the first attempt that reached the pass mark; null when none did. */
  passedAt: string | null;
  attemptsUsed: number;
  attemptsAllowed: number;
}

/** What the decision reads for one person (ADR 060). */
export interface CreditFacts {
  /** Null when the profession and discipline are accredited, else why not (ADR 059). */
  professionReason: string | null;
  /** Attendance for ECM after the staff's corrections (ADR 056). */
  presence: EcmPresence;
  test: TestStanding;
  passMark: number;
  /** When the satisfaction questionnaire was completed (ADR 058); null when not yet. */
  questionnaireAt: string | null;
}

export interface CreditDecision {
  earned: boolean;
  checks: EcmCreditCheck[];
}

function testCheck(test: TestStanding, passMark: number): EcmCreditCheck {
  const condition = 'test';
  if (test.passedAt !== null) {
    return {
      condition,
      met: true,
      text: `Test superato con il ${percentText(test.bestScore ?? passMark)} (soglia ${passMark}%)`,
    };
  }
  if (test.bestScore === null) {
    return { condition, met: false, text: 'Test di apprendimento non ancora svolto' };
  }
  const left = Math.max(0, test.attemptsAllowed - test.attemptsUsed);
  const score = `${percentText(test.bestScore)} su ${passMark}% richiesto`;
  return {
    condition,
    met: false,
    text:
      left === 0
        ? `Test non superato (${score}): tentativi esauriti`
        : `Test non superato (${score}): ${left === 1 ? 'resta 1 tentativo' : `restano ${left} tentativi`}`,
  };
}

/**
 * The credit decision (ADR 060): accredited profession and discipline ∧ attendance at the
 * threshold ∧ the test at the pass mark ∧ the questionnaire completed. Every condition is
 * reported, met or not, so staff and the person see all that is missing at once.
 */
export function creditDecision(facts: CreditFacts): CreditDecision {
  const { presence } = facts;
  const checks: EcmCreditCheck[] = [
    {
      condition: 'profession',
      met: facts.professionReason === null,
      text: facts.professionReason ?? 'Professione e disciplina accreditate',
    },
    {
      condition: 'attendance',
      met: presence.reached,
      text: presence.reached
        ? `Presenza ${percentText(presence.percent)} (soglia ${presence.threshold}%)`
        : `Presenza ${percentText(presence.percent)} su ${presence.threshold}% richiesto`,
    },
    testCheck(facts.test, facts.passMark),
    {
      condition: 'questionnaire',
      met: facts.questionnaireAt !== null,
      text:
        facts.questionnaireAt === null
          ? 'Questionario di gradimento non ancora compilato'
          : 'Questionario di gradimento compilato',
    },
  ];
  return { earned: checks.every((check) => check.met), checks };
}
