import type { Kysely, Migration } from 'kysely';

/**
 * ADR 030 (dues reminders): each reminder sent, once per member, year and step; the members
 * whose reminders are paused; the one row that pauses them for everyone.
 */
export const duesRemindersMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('dues_reminders')
      .addColumn('member_id', 'integer', (c) =>
        c.notNull().references('members.id').onDelete('cascade'),
      )
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('step', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('dues_reminders_pk', ['member_id', 'year', 'step'])
      .execute();
    await db.schema
      .createTable('dues_reminder_pauses')
      .addColumn('member_id', 'integer', (c) =>
        c.primaryKey().references('members.id').onDelete('cascade'),
      )
      .addColumn('paused_by', 'text', (c) => c.notNull())
      .addColumn('paused_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('dues_reminder_settings')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('paused', 'integer', (c) => c.notNull())
      .addColumn('updated_by', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
};
