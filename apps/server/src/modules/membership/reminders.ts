import {
  DUES_REMINDER_LAPSE_STEP,
  duesPaymentPath,
  italianDate,
  romeDate,
  type DueStatus,
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
import {
  allDueStatuses,
  claimDuesReminder,
  latestRemindersSent,
  pauseMemberReminders,
  resumeMemberReminders,
  setRemindersPausedForEveryone,
  reminderRecipients,
  remindersPausedForEveryone,
  remindersSentSince,
} from './reminders-repository.js';
import { findMembershipWithMember } from './repository.js';
import { computeStanding, type StandingRules } from './standing.js';

/** The step of the warning before lapsing; the others are named by their days from 1 January. */
const LAPSE_WARNING_STEP = DUES_REMINDER_LAPSE_STEP;

export interface ReminderSchedule {
  /** Days from 1 January of the year due, ascending (`-30`: 2 December of the year before). */
  days: number[];
  /** Days before the member would lapse on which the warning goes; 0: no warning. */
  lapseWarningDays: number;
}

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

function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
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

/**
 * The reminders due on `today` (ADR 030). For each open year, only the latest step whose day
 * has come, once: a server started late sends the step that applies now, not the missed ones.
 * The warning goes when the member would lapse within `lapseWarningDays` (the standing of that
 * day, by the one function, ADR 024); a lapsed member gets nothing more.
 */
export function remindersDue(
  ledger: ReminderLedger,
  today: string,
  rules: StandingRules,
  schedule: ReminderSchedule,
): DuesReminderStep[] {
  if (computeStanding(ledger, today, rules).standing === 'lapsed') return [];
  const due: DuesReminderStep[] = [];
  for (const year of yearsReminded(today)) {
    if (!open(ledger, year)) continue;
    const latest = schedule.days
      .map((days) => ({ year, step: String(days), on: addDays(`${year}-01-01`, days) }))
      .filter((step) => step.on <= today)
      .at(-1);
    if (latest !== undefined && !ledger.sent.has(`${year}:${latest.step}`)) due.push(latest);
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
  if (computeStanding(ledger, today, rules).standing === 'lapsed') return null;
  const coming: DuesReminderStep[] = [];
  for (const year of yearsReminded(today)) {
    if (!open(ledger, year)) continue;
    for (const days of schedule.days) {
      const on = addDays(`${year}-01-01`, days);
      if (on > today) coming.push({ year, step: String(days), on });
    }
  }
  const warning = lapseWarning(ledger, today, rules, schedule);
  if (warning !== null && !ledger.sent.has(`${warning.year}:${warning.step}`)) coming.push(warning);
  return coming.sort((a, b) => a.on.localeCompare(b.on))[0] ?? null;
}

/** The reminder's e-mail, in Italian, with the link to the payment page. */
export function reminderMail(
  step: DuesReminderStep,
  member: { first_name: string; last_name: string; email: string; kind: MembershipKind },
  openYears: number[],
  society: { acronym: string; publicBaseUrl: string },
) {
  // The payment tab of the member's own fee page, where the open years are listed (ADR 029).
  const link = `${society.publicBaseUrl}${duesPaymentPath(member.kind)}`;
  const greeting = `Gentile ${member.first_name} ${member.last_name},`;
  const closing = [
    '',
    `Puoi pagare online con PayPal o con bonifico bancario dalla pagina: ${link}`,
    // The page knows the member only once signed in (the session is the tab's, ADR 010).
    'Accedi con l’indirizzo e-mail e la password dell’area riservata: la pagina mostrerà le tue quote da pagare e potrai pagarle tutte insieme.',
    '',
    'Se hai già pagato, non tenere conto di questo messaggio: la registrazione del pagamento può richiedere qualche giorno.',
    '',
    `La segreteria ${society.acronym}`,
  ];
  if (step.step === LAPSE_WARNING_STEP)
    return {
      to: [member.email],
      subject: `${society.acronym} – Avviso di decadenza da socio`,
      text: [
        greeting,
        `risultano non pagate le quote associative degli anni ${openYears.join(', ')}.`,
        `Come prevede lo statuto, se non verranno pagate decadrai da socio e perderai l’accesso all’area riservata.`,
        ...closing,
      ].join('\n'),
    };
  const before = Number(step.step) < 0;
  return {
    to: [member.email],
    subject: `${society.acronym} – Quota associativa ${step.year}${before ? '' : ' da pagare'}`,
    text: [
      greeting,
      before
        ? `il ${italianDate(`${step.year}-01-01`)} inizia l’anno associativo ${step.year}: la quota si può già pagare.`
        : `la quota associativa ${step.year} risulta ancora da pagare.`,
      ...closing,
    ].join('\n'),
  };
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
  for (const row of sent) {
    const steps = sentBy.get(row.member_id) ?? new Set<string>();
    steps.add(`${row.year}:${row.step}`);
    sentBy.set(row.member_id, steps);
  }
  return recipients.map((recipient) => ({
    recipient,
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
      members: ledgers.map(({ recipient, ledger }) => ({
        memberId: recipient.member_id,
        name: `${recipient.last_name} ${recipient.first_name}`,
        email: recipient.email,
        memberNumber: recipient.member_number,
        paused: recipient.paused_at !== null,
        next: nextReminder(ledger, today, rules, schedule),
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

  private async remind(): Promise<number> {
    const { db, clock, rules, schedule, society } = this.deps;
    if (await remindersPausedForEveryone(db)) return 0;
    const now = clock();
    const today = romeDate(now);
    let queued = 0;
    for (const { recipient, ledger } of await reminderLedgers(db, today)) {
      if (recipient.paused_at !== null) continue;
      const openYears = computeStanding(ledger, today, rules).openYears;
      for (const step of remindersDue(ledger, today, rules, schedule)) {
        const sent = await db.transaction().execute(async (trx) => {
          const claimed = await claimDuesReminder(trx, {
            member_id: recipient.member_id,
            year: step.year,
            step: step.step,
            sent_at: now.toISOString(),
          });
          if (claimed)
            await enqueue(trx, 'mail', reminderMail(step, recipient, openYears, society), now);
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
