import {
  addDays,
  CERTIFICATE_CODE_LENGTH,
  certificateVerifyPath,
  creditsText,
  ECM_CREDIT_MESSAGES,
  ECM_REPORT_DAYS,
  eventDaysText,
  italianRomeDate,
  romeDate,
  type CertificateVerification,
  type EcmCertificateSummary,
  type EcmCreditRow,
  type EcmCreditsReport,
  type EcmPresence,
  type EcmReportSent,
  type EventEcmValues,
  type FileContent,
  type MyEcmCredits,
  type MyRegistration,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Database, Executor } from '../../../../db/schema.js';
import { AppError } from '../../../../http/app-error.js';
import type { Clock } from '../../../../text/dates.js';
import { writeAudit, type Actor } from '../../../admin/audit.js';
import type { ReceiptIssuer } from '../../../payments/receipt-pdf.js';
import { liveEvent, refusal } from '../../attendance/admin-rules.js';
import type { AttendanceAdmin } from '../../attendance/admin-service.js';
import type { AttendanceService } from '../../attendance/service.js';
import { randomCode } from '../../attendance/service.js';
import type { EventRow } from '../../repository.js';
import { findRegistration, lockEvent } from '../../registrations/repository.js';
import type { EcmAttendance } from '../attendance-service.js';
import { ecmValuesOf } from '../admin-service.js';
import type { EligibilityFacts } from '../eligibility.js';
import { ecmPresence } from '../presence.js';
import { adjustmentsOfEvent, findEcm, type EcmRow } from '../repository.js';
import { renderEcmCertificatePdf, ecmCertificateFileName } from './certificate-pdf.js';
import { creditDecision, type CreditDecision, type TestStanding } from './decision.js';
import {
  certificateOfCode,
  certificatesOfEvent,
  confirmedRegistrants,
  deleteReport,
  emailOfMember,
  findCertificate,
  findReport,
  insertCertificate,
  nextCertificateNumber,
  revokeCertificate,
  saveReport,
  validCertificatesOf,
  type EcmCertificateRow,
} from './repository.js';

/** A registration's professional facts as eligibility reads them, and its employment (ADR 059). */
export interface RegistrationCodes extends EligibilityFacts {
  employment: string | null;
}

/** A registration's questionnaire and sponsor declaration (ADR 058). */
export interface QuestionnaireStanding {
  completedAt: string;
  recruited: boolean;
  sponsor: string | null;
}

/**
 * What the credits read from the other ECM slices (ADR 057–059), each for one event's
 * registrations: the test's standing, the questionnaire's completion, the professional codes
 * and whether they are accredited.
 */
export interface EcmCreditSources {
  testStandings(
    db: Executor,
    eventId: number,
  ): Promise<Map<number, Omit<TestStanding, 'attemptsAllowed'>>>;
  questionnaires(db: Executor, eventId: number): Promise<Map<number, QuestionnaireStanding>>;
  registrationCodes(db: Executor, eventId: number): Promise<Map<number, RegistrationCodes>>;
  /** Null when accredited, else the Italian reason. */
  professionReason(values: EventEcmValues, codes: RegistrationCodes): string | null;
}

export interface EcmCreditsDeps {
  db: Kysely<Database>;
  clock: Clock;
  attendance: AttendanceService;
  ecmAttendance: EcmAttendance;
  sources: EcmCreditSources;
  issuer: Pick<ReceiptIssuer, 'name' | 'acronym' | 'address'>;
  society: { publicBaseUrl: string };
}

/** One confirmed registrant's standing. */
export interface CreditOutcome {
  registrationId: number;
  memberId: number;
  firstName: string;
  lastName: string;
  fiscalCode: string | null;
  codes: RegistrationCodes;
  questionnaire: QuestionnaireStanding | null;
  decision: CreditDecision;
}

/** An accredited, ended event's facts the credits need: the codes and credits are complete. */
interface CreditEvent {
  event: EventRow;
  ecm: EcmRow;
  values: EventEcmValues;
}

const TEST_NOT_TAKEN: Omit<TestStanding, 'attemptsAllowed'> = {
  bestScore: null,
  passedAt: null,
  attemptsUsed: 0,
};

/** "3/412345-1": the certificate's number within its edition (event code, edition). */
export function ecmCertificateNumber(
  row: Pick<EcmCertificateRow, 'number' | 'event_code' | 'edition'>,
) {
  return `${row.number}/${row.event_code}-${row.edition}`;
}

function summary(row: EcmCertificateRow): EcmCertificateSummary {
  return {
    id: row.id,
    number: ecmCertificateNumber(row),
    state: row.revoked_at === null ? 'valid' : 'revoked',
    verifyPath: certificateVerifyPath(row.verify_code),
    issuedAt: row.issued_at,
  };
}

/**
 * The ECM credits (ADR 060): each confirmed registrant's decision from the four conditions,
 * the numbered ECM certificate (issued when the person asks for it or by the staff in bulk,
 * one valid per registration, revocable with a reason), its public verification, and the day
 * the credits count from: the event's last day, as for residential events.
 */
export class EcmCredits {
  constructor(readonly deps: EcmCreditsDeps) {}

  private now(): Date {
    return this.deps.clock();
  }

  /** The event with its ECM data; null when it has none or is not flagged for credits. */
  private async creditEvent(db: Executor, eventId: number): Promise<CreditEvent | null> {
    const event = await liveEvent(db, eventId);
    const ecm = await findEcm(db, eventId);
    if (ecm === undefined || event.ecm_credits !== 1) return null;
    return { event, ecm, values: ecmValuesOf(ecm) };
  }

  /** Whether the event has ended: credits are decided only then. */
  private ended(event: EventRow): boolean {
    return event.ends_at <= this.now().toISOString();
  }

  /** Each registration's decision, from presences already computed. */
  private async decide(
    db: Executor,
    credit: CreditEvent,
    people: Awaited<ReturnType<typeof confirmedRegistrants>>,
    presenceOf: (registrationId: number) => EcmPresence | undefined,
  ): Promise<CreditOutcome[]> {
    const { sources } = this.deps;
    const eventId = credit.event.id;
    const [tests, questionnaires, codes] = await Promise.all([
      sources.testStandings(db, eventId),
      sources.questionnaires(db, eventId),
      sources.registrationCodes(db, eventId),
    ]);
    const threshold = credit.ecm.attendance_threshold;
    return people.map((person) => {
      const own = codes.get(person.id) ?? {
        professionCode: null,
        disciplineCode: null,
        employment: null,
        profession: null,
      };
      const questionnaire = questionnaires.get(person.id) ?? null;
      const presence =
        presenceOf(person.id) ?? ecmPresence({ minutesPresent: 0, eventMinutes: 0 }, [], threshold);
      return {
        registrationId: person.id,
        memberId: person.member_id,
        firstName: person.first_name,
        lastName: person.last_name,
        fiscalCode: person.fiscal_code,
        codes: own,
        questionnaire,
        decision: creditDecision({
          professionReason: sources.professionReason(credit.values, own),
          presence,
          test: {
            ...(tests.get(person.id) ?? TEST_NOT_TAKEN),
            attemptsAllowed: credit.ecm.attempts,
          },
          passMark: credit.ecm.pass_mark,
          questionnaireAt: questionnaire?.completedAt ?? null,
        }),
      };
    });
  }

  /** Every confirmed registrant's outcome, with the attendance report's presences (staff). */
  async outcomes(
    staff: AttendanceAdmin,
    eventId: number,
  ): Promise<{ credit: CreditEvent | null; outcomes: CreditOutcome[] }> {
    const { db } = this.deps;
    const credit = await this.creditEvent(db, eventId);
    if (credit === null) return { credit, outcomes: [] };
    const [report, people] = await Promise.all([
      this.deps.ecmAttendance.report(staff, eventId),
      confirmedRegistrants(db, eventId),
    ]);
    const presences = new Map(report.rows.map((row) => [row.registrationId, row.presence]));
    return {
      credit,
      outcomes: await this.decide(db, credit, people, (id) => presences.get(id)),
    };
  }

  /** One registrant's outcome, measuring only their presence. */
  private async outcomeOf(
    db: Executor,
    credit: CreditEvent,
    registrationId: number,
  ): Promise<CreditOutcome | undefined> {
    const people = await confirmedRegistrants(db, credit.event.id, registrationId);
    if (people.length === 0) return undefined;
    const [measured, adjustments] = await Promise.all([
      this.deps.attendance.attendance(db, registrationId),
      adjustmentsOfEvent(db, credit.event.id, registrationId),
    ]);
    const presence = ecmPresence(measured, adjustments, credit.ecm.attendance_threshold);
    const [outcome] = await this.decide(db, credit, people, () => presence);
    return outcome;
  }

  /** The staff's credits screen: each registrant's conditions, certificate, the report's state. */
  async report(staff: AttendanceAdmin, eventId: number): Promise<EcmCreditsReport> {
    const { db } = this.deps;
    const event = await liveEvent(db, eventId);
    const { credit, outcomes } = await this.outcomes(staff, eventId);
    const [certificates, sent] = await Promise.all([
      certificatesOfEvent(db, eventId),
      findReport(db, eventId),
    ]);
    const endedOn = romeDate(new Date(event.ends_at));
    return {
      eventId,
      title: event.title,
      accredited: credit !== null,
      creditsText:
        credit?.ecm.credits_tenths == null ? '' : creditsText(credit.ecm.credits_tenths / 10),
      endedOn,
      reportDueOn: addDays(endedOn, ECM_REPORT_DAYS),
      reported:
        sent === undefined
          ? null
          : { on: sent.sent_on, by: await emailOfMember(db, sent.recorded_by), note: sent.note },
      rows: outcomes.map((outcome): EcmCreditRow => {
        const valid = certificates.find(
          (row) => row.registration_id === outcome.registrationId && row.revoked_at === null,
        );
        const shown =
          valid ?? certificates.findLast((row) => row.registration_id === outcome.registrationId);
        const earned = outcome.decision.earned && this.ended(event);
        return {
          registrationId: outcome.registrationId,
          name: `${outcome.lastName} ${outcome.firstName}`,
          fiscalCode: outcome.fiscalCode ?? '',
          checks: outcome.decision.checks,
          earned,
          earnedOn: earned ? italianRomeDate(new Date(event.ends_at)) : null,
          certificate: shown === undefined ? null : summary(shown),
          certificateToReview: valid !== undefined && !earned,
        };
      }),
    };
  }

  /**
   * "Le mie iscrizioni": after an accredited event's end, each confirmed registration's
   * conditions, credits and certificate (ADR 060).
   */
  async mine(registrations: MyRegistration[]): Promise<MyRegistration[]> {
    const { db } = this.deps;
    const now = this.now().toISOString();
    const shown = new Map<number, MyEcmCredits>();
    for (const row of registrations) {
      if (row.state !== 'confirmed' || row.event.endsAt > now) continue;
      // An event gone to the bin shows no credits; any other failure is the page's.
      const credit = await this.creditEvent(db, row.event.id).catch((error: unknown) => {
        if (error instanceof AppError) return null;
        throw error;
      });
      if (credit === null || credit.ecm.credits_tenths === null) continue;
      const outcome = await this.outcomeOf(db, credit, row.id);
      if (outcome === undefined) continue;
      const certificate = (await validCertificatesOf(db, [row.id])).get(row.id);
      shown.set(row.id, {
        earned: outcome.decision.earned,
        creditsText: creditsText(credit.ecm.credits_tenths / 10),
        checks: outcome.decision.checks,
        earnedOn: outcome.decision.earned ? italianRomeDate(new Date(credit.event.ends_at)) : null,
        certificate: certificate === undefined ? null : summary(certificate),
      });
    }
    if (shown.size === 0) return registrations;
    return registrations.map((row) =>
      shown.has(row.id) ? { ...row, ecmCredits: shown.get(row.id) } : row,
    );
  }

  /**
   * Issues the registration's certificate if it has none valid, under the event's lock: the
   * next number of the event, and the partial unique index keeps one valid per registration
   * should two requests pass the check together (ADR 060). Refused unless the credits are
   * earned and the event's codes are complete.
   */
  private async issue(
    trx: Executor,
    credit: CreditEvent,
    outcome: CreditOutcome,
    now: Date,
  ): Promise<{ row: EcmCertificateRow; made: boolean }> {
    const existing = (await validCertificatesOf(trx, [outcome.registrationId])).get(
      outcome.registrationId,
    );
    if (existing !== undefined) return { row: existing, made: false };
    const { ecm, event } = credit;
    if (
      !outcome.decision.earned ||
      !this.ended(event) ||
      ecm.provider_code === null ||
      ecm.event_code === null ||
      ecm.credits_tenths === null
    ) {
      throw refusal('id', ECM_CREDIT_MESSAGES.notEarned);
    }
    const row = await insertCertificate(trx, {
      event_id: event.id,
      registration_id: outcome.registrationId,
      member_id: outcome.memberId,
      number: await nextCertificateNumber(trx, event.id),
      verify_code: randomCode(CERTIFICATE_CODE_LENGTH),
      holder_name: `${outcome.firstName} ${outcome.lastName}`,
      fiscal_code: outcome.fiscalCode,
      event_title: event.title,
      event_starts_at: event.starts_at,
      event_ends_at: event.ends_at,
      provider_code: ecm.provider_code,
      event_code: ecm.event_code,
      edition: ecm.edition,
      credits_tenths: ecm.credits_tenths,
      earned_on: romeDate(new Date(event.ends_at)),
      issued_at: now.toISOString(),
      revoked_at: null,
      revoked_reason: null,
      revoked_by: null,
    });
    return { row, made: true };
  }

  /** The person's own ECM certificate as a PDF, issued at the first request; else 404/400. */
  async myCertificatePdf(memberId: number, registrationId: number): Promise<FileContent> {
    const { db } = this.deps;
    const now = this.now();
    const row = await db.transaction().execute(async (trx) => {
      const registration = await findRegistration(trx, registrationId);
      if (registration === undefined || registration.member_id !== memberId) {
        throw new AppError('notFound');
      }
      if (!(await lockEvent(trx, registration.event_id))) throw new AppError('notFound');
      const credit = await this.creditEvent(trx, registration.event_id);
      if (credit === null) throw new AppError('notFound');
      const outcome = await this.outcomeOf(trx, credit, registrationId);
      if (outcome === undefined) throw new AppError('notFound');
      return (await this.issue(trx, credit, outcome, now)).row;
    });
    const { fileName, content } = await this.pdfOf(row);
    return { fileName, content: Buffer.from(content).toString('base64') };
  }

  /** A certificate's PDF for the staff, valid or revoked. */
  async certificatePdf(certificateId: number): Promise<{ fileName: string; content: Uint8Array }> {
    const row = await findCertificate(this.deps.db, certificateId);
    if (row === undefined) throw new AppError('notFound');
    return this.pdfOf(row);
  }

  /**
   * Issues the certificates of everyone who earned the credits and has none (staff, audited):
   * the candidates read from the attendance report, each decided again under the event's lock.
   */
  async issueAll(actor: Actor, staff: AttendanceAdmin, eventId: number): Promise<number> {
    const { db } = this.deps;
    const now = this.now();
    const { credit: found, outcomes } = await this.outcomes(staff, eventId);
    if (found === null) throw refusal('id', ECM_CREDIT_MESSAGES.notAccredited);
    if (!this.ended(found.event)) throw refusal('id', ECM_CREDIT_MESSAGES.notEnded);
    const candidates = outcomes.filter((outcome) => outcome.decision.earned);
    return db.transaction().execute(async (trx) => {
      if (!(await lockEvent(trx, eventId))) throw new AppError('notFound');
      const credit = await this.creditEvent(trx, eventId);
      if (credit === null) throw refusal('id', ECM_CREDIT_MESSAGES.notAccredited);
      let made = 0;
      for (const candidate of candidates) {
        const outcome = await this.outcomeOf(trx, credit, candidate.registrationId);
        if (outcome === undefined || !outcome.decision.earned) continue;
        if ((await this.issue(trx, credit, outcome, now)).made) made += 1;
      }
      if (made > 0) {
        await writeAudit(
          trx,
          actor,
          {
            action: 'emette attestati ECM',
            entity: 'event_ecm',
            entityId: eventId,
            summary: `${made} attestati ECM emessi per «${credit.event.title}»`,
            before: null,
            after: { attestati: made },
          },
          now,
        );
      }
      return made;
    });
  }

  /** Revokes a valid ECM certificate with a reason (audited); the verification shows it. */
  async revoke(actor: Actor, certificateId: number, reason: string): Promise<void> {
    const { db } = this.deps;
    const now = this.now();
    await db.transaction().execute(async (trx) => {
      const row = await findCertificate(trx, certificateId);
      if (row === undefined) throw new AppError('notFound');
      await liveEvent(trx, row.event_id);
      const revoked = await revokeCertificate(trx, certificateId, {
        revoked_at: now.toISOString(),
        revoked_reason: reason,
        revoked_by: actor.id,
      });
      if (!revoked) throw refusal('id', ECM_CREDIT_MESSAGES.revoked);
      await writeAudit(
        trx,
        actor,
        {
          action: 'revoca attestato ECM',
          entity: 'event_ecm',
          entityId: row.event_id,
          summary: `Attestato ${ecmCertificateNumber(row)} di ${row.holder_name} revocato`,
          before: { attestato: ecmCertificateNumber(row), stato: 'valido' },
          after: { attestato: ecmCertificateNumber(row), stato: 'revocato', motivo: reason },
        },
        now,
      );
    });
  }

  /** The public verification of an ECM certificate (ADR 051's address); null when unknown. */
  async verify(code: string): Promise<CertificateVerification | null> {
    if (!/^[A-Z0-9]{1,40}$/.test(code)) return null;
    const row = await certificateOfCode(this.deps.db, code);
    if (row === undefined) return null;
    return {
      number: ecmCertificateNumber(row),
      holderName: row.holder_name,
      eventTitle: row.event_title,
      eventDates: eventDaysText(row.event_starts_at, row.event_ends_at),
      issuedOn: italianRomeDate(new Date(row.issued_at)),
      state: row.revoked_at === null ? 'valid' : 'revoked',
      revokedOn: row.revoked_at === null ? null : italianRomeDate(new Date(row.revoked_at)),
      ecm: {
        creditsText: creditsText(row.credits_tenths / 10),
        providerCode: row.provider_code,
        eventCode: row.event_code,
        edition: row.edition,
        earnedOn: italianRomeDate(new Date(`${row.earned_on}T12:00:00Z`)),
      },
    };
  }

  private async pdfOf(row: EcmCertificateRow): Promise<{ fileName: string; content: Uint8Array }> {
    const document = {
      issuer: this.deps.issuer,
      numberText: ecmCertificateNumber(row),
      holderName: row.holder_name,
      fiscalCode: row.fiscal_code,
      eventTitle: row.event_title,
      eventDates: eventDaysText(row.event_starts_at, row.event_ends_at),
      providerCode: row.provider_code,
      eventCode: row.event_code,
      edition: row.edition,
      creditsText: creditsText(row.credits_tenths / 10),
      earnedOn: italianRomeDate(new Date(`${row.earned_on}T12:00:00Z`)),
      issuedOn: italianRomeDate(new Date(row.issued_at)),
      verifyUrl: `${this.deps.society.publicBaseUrl}${certificateVerifyPath(row.verify_code)}`,
      issuedAt: new Date(row.issued_at),
    };
    return {
      fileName: ecmCertificateFileName(document),
      content: await renderEcmCertificatePdf(document),
    };
  }

  /** Records the report as uploaded to Age.Na.S. (or rewrites the record), audited. */
  async recordReportSent(actor: Actor, eventId: number, input: EcmReportSent) {
    const { db } = this.deps;
    const now = this.now();
    await db.transaction().execute(async (trx) => {
      if (!(await lockEvent(trx, eventId))) throw new AppError('notFound');
      const credit = await this.creditEvent(trx, eventId);
      if (credit === null) throw refusal('id', ECM_CREDIT_MESSAGES.notAccredited);
      const endedOn = romeDate(new Date(credit.event.ends_at));
      if (input.sentOn < endedOn || input.sentOn > romeDate(now)) {
        throw refusal('sentOn', ECM_CREDIT_MESSAGES.reportedOn);
      }
      const before = await findReport(trx, eventId);
      await saveReport(trx, {
        event_id: eventId,
        sent_on: input.sentOn,
        note: input.note,
        recorded_by: actor.id,
        recorded_at: now.toISOString(),
      });
      await writeAudit(
        trx,
        actor,
        {
          action: 'registra invio rapporto ECM',
          entity: 'event_ecm',
          entityId: eventId,
          summary: `Rapporto ECM di «${credit.event.title}» inviato ad Age.Na.S. il ${input.sentOn}`,
          before: before === undefined ? null : { inviato: before.sent_on, nota: before.note },
          after: { inviato: input.sentOn, nota: input.note },
        },
        now,
      );
    });
  }

  /** Takes back the record of the report's sending (a mistake), audited. */
  async clearReportSent(actor: Actor, eventId: number): Promise<void> {
    const { db } = this.deps;
    const now = this.now();
    await db.transaction().execute(async (trx) => {
      const event = await liveEvent(trx, eventId);
      const before = await findReport(trx, eventId);
      if (before === undefined || !(await deleteReport(trx, eventId))) return;
      await writeAudit(
        trx,
        actor,
        {
          action: 'annulla invio rapporto ECM',
          entity: 'event_ecm',
          entityId: eventId,
          summary: `Invio del rapporto ECM di «${event.title}» annullato`,
          before: { inviato: before.sent_on, nota: before.note },
          after: null,
        },
        now,
      );
    });
  }
}
