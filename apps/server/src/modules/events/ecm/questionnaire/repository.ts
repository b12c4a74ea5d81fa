import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../../../db/schema.js';
import type {
  EventEcmQuestionnaireAnswersTable,
  EventEcmQuestionnaireCompletionsTable,
} from './tables.js';

/** The questionnaire's SQL (ADR 058). */

export type CompletionRow = Selectable<EventEcmQuestionnaireCompletionsTable>;

/**
 * Records a registration's completion; false when it has one already (the registration is the
 * table's key: of two submissions at once, one is stored, whatever raced).
 */
export async function claimCompletion(
  db: Executor,
  row: Insertable<EventEcmQuestionnaireCompletionsTable>,
): Promise<boolean> {
  const result = await db
    .insertInto('event_ecm_questionnaire_completions')
    .values(row)
    .onConflict((conflict) => conflict.column('registration_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Stores one completed form's answers, with nothing that leads back to the person. */
export async function insertAnswers(
  db: Executor,
  row: Insertable<EventEcmQuestionnaireAnswersTable>,
): Promise<void> {
  await db.insertInto('event_ecm_questionnaire_answers').values(row).execute();
}

/** The completions among these registrations. */
export async function completionsAmong(
  db: Executor,
  registrationIds: readonly number[],
): Promise<CompletionRow[]> {
  if (registrationIds.length === 0) return [];
  return db
    .selectFrom('event_ecm_questionnaire_completions')
    .selectAll()
    .where('registration_id', 'in', [...registrationIds])
    .execute();
}

/**
 * For the ECM report (ADR 058, read by the credit decision and the Age.Na.S. export): the
 * registrations of an event that completed the questionnaire, each with the instant and its
 * declaration of recruitment by a sponsor (`recruited`, and `sponsorName` when recruited), in
 * registration order. Only completions of registrations still confirmed are answered.
 */
export async function questionnaireCompletionsOfEvent(
  db: Executor,
  eventId: number,
): Promise<
  {
    registrationId: number;
    completedAt: string;
    recruited: boolean;
    sponsorName: string | null;
  }[]
> {
  const rows = await db
    .selectFrom('event_ecm_questionnaire_completions as c')
    .innerJoin('event_registrations as r', 'r.id', 'c.registration_id')
    .select(['c.registration_id', 'c.completed_at', 'c.recruited', 'c.sponsor_name'])
    .where('c.event_id', '=', eventId)
    .where('r.state', '=', 'confirmed')
    .orderBy('c.registration_id')
    .execute();
  return rows.map((row) => ({
    registrationId: row.registration_id,
    completedAt: row.completed_at,
    recruited: row.recruited === 1,
    sponsorName: row.recruited === 1 ? row.sponsor_name : null,
  }));
}

/** The anonymous answers of an event, by their random key: an order unrelated to submission. */
export async function answersOfEvent(db: Executor, eventId: number) {
  return db
    .selectFrom('event_ecm_questionnaire_answers')
    .select(['form_version', 'answers'])
    .where('event_id', '=', eventId)
    .orderBy('response_key')
    .execute();
}

/** How many registrations of the event are confirmed, and how many of them completed it. */
export async function completionCounts(db: Executor, eventId: number) {
  const rows = await db
    .selectFrom('event_registrations as r')
    .leftJoin('event_ecm_questionnaire_completions as c', 'c.registration_id', 'r.id')
    .select(['r.id', 'c.registration_id as completed'])
    .where('r.event_id', '=', eventId)
    .where('r.state', '=', 'confirmed')
    .execute();
  return {
    confirmed: rows.length,
    completed: rows.filter((row) => row.completed !== null).length,
  };
}

/** The confirmed registrations of an event, in order (the demo's completions). */
export async function confirmedRegistrationIds(db: Executor, eventId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('event_registrations')
    .select('id')
    .where('event_id', '=', eventId)
    .where('state', '=', 'confirmed')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}
