import type { Kysely, Migration } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/**
 * ADR 030 (amendment of 28 November 2026): the texts of the dues reminders the secretariat
 * edits, one row per kind of message, made on its first save. A null subject or body is the
 * default text of the code, so a society that never edits them sends what it sent before, and a
 * text put back to its default follows the code again. `version`: no silent overwrite (ADR 041).
 */
export function duesReminderTextsMigration(engine: DatabaseEngine): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const table = db.schema.createTable('dues_reminder_texts');
      await (
        engine === 'sqlite'
          ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      )
        .addColumn('kind', 'text', (c) => c.notNull().unique())
        .addColumn('subject', 'text')
        .addColumn('body', 'text')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
