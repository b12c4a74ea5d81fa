import {
  adjustmentRangeMessage,
  ECM_ADJUSTMENT_MESSAGES,
  ECM_RULES,
  type EcmAdjustmentInput,
  type EcmAdjustmentKind,
  type EcmAttendanceReport,
  type EcmAttendanceRow,
  type EcmPresence,
  type MyRegistration,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Database, Executor } from '../../../db/schema.js';
import { AppError } from '../../../http/app-error.js';
import type { Clock } from '../../../text/dates.js';
import { writeAudit, type Actor } from '../../admin/audit.js';
import { liveEvent, refusal } from '../attendance/admin-rules.js';
import type { AttendanceAdmin } from '../attendance/admin-service.js';
import type { AttendanceService } from '../attendance/service.js';
import { findRegistration, lockEvent } from '../registrations/repository.js';
import { adjustedMinutes, ecmPresence } from './presence.js';
import {
  adjustmentsOfEvent,
  adjustmentsWithAuthors,
  ecmEventsAmong,
  findEcm,
  insertAdjustment,
  registrantFacts,
} from './repository.js';

export interface EcmAttendanceDeps {
  db: Kysely<Database>;
  clock: Clock;
  attendance: AttendanceService;
}

type Correction = { kind: EcmAdjustmentKind; minutes: number };

/**
 * Attendance for ECM (ADR 056): each confirmed person's minutes and percentage against the
 * event's threshold, from the check-in's one computation (ADR 051, 054) and the staff's
 * corrections, audited with their reason; and a participant's own in "Le mie iscrizioni".
 */
export class EcmAttendance {
  constructor(readonly deps: EcmAttendanceDeps) {}

  /** The staff's report, from the attendance report's rows (ADR 051). */
  async report(staff: AttendanceAdmin, eventId: number): Promise<EcmAttendanceReport> {
    const { db } = this.deps;
    const event = await liveEvent(db, eventId);
    const [ecm, rows, adjustments, facts] = await Promise.all([
      findEcm(db, eventId),
      staff.report(eventId),
      adjustmentsWithAuthors(db, eventId),
      registrantFacts(db, eventId),
    ]);
    const threshold = ecm?.attendance_threshold ?? ECM_RULES.defaultThreshold;
    return {
      eventId,
      title: event.title,
      accredited: ecm !== undefined,
      threshold,
      rows: rows.map((row): EcmAttendanceRow => {
        const own = adjustments.filter((item) => item.registration_id === row.registrationId);
        const fact = facts.find((item) => item.id === row.registrationId);
        return {
          registrationId: row.registrationId,
          name: row.name,
          typeName: row.typeName,
          profession: fact?.profession ?? null,
          discipline: fact?.discipline ?? null,
          presence: ecmPresence(row.attendance, own, threshold),
          adjustments: own.map((item) => ({
            id: item.id,
            kind: item.kind,
            minutes: item.minutes,
            reason: item.reason,
            by: item.author,
            at: item.created_at,
          })),
        };
      }),
    };
  }

  /**
   * Corrects a confirmed person's minutes for ECM (minutes added or removed, or a replacement),
   * with a reason, under the event's lock; refused when the result falls outside the event's
   * minutes; audited with the minutes before and after.
   */
  async adjust(actor: Actor, registrationId: number, input: EcmAdjustmentInput): Promise<void> {
    const { db } = this.deps;
    const now = this.deps.clock();
    const kind = input.kind;
    const minutes = Number(input.minutes);
    await db.transaction().execute(async (trx) => {
      const registration = await findRegistration(trx, registrationId);
      if (registration === undefined || !(await lockEvent(trx, registration.event_id))) {
        throw new AppError('notFound');
      }
      const event = await liveEvent(trx, registration.event_id);
      if (registration.state !== 'confirmed') {
        throw refusal('registrationId', ECM_ADJUSTMENT_MESSAGES.notConfirmed);
      }
      if ((await findEcm(trx, event.id)) === undefined) {
        throw refusal('registrationId', ECM_ADJUSTMENT_MESSAGES.notEcm);
      }
      const measured = await this.deps.attendance.attendance(trx, registrationId);
      const before: Correction[] = await adjustmentsOfEvent(trx, event.id, registrationId);
      const was = adjustedMinutes(measured.minutesPresent, before);
      const result = adjustedMinutes(measured.minutesPresent, [...before, { kind, minutes }]);
      if (result < 0 || result > measured.eventMinutes) {
        throw refusal('minutes', adjustmentRangeMessage(result, measured.eventMinutes));
      }
      await insertAdjustment(trx, {
        event_id: event.id,
        registration_id: registrationId,
        kind,
        minutes,
        reason: input.reason,
        created_by: actor.id,
        created_at: now.toISOString(),
      });
      const name = `${registration.first_name} ${registration.last_name}`;
      await writeAudit(
        trx,
        actor,
        {
          action: 'corregge presenza ECM',
          entity: 'event_ecm',
          entityId: event.id,
          summary: `Presenza ECM di ${name} a «${event.title}» corretta: da ${was} a ${result} minuti`,
          before: { iscrizione: registrationId, minuti: was },
          after: { iscrizione: registrationId, minuti: result, motivo: input.reason },
        },
        now,
      );
    });
  }

  /**
   * One person's attendance for ECM: the check-in's measure with the staff's corrections,
   * against the threshold. The one computation "Le mie iscrizioni" and the learning test's
   * eligibility (ADR 057) read.
   */
  async presenceOf(
    db: Executor,
    eventId: number,
    registrationId: number,
    threshold: number,
  ): Promise<EcmPresence> {
    const [measured, adjustments] = await Promise.all([
      this.deps.attendance.attendance(db, registrationId),
      adjustmentsOfEvent(db, eventId, registrationId),
    ]);
    return ecmPresence(measured, adjustments, threshold);
  }

  /**
   * "Le mie iscrizioni": a confirmed registration to an accredited event that has begun shows
   * its minutes and percentage against the threshold (ADR 056).
   */
  async mine(registrations: MyRegistration[]): Promise<MyRegistration[]> {
    const { db } = this.deps;
    const now = this.deps.clock().toISOString();
    const confirmed = registrations.filter((row) => row.state === 'confirmed');
    const events = (
      await ecmEventsAmong(db, [...new Set(confirmed.map((row) => row.event.id))])
    ).filter((event) => event.starts_at <= now);
    if (events.length === 0) return registrations;
    const shown = new Map<number, MyRegistration['ecm']>();
    for (const row of confirmed) {
      const event = events.find((item) => item.event_id === row.event.id);
      if (event === undefined) continue;
      shown.set(
        row.id,
        await this.presenceOf(db, event.event_id, row.id, event.attendance_threshold),
      );
    }
    return registrations.map((row) =>
      shown.has(row.id) ? { ...row, ecm: shown.get(row.id) } : row,
    );
  }
}
