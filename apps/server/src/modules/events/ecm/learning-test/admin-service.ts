import {
  bankRequired,
  ECM_TEST_MESSAGES,
  ECM_TEST_RULES,
  minimumQuestions,
  missingQuestionsMessage,
  newQuestionsRequired,
  type EcmChecklistItem,
  type EcmQuestion,
  type EcmTestAdmin,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Database, Executor } from '../../../../db/schema.js';
import { AppError } from '../../../../http/app-error.js';
import type { Clock } from '../../../../text/dates.js';
import { writeAudit, type Actor } from '../../../admin/audit.js';
import { liveEvent, refusal } from '../../attendance/admin-rules.js';
import type { EventRow } from '../../repository.js';
import { lockEvent } from '../../registrations/repository.js';
import { findEcm, type EcmRow } from '../repository.js';
import {
  attemptsStarted,
  deleteQuestion,
  findTest,
  insertQuestion,
  questionsOf,
  saveTest,
  setQuestionPosition,
  updateQuestion,
  type QuestionRow,
  type TestRow,
} from './repository.js';

export interface EcmTestDeps {
  db: Kysely<Database>;
  clock: Clock;
}

const DAY_MS = 24 * 60 * 60_000;

/** The instant the test closes: the staff's setting, else 3 days after the event's end. */
export function closingOf(event: Pick<EventRow, 'ends_at'>, test: TestRow | undefined): string {
  return (
    test?.closes_at ??
    new Date(Date.parse(event.ends_at) + ECM_TEST_RULES.closeDaysAfterEnd * DAY_MS).toISOString()
  );
}

/** What the rules ask of an event's bank (ADR 057), from its ECM data and settings. */
export function bankRules(ecm: EcmRow | undefined, test: TestRow | undefined, bankSize: number) {
  const credits =
    ecm?.credits_tenths === null || ecm === undefined ? null : ecm.credits_tenths / 10;
  const attempts = ecm?.attempts ?? 1;
  const minimum = credits === null ? null : minimumQuestions(credits);
  const perAttempt =
    minimum === null ? null : Math.max(minimum, test?.questions_per_attempt ?? minimum);
  const required = perAttempt === null ? null : bankRequired(attempts, perAttempt);
  const missing =
    credits === null || perAttempt === null || required === null
      ? ecm === undefined
        ? ECM_TEST_MESSAGES.noEcm
        : ECM_TEST_MESSAGES.noCredits
      : bankSize >= required
        ? null
        : missingQuestionsMessage({
            missing: required - bankSize,
            required,
            credits,
            attempts,
            perAttempt,
          });
  return {
    credits,
    attempts,
    minimum,
    perAttempt,
    newPerAttempt: perAttempt === null ? 0 : newQuestionsRequired(attempts, perAttempt),
    required,
    missing,
  };
}

/** The checklist's line of the test (ADR 056's "what is missing"). */
export async function learningTestChecklistItem(
  db: Executor,
  eventId: number,
): Promise<EcmChecklistItem> {
  const [ecm, test, questions] = await Promise.all([
    findEcm(db, eventId),
    findTest(db, eventId),
    questionsOf(db, eventId),
  ]);
  const rules = bankRules(ecm, test, questions.length);
  const open = (test?.opened_at ?? null) !== null;
  return {
    key: 'learningTest',
    label:
      rules.missing === null
        ? open
          ? 'Test di apprendimento aperto'
          : 'Test di apprendimento pronto: da aprire'
        : `Test di apprendimento: ${rules.missing}`,
    done: open && rules.missing === null,
  };
}

const optionsOf = (row: QuestionRow): string[] => JSON.parse(row.options) as string[];

function questionOf(row: QuestionRow): EcmQuestion {
  return {
    id: row.id,
    position: row.position,
    text: row.text,
    options: optionsOf(row),
    correct: row.correct,
  };
}

/** What the audit log keeps of a question, under Italian names. */
function auditQuestion(question: { text: string; options: string[]; correct: number }) {
  return {
    domanda: question.text,
    risposte: question.options.join(' | '),
    corretta: question.correct + 1,
  };
}

type QuestionValues = { text: string; options: string[]; correct: number };

/**
 * An event's learning test for the staff (ADR 057): its bank, settings and opening; every
 * change under the event's lock and audited (`event_ecm`). A bank edited after attempts began
 * changes only the attempts begun afterwards: each attempt keeps what its person saw.
 */
export class LearningTestAdmin {
  constructor(readonly deps: EcmTestDeps) {}

  async get(eventId: number): Promise<EcmTestAdmin> {
    return this.read(this.deps.db, eventId);
  }

  private async read(db: Executor, eventId: number): Promise<EcmTestAdmin> {
    const event = await liveEvent(db, eventId);
    const [ecm, test, questions, started] = await Promise.all([
      findEcm(db, eventId),
      findTest(db, eventId),
      questionsOf(db, eventId),
      attemptsStarted(db, eventId),
    ]);
    const rules = bankRules(ecm, test, questions.length);
    return {
      eventId,
      title: event.title,
      credits: rules.credits,
      attempts: rules.attempts,
      passMark: ecm?.pass_mark ?? 75,
      minimumQuestions: rules.minimum,
      questionsPerAttemptSetting: test?.questions_per_attempt ?? null,
      questionsPerAttempt: rules.perAttempt,
      newPerAttempt: rules.newPerAttempt,
      bankRequired: rules.required,
      missing: rules.missing,
      open: (test?.opened_at ?? null) !== null,
      openedAt: test?.opened_at ?? null,
      opensAt: event.ends_at,
      closesAtSetting: test?.closes_at ?? null,
      closesAt: closingOf(event, test),
      attemptsStarted: started,
      questions: questions.map(questionOf),
    };
  }

  /** Runs a change under the event's lock, then reads the test again. */
  private async change(
    eventId: number,
    work: (trx: Executor, event: EventRow, now: Date) => Promise<void>,
  ): Promise<EcmTestAdmin> {
    const now = this.deps.clock();
    return this.deps.db.transaction().execute(async (trx) => {
      if (!(await lockEvent(trx, eventId))) throw new AppError('notFound');
      const event = await liveEvent(trx, eventId);
      if ((await findEcm(trx, eventId)) === undefined) {
        throw refusal('eventId', ECM_TEST_MESSAGES.noEcm);
      }
      await work(trx, event, now);
      return this.read(trx, eventId);
    });
  }

  private async touch(trx: Executor, eventId: number, now: Date): Promise<TestRow | undefined> {
    const test = await findTest(trx, eventId);
    await saveTest(trx, {
      event_id: eventId,
      questions_per_attempt: test?.questions_per_attempt ?? null,
      closes_at: test?.closes_at ?? null,
      opened_at: test?.opened_at ?? null,
      updated_at: now.toISOString(),
    });
    return test;
  }

  async saveSettings(
    actor: Actor,
    eventId: number,
    input: { questionsPerAttempt: number | null; closesAt: string | null },
  ): Promise<EcmTestAdmin> {
    return this.change(eventId, async (trx, event, now) => {
      const [ecm, test, questions] = await Promise.all([
        findEcm(trx, eventId),
        findTest(trx, eventId),
        questionsOf(trx, eventId),
      ]);
      const credits = ecm?.credits_tenths == null ? null : ecm.credits_tenths / 10;
      if (input.questionsPerAttempt !== null && credits !== null) {
        const minimum = minimumQuestions(credits);
        if (input.questionsPerAttempt < minimum) {
          throw refusal(
            'questionsPerAttempt',
            ECM_TEST_MESSAGES.questionsPerAttemptBelow(minimum, credits),
          );
        }
      }
      if (input.closesAt !== null && input.closesAt <= event.ends_at) {
        throw refusal('closesAt', ECM_TEST_MESSAGES.closesAt);
      }
      const next = { ...test, questions_per_attempt: input.questionsPerAttempt };
      const rules = bankRules(ecm, next as TestRow, questions.length);
      if ((test?.opened_at ?? null) !== null && rules.missing !== null) {
        throw refusal('questionsPerAttempt', rules.missing);
      }
      await saveTest(trx, {
        event_id: eventId,
        questions_per_attempt: input.questionsPerAttempt,
        closes_at: input.closesAt,
        opened_at: test?.opened_at ?? null,
        updated_at: now.toISOString(),
      });
      await writeAudit(
        trx,
        actor,
        {
          action: 'modifica test ECM',
          entity: 'event_ecm',
          entityId: eventId,
          summary: `Impostazioni del test ECM di «${event.title}» salvate`,
          before: {
            domande_per_tentativo: test?.questions_per_attempt ?? null,
            chiusura: test?.closes_at ?? null,
          },
          after: {
            domande_per_tentativo: input.questionsPerAttempt,
            chiusura: input.closesAt,
          },
        },
        now,
      );
    });
  }

  async addQuestion(actor: Actor, eventId: number, values: QuestionValues) {
    return this.change(eventId, async (trx, event, now) => {
      const questions = await questionsOf(trx, eventId);
      if (questions.length >= ECM_TEST_RULES.maxQuestions) {
        throw refusal('text', ECM_TEST_MESSAGES.tooManyQuestions);
      }
      await this.touch(trx, eventId, now);
      const stamp = now.toISOString();
      const id = await insertQuestion(trx, {
        event_id: eventId,
        position: (questions.at(-1)?.position ?? 0) + 1,
        text: values.text,
        options: JSON.stringify(values.options),
        correct: values.correct,
        created_at: stamp,
        updated_at: stamp,
      });
      await writeAudit(
        trx,
        actor,
        {
          action: 'aggiunge domanda test ECM',
          entity: 'event_ecm',
          entityId: eventId,
          summary: `Domanda ${id} aggiunta al test ECM di «${event.title}»`,
          after: auditQuestion(values),
        },
        now,
      );
    });
  }

  async editQuestion(actor: Actor, eventId: number, questionId: number, values: QuestionValues) {
    return this.change(eventId, async (trx, event, now) => {
      const before = (await questionsOf(trx, eventId)).find((row) => row.id === questionId);
      if (before === undefined) throw refusal('questionId', ECM_TEST_MESSAGES.unknownQuestion);
      await this.touch(trx, eventId, now);
      await updateQuestion(trx, questionId, {
        text: values.text,
        options: JSON.stringify(values.options),
        correct: values.correct,
        updated_at: now.toISOString(),
      });
      await writeAudit(
        trx,
        actor,
        {
          action: 'modifica domanda test ECM',
          entity: 'event_ecm',
          entityId: eventId,
          summary: `Domanda ${questionId} del test ECM di «${event.title}» modificata`,
          before: auditQuestion(questionOf(before)),
          after: auditQuestion(values),
        },
        now,
      );
    });
  }

  /** Removes a question; refused when the test is open and the bank would become too small. */
  async removeQuestion(actor: Actor, eventId: number, questionId: number) {
    return this.change(eventId, async (trx, event, now) => {
      const [ecm, test, questions] = await Promise.all([
        findEcm(trx, eventId),
        findTest(trx, eventId),
        questionsOf(trx, eventId),
      ]);
      const before = questions.find((row) => row.id === questionId);
      if (before === undefined) throw refusal('questionId', ECM_TEST_MESSAGES.unknownQuestion);
      const after = bankRules(ecm, test, questions.length - 1);
      if ((test?.opened_at ?? null) !== null && after.missing !== null) {
        throw refusal('questionId', ECM_TEST_MESSAGES.bankShrinks(after.missing));
      }
      await this.touch(trx, eventId, now);
      await deleteQuestion(trx, questionId);
      await writeAudit(
        trx,
        actor,
        {
          action: 'toglie domanda test ECM',
          entity: 'event_ecm',
          entityId: eventId,
          summary: `Domanda ${questionId} tolta dal test ECM di «${event.title}»`,
          before: auditQuestion(questionOf(before)),
        },
        now,
      );
    });
  }

  /** Puts the bank in the order given: every question once. */
  async reorder(actor: Actor, eventId: number, ids: readonly number[]) {
    return this.change(eventId, async (trx, event, now) => {
      const questions = await questionsOf(trx, eventId);
      const known = new Set(questions.map((row) => row.id));
      if (
        ids.length !== questions.length ||
        new Set(ids).size !== ids.length ||
        !ids.every((id) => known.has(id))
      ) {
        throw refusal('ids', ECM_TEST_MESSAGES.order);
      }
      await this.touch(trx, eventId, now);
      for (const [index, id] of ids.entries()) await setQuestionPosition(trx, id, index + 1);
      await writeAudit(
        trx,
        actor,
        {
          action: 'riordina domande test ECM',
          entity: 'event_ecm',
          entityId: eventId,
          summary: `Domande del test ECM di «${event.title}» riordinate`,
          before: { ordine: questions.map((row) => row.id).join(', ') },
          after: { ordine: ids.join(', ') },
        },
        now,
      );
    });
  }

  /** Opens the test (refused with the missing count when the bank is too small) or closes it. */
  async setOpen(actor: Actor, eventId: number, open: boolean) {
    return this.change(eventId, async (trx, event, now) => {
      const [ecm, test, questions] = await Promise.all([
        findEcm(trx, eventId),
        findTest(trx, eventId),
        questionsOf(trx, eventId),
      ]);
      if (open) {
        const rules = bankRules(ecm, test, questions.length);
        if (rules.missing !== null) throw refusal('questions', rules.missing);
      }
      const wasOpen = (test?.opened_at ?? null) !== null;
      if (wasOpen === open) return;
      await saveTest(trx, {
        event_id: eventId,
        questions_per_attempt: test?.questions_per_attempt ?? null,
        closes_at: test?.closes_at ?? null,
        opened_at: open ? now.toISOString() : null,
        updated_at: now.toISOString(),
      });
      await writeAudit(
        trx,
        actor,
        {
          action: open ? 'apre test ECM' : 'chiude test ECM',
          entity: 'event_ecm',
          entityId: eventId,
          summary: `Test ECM di «${event.title}» ${open ? 'aperto' : 'chiuso'} (${questions.length} domande)`,
          before: { aperto: wasOpen },
          after: { aperto: open },
        },
        now,
      );
    });
  }
}
