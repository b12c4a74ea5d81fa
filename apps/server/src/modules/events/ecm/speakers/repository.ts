import type { Executor } from '../../../../db/schema.js';
import type { EventEcmSpeakersTable } from './tables.js';

/** Every query of `event_ecm_speakers` (migration 0061, ADR 059). */

export type SpeakerRow = Omit<EventEcmSpeakersTable, 'id'> & { id: number };
export type SpeakerValues = Omit<EventEcmSpeakersTable, 'id' | 'event_id' | 'created_at'>;

/** An event's speakers, by surname and name. */
export async function speakersOfEvent(db: Executor, eventId: number): Promise<SpeakerRow[]> {
  return db
    .selectFrom('event_ecm_speakers')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .execute();
}

export async function findSpeaker(
  db: Executor,
  eventId: number,
  id: number,
): Promise<SpeakerRow | undefined> {
  return db
    .selectFrom('event_ecm_speakers')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The speaker of the event with this codice fiscale, but `exceptId`. */
export async function speakerWithFiscalCode(
  db: Executor,
  eventId: number,
  fiscalCode: string,
  exceptId: number | null,
): Promise<boolean> {
  let query = db
    .selectFrom('event_ecm_speakers')
    .select('id')
    .where('event_id', '=', eventId)
    .where('fiscal_code', '=', fiscalCode);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertSpeaker(
  db: Executor,
  eventId: number,
  values: SpeakerValues,
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('event_ecm_speakers')
    .values({ ...values, event_id: eventId, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSpeaker(
  db: Executor,
  eventId: number,
  id: number,
  values: SpeakerValues,
): Promise<void> {
  await db
    .updateTable('event_ecm_speakers')
    .set(values)
    .where('event_id', '=', eventId)
    .where('id', '=', id)
    .execute();
}

export async function deleteSpeaker(db: Executor, eventId: number, id: number): Promise<void> {
  await db
    .deleteFrom('event_ecm_speakers')
    .where('event_id', '=', eventId)
    .where('id', '=', id)
    .execute();
}

/** Whether a member exists (a speaker may be linked to one). */
export async function memberExists(db: Executor, memberId: number): Promise<boolean> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row !== undefined;
}
