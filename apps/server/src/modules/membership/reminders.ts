import {
  addDays,
  DUES_REMINDER_ARREARS_PREFIX,
  DUES_REMINDER_LAPSE_STEP,
  DUES_REMINDER_LAPSED_STEP,
  DUES_REMINDER_MANUAL_PREFIX,
  DUES_REMINDER_SEND_GROUP_LABELS,
  DUES_REMINDER_TEXT_DEFAULTS,
  duesPaymentPath,
  fillDuesReminderText,
  italianEuroText,
  romeDate,
  type DueStatus,
  type DuesReminderPlaceholder,
  type DuesReminderTextKind,
  type DuesReminderHistoryEntry,
  type DuesReminderSendBody,
  type DuesReminderSendPreview,
  type DuesReminderSendResult,
  type DuesRemindersOverview,
  type MembershipKind,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { PeriodicJob } from '../../db/scheduled-runs.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../text/dates.js';
import { enqueue } from '../outbox/outbox.js';
import { AppError } from '../../http/app-error.js';
import { writeAudit, type Actor } from '../admin/audit.js';
import { feesOfYears } from './dues/year-fees.js';
import {
  allDueStatuses,
  claimDuesReminder,
  latestRemindersSent,
  memberRemindersSent,
  membersRemindedSince,
  pauseMemberReminders,
  resumeMemberReminders,
  setRemindersPausedForEveryone,
  reminderRecipients,
  remindersPausedForEveryone,
  remindersSentSince,
} from './reminders-repository.js';
import { reminderTextsInUse, type ReminderTexts } from './reminder-texts.js';
import { findMembershipWithMember } from './repository.js';
import { computeStanding, type StandingResult, type StandingRules } from './standing.js';

/** The step of the warning before lapsing; the others are named by their days from 1 January. */
const LAPSE_WARNING_STEP = DUES_REMINDER_LAPSE_STEP;

export interface ReminderSchedule {
  /** Days from 1 January of the year due, ascending (`-30`: 2 December of the year before). */
  days: number[];
  /** Days before the member would lapse on which the warning goes; 0: no warning. */
  lapseWarningDays: number;
  /**
   * Day of the month (1–28) on which a member in arrears is reminded of every open year, in
   * place of the yearly steps, until they lapse; 0: no arrears reminders, the yearly steps go
   * on (ADR 030, amendment of 27 November 2026).
   */
  arrearsDay: number;
}

/** The notice of lapse goes only to a member who lapsed in these last days, not to the long lapsed. */
const LAPSE_NOTICE_WITHIN_DAYS = 60;

/** "Invia ora" leaves out a member sent any reminder in these last hours. */
const SEND_NOW_WINDOW_MS = 24 * 3_600_000;

/** The names the preview of "Invia ora" shows. */
const PREVIEW_NAMES = 10;

/** One reminder: for which year, which step, on which day (`YYYY-MM-DD`, Rome). */
export interface DuesReminderStep {
  year: number;
  step: string;
  on: string;
}

/** What the schedule needs of a member. */
export interface ReminderLedger {
  sinceYear: number;
  dues: ReadonlyMap<number, DueStatus>;
  /** Steps already sent, as `year:step`. */
  sent: ReadonlySet<string>;
}

/** Settled years get no reminder: paid, exempt, or reported and waiting for verification. */
function open(ledger: ReminderLedger, year: number): boolean {
  const status = ledger.dues.get(year);
  return (
    year >= ledger.sinceYear && status !== 'paid' && status !== 'exempt' && status !== 'reported'
  );
}

/** The years whose reminders run on `today`: this one and, from its first step, the next. */
function yearsReminded(today: string): number[] {
  const year = Number(today.slice(0, 4));
  return [year, year + 1];
}

function sentStep(ledger: ReminderLedger, step: DuesReminderStep): boolean {
  return ledger.sent.has(`${step.year}:${step.step}`);
}

/** Arrears (a past year open, not lapsed) are reminded monthly when the schedule says so. */
function remindedAsArrears(standing: StandingResult, schedule: ReminderSchedule): boolean {
  return standing.standing === 'arrears' && schedule.arrearsDay > 0;
}

/** The arrears reminder of the month `today` falls in (`YYYY-MM-DD`) or of `months` later. */
function arrearsStep(today: string, arrearsDay: number, months = 0): DuesReminderStep {
  const start = new Date(
    Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 + months, 1),
  );
  const month = String(start.getUTCMonth() + 1).padStart(2, '0');
  const year = start.getUTCFullYear();
  return {
    year,
    step: `${DUES_REMINDER_ARREARS_PREFIX}${month}`,
    on: `${year}-${month}-${String(arrearsDay).padStart(2, '0')}`,
  };
}

/**
 * The notice that a member has lapsed (ADR 030, 27 November 2026): keyed by the first year of
 * the run of missed years that made them lapse, so it goes once for that lapse and again only
 * after a readmission and a new lapse; only to a member who lapsed in the last
 * `LAPSE_NOTICE_WITHIN_DAYS` (a register taken over with long-lapsed members sends nothing).
 */
function lapseNotice(
  ledger: ReminderLedger,
  today: string,
  rules: StandingRules,
  standing: StandingResult,
): DuesReminderStep | null {
  let run = 0;
  let runStart: number | null = null;
  for (const [index, year] of standing.missedYears.entries()) {
    run = index > 0 && standing.missedYears[index - 1] === year - 1 ? run + 1 : 1;
    if (run >= rules.lapseAfterYears) {
      runStart = year - run + 1;
      break;
    }
  }
  if (runStart === null) return null;
  const before = computeStanding(ledger, addDays(today, -LAPSE_NOTICE_WITHIN_DAYS), rules);
  if (before.standing === 'lapsed') return null;
  return { year: runStart, step: DUES_REMINDER_LAPSED_STEP, on: today };
}

/** Whether the member would be lapsed by the end of `today`'s year (the warning in the mails). */
function lapsingThisYear(ledger: ReminderLedger, today: string, rules: StandingRules): boolean {
  return (
    computeStanding(ledger, today, rules).standing !== 'lapsed' &&
    computeStanding(ledger, `${today.slice(0, 4)}-12-31`, rules).standing === 'lapsed'
  );
}

/**
 * The reminders due on `today` (ADR 030). For each open year, only the latest step whose day
 * has come, once: a server started late sends the step that applies now, not the missed ones.
 * A member in arrears gets instead, once a month on `arrearsDay`, one reminder of every open
 * year; the monthly step of a month whose day is past is not sent late in the next. The
 * warning goes when the member would lapse within `lapseWarningDays` (the standing of that
 * day, by the one function, ADR 024); a lapsed member gets the notice of lapse once, and
 * nothing more.
 */
export function remindersDue(
  ledger: ReminderLedger,
  today: string,
  rules: StandingRules,
  schedule: ReminderSchedule,
): DuesReminderStep[] {
  const standing = computeStanding(ledger, today, rules);
  if (standing.standing === 'lapsed') {
    const notice = lapseNotice(ledger, today, rules, standing);
    return notice !== null && !sentStep(ledger, notice) ? [notice] : [];
  }
  const due: DuesReminderStep[] = [];
  if (remindedAsArrears(standing, schedule)) {
    const step = arrearsStep(today, schedule.arrearsDay);
    if (step.on <= today && !sentStep(ledger, step)) due.push(step);
  } else {
    for (const year of yearsReminded(today)) {
      if (!open(ledger, year)) continue;
      const latest = schedule.days
        .map((days) => ({ year, step: String(days), on: addDays(`${year}-01-01`, days) }))
        .filter((step) => step.on <= today)
        .at(-1);
      if (latest !== undefined && !sentStep(ledger, latest)) due.push(latest);
    }
  }
  const warning = lapseWarning(ledger, today, rules, schedule);
  if (
    warning !== null &&
    warning.on <= today &&
    !ledger.sent.has(`${warning.year}:${warning.step}`)
  )
    due.push({ ...warning, on: today });
  return due;
}

/**
 * The warning before lapsing still to come or due: the member would lapse on a day `lapseOn`
 * within the warning's reach. A year becomes missed the day after its grace period, or on
 * 1 January for the year before, so those are the only days a member can lapse on.
 */
function lapseWarning(
  ledger: ReminderLedger,
  today: string,
  rules: StandingRules,
  schedule: ReminderSchedule,
): DuesReminderStep | null {
  if (schedule.lapseWarningDays === 0) return null;
  const year = Number(today.slice(0, 4));
  const lapseDays = [year, year + 1, year + 2]
    .flatMap((y) => [`${y}-01-01`, addDays(`${y}-${rules.graceUntil}`, 1)])
    .filter((day) => day > today)
    .sort();
  for (const lapseOn of lapseDays) {
    const then = computeStanding(ledger, lapseOn, rules);
    if (then.standing !== 'lapsed') continue;
    const lastMissed = then.missedYears.at(-1) ?? Number(lapseOn.slice(0, 4));
    return {
      year: lastMissed,
      step: LAPSE_WARNING_STEP,
      on: addDays(lapseOn, -schedule.lapseWarningDays),
    };
  }
  return null;
}

/** The next reminder a member will get (today's if one is due), or null: the staff list. */
export function nextReminder(
  ledger: ReminderLedger,
  today: string,
  rules: StandingRules,
  schedule: ReminderSchedule,
): DuesReminderStep | null {
  const dueNow = remindersDue(ledger, today, rules, schedule);
  if (dueNow.length > 0) return dueNow[0] ?? null;
  const standing = computeStanding(ledger, today, rules);
  if (standing.standing === 'lapsed') return null;
  const coming: DuesReminderStep[] = [];
  if (remindedAsArrears(standing, schedule)) {
    const thisMonth = arrearsStep(today, schedule.arrearsDay);
    coming.push(thisMonth.on > today ? thisMonth : arrearsStep(today, schedule.arrearsDay, 1));
  } else {
    for (const year of yearsReminded(today)) {
      if (!open(ledger, year)) continue;
      for (const days of schedule.days) {
        const on = addDays(`${year}-01-01`, days);
        if (on > today) coming.push({ year, step: String(days), on });
      }
    }
  }
  const warning = lapseWarning(ledger, today, rules, schedule);
  if (warning !== null && !ledger.sent.has(`${warning.year}:${warning.step}`)) coming.push(warning);
  return coming.sort((a, b) => a.on.localeCompare(b.on))[0] ?? null;
}

/** The member as the mails address them. */
interface MailMember {
  first_name: string;
  last_name: string;
  email: string;
  kind: MembershipKind;
  /** `{numero}` of the texts; absent or null: empty. */
  member_number?: string | null;
}

/** The open years with what each costs, and their total (`feesOfYears`, ADR 029). */
export interface OpenYearsFees {
  years: number[];
  /** Each year's fee in cents, in the order of `years`; null: no fee of the kind. */
  amounts: (number | null)[];
  /** Whether the member would lapse by the end of the year: the mail warns. */
  lapsing: boolean;
}

interface MailSociety {
  acronym: string;
  publicBaseUrl: string;
}

/** The texts before the secretariat edits any: what the code always sent. */
const DEFAULT_TEXTS: ReminderTexts = DUES_REMINDER_TEXT_DEFAULTS;

/** The warning of `{avviso-decadenza}`, to a member who would lapse by the end of the year. */
export const LAPSING_SENTENCE =
  'Come prevede lo statuto, se non verranno pagate entro la fine dell’anno decadrai da socio e perderai l’accesso all’area riservata.';

function listed(parts: string[]): string {
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)}`;
}

/** "le quote associative degli anni 2025 (80,00 €) e 2026 (90,00 €), in tutto 170,00 €". */
function openYearsText(fees: OpenYearsFees): string {
  const parts = fees.years.map((year, index) => {
    const amount = fees.amounts[index];
    return amount === null || amount === undefined
      ? String(year)
      : `${year} (${italianEuroText(amount)})`;
  });
  if (parts.length === 1) return `risulta ancora da pagare la quota associativa ${parts[0] ?? ''}.`;
  const known = fees.amounts.every((amount) => amount !== null);
  const total = fees.amounts.reduce<number>((sum, amount) => sum + (amount ?? 0), 0);
  return `risultano ancora da pagare le quote associative degli anni ${listed(parts)}${known ? `, in tutto ${italianEuroText(total)}` : ''}.`;
}

/** The total of the open years, or empty when a year has no fee of the member's kind. */
function totalText(fees: OpenYearsFees): string {
  if (fees.amounts.some((amount) => amount === null || amount === undefined)) return '';
  return italianEuroText(fees.amounts.reduce<number>((sum, amount) => sum + (amount ?? 0), 0));
}

/** The placeholders every text has: who the member is and the society. */
function memberValues(member: MailMember, society: MailSociety) {
  return {
    nome: member.first_name,
    cognome: member.last_name,
    numero: member.member_number ?? '',
    acronimo: society.acronym,
  };
}

/** The payment tab of the member's own fee page, where the open years are listed (ADR 029). */
function paymentLink(member: MailMember, society: MailSociety): string {
  return `${society.publicBaseUrl}${duesPaymentPath(member.kind)}`;
}

/** A mail of `kind` to the member: its text (the secretariat's or the default) filled in. */
function textMail(
  kind: DuesReminderTextKind,
  member: MailMember,
  values: Partial<Record<DuesReminderPlaceholder, string>>,
  texts: ReminderTexts,
) {
  const text = texts[kind];
  return {
    to: [member.email],
    subject: fillDuesReminderText(text.subject, values),
    text: fillDuesReminderText(text.body, values),
  };
}

/**
 * The reminder's e-mail, in Italian, from the text of its kind (ADR 030, amended 28 November
 * 2026): the steps before the year and from its start, the warning before lapsing, the notice
 * of lapse; the monthly arrears reminder and "Invia ora" list every open year.
 */
export function reminderMail(
  step: DuesReminderStep,
  member: MailMember,
  openYears: number[],
  society: MailSociety,
  fees: OpenYearsFees = { years: openYears, amounts: openYears.map(() => null), lapsing: false },
  texts: ReminderTexts = DEFAULT_TEXTS,
) {
  if (step.step === DUES_REMINDER_LAPSED_STEP)
    return textMail(
      'decaduto',
      member,
      { ...memberValues(member, society), anni: listed(openYears.map(String)) },
      texts,
    );
  if (
    step.step.startsWith(DUES_REMINDER_ARREARS_PREFIX) ||
    step.step.startsWith(DUES_REMINDER_MANUAL_PREFIX)
  )
    return openDuesMail(member, fees, society, step.year, texts);
  const paying = { ...memberValues(member, society), link: paymentLink(member, society) };
  if (step.step === LAPSE_WARNING_STEP)
    return textMail('decadenza', member, { ...paying, anni: openYears.join(', ') }, texts);
  return textMail(
    Number(step.step) < 0 ? 'prima-dell-anno' : 'quota-dell-anno',
    member,
    { ...paying, anno: String(step.year) },
    texts,
  );
}

/**
 * Every open year with its fee and the total (ADR 030, 27 November 2026): the monthly arrears
 * reminder and "Invia ora". `year` is the current one: with a past year open the text is the
 * arrears', with only this year's open the one of "Invia ora" for the year due.
 */
export function openDuesMail(
  member: MailMember,
  fees: OpenYearsFees,
  society: MailSociety,
  year: number,
  texts: ReminderTexts = DEFAULT_TEXTS,
) {
  const arrears = fees.years.some((open) => open < year);
  return textMail(
    arrears ? 'arretrati' : 'invia-ora',
    member,
    {
      ...memberValues(member, society),
      link: paymentLink(member, society),
      anni: fees.years.join(', '),
      quote: openYearsText(fees),
      importo: totalText(fees),
      'avviso-decadenza': fees.lapsing ? LAPSING_SENTENCE : '',
    },
    texts,
  );
}

export interface DuesRemindersDeps {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  rules: StandingRules;
  schedule: ReminderSchedule;
  society: { acronym: string; publicBaseUrl: string };
  notifyOutbox: () => void;
  /** `auto` checks on start and then every `intervalMs`; `manual` only on `runOnce()` (tests). */
  mode: 'auto' | 'manual';
  intervalMs?: number;
}

/** The latest sends the staff screen shows. */
const SENT_SHOWN = 50;

/** Checked every hour: a reminder due today goes out within the hour, whenever it starts. */
const DEFAULT_INTERVAL_MS = 60 * 60_000;

/** Each member's ledger and steps sent, as the schedule reads them. */
export async function reminderLedgers(db: Kysely<Database>, today: string) {
  const recipients = await reminderRecipients(db);
  // The warning before lapsing is keyed by the last year missed, one or two years back.
  const sent = await remindersSentSince(db, Number(today.slice(0, 4)) - 3);
  const duesBy = new Map<number, Map<number, DueStatus>>();
  for (const due of await allDueStatuses(db)) {
    const years = duesBy.get(due.member_id) ?? new Map<number, DueStatus>();
    years.set(due.year, due.status);
    duesBy.set(due.member_id, years);
  }
  const sentBy = new Map<number, Set<string>>();
  const lapseNoticeBy = new Map<number, string>();
  for (const row of sent) {
    const steps = sentBy.get(row.member_id) ?? new Set<string>();
    steps.add(`${row.year}:${row.step}`);
    sentBy.set(row.member_id, steps);
    if (row.step === DUES_REMINDER_LAPSED_STEP) {
      const latest = lapseNoticeBy.get(row.member_id);
      if (latest === undefined || latest < row.sent_at)
        lapseNoticeBy.set(row.member_id, row.sent_at);
    }
  }
  return recipients.map((recipient) => ({
    recipient,
    lapseNoticeSentAt: lapseNoticeBy.get(recipient.member_id) ?? null,
    ledger: {
      sinceYear: recipient.since_year,
      dues: duesBy.get(recipient.member_id) ?? new Map<number, DueStatus>(),
      sent: sentBy.get(recipient.member_id) ?? new Set<string>(),
    } satisfies ReminderLedger,
  }));
}

/**
 * The dues reminders (ADR 030): an hourly check queues, through the outbox (ADR 008), the
 * reminders due today to the members whose year is open. The reminder's row is written in the
 * same transaction as its message, unique per member, year and step: never sent twice, also
 * across instances (ADR 033) and when SMTP is down (the outbox retries the one message).
 */
export class DuesReminders {
  private readonly job: PeriodicJob;

  constructor(private readonly deps: DuesRemindersDeps) {
    this.job = new PeriodicJob({
      db: deps.db,
      name: 'dues-reminders',
      clock: deps.clock,
      everyMs: deps.intervalMs ?? DEFAULT_INTERVAL_MS,
      logger: deps.logger,
      failureMessage: 'promemoria quote non riuscito',
      work: () => this.remind(),
    });
  }

  start(): void {
    if (this.deps.mode === 'auto') this.job.start();
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** Queues the reminders due now; answers how many were queued. */
  runOnce(): Promise<number> {
    return this.job.runOnce();
  }

  /** Who gets which reminder next, and the latest sent (the staff screen). */
  async overview(): Promise<DuesRemindersOverview> {
    const { db, clock, rules, schedule } = this.deps;
    const today = romeDate(clock());
    const ledgers = await reminderLedgers(db, today);
    return {
      pausedForEveryone: await remindersPausedForEveryone(db),
      members: ledgers.map(({ recipient, ledger, lapseNoticeSentAt }) => ({
        memberId: recipient.member_id,
        name: `${recipient.last_name} ${recipient.first_name}`,
        email: recipient.email,
        memberNumber: recipient.member_number,
        paused: recipient.paused_at !== null,
        next: nextReminder(ledger, today, rules, schedule),
        standing: computeStanding(ledger, today, rules).standing,
        lapseNoticeSentAt,
      })),
      sent: (await latestRemindersSent(db, SENT_SHOWN)).map((row) => ({
        memberId: row.member_id,
        name: `${row.last_name} ${row.first_name}`,
        year: row.year,
        step: row.step,
        sentAt: row.sent_at,
      })),
    };
  }

  /** Pauses or resumes one member's reminders, or everyone's without `memberId`; audited. */
  async setPaused(actor: Actor, paused: boolean, memberId: number | undefined): Promise<void> {
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      let summary: string;
      if (memberId === undefined) {
        await setRemindersPausedForEveryone(trx, paused, actor.email, now.toISOString());
        summary = paused ? 'Promemoria sospesi per tutti' : 'Promemoria ripresi per tutti';
      } else {
        const member = await findMembershipWithMember(trx, memberId);
        if (member === undefined) throw new AppError('notFound');
        const changed = paused
          ? await pauseMemberReminders(trx, memberId, actor.email, now.toISOString())
          : await resumeMemberReminders(trx, memberId);
        if (!changed) return;
        summary = `Promemoria ${paused ? 'sospesi' : 'ripresi'} per ${member.email}`;
      }
      await writeAudit(
        trx,
        actor,
        {
          action: paused ? 'sospende promemoria' : 'riprende promemoria',
          entity: 'dues_reminder',
          entityId: memberId ?? null,
          summary,
          after: { sospesi: paused },
        },
        now,
      );
    });
  }

  /** One member's reminders, newest first (the member's dues screen). */
  async history(memberId: number): Promise<DuesReminderHistoryEntry[]> {
    const member = await findMembershipWithMember(this.deps.db, memberId);
    if (member === undefined) throw new AppError('notFound');
    return (await memberRemindersSent(this.deps.db, memberId)).map((row) => ({
      year: row.year,
      step: row.step,
      sentAt: row.sent_at,
    }));
  }

  /** The open years of a member with their fees, for the mails that list them. */
  private async openYearsFees(
    kind: MembershipKind,
    ledger: ReminderLedger,
    today: string,
  ): Promise<OpenYearsFees> {
    const years = computeStanding(ledger, today, this.deps.rules).openYears;
    return {
      years,
      amounts: years.length === 0 ? [] : await feesOfYears(this.deps.db, kind, years),
      lapsing: lapsingThisYear(ledger, today, this.deps.rules),
    };
  }

  /**
   * Who "Invia ora" reaches and with which message (ADR 030, 27 November 2026): one member, or
   * every member of a group by the standing of today (ADR 024). Left out: lapsed members and
   * those with nothing open; as skipped, members whose reminders are paused or who were sent a
   * reminder in the last 24 hours. For one member each of these is refused with the reason.
   */
  private async sendPlan(target: DuesReminderSendBody, now: Date) {
    const { db, clock, rules, society } = this.deps;
    const refuse = (message: string) =>
      new AppError('invalidRequest', [
        { path: target.memberId === undefined ? 'group' : 'memberId', message },
      ]);
    if (await remindersPausedForEveryone(db))
      throw refuse('I promemoria sono sospesi per tutti: riprendili prima di inviarne.');
    const today = romeDate(clock());
    const year = Number(today.slice(0, 4));
    const recent = await membersRemindedSince(
      db,
      new Date(now.getTime() - SEND_NOW_WINDOW_MS).toISOString(),
    );
    const ledgers = await reminderLedgers(db, today);
    let chosen = ledgers;
    if (target.memberId !== undefined) {
      chosen = ledgers.filter(({ recipient }) => recipient.member_id === target.memberId);
      const [one] = chosen;
      if (one === undefined) throw new AppError('notFound');
      const standing = computeStanding(one.ledger, today, rules);
      if (standing.standing === 'lapsed')
        throw refuse('L’iscrizione di questo socio è decaduta: nessun promemoria da inviare.');
      if (standing.openYears.length === 0)
        throw refuse('Il socio è in regola: non ha quote da pagare.');
      if (one.recipient.paused_at !== null)
        throw refuse('I promemoria di questo socio sono sospesi: riprendili prima di inviarne.');
      if (recent.has(one.recipient.member_id))
        throw refuse('A questo socio è già stato inviato un promemoria nelle ultime 24 ore.');
    } else {
      const group = target.group;
      chosen = ledgers.filter(({ ledger }) => {
        const standing = computeStanding(ledger, today, rules);
        if (standing.standing === 'lapsed' || standing.openYears.length === 0) return false;
        if (group === 'lapsing') return lapsingThisYear(ledger, today, rules);
        return standing.standing === group;
      });
    }
    const sending = chosen.filter(
      ({ recipient }) => recipient.paused_at === null && !recent.has(recipient.member_id),
    );
    // The secretariat's texts as they are now: the preview shows what the send will queue.
    const texts = await reminderTextsInUse(db);
    const mails = [];
    for (const { recipient, ledger } of sending) {
      const fees = await this.openYearsFees(recipient.kind, ledger, today);
      mails.push({ recipient, mail: openDuesMail(recipient, fees, society, year, texts) });
    }
    return { today, year, mails, skipped: chosen.length - sending.length };
  }

  /** What "Invia ora" would send, without sending it. */
  async previewSend(target: DuesReminderSendBody): Promise<DuesReminderSendPreview> {
    const { mails, skipped } = await this.sendPlan(target, this.deps.clock());
    const first = mails[0];
    return {
      count: mails.length,
      skipped,
      names: mails
        .slice(0, PREVIEW_NAMES)
        .map(({ recipient }) => `${recipient.last_name} ${recipient.first_name}`),
      sample:
        first === undefined
          ? null
          : { to: first.recipient.email, subject: first.mail.subject, text: first.mail.text },
    };
  }

  /**
   * "Invia ora": queues through the outbox (ADR 008) the messages of the preview, each with its
   * row `manuale-<today>` in the same transaction (at most one a member a day, also when two
   * staff confirm at once), audited once; nobody to send to is refused.
   */
  async sendNow(actor: Actor, target: DuesReminderSendBody): Promise<DuesReminderSendResult> {
    const now = this.deps.clock();
    const { today, year, mails, skipped } = await this.sendPlan(target, now);
    if (mails.length === 0)
      throw new AppError('invalidRequest', [
        {
          path: 'group',
          message:
            'Nessun socio a cui inviare il promemoria: tutti in regola, sospesi o già avvisati nelle ultime 24 ore.',
        },
      ]);
    let sent = 0;
    for (const { recipient, mail } of mails) {
      const claimed = await this.deps.db.transaction().execute(async (trx) => {
        const claimed = await claimDuesReminder(trx, {
          member_id: recipient.member_id,
          year,
          step: `${DUES_REMINDER_MANUAL_PREFIX}${today}`,
          sent_at: now.toISOString(),
        });
        if (claimed) await enqueue(trx, 'mail', mail, now);
        return claimed;
      });
      if (claimed) sent += 1;
    }
    const [first] = mails;
    await writeAudit(
      this.deps.db,
      actor,
      {
        action: 'invia promemoria',
        entity: 'dues_reminder',
        entityId: target.memberId ?? null,
        summary:
          target.memberId !== undefined && first !== undefined
            ? `Promemoria inviato a ${first.recipient.email}`
            : `Promemoria inviato a ${sent} soci (${DUES_REMINDER_SEND_GROUP_LABELS[target.group ?? 'arrears']})`,
        after: { inviati: sent, esclusi: skipped },
      },
      now,
    );
    if (sent > 0) this.deps.notifyOutbox();
    return { sent, skipped };
  }

  private async remind(): Promise<number> {
    const { db, clock, rules, schedule, society } = this.deps;
    if (await remindersPausedForEveryone(db)) return 0;
    const now = clock();
    const today = romeDate(now);
    const texts = await reminderTextsInUse(db);
    let queued = 0;
    for (const { recipient, ledger } of await reminderLedgers(db, today)) {
      if (recipient.paused_at !== null) continue;
      // Sent "Invia ora" today: the scheduled step waits for tomorrow, not a second mail today.
      if (ledger.sent.has(`${today.slice(0, 4)}:${DUES_REMINDER_MANUAL_PREFIX}${today}`)) continue;
      const openYears = computeStanding(ledger, today, rules).openYears;
      const due = remindersDue(ledger, today, rules, schedule);
      const fees =
        due.length === 0 ? undefined : await this.openYearsFees(recipient.kind, ledger, today);
      for (const step of due) {
        const sent = await db.transaction().execute(async (trx) => {
          const claimed = await claimDuesReminder(trx, {
            member_id: recipient.member_id,
            year: step.year,
            step: step.step,
            sent_at: now.toISOString(),
          });
          if (claimed)
            await enqueue(
              trx,
              'mail',
              reminderMail(step, recipient, openYears, society, fees, texts),
              now,
            );
          return claimed;
        });
        if (sent) {
          queued += 1;
          this.deps.logger.info(
            { memberId: recipient.member_id, year: step.year, step: step.step },
            'promemoria quota in coda',
          );
        }
      }
    }
    if (queued > 0) this.deps.notifyOutbox();
    return queued;
  }
}
