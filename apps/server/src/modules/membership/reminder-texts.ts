import {
  DUES_REMINDER_TEXT_DEFAULTS,
  DUES_REMINDER_TEXT_KINDS,
  type DuesReminderText,
  type DuesReminderTextKind,
} from '@sodalis/contracts';
import type { Executor } from '../../db/schema.js';
import { savedReminderTexts } from './reminders-repository.js';

/** The text of every kind of dues reminder, as the mails are made from (ADR 030, 28 November 2026). */
export type ReminderTexts = Readonly<Record<DuesReminderTextKind, DuesReminderText>>;

/** A kind's text: the secretariat's subject and body where saved, else the default of each. */
export function textOf(
  kind: DuesReminderTextKind,
  row: { subject: string | null; body: string | null } | undefined,
): DuesReminderText {
  const fallback = DUES_REMINDER_TEXT_DEFAULTS[kind];
  return { subject: row?.subject ?? fallback.subject, body: row?.body ?? fallback.body };
}

/** The texts the reminders send now, read once per check or "Invia ora". */
export async function reminderTextsInUse(db: Executor): Promise<ReminderTexts> {
  const rows = new Map((await savedReminderTexts(db)).map((row) => [row.kind, row]));
  return Object.fromEntries(
    DUES_REMINDER_TEXT_KINDS.map((kind) => [kind, textOf(kind, rows.get(kind))]),
  ) as Record<DuesReminderTextKind, DuesReminderText>;
}
