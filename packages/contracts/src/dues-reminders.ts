import { ITALIAN_MONTHS } from './constants.js';
import type { Standing } from './membership.js';
import { z } from './zod.js';

/** The step of the warning before lapsing; the others are days from 1 January (ADR 030). */
export const DUES_REMINDER_LAPSE_STEP = 'decadenza';
/** The notice that the member has lapsed, sent once (ADR 030, amendment of 27 November 2026). */
export const DUES_REMINDER_LAPSED_STEP = 'decaduto';
/** The monthly reminder of the years in arrears: `arretrati-MM`, the month it went out in. */
export const DUES_REMINDER_ARREARS_PREFIX = 'arretrati-';
/** A reminder staff sent with "Invia ora": `manuale-YYYY-MM-DD`, at most one a day. */
export const DUES_REMINDER_MANUAL_PREFIX = 'manuale-';

/** How a reminder's step reads in the staff screens. */
export function duesReminderStepLabel(step: string): string {
  if (step === DUES_REMINDER_LAPSE_STEP) return 'Avviso di decadenza';
  if (step === DUES_REMINDER_LAPSED_STEP) return 'Comunicazione di decadenza';
  if (step.startsWith(DUES_REMINDER_ARREARS_PREFIX))
    return `Quote arretrate (${ITALIAN_MONTHS[Number(step.slice(DUES_REMINDER_ARREARS_PREFIX.length)) - 1]?.toLowerCase() ?? '?'})`;
  if (step.startsWith(DUES_REMINDER_MANUAL_PREFIX)) return 'Inviato dalla segreteria';
  const days = Number(step);
  if (days === 0) return 'Inizio dell’anno';
  return days < 0 ? `${-days} giorni prima dell’anno` : `${days} giorni dopo l’inizio dell’anno`;
}

/** A member and the next reminder they will get (null: none, the year is settled or paused). */
export interface DuesReminderMember {
  memberId: number;
  name: string;
  email: string;
  memberNumber: string | null;
  paused: boolean;
  next: { year: number; step: string; on: string } | null;
  /** The standing today (ADR 024): a lapsed member's `next` is null for that reason. */
  standing: Standing;
  /** When the notice of lapse went (it goes once), or null. */
  lapseNoticeSentAt: string | null;
}

export interface DuesReminderSent {
  memberId: number;
  name: string;
  year: number;
  step: string;
  sentAt: string;
}

/** /api/v1/Admin/DuesReminders: who gets which reminder next, and the latest sent. */
export interface DuesRemindersOverview {
  pausedForEveryone: boolean;
  members: DuesReminderMember[];
  sent: DuesReminderSent[];
}

/** Pause or resume: one member, or everyone when `memberId` is absent. */
export const DuesReminderPauseBodySchema = z
  .object({ memberId: z.number().int().positive().optional() })
  .strict();
export type DuesReminderPauseBody = z.output<typeof DuesReminderPauseBodySchema>;

/** The groups staff remind at once with "Invia ora" (ADR 030, amendment of 27 November 2026). */
export const DUES_REMINDER_SEND_GROUPS = ['arrears', 'renewalDue', 'lapsing'] as const;
export type DuesReminderSendGroup = (typeof DUES_REMINDER_SEND_GROUPS)[number];
export const DUES_REMINDER_SEND_GROUP_LABELS: Record<DuesReminderSendGroup, string> = {
  arrears: 'Soci morosi (quote arretrate)',
  renewalDue: 'Soci con la quota dell’anno da pagare',
  lapsing: 'Soci che decadranno entro l’anno',
};

/** "Invia ora": one member (`memberId`) or a group, never both. */
export const DuesReminderSendBodySchema = z
  .object({
    memberId: z.number().int().positive().optional(),
    group: z
      .enum(DUES_REMINDER_SEND_GROUPS, {
        message: 'Il gruppo deve essere arrears, renewalDue o lapsing.',
      })
      .optional(),
  })
  .strict()
  .refine((body) => (body.memberId === undefined) !== (body.group === undefined), {
    message: 'Indica un socio oppure un gruppo di soci, non entrambi.',
  });
export type DuesReminderSendBody = z.output<typeof DuesReminderSendBodySchema>;

/** What "Invia ora" would send: how many, to whom (a sample), the text of the first. */
export interface DuesReminderSendPreview {
  count: number;
  /** Members left out: reminded in the last 24 hours, or their reminders paused. */
  skipped: number;
  /** Up to ten names, in the order they are sent. */
  names: string[];
  /** The first recipient's message as it will be sent; null when there is nobody. */
  sample: { to: string; subject: string; text: string } | null;
}

export interface DuesReminderSendResult {
  sent: number;
  skipped: number;
}

/** The reminders a member received, newest first (the member's dues screen). */
export interface DuesReminderHistoryEntry {
  year: number;
  step: string;
  sentAt: string;
}
