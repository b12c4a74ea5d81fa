import {
  ECM_TEST_MESSAGES,
  italianDateTime,
  percentText,
  type EcmAttemptResult,
  type EcmTestLink,
  type EcmTestState,
  type EcmTestView,
  type MyRegistration,
} from '@sodalis/contracts';
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, Executor } from '../../../../db/schema.js';
import { AppError } from '../../../../http/app-error.js';
import type { Clock } from '../../../../text/dates.js';
import { refusal } from '../../attendance/admin-rules.js';
import { findEventRows, type EventRow } from '../../repository.js';
import { findRegistration } from '../../registrations/repository.js';
import type { EcmAttendance } from '../attendance-service.js';
import { ecmValuesOf } from '../admin-service.js';
import { ecmIneligibilityReason } from '../eligibility.js';
import { findEcm, type EcmRow } from '../repository.js';
import { bankRules, closingOf } from './admin-service.js';
import {
  answersOf,
  attemptsOf,
  attemptsOfEvent,
  findTest,
  insertAttemptOnce,
  lockOpenAttempt,
  questionsOf,
  saveAnswer,
  submitAttempt,
  testsAmong,
  type AttemptRow,
  type TestRow,
} from './repository.js';
import { composeAttempt, percentOf, scoreOf, type ShownQuestion } from './rules.js';

/**
 * Whether a registration's profession and discipline are among those the event is accredited
 * for: null when they are, otherwise the Italian reason shown to the person (ADR 057). Injected,
 * so the check by the national codes the registration form will store replaces the interim one.
 */
export type ProfessionEligibility = (
  eventId: number,
  registrationId: number,
) => Promise<string | null>;

export interface LearningTestDeps {
  db: Kysely<Database>;
  clock: Clock;
  ecmAttendance: Pick<EcmAttendance, 'presenceOf'>;
  professionEligibility: ProfessionEligibility;
}

/**
 * The check by the national codes the registration stores (ADR 059): the event's accredited
 * professions and disciplines against the registration's, the reason in the person's words.
 */
export function professionByCodes(db: Executor): ProfessionEligibility {
  return async (eventId, registrationId) => {
    const [ecm, registration] = await Promise.all([
      findEcm(db, eventId),
      findRegistration(db, registrationId),
    ]);
    if (ecm === undefined || registration === undefined) return NOT_AVAILABLE;
    return ecmIneligibilityReason(ecmValuesOf(ecm), {
      professionCode: registration.profession_code,
      disciplineCode: registration.discipline_code,
      profession: registration.profession,
    });
  };
}

const NOT_AVAILABLE = 'Il test di apprendimento di questo evento non è disponibile.';

type Shown = ShownQuestion[];
const shownOf = (attempt: AttemptRow): Shown => JSON.parse(attempt.questions) as Shown;

function resultOf(attempt: AttemptRow): EcmAttemptResult | null {
  if (attempt.submitted_at === null || attempt.correct_count === null) return null;
  return {
    number: attempt.number,
    correct: attempt.correct_count,
    total: attempt.total,
    percent: percentOf(attempt.correct_count, attempt.total),
    passed: attempt.passed === 1,
    submittedAt: attempt.submitted_at,
  };
}

function stateOf(attempts: readonly AttemptRow[]): EcmTestState {
  if (attempts.some((attempt) => attempt.passed === 1)) return 'superato';
  if (attempts.some((attempt) => attempt.submitted_at === null)) return 'in-corso';
  return attempts.length === 0 ? 'da-svolgere' : 'non-superato';
}

interface Context {
  event: EventRow;
  ecm: EcmRow;
  test: TestRow | undefined;
  refusal: string | null;
}

/**
 * The participant's learning test (ADR 057): open after the event's end until its closing
 * instant, to confirmed registrants with the attendance reached and an accredited profession and
 * discipline; attempts drawn and shuffled per person, answers saved as given, scored once.
 */
export class LearningTests {
  constructor(readonly deps: LearningTestDeps) {}

  /** A person's own confirmed registration to an accredited event, or 404. */
  private async context(db: Executor, memberId: number, registrationId: number): Promise<Context> {
    const registration = await findRegistration(db, registrationId);
    if (
      registration === undefined ||
      registration.member_id !== memberId ||
      registration.state !== 'confirmed'
    ) {
      throw new AppError('notFound');
    }
    const [[event], ecm, test] = await Promise.all([
      findEventRows(db, [registration.event_id]),
      findEcm(db, registration.event_id),
      findTest(db, registration.event_id),
    ]);
    if (event === undefined || event.deleted_at !== null || ecm === undefined) {
      throw new AppError('notFound');
    }
    return {
      event,
      ecm,
      test,
      refusal: await this.eligibility(db, event, ecm, test, registrationId),
    };
  }

  /** Why the person cannot take the test now, in the order a person would ask; null: they can. */
  private async eligibility(
    db: Executor,
    event: EventRow,
    ecm: EcmRow,
    test: TestRow | undefined,
    registrationId: number,
  ): Promise<string | null> {
    const now = this.deps.clock().toISOString();
    if (event.ecm_credits !== 1 || (test?.opened_at ?? null) === null) return NOT_AVAILABLE;
    if (now < event.ends_at) {
      return `Il test si apre al termine dell’evento: dal ${italianDateTime(event.ends_at)}.`;
    }
    const closesAt = closingOf(event, test);
    if (now >= closesAt) return `Il test si è chiuso il ${italianDateTime(closesAt)}.`;
    const presence = await this.deps.ecmAttendance.presenceOf(
      db,
      event.id,
      registrationId,
      ecm.attendance_threshold,
    );
    if (!presence.reached) {
      return `Non puoi ancora svolgere il test: presenza ${percentText(presence.percent)} su ${percentText(presence.threshold)} richiesto.`;
    }
    const profession = await this.deps.professionEligibility(event.id, registrationId);
    if (profession !== null) return profession;
    if (bankRules(ecm, test, (await questionsOf(db, event.id)).length).missing !== null) {
      return 'Il test non è ancora disponibile: la segreteria sta completando le domande.';
    }
    return null;
  }

  private async viewOf(db: Executor, context: Context, registrationId: number) {
    const attempts = await attemptsOf(db, registrationId);
    const current = attempts.find((attempt) => attempt.submitted_at === null);
    const answers =
      current === undefined ? new Map<number, number>() : await answersOf(db, current.id);
    const last = attempts.filter((attempt) => attempt.submitted_at !== null).at(-1);
    const view: EcmTestView = {
      registrationId,
      eventTitle: context.event.title,
      refusal: context.refusal,
      state: stateOf(attempts),
      passMark: context.ecm.pass_mark,
      attemptsAllowed: context.ecm.attempts,
      attemptsUsed: attempts.length,
      attemptsLeft: Math.max(0, context.ecm.attempts - attempts.length),
      opensAt: context.event.ends_at,
      closesAt: closingOf(context.event, context.test),
      attempt:
        current === undefined
          ? null
          : {
              number: current.number,
              startedAt: current.started_at,
              questions: shownOf(current).map((question, position) => ({
                position,
                text: question.text,
                options: question.options,
                chosen: answers.get(position) ?? null,
              })),
            },
      last: last === undefined ? null : resultOf(last),
    };
    return view;
  }

  async view(memberId: number, registrationId: number): Promise<EcmTestView> {
    const { db } = this.deps;
    return this.viewOf(db, await this.context(db, memberId, registrationId), registrationId);
  }

  /**
   * Begins an attempt, or gives back the one under way: two requests at once make one attempt
   * (the unique (registration, number); the second insert does nothing and reads the first's).
   */
  async start(memberId: number, registrationId: number): Promise<EcmTestView> {
    const { db } = this.deps;
    const context = await this.context(db, memberId, registrationId);
    if (context.refusal !== null) throw refusal('test', context.refusal);
    const attempts = await attemptsOf(db, registrationId);
    if (attempts.some((attempt) => attempt.submitted_at === null)) {
      return this.viewOf(db, context, registrationId);
    }
    if (attempts.some((attempt) => attempt.passed === 1)) {
      throw refusal('test', ECM_TEST_MESSAGES.alreadyPassed);
    }
    if (attempts.length >= context.ecm.attempts) {
      throw refusal('test', ECM_TEST_MESSAGES.noAttemptsLeft);
    }
    const bank = (await questionsOf(db, context.event.id)).map((row) => ({
      id: row.id,
      text: row.text,
      options: JSON.parse(row.options) as string[],
      correct: row.correct,
    }));
    const rules = bankRules(context.ecm, context.test, bank.length);
    const previous = attempts.at(-1);
    const seed = randomInt(0, 2 ** 31);
    const questions = composeAttempt({
      bank,
      perAttempt: rules.perAttempt ?? bank.length,
      attemptsAllowed: context.ecm.attempts,
      previous: previous === undefined ? null : shownOf(previous).map((item) => item.questionId),
      seed,
    });
    await insertAttemptOnce(db, {
      event_id: context.event.id,
      registration_id: registrationId,
      number: attempts.length + 1,
      seed,
      questions: JSON.stringify(questions),
      started_at: this.deps.clock().toISOString(),
      submitted_at: null,
      correct_count: null,
      total: questions.length,
      passed: null,
    });
    return this.viewOf(db, context, registrationId);
  }

  /**
   * Saves answers as given (one with scripts, the form's all without) to the attempt under way;
   * with `submit`, hands it in and scores it against the pass mark, once.
   */
  async answer(
    memberId: number,
    registrationId: number,
    answers: readonly { position: number; choice: number }[],
    submit: boolean,
  ): Promise<EcmTestView> {
    const { db } = this.deps;
    const context = await this.context(db, memberId, registrationId);
    if (context.refusal !== null) throw refusal('test', context.refusal);
    const current = (await attemptsOf(db, registrationId)).find(
      (attempt) => attempt.submitted_at === null,
    );
    if (current === undefined) throw refusal('attempt', ECM_TEST_MESSAGES.noAttempt);
    const shown = shownOf(current);
    if (answers.some((item) => item.position >= shown.length)) {
      throw refusal('position', ECM_TEST_MESSAGES.position);
    }
    const now = this.deps.clock().toISOString();
    await db.transaction().execute(async (trx) => {
      if (!(await lockOpenAttempt(trx, current.id))) {
        throw refusal('attempt', ECM_TEST_MESSAGES.submitted);
      }
      for (const item of answers) {
        await saveAnswer(trx, {
          attempt_id: current.id,
          position: item.position,
          choice: item.choice,
          answered_at: now,
        });
      }
      if (!submit) return;
      const score = scoreOf(shown, await answersOf(trx, current.id), context.ecm.pass_mark);
      await submitAttempt(trx, current.id, {
        submitted_at: now,
        correct_count: score.correct,
        passed: score.passed ? 1 : 0,
      });
    });
    return this.viewOf(db, context, registrationId);
  }

  /**
   * "Le mie iscrizioni": the test's state and attempts left on each confirmed registration to an
   * event whose test is open to that person now.
   */
  async mine(registrations: MyRegistration[]): Promise<MyRegistration[]> {
    const { db } = this.deps;
    const confirmed = registrations.filter((row) => row.state === 'confirmed');
    const tests = (await testsAmong(db, [...new Set(confirmed.map((row) => row.event.id))])).filter(
      (test) => test.opened_at !== null,
    );
    if (tests.length === 0) return registrations;
    const links = new Map<number, EcmTestLink>();
    for (const row of confirmed) {
      if (!tests.some((test) => test.event_id === row.event.id)) continue;
      const link = await this.linkOf(row);
      if (link !== null) links.set(row.id, link);
    }
    return registrations.map((row) =>
      links.has(row.id) ? { ...row, ecmTest: links.get(row.id) } : row,
    );
  }

  private async linkOf(row: MyRegistration): Promise<EcmTestLink | null> {
    const { db } = this.deps;
    const registration = await findRegistration(db, row.id);
    if (registration === undefined) return null;
    const context = await this.context(db, registration.member_id, row.id).catch(() => null);
    if (context === null) return null;
    const view = await this.viewOf(db, context, row.id);
    // Shown when the person may take it now, or has taken it (the result stays readable).
    if (context.refusal !== null && view.attemptsUsed === 0) return null;
    return { state: view.state, attemptsLeft: view.attemptsLeft, closesAt: view.closesAt };
  }
}

/** One registration's results for the credits (ADR 057, read by the credit decision). */
export interface LearningTestResult {
  registrationId: number;
  /** Attempts begun. */
  attempts: number;
  /** The last attempt handed in: passed or not, its score; null when none was. */
  last: EcmAttemptResult | null;
  /** The best passing attempt (highest score, then earliest); null when none passed. */
  bestPassing: { percent: number; submittedAt: string; number: number } | null;
}

/**
 * For an event, each registration that began the test: its attempts' count, its last result
 * and its best passing attempt (score % and instant). Registrations without attempts are absent.
 */
export async function learningTestResults(
  db: Executor,
  eventId: number,
): Promise<LearningTestResult[]> {
  const byRegistration = new Map<number, AttemptRow[]>();
  for (const attempt of await attemptsOfEvent(db, eventId)) {
    byRegistration.set(attempt.registration_id, [
      ...(byRegistration.get(attempt.registration_id) ?? []),
      attempt,
    ]);
  }
  return [...byRegistration.entries()].map(([registrationId, attempts]) => {
    const results = attempts.map(resultOf).filter((item) => item !== null);
    const best = results
      .filter((item) => item.passed)
      .reduce<EcmAttemptResult | null>(
        (top, item) =>
          top === null ||
          item.percent > top.percent ||
          (item.percent === top.percent && item.submittedAt < top.submittedAt)
            ? item
            : top,
        null,
      );
    return {
      registrationId,
      attempts: attempts.length,
      last: results.at(-1) ?? null,
      bestPassing:
        best === null
          ? null
          : { percent: best.percent, submittedAt: best.submittedAt, number: best.number },
    };
  });
}
