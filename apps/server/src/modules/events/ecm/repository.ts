import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../../db/schema.js';
import type { EventEcmAdjustmentsTable, EventEcmTable } from './tables.js';

/** The ECM data's SQL (ADR 056). */

export type EcmRow = Selectable<EventEcmTable>;
export type AdjustmentRow = Selectable<EventEcmAdjustmentsTable>;

export async function findEcm(db: Executor, eventId: number): Promise<EcmRow | undefined> {
  return db.selectFrom('event_ecm').selectAll().where('event_id', '=', eventId).executeTakeFirst();
}

/** Writes an event's ECM data, the first save inserting its row. */
export async function saveEcm(
  db: Executor,
  row: Insertable<EventEcmTable>,
  exists: boolean,
): Promise<void> {
  if (!exists) {
    await db.insertInto('event_ecm').values(row).execute();
    return;
  }
  const { event_id: eventId, created_at: _created, ...values } = row;
  await db.updateTable('event_ecm').set(values).where('event_id', '=', eventId).execute();
}

/** The corrections of an event's attendance for ECM, in the order they were made. */
export async function adjustmentsOfEvent(
  db: Executor,
  eventId: number,
  registrationId?: number,
): Promise<AdjustmentRow[]> {
  let query = db.selectFrom('event_ecm_adjustments').selectAll().where('event_id', '=', eventId);
  if (registrationId !== undefined) query = query.where('registration_id', '=', registrationId);
  return query.orderBy('id').execute();
}

export async function insertAdjustment(
  db: Executor,
  row: Insertable<EventEcmAdjustmentsTable>,
): Promise<void> {
  await db.insertInto('event_ecm_adjustments').values(row).execute();
}

/** An event's corrections with their authors' e-mails, in order. */
export async function adjustmentsWithAuthors(db: Executor, eventId: number) {
  return db
    .selectFrom('event_ecm_adjustments as a')
    .leftJoin('members as m', 'm.id', 'a.created_by')
    .select([
      'a.id',
      'a.registration_id',
      'a.kind',
      'a.minutes',
      'a.reason',
      'a.created_at',
      'm.email as author',
    ])
    .where('a.event_id', '=', eventId)
    .orderBy('a.id')
    .execute();
}

/**
 * The professional facts each confirmed registration of an event carries, for the ECM report and
 * the credits: the words, the national codes of profession and discipline (null for who is not a
 * health professional, or old words the staff must check: `profession_to_check`), the employment
 * status (ADR 049, 059).
 */
export async function registrantFacts(db: Executor, eventId: number) {
  return db
    .selectFrom('event_registrations')
    .select([
      'id',
      'profession',
      'discipline',
      'profession_code',
      'discipline_code',
      'employment',
      'profession_to_check',
    ])
    .where('event_id', '=', eventId)
    .where('state', '=', 'confirmed')
    .execute();
}

/** The accredited events among these, with their threshold and dates. */
export async function ecmEventsAmong(db: Executor, eventIds: readonly number[]) {
  if (eventIds.length === 0) return [];
  return db
    .selectFrom('event_ecm as e')
    .innerJoin('events as ev', 'ev.id', 'e.event_id')
    .select(['e.event_id', 'e.attendance_threshold', 'ev.starts_at'])
    .where('e.event_id', 'in', [...eventIds])
    .where('ev.ecm_credits', '=', 1)
    .execute();
}
