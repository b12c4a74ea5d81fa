import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../../../db/schema.js';
import type {
  EventEcmAttemptsTable,
  EventEcmQuestionsTable,
  EventEcmTestsTable,
} from './tables.js';

/** The learning test's SQL (ADR 057). */

export type TestRow = Selectable<EventEcmTestsTable>;
export type QuestionRow = Selectable<EventEcmQuestionsTable>;
export type AttemptRow = Selectable<EventEcmAttemptsTable>;

export async function findTest(db: Executor, eventId: number): Promise<TestRow | undefined> {
  return db
    .selectFrom('event_ecm_tests')
    .selectAll()
    .where('event_id', '=', eventId)
    .executeTakeFirst();
}

/** Writes an event's test settings, the first write inserting its row. */
export async function saveTest(db: Executor, row: Insertable<EventEcmTestsTable>): Promise<void> {
  const { event_id: eventId, ...values } = row;
  await db
    .insertInto('event_ecm_tests')
    .values(row)
    .onConflict((conflict) => conflict.column('event_id').doUpdateSet(values))
    .execute();
}

/** An event's bank, in its order. */
export async function questionsOf(db: Executor, eventId: number): Promise<QuestionRow[]> {
  return db
    .selectFrom('event_ecm_questions')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function insertQuestion(
  db: Executor,
  row: Insertable<EventEcmQuestionsTable>,
): Promise<number> {
  const inserted = await db
    .insertInto('event_ecm_questions')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateQuestion(
  db: Executor,
  id: number,
  values: Pick<QuestionRow, 'text' | 'options' | 'correct' | 'updated_at'>,
): Promise<void> {
  await db.updateTable('event_ecm_questions').set(values).where('id', '=', id).execute();
}

export async function setQuestionPosition(
  db: Executor,
  id: number,
  position: number,
): Promise<void> {
  await db.updateTable('event_ecm_questions').set({ position }).where('id', '=', id).execute();
}

export async function deleteQuestion(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('event_ecm_questions').where('id', '=', id).execute();
}

/** How many attempts the event's participants have begun. */
export async function attemptsStarted(db: Executor, eventId: number): Promise<number> {
  const row = await db
    .selectFrom('event_ecm_attempts')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A registration's attempts, first to last. */
export async function attemptsOf(db: Executor, registrationId: number): Promise<AttemptRow[]> {
  return db
    .selectFrom('event_ecm_attempts')
    .selectAll()
    .where('registration_id', '=', registrationId)
    .orderBy('number')
    .execute();
}

/**
 * Inserts attempt number `number` unless the registration has it already: of two "start"
 * requests at once one inserts, the other finds it (the unique (registration, number)).
 */
export async function insertAttemptOnce(
  db: Executor,
  row: Insertable<EventEcmAttemptsTable>,
): Promise<void> {
  await db
    .insertInto('event_ecm_attempts')
    .values(row)
    .onConflict((conflict) => conflict.columns(['registration_id', 'number']).doNothing())
    .execute();
}

/** An attempt's answers as position → choice. */
export async function answersOf(db: Executor, attemptId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('event_ecm_answers')
    .select(['position', 'choice'])
    .where('attempt_id', '=', attemptId)
    .execute();
  return new Map(rows.map((row) => [row.position, row.choice]));
}

/**
 * Takes an attempt still under way for this transaction (PostgreSQL: its row lock; SQLite
 * writes one at a time): answers and the hand-in of one attempt follow each other, and false
 * says it was handed in meanwhile.
 */
export async function lockOpenAttempt(db: Executor, attemptId: number): Promise<boolean> {
  const result = await db
    .updateTable('event_ecm_attempts')
    .set((eb) => ({ total: eb.ref('total') }))
    .where('id', '=', attemptId)
    .where('submitted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Saves an answer as given, replacing the earlier choice at that position. */
export async function saveAnswer(
  db: Executor,
  row: { attempt_id: number; position: number; choice: number; answered_at: string },
): Promise<void> {
  await db
    .insertInto('event_ecm_answers')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .columns(['attempt_id', 'position'])
        .doUpdateSet({ choice: row.choice, answered_at: row.answered_at }),
    )
    .execute();
}

/** Hands an attempt in once: false when it already was (a second hand-in at once). */
export async function submitAttempt(
  db: Executor,
  attemptId: number,
  score: { submitted_at: string; correct_count: number; passed: number },
): Promise<boolean> {
  const result = await db
    .updateTable('event_ecm_attempts')
    .set(score)
    .where('id', '=', attemptId)
    .where('submitted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every attempt of an event's registrations, for the lead's exports. */
export async function attemptsOfEvent(db: Executor, eventId: number): Promise<AttemptRow[]> {
  return db
    .selectFrom('event_ecm_attempts')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('registration_id')
    .orderBy('number')
    .execute();
}

/** The tests among these events (for "Le mie iscrizioni"). */
export async function testsAmong(db: Executor, eventIds: readonly number[]): Promise<TestRow[]> {
  if (eventIds.length === 0) return [];
  return db
    .selectFrom('event_ecm_tests')
    .selectAll()
    .where('event_id', 'in', [...eventIds])
    .execute();
}
