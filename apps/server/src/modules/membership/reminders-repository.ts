import { DUES_REMINDER_LAPSED_STEP } from '@sodalis/contracts';
import type { Executor } from '../../db/schema.js';
import { versionQueries } from '../listing/version-queries.js';

/** Every query of the dues reminders' tables (ADR 030): sends, pauses, the pause for everyone. */

/** The members who may be reminded: an active account with a membership, and whether paused. */
export async function reminderRecipients(db: Executor) {
  return db
    .selectFrom('memberships')
    .innerJoin('members', 'members.id', 'memberships.member_id')
    .leftJoin('dues_reminder_pauses', 'dues_reminder_pauses.member_id', 'memberships.member_id')
    .select([
      'memberships.member_id',
      'memberships.member_number',
      'memberships.since_year',
      'memberships.kind',
      'members.email',
      'members.first_name',
      'members.last_name',
      'dues_reminder_pauses.paused_at',
    ])
    .where('members.status', '=', 'active')
    .orderBy('members.last_name')
    .orderBy('members.first_name')
    .orderBy('memberships.member_id')
    .execute();
}

/** Every member's status of every year (the ledger, ADR 024), read once per check. */
export async function allDueStatuses(db: Executor) {
  return db.selectFrom('dues').select(['member_id', 'year', 'status']).execute();
}

/**
 * The reminders sent for `fromYear` and later, to know which steps are done, and every notice
 * of lapse whatever its year: it goes once (ADR 030, 27 November 2026).
 */
export async function remindersSentSince(db: Executor, fromYear: number) {
  return db
    .selectFrom('dues_reminders')
    .select(['member_id', 'year', 'step', 'sent_at'])
    .where((eb) => eb.or([eb('year', '>=', fromYear), eb('step', '=', DUES_REMINDER_LAPSED_STEP)]))
    .execute();
}

/** The members sent any reminder at `since` or later (the window of "Invia ora"). */
export async function membersRemindedSince(db: Executor, since: string): Promise<Set<number>> {
  const rows = await db
    .selectFrom('dues_reminders')
    .select('member_id')
    .where('sent_at', '>=', since)
    .execute();
  return new Set(rows.map((row) => row.member_id));
}

/** One member's reminders, newest first (the member's dues screen). */
export async function memberRemindersSent(db: Executor, memberId: number) {
  return db
    .selectFrom('dues_reminders')
    .select(['year', 'step', 'sent_at'])
    .where('member_id', '=', memberId)
    .orderBy('sent_at', 'desc')
    .orderBy('step')
    .execute();
}

/** Records a reminder; false when it was already recorded (the unique member, year and step). */
export async function claimDuesReminder(
  db: Executor,
  row: { member_id: number; year: number; step: string; sent_at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('dues_reminders')
    .values(row)
    .onConflict((conflict) => conflict.columns(['member_id', 'year', 'step']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The latest reminders sent, with the member's name, newest first. */
export async function latestRemindersSent(db: Executor, limit: number) {
  return db
    .selectFrom('dues_reminders')
    .innerJoin('members', 'members.id', 'dues_reminders.member_id')
    .select([
      'dues_reminders.member_id',
      'dues_reminders.year',
      'dues_reminders.step',
      'dues_reminders.sent_at',
      'members.first_name',
      'members.last_name',
    ])
    .orderBy('dues_reminders.sent_at', 'desc')
    .orderBy('dues_reminders.member_id')
    .limit(limit)
    .execute();
}

export async function remindersPausedForEveryone(db: Executor): Promise<boolean> {
  const row = await db
    .selectFrom('dues_reminder_settings')
    .select('paused')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row?.paused === 1;
}

export async function setRemindersPausedForEveryone(
  db: Executor,
  paused: boolean,
  by: string,
  now: string,
): Promise<void> {
  const values = { paused: paused ? 1 : 0, updated_by: by, updated_at: now };
  await db
    .insertInto('dues_reminder_settings')
    .values({ id: 1, ...values })
    .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
    .execute();
}

/** Pauses a member's reminders; false when they were already paused. */
export async function pauseMemberReminders(
  db: Executor,
  memberId: number,
  by: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('dues_reminder_pauses')
    .values({ member_id: memberId, paused_by: by, paused_at: now })
    .onConflict((conflict) => conflict.column('member_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Resumes a member's reminders; false when they were not paused. */
export async function resumeMemberReminders(db: Executor, memberId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('dues_reminder_pauses')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The versions of the reminders' texts (ADR 041): a save names the one it was read at. */
export const reminderTextVersions = versionQueries('dues_reminder_texts');

/** The texts the secretariat saved, every kind that has a row (ADR 030, 28 November 2026). */
export async function savedReminderTexts(db: Executor) {
  return db
    .selectFrom('dues_reminder_texts')
    .select(['id', 'kind', 'subject', 'body', 'version', 'updated_at'])
    .execute();
}

/** One kind's row, or undefined before its first save. */
export async function findReminderText(db: Executor, kind: string) {
  return db
    .selectFrom('dues_reminder_texts')
    .select(['id', 'kind', 'subject', 'body', 'version', 'updated_at'])
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/**
 * The kind's row, made (at version 1, default texts) if it has none yet, so its first save is
 * checked like any other; two first saves at once both find the one row.
 */
export async function reminderTextRowId(db: Executor, kind: string, now: string): Promise<number> {
  await db
    .insertInto('dues_reminder_texts')
    .values({ kind, subject: null, body: null, updated_at: now })
    .onConflict((conflict) => conflict.column('kind').doNothing())
    .execute();
  const row = await db
    .selectFrom('dues_reminder_texts')
    .select('id')
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes a kind's texts (null: the default); the version is raised by `takeNextVersion`. */
export async function writeReminderText(
  db: Executor,
  id: number,
  values: { subject: string | null; body: string | null; updated_at: string },
): Promise<void> {
  await db.updateTable('dues_reminder_texts').set(values).where('id', '=', id).execute();
}
