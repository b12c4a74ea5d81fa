import { z } from './zod.js';

/** The step of the warning before lapsing; the others are days from 1 January (ADR 030). */
export const DUES_REMINDER_LAPSE_STEP = 'decadenza';

/** How a reminder's step reads in the staff screens. */
export function duesReminderStepLabel(step: string): string {
  if (step === DUES_REMINDER_LAPSE_STEP) return 'Avviso di decadenza';
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
