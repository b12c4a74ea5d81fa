import type { Kysely, Migration } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/**
 * ADR 049, amendment "writing to the registrants": each message the staff send to an event's
 * registrants, kept with whom it went to (the states chosen and how many), who sent it and
 * when. `request_key` is unique: a form sent twice (a double click, a reload) sends once.
 * No cascade from events: a message sent stays in the history. Plain statements on both engines.
 */
export function eventRegistrationMailingsMigration(engine: DatabaseEngine): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const table = db.schema.createTable('event_registration_mailings');
      await (
        engine === 'sqlite'
          ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      )
        .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
        .addColumn('request_key', 'text', (c) => c.notNull().unique())
        /** The registration states written to, comma-separated. */
        .addColumn('states', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body_text', 'text', (c) => c.notNull())
        .addColumn('recipients', 'integer', (c) => c.notNull())
        .addColumn('sent_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('event_registration_mailings_event')
        .on('event_registration_mailings')
        .columns(['event_id', 'created_at'])
        .execute();
    },
  };
}
