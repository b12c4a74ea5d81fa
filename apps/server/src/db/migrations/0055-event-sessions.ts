import type { Kysely, Migration } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/**
 * ADR 054: an event's sessions within a day ("Sessione mattutina", "Workshop"), each a named
 * span in one Rome day, optionally for the holders of one add-on only (a workshop sold apart;
 * the add-on removed, the session is open to all again). A scan may name the session it was
 * taken at: its entries and exits count within that session's span, the scans without one
 * for the whole day as before (ADR 051). A session with scans is not deleted, so a scan's
 * session is never lost. Plain statements on both engines.
 */
export function eventSessionsMigration(engine: DatabaseEngine): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const table = db.schema.createTable('event_sessions');
      await (
        engine === 'sqlite'
          ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      )
        .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        // UTC instants, entered in Rome's time (ADR 047).
        .addColumn('starts_at', 'text', (c) => c.notNull())
        .addColumn('ends_at', 'text', (c) => c.notNull())
        .addColumn('addon_id', 'integer', (c) =>
          c.references('event_addons.id').onDelete('set null'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('event_sessions_by_event')
        .on('event_sessions')
        .columns(['event_id', 'starts_at'])
        .execute();
      await db.schema
        .alterTable('event_checkins')
        .addColumn('session_id', 'integer', (c) => c.references('event_sessions.id'))
        .execute();
      // Who is inside a session: its scans in order.
      await db.schema
        .createIndex('event_checkins_by_session')
        .on('event_checkins')
        .columns(['session_id', 'scanned_at', 'id'])
        .execute();
    },
  };
}
