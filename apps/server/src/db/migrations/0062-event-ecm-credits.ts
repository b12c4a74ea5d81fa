import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/**
 * ADR 060: the ECM certificates and the participants' report to Age.Na.S.
 *
 * A certificate keeps what it says as issued (name, codice fiscale, the event's codes, edition,
 * credits in tenths, the day the credits were earned), numbered within its event without gaps
 * (the number is taken under the event's lock; unique per event), with a public code for
 * `/verifica-attestato` (unique). One valid certificate per registration: a partial unique
 * index, so two requests at once make one, on both engines; a revoked one stays, with its reason.
 *
 * The report's sending is recorded per event (an edition is an event): the day the staff
 * uploaded it to the Age.Na.S. portal, who recorded it, a note.
 */
export function eventEcmCreditsMigration(engine: DatabaseEngine): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const table = db.schema.createTable('event_ecm_certificates');
      await (
        engine === 'sqlite'
          ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      )
        .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
        .addColumn('registration_id', 'integer', (c) =>
          c.notNull().references('event_registrations.id'),
        )
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('verify_code', 'text', (c) => c.notNull().unique())
        .addColumn('holder_name', 'text', (c) => c.notNull())
        .addColumn('fiscal_code', 'text')
        .addColumn('event_title', 'text', (c) => c.notNull())
        .addColumn('event_starts_at', 'text', (c) => c.notNull())
        .addColumn('event_ends_at', 'text', (c) => c.notNull())
        .addColumn('provider_code', 'text', (c) => c.notNull())
        .addColumn('event_code', 'text', (c) => c.notNull())
        .addColumn('edition', 'integer', (c) => c.notNull())
        .addColumn('credits_tenths', 'integer', (c) => c.notNull())
        .addColumn('earned_on', 'text', (c) => c.notNull())
        .addColumn('issued_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .addColumn('revoked_reason', 'text')
        .addColumn('revoked_by', 'integer', (c) => c.references('members.id'))
        .addUniqueConstraint('event_ecm_certificates_number', ['event_id', 'number'])
        .execute();
      await sql`create unique index event_ecm_certificates_one_valid
        on event_ecm_certificates (registration_id) where revoked_at is null`.execute(db);
      await db.schema
        .createTable('event_ecm_reports')
        .addColumn('event_id', 'integer', (c) => c.primaryKey().references('events.id'))
        .addColumn('sent_on', 'text', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('recorded_by', 'integer', (c) => c.references('members.id'))
        .addColumn('recorded_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
