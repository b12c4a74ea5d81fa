import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/**
 * ADR 051: certificates of attendance. Numbered per year from one counter row per year, taken
 * in the issuing transaction (as receipts, ADR 030): the row is locked until commit on
 * PostgreSQL and a rolled-back issue gives its number back, so the numbers have no gap and no
 * twin (`year, number` unique). A certificate has a random public code for its verification
 * page. One valid certificate per registration (a partial unique index over the unrevoked); a
 * reissue rewrites the same certificate (same number, next edition); a revoked one stays,
 * revoked, for whoever holds its paper. Plain statements on both engines.
 */
export function eventCertificatesMigration(engine: DatabaseEngine): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('event_certificate_counters')
        .addColumn('year', 'integer', (c) => c.primaryKey())
        .addColumn('last_number', 'integer', (c) => c.notNull())
        .execute();
      const table = db.schema.createTable('event_certificates');
      await (
        engine === 'sqlite'
          ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      )
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('verify_code', 'text', (c) => c.notNull().unique())
        .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
        .addColumn('registration_id', 'integer', (c) =>
          c.notNull().references('event_registrations.id'),
        )
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
        // What the certificate says, as issued (a later change of the event or the name does
        // not rewrite a certificate until it is reissued).
        .addColumn('holder_name', 'text', (c) => c.notNull())
        .addColumn('event_title', 'text', (c) => c.notNull())
        .addColumn('event_starts_at', 'text', (c) => c.notNull())
        .addColumn('event_ends_at', 'text', (c) => c.notNull())
        .addColumn('minutes_present', 'integer', (c) => c.notNull())
        .addColumn('edition', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('issued_at', 'text', (c) => c.notNull())
        .addColumn('reissued_at', 'text')
        .addColumn('revoked_at', 'text')
        .addColumn('revoked_reason', 'text')
        .addUniqueConstraint('event_certificates_number', ['year', 'number'])
        .execute();
      await sql`CREATE UNIQUE INDEX event_certificates_valid_once ON event_certificates (registration_id) WHERE revoked_at IS NULL`.execute(
        db,
      );
      await db.schema
        .createIndex('event_certificates_by_event')
        .on('event_certificates')
        .columns(['event_id', 'id'])
        .execute();
      await db.schema
        .createIndex('event_certificates_by_member')
        .on('event_certificates')
        .columns(['member_id'])
        .execute();
    },
  };
}
