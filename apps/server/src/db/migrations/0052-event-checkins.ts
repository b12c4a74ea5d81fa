import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/**
 * ADR 051: badges and check-in. A confirmed registration gets a badge: a random code of its own
 * (unique, never the registration's id), printed as a QR code on the badge and in the reserved
 * area, which the check-in page resolves. A scan is one entry or exit of a badge's holder at
 * one moment, with the id the scanning device gave it: a scan queued on a phone and sent twice
 * is stored once (`client_id` unique). Scans are kept as they came, entries and exits, so the
 * minutes present per day are computed from them (ADR 051) and never kept in a counter.
 * Plain statements on both engines.
 */
export function eventCheckinsMigration(engine: DatabaseEngine): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('event_badges')
        .addColumn('registration_id', 'integer', (c) =>
          c.primaryKey().references('event_registrations.id'),
        )
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      const scans = db.schema.createTable('event_checkins');
      await (
        engine === 'sqlite'
          ? scans.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : scans.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      )
        // The scanning device's own id of the scan (a UUID): a repeat finds the first.
        .addColumn('client_id', 'text', (c) => c.notNull().unique())
        .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
        .addColumn('registration_id', 'integer', (c) =>
          c.notNull().references('event_registrations.id'),
        )
        .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction IN ('in', 'out')`))
        // When the badge was scanned (the device's clock), and the Rome day it counts for.
        .addColumn('scanned_at', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('recorded_at', 'text', (c) => c.notNull())
        .addColumn('recorded_by', 'integer', (c) => c.references('members.id'))
        .execute();
      // A person's scans in order (presence, attendance), the event's by day (who is present).
      await db.schema
        .createIndex('event_checkins_by_registration')
        .on('event_checkins')
        .columns(['registration_id', 'scanned_at', 'id'])
        .execute();
      await db.schema
        .createIndex('event_checkins_by_event_day')
        .on('event_checkins')
        .columns(['event_id', 'day', 'scanned_at'])
        .execute();
    },
  };
}
