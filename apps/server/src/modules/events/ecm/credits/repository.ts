import { sql, type Insertable, type Selectable } from 'kysely';
import type { Executor } from '../../../../db/schema.js';
import type { EventEcmCertificatesTable, EventEcmReportsTable } from './tables.js';

/** Every query of the ECM certificates and reports (ADR 060). */

export type EcmCertificateRow = Selectable<EventEcmCertificatesTable>;
export type EcmReportRow = Selectable<EventEcmReportsTable>;

/** The confirmed registrants of an event (or the one given), whose credits are decided. */
export async function confirmedRegistrants(db: Executor, eventId: number, registrationId?: number) {
  let query = db
    .selectFrom('event_registrations')
    .select(['id', 'member_id', 'first_name', 'last_name', 'fiscal_code'])
    .where('event_id', '=', eventId)
    .where('state', '=', 'confirmed');
  if (registrationId !== undefined) query = query.where('id', '=', registrationId);
  return query.orderBy('last_name').orderBy('first_name').orderBy('id').execute();
}

/** An event's ECM certificates, valid and revoked, by number. */
export async function certificatesOfEvent(
  db: Executor,
  eventId: number,
): Promise<EcmCertificateRow[]> {
  return db
    .selectFrom('event_ecm_certificates')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('number')
    .execute();
}

/** The valid certificate of each of these registrations. */
export async function validCertificatesOf(
  db: Executor,
  registrationIds: readonly number[],
): Promise<Map<number, EcmCertificateRow>> {
  if (registrationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('event_ecm_certificates')
    .selectAll()
    .where('registration_id', 'in', [...registrationIds])
    .where('revoked_at', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.registration_id, row]));
}

export async function findCertificate(
  db: Executor,
  id: number,
): Promise<EcmCertificateRow | undefined> {
  return db
    .selectFrom('event_ecm_certificates')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function certificateOfCode(
  db: Executor,
  code: string,
): Promise<EcmCertificateRow | undefined> {
  return db
    .selectFrom('event_ecm_certificates')
    .selectAll()
    .where('verify_code', '=', code)
    .executeTakeFirst();
}

/** The event's next certificate number, read under the event's lock (gap-free, ADR 060). */
export async function nextCertificateNumber(db: Executor, eventId: number): Promise<number> {
  const row = await db
    .selectFrom('event_ecm_certificates')
    .select(sql<number>`coalesce(max(number), 0)`.as('last'))
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  return Number(row.last) + 1;
}

export async function insertCertificate(
  db: Executor,
  row: Insertable<EventEcmCertificatesTable>,
): Promise<EcmCertificateRow> {
  return db
    .insertInto('event_ecm_certificates')
    .values(row)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Revokes a valid certificate; false when it was revoked already. */
export async function revokeCertificate(
  db: Executor,
  id: number,
  values: { revoked_at: string; revoked_reason: string; revoked_by: number | null },
): Promise<boolean> {
  const result = await db
    .updateTable('event_ecm_certificates')
    .set(values)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findReport(db: Executor, eventId: number): Promise<EcmReportRow | undefined> {
  return db
    .selectFrom('event_ecm_reports')
    .selectAll()
    .where('event_id', '=', eventId)
    .executeTakeFirst();
}

/** The report's sending recorded, or rewritten (a later upload that replaced the first). */
export async function saveReport(db: Executor, row: EcmReportRow): Promise<void> {
  await db
    .insertInto('event_ecm_reports')
    .values(row)
    .onConflict((oc) =>
      oc.column('event_id').doUpdateSet({
        sent_on: row.sent_on,
        note: row.note,
        recorded_by: row.recorded_by,
        recorded_at: row.recorded_at,
      }),
    )
    .execute();
}

export async function deleteReport(db: Executor, eventId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('event_ecm_reports')
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The recorder's e-mail, for the staff screen. */
export async function emailOfMember(db: Executor, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const row = await db
    .selectFrom('members')
    .select('email')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.email ?? null;
}

/**
 * Accredited events that have ended and whose report is not recorded as sent, with their end:
 * the staff home's countdown (ADR 060).
 */
export async function eventsAwaitingReport(db: Executor, endedBefore: string) {
  return db
    .selectFrom('event_ecm as e')
    .innerJoin('events as ev', 'ev.id', 'e.event_id')
    .leftJoin('event_ecm_reports as r', 'r.event_id', 'e.event_id')
    .select(['ev.id', 'ev.title', 'ev.ends_at'])
    .where('ev.ecm_credits', '=', 1)
    .where('ev.deleted_at', 'is', null)
    .where('ev.ends_at', '<', endedBefore)
    .where('r.event_id', 'is', null)
    .orderBy('ev.ends_at')
    .execute();
}
