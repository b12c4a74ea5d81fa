import { randomBytes } from 'node:crypto';
import {
  ATTENDANCE_CODE_ALPHABET,
  BADGE_CODE_LENGTH,
  badgeCodeText,
  certificateVerifyPath,
  eventDaysText,
  italianRomeDate,
  receiptNumberText,
  type Attendance,
  type CertificateVerification,
  type FileContent,
  type MyBadge,
  type MyRegistration,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../../../text/dates.js';
import type { Database, Executor } from '../../../db/schema.js';
import type { FileStore } from '../../../files/file-store.js';
import { AppError } from '../../../http/app-error.js';
import { enqueue } from '../../outbox/outbox.js';
import type { ReceiptIssuer } from '../../payments/receipt-pdf.js';
import { findEventRows } from '../repository.js';
import { findRegistration } from '../registrations/repository.js';
import {
  admittedSessions,
  attendanceOf,
  eventDaySpans,
  sessionSpans,
  type AttendanceMeasure,
} from './attendance.js';
import { renderBadgesPdf, type BadgeDocument } from './badge-pdf.js';
import {
  certificateFileName,
  renderCertificatePdf,
  type CertificateDocument,
} from './certificate-pdf.js';
import { qrDataUrl } from './pdf-kit.js';
import {
  addonsOfRegistrations,
  badgeCodesOf,
  certificateOfCode,
  confirmedPeople,
  findCertificate,
  insertBadge,
  registrationPerson,
  scansOfRegistration,
  sessionsOfEvent,
  validCertificatesOf,
  type CertificateRow,
} from './repository.js';

/** A random code of `length` letters of the codes' alphabet (32 letters: 5 bits each). */
export function randomCode(length: number): string {
  const bytes = randomBytes(length);
  let code = '';
  for (const byte of bytes) code += ATTENDANCE_CODE_ALPHABET[byte % 32];
  return code;
}

/** The badge mail's job (ADR 051): queued when a registration is confirmed. */
export interface BadgeMailJob {
  registrationId: number;
}
/** A certificate's mail (ADR 051): queued when it is issued or reissued. */
export interface CertificateMailJob {
  certificateId: number;
}

declare module '../../outbox/outbox.js' {
  interface OutboxJobs {
    'event.badge-mail': BadgeMailJob;
    'event.certificate-mail': CertificateMailJob;
  }
}

/**
 * Queues the badge's mail of a registration just confirmed, in the transaction that confirmed
 * it (ADR 008, 051): the mail carries the badge with its QR code.
 */
export async function queueBadgeMail(trx: Executor, registrationId: number, now: Date) {
  await enqueue(trx, 'event.badge-mail', { registrationId }, now);
}

export interface AttendanceDeps {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  files: FileStore;
  notifyOutbox: () => void;
  society: { acronym: string; name: string; publicBaseUrl: string };
  issuer: Pick<ReceiptIssuer, 'name' | 'acronym' | 'address'>;
}

/**
 * Badges and certificates as their holders and the public see them (ADR 051): a confirmed
 * registration's badge code (made on first need, kept), the badge's and certificate's PDFs in
 * the reserved area, their mails, the public verification, and the one computation of a
 * person's attendance.
 */
export class AttendanceService {
  constructor(readonly deps: AttendanceDeps) {}

  now(): Date {
    return this.deps.clock();
  }

  /** The badge codes of confirmed registrations, made for those without one. */
  async badgeCodes(db: Executor, registrationIds: readonly number[]): Promise<Map<number, string>> {
    const codes = await badgeCodesOf(db, registrationIds);
    const missing = registrationIds.filter((id) => !codes.has(id));
    if (missing.length === 0) return codes;
    const stamp = this.now().toISOString();
    // A code already taken (60 random bits: never in practice) fails the insert, not the rule.
    for (const id of missing) await insertBadge(db, id, randomCode(BADGE_CODE_LENGTH), stamp);
    return badgeCodesOf(db, registrationIds);
  }

  /**
   * A person's minutes present at their event, per day and in all, from the check-in's scans
   * (ADR 051, with its sessions ADR 054): the certificates' hours and the ECM rules' attendance.
   */
  async attendance(db: Executor, registrationId: number): Promise<Attendance> {
    const registration = await findRegistration(db, registrationId);
    if (registration === undefined) throw new AppError('notFound');
    const measure = await this.attendanceMeasure(db, registration.event_id);
    if (measure === undefined) throw new AppError('notFound');
    return measure(registrationId, await scansOfRegistration(db, registrationId));
  }

  /**
   * How an event's attendance is measured (ADR 051, 054): its days' hours, its sessions and who
   * each session admits, read once; then each person's attendance from their scans.
   */
  async attendanceMeasure(db: Executor, eventId: number): Promise<AttendanceMeasure | undefined> {
    const [[event], sessionRows, addons] = await Promise.all([
      findEventRows(db, [eventId]),
      sessionsOfEvent(db, eventId),
      addonsOfRegistrations(db, eventId),
    ]);
    if (event === undefined) return undefined;
    const spans = eventDaySpans({ startsAt: event.starts_at, endsAt: event.ends_at });
    const sessions = sessionSpans(sessionRows);
    return (registrationId, scans) =>
      attendanceOf(
        scans,
        spans,
        admittedSessions(sessions, addons.get(registrationId) ?? new Set()),
      );
  }

  /** "Le mie iscrizioni": each confirmed registration with its badge and its certificate. */
  async withBadges(registrations: MyRegistration[]): Promise<MyRegistration[]> {
    const { db } = this.deps;
    const confirmed = registrations.filter((row) => row.state === 'confirmed').map((row) => row.id);
    if (confirmed.length === 0) return registrations;
    const [codes, certificates] = await Promise.all([
      this.badgeCodes(db, confirmed),
      validCertificatesOf(db, confirmed),
    ]);
    const badges = new Map<number, MyBadge>();
    for (const id of confirmed) {
      const code = codes.get(id);
      if (code === undefined) continue;
      const certificate = certificates.get(id);
      badges.set(id, {
        code,
        qrDataUrl: await qrDataUrl(code),
        certificate:
          certificate === undefined
            ? null
            : {
                number: receiptNumberText(certificate.year, certificate.number),
                state: 'valid',
                verifyPath: certificateVerifyPath(certificate.verify_code),
              },
      });
    }
    return registrations.map((row) => ({ ...row, badge: badges.get(row.id) ?? null }));
  }

  /** The badges of an event's confirmed registrations (all, or the ones named), in name order. */
  async badgeDocuments(
    db: Executor,
    eventId: number,
    registrationIds?: readonly number[],
  ): Promise<BadgeDocument[]> {
    const [event] = await findEventRows(db, [eventId]);
    if (event === undefined) throw new AppError('notFound');
    const people = (await confirmedPeople(db, eventId)).filter(
      (person) => registrationIds === undefined || registrationIds.includes(person.registrationId),
    );
    const codes = await this.badgeCodes(
      db,
      people.map((person) => person.registrationId),
    );
    return people.flatMap((person) => {
      const code = codes.get(person.registrationId);
      if (code === undefined) return [];
      return [
        {
          acronym: this.deps.society.acronym,
          eventTitle: event.title,
          eventDates: eventDaysText(event.starts_at, event.ends_at),
          name: `${person.firstName} ${person.lastName}`,
          typeName: person.typeName,
          code,
        },
      ];
    });
  }

  /** A member's own confirmed registration's badge as a PDF; anything else is 404. */
  async myBadgePdf(memberId: number, registrationId: number): Promise<FileContent> {
    const person = await registrationPerson(this.deps.db, registrationId);
    if (person === undefined || person.memberId !== memberId || person.state !== 'confirmed') {
      throw new AppError('notFound');
    }
    const badges = await this.badgeDocuments(this.deps.db, person.eventId, [registrationId]);
    const content = await renderBadgesPdf(badges, 'a6');
    return {
      fileName: `badge-${registrationId}.pdf`,
      content: Buffer.from(content).toString('base64'),
    };
  }

  /** A member's own valid certificate of a registration as a PDF; anything else is 404. */
  async myCertificatePdf(memberId: number, registrationId: number): Promise<FileContent> {
    const certificate = (await validCertificatesOf(this.deps.db, [registrationId])).get(
      registrationId,
    );
    if (certificate === undefined || certificate.member_id !== memberId) {
      throw new AppError('notFound');
    }
    const { fileName, content } = await this.certificatePdf(certificate);
    return { fileName, content: Buffer.from(content).toString('base64') };
  }

  /** The public verification of a certificate: the name, the event, valid or revoked. */
  async verify(code: string): Promise<CertificateVerification | null> {
    if (!/^[A-Z0-9]{1,40}$/.test(code)) return null;
    const certificate = await certificateOfCode(this.deps.db, code);
    if (certificate === undefined) return null;
    return {
      number: receiptNumberText(certificate.year, certificate.number),
      holderName: certificate.holder_name,
      eventTitle: certificate.event_title,
      eventDates: eventDaysText(certificate.event_starts_at, certificate.event_ends_at),
      issuedOn: italianRomeDate(new Date(certificate.reissued_at ?? certificate.issued_at)),
      state: certificate.revoked_at === null ? 'valid' : 'revoked',
      revokedOn:
        certificate.revoked_at === null ? null : italianRomeDate(new Date(certificate.revoked_at)),
    };
  }

  /** What a certificate's PDF says: the row's facts as issued (or last reissued). */
  certificateDocument(certificate: CertificateRow): CertificateDocument {
    const issuedAt = new Date(certificate.reissued_at ?? certificate.issued_at);
    return {
      issuer: this.deps.issuer,
      numberText: receiptNumberText(certificate.year, certificate.number),
      holderName: certificate.holder_name,
      eventTitle: certificate.event_title,
      eventDates: eventDaysText(certificate.event_starts_at, certificate.event_ends_at),
      minutesPresent: certificate.minutes_present,
      issuedOn: italianRomeDate(issuedAt),
      edition: certificate.edition,
      verifyUrl: `${this.deps.society.publicBaseUrl}${certificateVerifyPath(certificate.verify_code)}`,
      issuedAt,
    };
  }

  async certificatePdf(
    certificate: CertificateRow,
  ): Promise<{ fileName: string; content: Uint8Array }> {
    const document = this.certificateDocument(certificate);
    return {
      fileName: certificateFileName(document.numberText),
      content: await renderCertificatePdf(document),
    };
  }

  /** The outbox's badge job: the badge PDF stored, and its mail queued. */
  async sendBadgeMail(registrationId: number): Promise<void> {
    const { db, files, society } = this.deps;
    const registration = await findRegistration(db, registrationId);
    // Cancelled since it was confirmed: no badge to send.
    if (registration === undefined || registration.state !== 'confirmed') return;
    const [badge] = await this.badgeDocuments(db, registration.event_id, [registrationId]);
    if (badge === undefined) return;
    const { sha256 } = await files.put(await renderBadgesPdf([badge], 'a6'));
    const now = this.now();
    await enqueue(
      db,
      'mail',
      {
        to: [registration.email],
        subject: `${society.acronym} – ${badge.eventTitle}: il tuo badge`,
        text: [
          `Gentile ${badge.name},`,
          '',
          `la tua iscrizione a «${badge.eventTitle}» è confermata.`,
          'In allegato il badge con il codice QR: mostralo all’ingresso e all’uscita, dal telefono o stampato.',
          `Il codice del badge è ${badgeCodeText(badge.code)}.`,
          '',
          `Le tue iscrizioni: ${society.publicBaseUrl}/area-riservata-iscrizioni`,
          '',
          `Segreteria ${society.acronym}`,
        ].join('\n'),
        attachments: [{ fileName: `badge-${registrationId}.pdf`, sha256 }],
      },
      now,
    );
    this.deps.notifyOutbox();
  }

  /** The outbox's certificate job: the PDF stored, and its mail queued. */
  async sendCertificateMail(certificateId: number): Promise<void> {
    const { db, files, society } = this.deps;
    const certificate = await findCertificate(db, certificateId);
    if (certificate === undefined || certificate.revoked_at !== null) return;
    const registration = await findRegistration(db, certificate.registration_id);
    if (registration === undefined) return;
    const { fileName, content } = await this.certificatePdf(certificate);
    const { sha256 } = await files.put(content);
    const number = receiptNumberText(certificate.year, certificate.number);
    await enqueue(
      db,
      'mail',
      {
        to: [registration.email],
        subject: `${society.acronym} – ${certificate.event_title}: attestato di partecipazione n. ${number}`,
        text: [
          `Gentile ${certificate.holder_name},`,
          '',
          certificate.edition > 1
            ? `in allegato l’attestato di partecipazione n. ${number} a «${certificate.event_title}», riemesso: sostituisce quello inviato prima.`
            : `in allegato l’attestato di partecipazione n. ${number} a «${certificate.event_title}».`,
          `Chiunque può verificarlo all’indirizzo ${society.publicBaseUrl}${certificateVerifyPath(certificate.verify_code)}.`,
          '',
          `Le tue iscrizioni: ${society.publicBaseUrl}/area-riservata-iscrizioni`,
          '',
          `Segreteria ${society.acronym}`,
        ].join('\n'),
        attachments: [{ fileName, sha256 }],
      },
      this.now(),
    );
    this.deps.notifyOutbox();
  }
}
