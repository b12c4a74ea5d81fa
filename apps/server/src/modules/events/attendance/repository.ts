import { sql, type Insertable, type Selectable } from 'kysely';
import type { Executor } from '../../../db/schema.js';
import type { EventCertificatesTable, EventCheckinsTable, EventSessionsTable } from './tables.js';

/** Every query of the badges', scans', certificates' and sessions' tables (ADR 051, 054). */

export type ScanRow = Selectable<EventCheckinsTable>;
export type CertificateRow = Selectable<EventCertificatesTable>;

// ---------------------------------------------------------------------------------------------
// Badges

/** Gives a registration its badge code unless it has one (a repeat keeps the first). */
export async function insertBadge(
  db: Executor,
  registrationId: number,
  code: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('event_badges')
    .values({ registration_id: registrationId, code, created_at: now })
    .onConflict((conflict) => conflict.column('registration_id').doNothing())
    .execute();
}

/** The badge codes of registrations, by registration id. */
export async function badgeCodesOf(
  db: Executor,
  registrationIds: readonly number[],
): Promise<Map<number, string>> {
  if (registrationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('event_badges')
    .select(['registration_id', 'code'])
    .where('registration_id', 'in', registrationIds)
    .execute();
  return new Map(rows.map((row) => [row.registration_id, row.code]));
}

const personColumns = [
  'r.id as registrationId',
  'r.event_id as eventId',
  'r.member_id as memberId',
  'r.state',
  'r.first_name as firstName',
  'r.last_name as lastName',
  't.name as typeName',
] as const;

/** The registration a badge code is of, with its type's name; undefined for an unknown code. */
export async function registrationOfBadge(db: Executor, code: string) {
  return db
    .selectFrom('event_badges as b')
    .innerJoin('event_registrations as r', 'r.id', 'b.registration_id')
    .innerJoin('event_registration_types as t', 't.id', 'r.type_id')
    .select([...personColumns, 'b.code'])
    .where('b.code', '=', code)
    .executeTakeFirst();
}

/** One registration as the check-in names it. */
export async function registrationPerson(db: Executor, registrationId: number) {
  return db
    .selectFrom('event_registrations as r')
    .innerJoin('event_registration_types as t', 't.id', 'r.type_id')
    .select(personColumns)
    .where('r.id', '=', registrationId)
    .executeTakeFirst();
}

/** The event's confirmed registrations with their badges' codes, by surname and name. */
export async function confirmedPeople(db: Executor, eventId: number) {
  return db
    .selectFrom('event_registrations as r')
    .innerJoin('event_registration_types as t', 't.id', 'r.type_id')
    .leftJoin('event_badges as b', 'b.registration_id', 'r.id')
    .select([...personColumns, 'b.code', 'r.email'])
    .where('r.event_id', '=', eventId)
    .where('r.state', '=', 'confirmed')
    .orderBy('r.last_name')
    .orderBy('r.first_name')
    .orderBy('r.id')
    .execute();
}

/** The confirmed registrations of an event that have no badge yet. */
export async function confirmedWithoutBadge(db: Executor, eventId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('event_registrations as r')
    .leftJoin('event_badges as b', 'b.registration_id', 'r.id')
    .select('r.id')
    .where('r.event_id', '=', eventId)
    .where('r.state', '=', 'confirmed')
    .where('b.code', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

/** The events that have confirmed registrations, the latest first (the check-in's choice). */
export async function eventsWithConfirmed(db: Executor) {
  return db
    .selectFrom('events as e')
    .select(['e.id', 'e.title', 'e.starts_at', 'e.ends_at'])
    .where('e.deleted_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('event_registrations as r')
          .select('r.id')
          .whereRef('r.event_id', '=', 'e.id')
          .where('r.state', '=', 'confirmed'),
      ),
    )
    .orderBy('e.starts_at', 'desc')
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Scans

/**
 * Stores a scan unless its device's id is stored already (a queued scan sent twice); answers
 * whether this call stored it. The unique `client_id` decides, whatever raced.
 */
export async function insertScan(
  db: Executor,
  values: Omit<Insertable<EventCheckinsTable>, 'id'>,
): Promise<boolean> {
  const result = await db
    .insertInto('event_checkins')
    .values(values)
    .onConflict((conflict) => conflict.column('client_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function scanOfClientId(db: Executor, clientId: string): Promise<ScanRow | undefined> {
  return db
    .selectFrom('event_checkins')
    .selectAll()
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

/** A registration's scans in the order they happened. */
export async function scansOfRegistration(
  db: Executor,
  registrationId: number,
): Promise<ScanRow[]> {
  return db
    .selectFrom('event_checkins')
    .selectAll()
    .where('registration_id', '=', registrationId)
    .orderBy('scanned_at')
    .orderBy('id')
    .execute();
}

/**
 * An event's scans in the order they happened: all, or those of one check-in point, a Rome
 * day's whole-day scans (those of no session) or one session's (ADR 054).
 */
export async function scansOfEvent(
  db: Executor,
  eventId: number,
  at?: { day: string } | { sessionId: number },
): Promise<ScanRow[]> {
  let query = db.selectFrom('event_checkins').selectAll().where('event_id', '=', eventId);
  if (at !== undefined) {
    query =
      'sessionId' in at
        ? query.where('session_id', '=', at.sessionId)
        : query.where('day', '=', at.day).where('session_id', 'is', null);
  }
  return query.orderBy('scanned_at').orderBy('id').execute();
}

// ---------------------------------------------------------------------------------------------
// Sessions (ADR 054)

export type SessionRow = Selectable<EventSessionsTable>;

/** An event's sessions by start, with their add-on's name and how many scans each has. */
export async function sessionsOfEvent(db: Executor, eventId: number) {
  return db
    .selectFrom('event_sessions as s')
    .leftJoin('event_addons as a', 'a.id', 's.addon_id')
    .selectAll('s')
    .select((eb) => [
      'a.name as addon_name',
      eb
        .selectFrom('event_checkins as c')
        .select((count) => count.fn.countAll<string | number>().as('n'))
        .whereRef('c.session_id', '=', 's.id')
        .as('scans'),
    ])
    .where('s.event_id', '=', eventId)
    .orderBy('s.starts_at')
    .orderBy('s.id')
    .execute();
}

export async function findSession(db: Executor, id: number): Promise<SessionRow | undefined> {
  return db.selectFrom('event_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertSession(
  db: Executor,
  values: Omit<Insertable<EventSessionsTable>, 'id'>,
): Promise<number> {
  const { id } = await db
    .insertInto('event_sessions')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateSession(
  db: Executor,
  id: number,
  values: Pick<SessionRow, 'name' | 'starts_at' | 'ends_at' | 'addon_id' | 'updated_at'>,
): Promise<void> {
  await db.updateTable('event_sessions').set(values).where('id', '=', id).execute();
}

/** Deletes a session that has no scans; false when it has some (or is gone). */
export async function deleteSessionWithoutScans(db: Executor, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('event_sessions')
    .where('id', '=', id)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('event_checkins').select('id').where('session_id', '=', id))),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * The add-ons the event's registrations took (or one registration's), by registration id: who
 * a session admits (ADR 054).
 */
export async function addonsOfRegistrations(
  db: Executor,
  eventId: number,
  registrationId?: number,
): Promise<Map<number, Set<number>>> {
  const rows = await db
    .selectFrom('event_registration_addons as ra')
    .innerJoin('event_registrations as r', 'r.id', 'ra.registration_id')
    .select(['ra.registration_id', 'ra.addon_id'])
    .where('r.event_id', '=', eventId)
    .$if(registrationId !== undefined, (query) =>
      query.where('ra.registration_id', '=', registrationId ?? 0),
    )
    .execute();
  const byRegistration = new Map<number, Set<number>>();
  for (const row of rows) {
    const set = byRegistration.get(row.registration_id) ?? new Set<number>();
    set.add(row.addon_id);
    byRegistration.set(row.registration_id, set);
  }
  return byRegistration;
}

// ---------------------------------------------------------------------------------------------
// Certificates

/**
 * The next certificate number of `year`, taken in the caller's transaction: the counter's row
 * stays locked until it commits (PostgreSQL) or the database is (SQLite), and a rollback gives
 * the number back, so numbers have no gap (ADR 051, as receipts' ADR 030).
 */
export async function nextCertificateNumber(db: Executor, year: number): Promise<number> {
  const { last_number } = await db
    .insertInto('event_certificate_counters')
    .values({ year, last_number: 1 })
    .onConflict((conflict) =>
      conflict
        .column('year')
        .doUpdateSet({ last_number: sql<number>`event_certificate_counters.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return last_number;
}

export async function insertCertificate(
  db: Executor,
  values: Omit<Insertable<EventCertificatesTable>, 'id'>,
): Promise<CertificateRow> {
  return db
    .insertInto('event_certificates')
    .values(values)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findCertificate(
  db: Executor,
  id: number,
): Promise<CertificateRow | undefined> {
  return db.selectFrom('event_certificates').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function certificateOfCode(
  db: Executor,
  code: string,
): Promise<CertificateRow | undefined> {
  return db
    .selectFrom('event_certificates')
    .selectAll()
    .where('verify_code', '=', code)
    .executeTakeFirst();
}

/** The registrations' valid (unrevoked) certificates, by registration id. */
export async function validCertificatesOf(
  db: Executor,
  registrationIds: readonly number[],
): Promise<Map<number, CertificateRow>> {
  if (registrationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('event_certificates')
    .selectAll()
    .where('registration_id', 'in', registrationIds)
    .where('revoked_at', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.registration_id, row]));
}

/** An event's certificates, valid and revoked, by number. */
export async function certificatesOfEvent(
  db: Executor,
  eventId: number,
): Promise<CertificateRow[]> {
  return db
    .selectFrom('event_certificates')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('year')
    .orderBy('number')
    .execute();
}

/** Rewrites a valid certificate's facts (a reissue): same number, next edition. */
export async function reissueCertificate(
  db: Executor,
  id: number,
  facts: Pick<
    CertificateRow,
    'holder_name' | 'event_title' | 'event_starts_at' | 'event_ends_at' | 'minutes_present'
  >,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('event_certificates')
    .set((eb) => ({ ...facts, reissued_at: now, edition: eb('edition', '+', 1) }))
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes a valid certificate; false when it was revoked already. */
export async function revokeCertificate(
  db: Executor,
  id: number,
  reason: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('event_certificates')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
