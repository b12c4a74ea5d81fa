import { randomBytes } from 'node:crypto';
import {
  italianDateTime,
  OTHER_SPONSOR,
  percentOf,
  QUESTIONNAIRE_DONE_MESSAGE,
  QUESTIONNAIRE_MESSAGES,
  romeDate,
  romeInstant,
  SPONSOR_FIELDS,
  type MyQuestionnaire,
  type MyQuestionnaireState,
  type MyRegistration,
  type QuestionnaireAnswer,
  type QuestionnaireForm,
  type QuestionnaireReport,
  type QuestionnaireState,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Database, Executor } from '../../../../db/schema.js';
import { AppError, type ErrorIssue } from '../../../../http/app-error.js';
import type { Clock } from '../../../../text/dates.js';
import { toCsv } from '../../../../text/csv.js';
import { liveEvent } from '../../attendance/admin-rules.js';
import { findEventRows, type EventRow } from '../../repository.js';
import { findRegistration } from '../../registrations/repository.js';
import { findEcm } from '../repository.js';
import { CURRENT_QUESTIONNAIRE } from './reference.js';
import {
  answersOfEvent,
  claimCompletion,
  completionCounts,
  completionsAmong,
  insertAnswers,
  questionnaireCompletionsOfEvent,
} from './repository.js';

export { questionnaireCompletionsOfEvent };

export interface QuestionnaireDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** ECM_QUESTIONNAIRE_DAYS: days the form stays open after the event's last day. */
  settings: { questionnaireDays: number };
}

/** The limits of the free texts. */
const REASON = { min: 3, max: 2000 } as const;
const COMPANY = { min: 2, max: 200 } as const;

/** `YYYY-MM-DD` plus `days`. */
function plusDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * When the questionnaire of an event is open (ADR 058): from the event's end, as the manual
 * wants the form filled in outside the hours of training (§9.12), until the end (midnight in
 * Rome) of the `days`-th day after the event's last day.
 */
export function questionnaireWindow(
  event: Pick<EventRow, 'ends_at'>,
  days: number,
): { opensAt: string; closesAt: string } {
  const lastDay = romeDate(new Date(event.ends_at));
  return {
    opensAt: new Date(event.ends_at).toISOString(),
    closesAt: romeInstant(plusDays(lastDay, days + 1), '00:00').toISOString(),
  };
}

/** Where a registrant stands, at `now`. */
export function questionnaireState(
  now: string,
  window: { opensAt: string; closesAt: string },
  completed: boolean,
): QuestionnaireState {
  if (completed) return 'compilato';
  if (now < window.opensAt) return 'non-ancora';
  return now < window.closesAt ? 'da-compilare' : 'chiuso';
}

/** A submission read against the form: what is stored, apart. */
export interface Submission {
  answers: Record<string, string>;
  reasons: Record<string, string>;
  recruited: boolean;
  sponsorName: string | null;
}

/** A posted field's text: a string, trimmed; anything else is blank. */
function field(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * Reads a submission (the API's JSON or the page's form, the same names): every question
 * answered with an option of its scale, the reason given where the answer asks for it, the
 * sponsor declaration answered (and the company when recruited: one of the event's sponsors, or
 * another typed in). Refused with every issue under its field, in Italian.
 */
export function readSubmission(
  form: QuestionnaireForm,
  sponsors: readonly string[],
  input: unknown,
): Submission {
  const body =
    typeof input === 'object' && input !== null && !Array.isArray(input)
      ? (input as Record<string, unknown>)
      : {};
  const issues: ErrorIssue[] = [];
  const answers: Record<string, string> = {};
  const reasons: Record<string, string> = {};
  for (const question of form.questions) {
    const answer = field(body, question.key);
    if (!question.options.some((option) => option.key === answer)) {
      issues.push({ path: question.key, message: QUESTIONNAIRE_MESSAGES.answer(question.text) });
      continue;
    }
    answers[question.key] = answer;
    const reason = question.reason;
    if (reason === undefined || answer !== reason.when) continue;
    const text = field(body, reason.key);
    if (text.length < REASON.min || text.length > REASON.max) {
      issues.push({ path: reason.key, message: QUESTIONNAIRE_MESSAGES.reason(reason.label) });
    } else {
      reasons[reason.key] = text;
    }
  }
  const recruitedAnswer = field(body, SPONSOR_FIELDS.recruited);
  let recruited = false;
  let sponsorName: string | null = null;
  if (recruitedAnswer !== 'si' && recruitedAnswer !== 'no') {
    issues.push({ path: SPONSOR_FIELDS.recruited, message: QUESTIONNAIRE_MESSAGES.recruited });
  } else if (recruitedAnswer === 'si') {
    recruited = true;
    const chosen = field(body, SPONSOR_FIELDS.sponsor);
    const other = field(body, SPONSOR_FIELDS.otherSponsor);
    if (sponsors.includes(chosen)) {
      sponsorName = chosen;
    } else if (chosen === OTHER_SPONSOR || (chosen === '' && sponsors.length === 0)) {
      if (other.length < COMPANY.min || other.length > COMPANY.max) {
        issues.push({
          path: SPONSOR_FIELDS.otherSponsor,
          message: QUESTIONNAIRE_MESSAGES.otherSponsor,
        });
      } else {
        sponsorName = other;
      }
    } else {
      issues.push({ path: SPONSOR_FIELDS.sponsor, message: QUESTIONNAIRE_MESSAGES.sponsor });
    }
  }
  if (issues.length > 0) throw new AppError('invalidRequest', issues);
  return { answers, reasons, recruited, sponsorName };
}

const texts = (json: string): string[] => JSON.parse(json) as string[];

/** A refusal of the event's state (409), its message under `questionnaire`. */
function conflict(message: string): AppError {
  return new AppError('stateConflict', [{ path: 'questionnaire', message }]);
}

/**
 * The satisfaction questionnaire and the sponsor declaration (ADR 058): a confirmed
 * registrant of an accredited event answers once, in the reserved area, while it is open; the
 * completion and the declaration are kept with the registration, the answers apart and
 * anonymous, both in one transaction; staff read the answers in aggregate only.
 */
export class EcmQuestionnaire {
  constructor(readonly deps: QuestionnaireDeps) {}

  private window(event: Pick<EventRow, 'ends_at'>) {
    return questionnaireWindow(event, this.deps.settings.questionnaireDays);
  }

  /** The person's own confirmed registration to an accredited event; anything else 404/409. */
  private async registrationOf(db: Executor, memberId: number, registrationId: number) {
    const registration = await findRegistration(db, registrationId);
    if (
      registration === undefined ||
      registration.member_id !== memberId ||
      registration.state !== 'confirmed'
    ) {
      throw new AppError('notFound');
    }
    const event = await liveEvent(db, registration.event_id);
    const ecm = await findEcm(db, event.id);
    if (ecm === undefined || event.ecm_credits !== 1) throw conflict(QUESTIONNAIRE_MESSAGES.notEcm);
    return { registration, event, sponsors: texts(ecm.sponsors) };
  }

  /** The questionnaire's page of a registration: the form, its state and window. */
  async mine(memberId: number, registrationId: number): Promise<MyQuestionnaire> {
    const { db } = this.deps;
    const { event, sponsors } = await this.registrationOf(db, memberId, registrationId);
    const [completion] = await completionsAmong(db, [registrationId]);
    const window = this.window(event);
    return {
      registrationId,
      event: { id: event.id, title: event.title },
      state: questionnaireState(this.deps.clock().toISOString(), window, completion !== undefined),
      ...window,
      completedAt: completion?.completed_at ?? null,
      form: CURRENT_QUESTIONNAIRE,
      sponsors,
    };
  }

  /**
   * Records a questionnaire once: the completion with the declaration (keyed by the
   * registration: a second submission, even at the same instant, is refused) and the answers
   * under a random key, in one transaction.
   */
  async submit(
    memberId: number,
    registrationId: number,
    body: unknown,
  ): Promise<QuestionnaireAnswer> {
    const { db } = this.deps;
    const now = this.deps.clock().toISOString();
    const { event, sponsors } = await this.registrationOf(db, memberId, registrationId);
    const window = this.window(event);
    if ((await completionsAmong(db, [registrationId])).length > 0) {
      throw conflict(QUESTIONNAIRE_MESSAGES.done);
    }
    if (now < window.opensAt)
      throw conflict(QUESTIONNAIRE_MESSAGES.notOpen(italianDateTime(window.opensAt)));
    if (now >= window.closesAt) {
      throw conflict(
        QUESTIONNAIRE_MESSAGES.closed(
          italianDateTime(new Date(Date.parse(window.closesAt) - 60_000).toISOString()),
        ),
      );
    }
    const form = CURRENT_QUESTIONNAIRE;
    const submission = readSubmission(form, sponsors, body);
    await db.transaction().execute(async (trx) => {
      const claimed = await claimCompletion(trx, {
        registration_id: registrationId,
        event_id: event.id,
        form_version: form.version,
        completed_at: now,
        recruited: submission.recruited ? 1 : 0,
        sponsor_name: submission.sponsorName,
      });
      if (!claimed) throw conflict(QUESTIONNAIRE_MESSAGES.done);
      await insertAnswers(trx, {
        event_id: event.id,
        // 128 random bits: a key that says nothing of who or when.
        response_key: randomBytes(16).toString('hex'),
        form_version: form.version,
        answers: JSON.stringify({ answers: submission.answers, reasons: submission.reasons }),
      });
    });
    return { message: QUESTIONNAIRE_DONE_MESSAGE };
  }

  /**
   * "Le mie iscrizioni": each confirmed registration to an accredited event with the state of
   * its questionnaire (ADR 058).
   */
  async withStates(registrations: MyRegistration[]): Promise<MyRegistration[]> {
    const { db } = this.deps;
    const confirmed = registrations.filter((row) => row.state === 'confirmed');
    if (confirmed.length === 0) return registrations;
    const eventIds = [...new Set(confirmed.map((row) => row.event.id))];
    const events = (await findEventRows(db, eventIds)).filter(
      (event) => event.ecm_credits === 1 && event.deleted_at === null,
    );
    const accredited = new Map<number, EventRow>();
    for (const event of events) {
      if ((await findEcm(db, event.id)) !== undefined) accredited.set(event.id, event);
    }
    if (accredited.size === 0) return registrations;
    const completed = new Set(
      (
        await completionsAmong(
          db,
          confirmed.map((row) => row.id),
        )
      ).map((row) => row.registration_id),
    );
    const now = this.deps.clock().toISOString();
    return registrations.map((row) => {
      const event = row.state === 'confirmed' ? accredited.get(row.event.id) : undefined;
      if (event === undefined) return row;
      const window = this.window(event);
      const state: MyQuestionnaireState = {
        state: questionnaireState(now, window, completed.has(row.id)),
        ...window,
      };
      return { ...row, ecmQuestionnaire: state };
    });
  }

  /**
   * The staff's report of an event (ADR 058): completions over confirmed registrations, each
   * question's answers counted per option, the reasons in the answers' random order, the
   * declarations by company. Never a name, never an instant.
   */
  async report(eventId: number): Promise<QuestionnaireReport> {
    const { db } = this.deps;
    const event = await liveEvent(db, eventId);
    const [ecm, counts, rows, declarations] = await Promise.all([
      findEcm(db, eventId),
      completionCounts(db, eventId),
      answersOfEvent(db, eventId),
      questionnaireCompletionsOfEvent(db, eventId),
    ]);
    const form = CURRENT_QUESTIONNAIRE;
    // Counted by question key: a new version of the form keeps the keys of unchanged questions.
    const stored = rows.map(
      (row) =>
        JSON.parse(row.answers) as {
          answers: Record<string, string>;
          reasons: Record<string, string>;
        },
    );
    const questions = form.questions.map((question) => {
      const given = stored.filter((row) => row.answers[question.key] !== undefined);
      return {
        key: question.key,
        text: question.text,
        options: question.options.map((option) => {
          const count = given.filter((row) => row.answers[question.key] === option.key).length;
          return { ...option, count, percent: percentOf(count, given.length) };
        }),
        reasons:
          question.reason === undefined
            ? []
            : given.flatMap((row) => {
                const reason = row.reasons[question.reason?.key ?? ''];
                return reason === undefined ? [] : [reason];
              }),
      };
    });
    const byCompany = new Map<string, number>();
    for (const row of declarations) {
      if (!row.recruited) continue;
      const name = row.sponsorName ?? '';
      byCompany.set(name, (byCompany.get(name) ?? 0) + 1);
    }
    return {
      eventId,
      title: event.title,
      accredited: ecm !== undefined && event.ecm_credits === 1,
      form: { version: form.version, title: form.title, source: form.source },
      confirmed: counts.confirmed,
      completed: counts.completed,
      questions,
      sponsorship: {
        notRecruited: declarations.filter((row) => !row.recruited).length,
        recruited: [...byCompany]
          .map(([name, count]) => ({ name, count }))
          .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'it')),
      },
    };
  }

  /** The report as a spreadsheet (`;`, BOM: Italian Excel), the same figures, no names. */
  async reportCsv(eventId: number): Promise<string> {
    const report = await this.report(eventId);
    const number = (value: number) => String(value).replace('.', ',');
    const rows: string[][] = [
      ['evento', report.title],
      ['questionario', `${report.form.title} (versione ${report.form.version})`],
      ['iscritti confermati', String(report.confirmed)],
      ['questionari compilati', String(report.completed)],
      [],
      ['domanda', 'risposta', 'risposte', 'percentuale'],
    ];
    for (const question of report.questions) {
      for (const option of question.options) {
        rows.push([
          question.text,
          option.label,
          String(option.count),
          `${number(option.percent)}%`,
        ]);
      }
    }
    for (const question of report.questions) {
      if (question.reasons.length === 0) continue;
      rows.push([], [`motivi: ${question.text}`]);
      for (const reason of question.reasons) rows.push([reason]);
    }
    rows.push([], ['reclutamento da sponsor', 'dichiarazioni']);
    rows.push(['non reclutato', String(report.sponsorship.notRecruited)]);
    for (const company of report.sponsorship.recruited) {
      rows.push([`reclutato da ${company.name}`, String(company.count)]);
    }
    return toCsv(rows);
  }
}
