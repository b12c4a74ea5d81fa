import type { Kysely, Migration } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/**
 * ADR 056: an event's ECM accreditation, one row per event (the edition is the event): the
 * provider's and Age.Na.S.'s codes, type, credits in tenths (4.5 is 45: no floating point in
 * either engine), the national codes of the accredited professions and disciplines and the
 * sponsors' names as JSON lists, the attendance threshold, the test's pass mark and attempts.
 * And the staff's corrections of a person's attendance for ECM, each kept with its reason and
 * author (a figure added or removed, or one replacing what the check-in measured). Plain
 * statements on both engines.
 */
export function eventEcmMigration(engine: DatabaseEngine): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('event_ecm')
        .addColumn('event_id', 'integer', (c) => c.primaryKey().references('events.id'))
        .addColumn('provider_code', 'text')
        .addColumn('event_code', 'text')
        .addColumn('edition', 'integer', (c) => c.notNull())
        .addColumn('ecm_type', 'text', (c) => c.notNull())
        .addColumn('credits_tenths', 'integer')
        .addColumn('professions', 'text', (c) => c.notNull())
        .addColumn('disciplines', 'text', (c) => c.notNull())
        .addColumn('attendance_threshold', 'integer', (c) => c.notNull())
        .addColumn('pass_mark', 'integer', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('sponsors', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      const table = db.schema.createTable('event_ecm_adjustments');
      await (
        engine === 'sqlite'
          ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      )
        .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
        .addColumn('registration_id', 'integer', (c) =>
          c.notNull().references('event_registrations.id'),
        )
        // `delta`: minutes added (or removed, negative); `replace`: the minutes present.
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('minutes', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.references('members.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('event_ecm_adjustments_by_event')
        .on('event_ecm_adjustments')
        .columns(['event_id', 'registration_id', 'id'])
        .execute();
    },
  };
}
