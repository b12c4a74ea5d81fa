import {
  ATTENDANCE_MESSAGES,
  CERTIFICATE_CODE_LENGTH,
  certificateVerifyPath,
  receiptNumberText,
  romeDate,
  romeYear,
  type AdminAttendanceRow,
  type AdminCertificate,
  type AttendanceEvent,
  type CheckInPerson,
  type CheckInPresence,
  type CheckInResult,
  type CheckInScan,
} from '@sodalis/contracts';
import { notInSessionMessage } from '@sodalis/contracts';
import { AppError } from '../../../http/app-error.js';
import { writeAudit, type Actor } from '../../admin/audit.js';
import { enqueue } from '../../outbox/outbox.js';
import { lockEvent } from '../registrations/repository.js';
import { renderBadgesPdf, type BadgeFormat } from './badge-pdf.js';
import {
  certificatesOfEvent,
  confirmedPeople,
  eventsWithConfirmed,
  findCertificate,
  insertCertificate,
  addonsOfRegistrations,
  findSession,
  insertScan,
  nextCertificateNumber,
  registrationOfBadge,
  registrationPerson,
  reissueCertificate,
  revokeCertificate,
  scanOfClientId,
  scansOfEvent,
  type CertificateRow,
  type ScanRow,
} from './repository.js';
import { randomCode, type AttendanceService } from './service.js';
import { SessionsAdmin } from './sessions-admin.js';
import { liveEvent, refusal } from './admin-rules.js';

/** How far ahead of the server's clock a device's scan may be (a phone's clock drifts). */
const CLOCK_SKEW_MS = 5 * 60_000;

/** A scan the server refuses: answered, never stored, so the device can drop it. */
interface Refusal {
  message: string;
  person: CheckInResult['person'];
}

type ParsedScan = Omit<CheckInScan, 'code'> & { code?: string | undefined };

function personName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`;
}

/**
 * The staff's side of an event's attendance (ADR 051): the check-in page (who is expected,
 * the scans, who is inside), the badges in bulk, and the certificates issued, reissued and
 * revoked, audited.
 */
export class AttendanceAdmin {
  /** The event's sessions within a day (ADR 054). */
  readonly sessions: SessionsAdmin;

  constructor(private readonly attendance: AttendanceService) {
    this.sessions = new SessionsAdmin(attendance);
  }

  private get db() {
    return this.attendance.deps.db;
  }

  async events(): Promise<AttendanceEvent[]> {
    return (await eventsWithConfirmed(this.db)).map((event) => ({
      id: event.id,
      title: event.title,
      startsAt: event.starts_at,
      endsAt: event.ends_at,
    }));
  }

  /**
   * The event's confirmed people with their badges' codes and whether each is inside today (or
   * in the session asked for, ADR 054): the check-in page keeps the list, so a typed code or
   * name is found while offline.
   */
  async people(eventId: number, sessionId?: number): Promise<CheckInPerson[]> {
    await liveEvent(this.db, eventId);
    const people = await confirmedPeople(this.db, eventId);
    const codes = await this.attendance.badgeCodes(
      this.db,
      people.map((person) => person.registrationId),
    );
    const inside = new Set(
      (await this.presence(eventId, undefined, sessionId)).people.map(
        (person) => person.registrationId,
      ),
    );
    return people.flatMap((person) => {
      const code = codes.get(person.registrationId);
      if (code === undefined) return [];
      return [
        {
          registrationId: person.registrationId,
          name: personName(person),
          typeName: person.typeName,
          code,
          present: inside.has(person.registrationId),
        },
      ];
    });
  }

  /**
   * Records the device's scans, each once (ADR 051): a scan whose id is stored already answers
   * what the first answered, from the stored row; an unknown badge, another event's, or a
   * registration not confirmed is refused and not stored.
   */
  async scan(
    actor: Actor,
    eventId: number,
    scans: readonly ParsedScan[],
  ): Promise<CheckInResult[]> {
    await liveEvent(this.db, eventId);
    const results: CheckInResult[] = [];
    for (const scan of scans) results.push(await this.scanOne(actor, eventId, scan));
    const recorded = results.filter((result) => result.status === 'recorded').length;
    this.attendance.deps.logger.info(
      { eventId, scans: scans.length, recorded },
      'scansioni del check-in ricevute',
    );
    return results;
  }

  private async scanOne(actor: Actor, eventId: number, scan: ParsedScan): Promise<CheckInResult> {
    const db = this.db;
    const stored = await scanOfClientId(db, scan.clientId);
    if (stored !== undefined) return this.recordedAnswer(stored);
    const refuse = (why: Refusal): CheckInResult => ({
      clientId: scan.clientId,
      status: 'refused',
      message: why.message,
      person: why.person,
      direction: scan.direction,
      scannedAt: scan.scannedAt,
      sessionId: scan.sessionId ?? null,
    });
    const person =
      scan.code !== undefined
        ? await registrationOfBadge(db, scan.code)
        : await registrationPerson(db, scan.registrationId ?? 0);
    if (person === undefined)
      return refuse({ message: ATTENDANCE_MESSAGES.unknownBadge, person: null });
    const named = {
      registrationId: person.registrationId,
      name: personName(person),
      typeName: person.typeName,
    };
    if (person.eventId !== eventId)
      return refuse({ message: ATTENDANCE_MESSAGES.otherEvent, person: named });
    if (person.state !== 'confirmed')
      return refuse({ message: ATTENDANCE_MESSAGES.notConfirmed, person: named });
    const scannedAt = new Date(scan.scannedAt);
    const now = this.attendance.now();
    if (scannedAt.getTime() > now.getTime() + CLOCK_SKEW_MS) {
      return refuse({ message: ATTENDANCE_MESSAGES.futureScan, person: named });
    }
    if (scan.sessionId !== undefined) {
      // A session's scan (ADR 054): of this event, on its day, by someone it admits.
      const session = await findSession(db, scan.sessionId);
      if (session === undefined || session.event_id !== eventId) {
        return refuse({ message: ATTENDANCE_MESSAGES.unknownSession, person: named });
      }
      if (romeDate(new Date(session.starts_at)) !== romeDate(scannedAt)) {
        return refuse({ message: ATTENDANCE_MESSAGES.sessionOtherDay, person: named });
      }
      if (session.addon_id !== null) {
        const addons = (await addonsOfRegistrations(db, eventId, person.registrationId)).get(
          person.registrationId,
        );
        if (addons?.has(session.addon_id) !== true) {
          return refuse({ message: notInSessionMessage(session.name), person: named });
        }
      }
    }
    await insertScan(db, {
      client_id: scan.clientId,
      event_id: eventId,
      registration_id: person.registrationId,
      direction: scan.direction,
      scanned_at: scannedAt.toISOString(),
      day: romeDate(scannedAt),
      recorded_at: now.toISOString(),
      recorded_by: actor.id,
      session_id: scan.sessionId ?? null,
    });
    // Stored now, or by a twin request a moment before: either way the stored row answers.
    const row = await scanOfClientId(db, scan.clientId);
    if (row === undefined) throw new Error('scansione registrata ma non trovata');
    return this.recordedAnswer(row);
  }

  private async recordedAnswer(row: ScanRow): Promise<CheckInResult> {
    const person = await registrationPerson(this.db, row.registration_id);
    const name = person === undefined ? '' : personName(person);
    const session =
      row.session_id === null ? undefined : await findSession(this.db, row.session_id);
    return {
      clientId: row.client_id,
      status: 'recorded',
      message: `${row.direction === 'in' ? 'Entrata' : 'Uscita'} registrata: ${name}${
        session === undefined ? '' : ` (${session.name})`
      }`,
      person:
        person === undefined
          ? null
          : { registrationId: row.registration_id, name, typeName: person.typeName },
      direction: row.direction,
      scannedAt: row.scanned_at,
      sessionId: row.session_id,
    };
  }

  /**
   * Who is inside on a Rome day (today by default) or in a session (ADR 054): those whose last
   * scan there is an entry, since the entry that opened it; with the counts. The day's check-in
   * and each session's are apart: a session's scans say nothing of the door, and the reverse.
   */
  async presence(eventId: number, day?: string, sessionId?: number): Promise<CheckInPresence> {
    let date = day ?? romeDate(this.attendance.now());
    if (sessionId !== undefined) {
      const session = await findSession(this.db, sessionId);
      if (session === undefined || session.event_id !== eventId) throw new AppError('notFound');
      date = romeDate(new Date(session.starts_at));
    }
    const [people, scans] = await Promise.all([
      confirmedPeople(this.db, eventId),
      scansOfEvent(this.db, eventId, sessionId === undefined ? { day: date } : { sessionId }),
    ]);
    const open = new Map<number, string>();
    const came = new Set<number>();
    for (const scan of scans) {
      if (scan.direction === 'in') {
        came.add(scan.registration_id);
        if (!open.has(scan.registration_id)) open.set(scan.registration_id, scan.scanned_at);
      } else {
        open.delete(scan.registration_id);
      }
    }
    const inside = people.filter((person) => open.has(person.registrationId));
    return {
      day: date,
      sessionId: sessionId ?? null,
      confirmed: people.length,
      present: inside.length,
      cameToday: people.filter((person) => came.has(person.registrationId)).length,
      people: inside.map((person) => ({
        registrationId: person.registrationId,
        name: personName(person),
        typeName: person.typeName,
        since: open.get(person.registrationId) ?? '',
      })),
    };
  }

  /** The event's badges in one PDF, A6 or labels (all, or one registration's). */
  async badgesPdf(
    eventId: number,
    format: BadgeFormat,
    registrationId?: number,
  ): Promise<{ fileName: string; content: Uint8Array }> {
    await liveEvent(this.db, eventId);
    const badges = await this.attendance.badgeDocuments(
      this.db,
      eventId,
      registrationId === undefined ? undefined : [registrationId],
    );
    if (registrationId !== undefined && badges.length === 0) throw new AppError('notFound');
    return {
      fileName:
        registrationId === undefined
          ? `badge-evento-${eventId}-${format}.pdf`
          : `badge-${registrationId}.pdf`,
      content: await renderBadgesPdf(badges, format),
    };
  }

  /** Each confirmed person's attendance and certificate (the staff's report). */
  async report(eventId: number): Promise<AdminAttendanceRow[]> {
    await liveEvent(this.db, eventId);
    const [people, scans, certificates, measure] = await Promise.all([
      confirmedPeople(this.db, eventId),
      scansOfEvent(this.db, eventId),
      certificatesOfEvent(this.db, eventId),
      this.attendance.attendanceMeasure(this.db, eventId),
    ]);
    if (measure === undefined) throw new AppError('notFound');
    return people.map((person) => {
      const certificate =
        certificates.find(
          (row) => row.registration_id === person.registrationId && row.revoked_at === null,
        ) ?? certificates.findLast((row) => row.registration_id === person.registrationId);
      return {
        registrationId: person.registrationId,
        name: personName(person),
        typeName: person.typeName,
        attendance: measure(
          person.registrationId,
          scans.filter((scan) => scan.registration_id === person.registrationId),
        ),
        certificate: certificate === undefined ? null : adminCertificate(certificate),
      };
    });
  }

  /**
   * Issues a certificate to each confirmed person who entered at least once and has no valid
   * one, once the event has ended (ADR 051). Under the event's lock, so two presses issue
   * once; numbers from the year's counter in the same transaction; a mail for each.
   */
  async issue(actor: Actor, eventId: number): Promise<{ issued: number }> {
    const now = this.attendance.now();
    const stamp = now.toISOString();
    const issued = await this.db.transaction().execute(async (trx) => {
      if (!(await lockEvent(trx, eventId))) throw new AppError('notFound');
      const event = await liveEvent(trx, eventId);
      if (stamp < event.ends_at) throw refusal('eventId', ATTENDANCE_MESSAGES.eventNotEnded);
      const [people, scans, certificates, measure] = await Promise.all([
        confirmedPeople(trx, eventId),
        scansOfEvent(trx, eventId),
        certificatesOfEvent(trx, eventId),
        this.attendance.attendanceMeasure(trx, eventId),
      ]);
      if (measure === undefined) throw new AppError('notFound');
      const year = romeYear(now);
      const made: CertificateRow[] = [];
      for (const person of people) {
        const own = scans.filter((scan) => scan.registration_id === person.registrationId);
        if (!own.some((scan) => scan.direction === 'in')) continue;
        const valid = certificates.some(
          (row) => row.registration_id === person.registrationId && row.revoked_at === null,
        );
        if (valid) continue;
        const certificate = await insertCertificate(trx, {
          year,
          number: await nextCertificateNumber(trx, year),
          verify_code: randomCode(CERTIFICATE_CODE_LENGTH),
          event_id: eventId,
          registration_id: person.registrationId,
          member_id: person.memberId,
          holder_name: personName(person),
          event_title: event.title,
          event_starts_at: event.starts_at,
          event_ends_at: event.ends_at,
          minutes_present: measure(person.registrationId, own).minutesPresent,
          issued_at: stamp,
          reissued_at: null,
          revoked_at: null,
          revoked_reason: null,
        });
        await enqueue(trx, 'event.certificate-mail', { certificateId: certificate.id }, now);
        made.push(certificate);
      }
      if (made.length > 0) {
        const first = made[0];
        const last = made[made.length - 1];
        await writeAudit(
          trx,
          actor,
          {
            action: 'emette attestati',
            entity: 'event_certificate',
            entityId: eventId,
            summary: `${made.length} attestati per «${event.title}»${
              first === undefined || last === undefined
                ? ''
                : ` (n. ${receiptNumberText(first.year, first.number)} – ${receiptNumberText(last.year, last.number)})`
            }`,
            after: { evento: eventId, attestati: made.length },
          },
          now,
        );
      }
      return made.length;
    });
    if (issued > 0) this.attendance.deps.notifyOutbox();
    this.attendance.deps.logger.info({ eventId, issued }, 'attestati di partecipazione emessi');
    return { issued };
  }

  /**
   * Reissues a valid certificate (ADR 051): the same number and public code, the next edition,
   * with the name, the event and the hours as they are now; mailed again.
   */
  async reissue(actor: Actor, certificateId: number): Promise<AdminCertificate> {
    const now = this.attendance.now();
    const row = await this.db.transaction().execute(async (trx) => {
      const certificate = await findCertificate(trx, certificateId);
      if (certificate === undefined) throw new AppError('notFound');
      if (certificate.revoked_at !== null) {
        throw new AppError('stateConflict', [
          { path: 'id', message: ATTENDANCE_MESSAGES.certificateRevoked },
        ]);
      }
      const event = await liveEvent(trx, certificate.event_id);
      const person = await registrationPerson(trx, certificate.registration_id);
      if (person === undefined) throw new AppError('notFound');
      const attendance = await this.attendance.attendance(trx, certificate.registration_id);
      const facts = {
        holder_name: personName(person),
        event_title: event.title,
        event_starts_at: event.starts_at,
        event_ends_at: event.ends_at,
        minutes_present: attendance.minutesPresent,
      };
      if (!(await reissueCertificate(trx, certificate.id, facts, now.toISOString()))) {
        throw new AppError('stateConflict', [
          { path: 'id', message: ATTENDANCE_MESSAGES.certificateRevoked },
        ]);
      }
      const number = receiptNumberText(certificate.year, certificate.number);
      await writeAudit(
        trx,
        actor,
        {
          action: 'riemette attestato',
          entity: 'event_certificate',
          entityId: certificate.id,
          summary: `Attestato n. ${number} di ${facts.holder_name} riemesso`,
          before: {
            nome: certificate.holder_name,
            evento: certificate.event_title,
            minuti: certificate.minutes_present,
            edizione: certificate.edition,
          },
          after: {
            nome: facts.holder_name,
            evento: facts.event_title,
            minuti: facts.minutes_present,
            edizione: certificate.edition + 1,
          },
        },
        now,
      );
      await enqueue(trx, 'event.certificate-mail', { certificateId: certificate.id }, now);
      const updated = await findCertificate(trx, certificate.id);
      if (updated === undefined) throw new Error('attestato riemesso ma non trovato');
      return updated;
    });
    this.attendance.deps.notifyOutbox();
    return adminCertificate(row);
  }

  /** Revokes a certificate with a reason (audited); its verification page says "revocato". */
  async revoke(actor: Actor, certificateId: number, reason: string): Promise<AdminCertificate> {
    const now = this.attendance.now();
    const row = await this.db.transaction().execute(async (trx) => {
      const certificate = await findCertificate(trx, certificateId);
      if (certificate === undefined) throw new AppError('notFound');
      if (!(await revokeCertificate(trx, certificate.id, reason, now.toISOString()))) {
        throw new AppError('stateConflict', [
          { path: 'id', message: ATTENDANCE_MESSAGES.certificateRevoked },
        ]);
      }
      await writeAudit(
        trx,
        actor,
        {
          action: 'revoca attestato',
          entity: 'event_certificate',
          entityId: certificate.id,
          summary: `Attestato n. ${receiptNumberText(certificate.year, certificate.number)} di ${certificate.holder_name} revocato`,
          before: { stato: 'valido' },
          after: { stato: 'revocato', motivo: reason },
        },
        now,
      );
      const updated = await findCertificate(trx, certificate.id);
      if (updated === undefined) throw new Error('attestato revocato ma non trovato');
      return updated;
    });
    return adminCertificate(row);
  }

  /** Any certificate's PDF, valid or revoked (the staff keep the paper trail). */
  async certificatePdf(certificateId: number) {
    const certificate = await findCertificate(this.db, certificateId);
    if (certificate === undefined) throw new AppError('notFound');
    return this.attendance.certificatePdf(certificate);
  }
}

function adminCertificate(row: CertificateRow): AdminCertificate {
  return {
    id: row.id,
    number: receiptNumberText(row.year, row.number),
    registrationId: row.registration_id,
    holderName: row.holder_name,
    minutesPresent: row.minutes_present,
    edition: row.edition,
    issuedAt: row.issued_at,
    reissuedAt: row.reissued_at,
    state: row.revoked_at === null ? 'valid' : 'revoked',
    revokedAt: row.revoked_at,
    revokedReason: row.revoked_reason,
    verifyPath: certificateVerifyPath(row.verify_code),
  };
}
