import {
  addDays,
  adminListHref,
  ECM_CREDIT_CONDITION_LABELS,
  ECM_CREDIT_CONDITIONS,
  ECM_CREDIT_MESSAGES,
  ECM_REPORT_DAYS,
  ecmDisciplineName,
  ecmProfessionName,
  romeDate,
  type EcmReportFormat,
  type EcmReportProblem,
  type PendingWork,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Database, Executor } from '../../../../db/schema.js';
import { AppError } from '../../../../http/app-error.js';
import { toCsv, textCode } from '../../../../text/csv.js';
import { isValidCodiceFiscale } from '../../../../text/codice-fiscale.js';
import type { Clock } from '../../../../text/dates.js';
import type { PendingWorkProvider } from '../../../admin/dashboard.js';
import type { AttendanceAdmin } from '../../attendance/admin-service.js';
import type { CreditOutcome, EcmCredits } from '../credits/service.js';
import { eventsAwaitingReport } from '../credits/repository.js';
import {
  agenasParticipantsXml,
  REPORT_EMPLOYMENT_CODES,
  REPORT_ROLE_CODES,
  type ReportEmployment,
  type ReportPerson,
  type ReportRole,
} from './agenas-xml.js';

/** A speaker of the event as the report needs them (ADR 059). */
export interface ReportSpeaker {
  firstName: string;
  lastName: string;
  fiscalCode: string | null;
  role: string;
  professionCode: number | null;
  disciplineCode: number | null;
  employment: string | null;
  creditsTenths: number;
}

export interface EcmReportDeps {
  db: Kysely<Database>;
  clock: Clock;
  credits: EcmCredits;
  /** The event's speakers (ADR 059). */
  speakers(db: Executor, eventId: number): Promise<ReportSpeaker[]>;
}

/** A person of the report before the checks: what they are, and what they lack. */
interface Candidate {
  person: Omit<ReportPerson, 'professionCode' | 'disciplineCode' | 'employment' | 'role'> & {
    role: string;
    professionCode: number | null;
    disciplineCode: number | null;
    employment: string | null;
  };
}

const isRole = (role: string): role is ReportRole => role in REPORT_ROLE_CODES;
const isEmployment = (value: string | null): value is ReportEmployment =>
  value !== null && value in REPORT_EMPLOYMENT_CODES;

/** What a person lacks for the report, in Italian; empty when complete. */
function problemsOf(candidate: Candidate): string[] {
  const { person } = candidate;
  const problems: string[] = [];
  if (person.fiscalCode === '' || !isValidCodiceFiscale(person.fiscalCode)) {
    problems.push(
      person.fiscalCode === ''
        ? 'codice fiscale mancante'
        : `codice fiscale non valido (${person.fiscalCode})`,
    );
  }
  if (person.professionCode === null) problems.push('professione non scelta dall’elenco nazionale');
  if (person.disciplineCode === null) problems.push('disciplina non scelta dall’elenco nazionale');
  if (!isEmployment(person.employment)) problems.push('rapporto di lavoro mancante');
  if (!isRole(person.role)) problems.push(`ruolo non previsto dal rapporto (${person.role})`);
  return problems;
}

/**
 * The participants' report to Age.Na.S. of an ECM edition (ADR 060): everyone who earned the
 * credits and the speakers, as XML in the report's layout, refused with the list of whom to fix
 * when anyone lacks what the layout requires; a CSV of every confirmed registrant with each
 * condition for the staff's own check; the staff home's countdown of the 90 days.
 */
export class EcmReport {
  constructor(private readonly deps: EcmReportDeps) {}

  private async candidates(staff: AttendanceAdmin, eventId: number) {
    const { credit, outcomes } = await this.deps.credits.outcomes(staff, eventId);
    if (credit === null || credit.ecm.credits_tenths === null) {
      throw new AppError('invalidRequest', [
        { path: 'id', message: ECM_CREDIT_MESSAGES.notAccredited },
      ]);
    }
    if (credit.event.ends_at > this.deps.clock().toISOString()) {
      throw new AppError('invalidRequest', [{ path: 'id', message: ECM_CREDIT_MESSAGES.notEnded }]);
    }
    const earnedOn = romeDate(new Date(credit.event.ends_at));
    const participant = (outcome: CreditOutcome): Candidate => ({
      person: {
        fiscalCode: (outcome.fiscalCode ?? '').toUpperCase(),
        lastName: outcome.lastName,
        firstName: outcome.firstName,
        role: 'partecipante',
        professionCode: outcome.codes.professionCode,
        disciplineCode: outcome.codes.disciplineCode,
        employment: outcome.codes.employment,
        creditsTenths: credit.ecm.credits_tenths ?? 0,
        earnedOn,
        recruited: outcome.questionnaire?.recruited ?? false,
        sponsor: outcome.questionnaire?.sponsor ?? null,
      },
    });
    const speakers = (await this.deps.speakers(this.deps.db, eventId)).map(
      (speaker): Candidate => ({
        person: {
          ...speaker,
          fiscalCode: (speaker.fiscalCode ?? '').toUpperCase(),
          earnedOn,
          recruited: false,
          sponsor: null,
        },
      }),
    );
    return {
      credit,
      outcomes,
      included: [
        ...outcomes.filter((outcome) => outcome.decision.earned).map(participant),
        ...speakers,
      ],
    };
  }

  /** The report as a file: XML for Age.Na.S. or CSV for the staff. */
  async file(
    staff: AttendanceAdmin,
    eventId: number,
    format: EcmReportFormat,
  ): Promise<{ fileName: string; type: string; body: string }> {
    const { credit, outcomes, included } = await this.candidates(staff, eventId);
    const base = `rapporto-ecm-${credit.ecm.event_code ?? credit.event.id}-${credit.ecm.edition}`;
    if (format === 'csv') {
      return { fileName: `${base}.csv`, type: 'text/csv', body: this.csv(outcomes, included) };
    }
    const problems: EcmReportProblem[] = included
      .map((candidate) => ({
        name: `${candidate.person.lastName} ${candidate.person.firstName}`,
        role: candidate.person.role,
        problems: problemsOf(candidate),
      }))
      .filter((row) => row.problems.length > 0);
    if (credit.ecm.provider_code === null || credit.ecm.event_code === null) {
      throw new AppError('invalidRequest', [
        { path: 'id', message: ECM_CREDIT_MESSAGES.notAccredited },
      ]);
    }
    if (problems.length > 0) {
      throw new AppError('invalidRequest', [
        {
          path: 'id',
          message: `${ECM_CREDIT_MESSAGES.reportMissing} ${problems
            .map((row) => `${row.name} (${row.role}): ${row.problems.join(', ')}`)
            .join('; ')}.`,
        },
      ]);
    }
    const people = included.map(({ person }) => ({
      ...person,
      role: person.role as ReportRole,
      professionCode: person.professionCode as number,
      disciplineCode: person.disciplineCode as number,
      employment: person.employment as ReportEmployment,
    }));
    const body = agenasParticipantsXml(
      {
        providerCode: credit.ecm.provider_code,
        eventCode: credit.ecm.event_code,
        edition: credit.ecm.edition,
        type: credit.values.type,
        startsOn: romeDate(new Date(credit.event.starts_at)),
        endsOn: romeDate(new Date(credit.event.ends_at)),
        creditsTenths: credit.ecm.credits_tenths ?? 0,
      },
      people,
    );
    return { fileName: `${base}.xml`, type: 'application/xml', body };
  }

  /** Every confirmed registrant and speaker, each condition and the report's fields. */
  private csv(outcomes: CreditOutcome[], included: Candidate[]): string {
    const named = (code: number | null, name: (code: number) => string | undefined) =>
      code === null ? '' : `${code} ${name(code) ?? ''}`.trim();
    const earned = new Set(
      outcomes.filter((outcome) => outcome.decision.earned).map((o) => o.registrationId),
    );
    const speakerRows = included.filter((candidate) => candidate.person.role !== 'partecipante');
    return toCsv([
      [
        'cognome',
        'nome',
        'codice fiscale',
        'ruolo',
        'professione',
        'disciplina',
        'rapporto di lavoro',
        ...ECM_CREDIT_CONDITIONS.map((condition) => ECM_CREDIT_CONDITION_LABELS[condition]),
        'crediti ottenuti',
        'reclutato da sponsor',
        'sponsor',
        'nel rapporto',
      ],
      ...outcomes.map((outcome) => {
        const byCondition = new Map(outcome.decision.checks.map((c) => [c.condition, c.text]));
        return [
          outcome.lastName,
          outcome.firstName,
          textCode((outcome.fiscalCode ?? '').toUpperCase()),
          'partecipante',
          named(outcome.codes.professionCode, ecmProfessionName),
          named(outcome.codes.disciplineCode, ecmDisciplineName),
          outcome.codes.employment ?? '',
          ...ECM_CREDIT_CONDITIONS.map((condition) => byCondition.get(condition) ?? ''),
          earned.has(outcome.registrationId) ? 'sì' : 'no',
          outcome.questionnaire === null ? '' : outcome.questionnaire.recruited ? 'sì' : 'no',
          outcome.questionnaire?.sponsor ?? '',
          earned.has(outcome.registrationId) ? 'sì' : 'no',
        ];
      }),
      ...speakerRows.map(({ person }) => [
        person.lastName,
        person.firstName,
        textCode(person.fiscalCode),
        person.role,
        named(person.professionCode, ecmProfessionName),
        named(person.disciplineCode, ecmDisciplineName),
        person.employment ?? '',
        ...ECM_CREDIT_CONDITIONS.map(() => ''),
        (person.creditsTenths / 10).toLocaleString('it-IT'),
        '',
        '',
        'sì',
      ]),
    ]);
  }
}

/**
 * The staff home's countdown (ADR 060): accredited events ended and not recorded as reported,
 * the most urgent first, its days left (or past) in the label.
 */
export const ecmReportsPendingWork: PendingWorkProvider = async (db, now) => {
  const waiting = await eventsAwaitingReport(db, now.toISOString());
  const today = romeDate(now);
  const first = waiting[0];
  const daysLeft =
    first === undefined
      ? 0
      : Math.round(
          (Date.parse(addDays(romeDate(new Date(first.ends_at)), ECM_REPORT_DAYS)) -
            Date.parse(today)) /
            86_400_000,
        );
  const when =
    first === undefined
      ? ''
      : daysLeft < 0
        ? ` – «${first.title}» è in ritardo di ${-daysLeft} giorni`
        : ` – «${first.title}» scade tra ${daysLeft === 1 ? '1 giorno' : `${daysLeft} giorni`}`;
  const item: PendingWork = {
    key: 'ecm-rapporti-da-inviare',
    label: `Rapporti ECM da inviare ad Age.Na.S. entro 90 giorni dalla fine dell’evento${when}`,
    count: waiting.length,
    href:
      first === undefined
        ? adminListHref('crediti-ecm')
        : `/amministrazione/crediti-ecm?evento=${first.id}`,
  };
  return [item];
};
