import type { Kysely, Migration } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/**
 * Two-factor sign-in for staff (ADR 017): one row per account that started or
 * finished enrolment (the TOTP secret encrypted, the last accepted time step against replays)
 * and the account's single-use recovery codes, stored only as keyed hashes (HMAC-SHA256).
 */
export function staffTwoFactorMigration(engine: DatabaseEngine): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('member_two_factor')
        .addColumn('member_id', 'integer', (c) =>
          c.primaryKey().references('members.id').onDelete('cascade'),
        )
        .addColumn('secret_encrypted', 'text', (c) => c.notNull())
        .addColumn('enabled_at', 'text')
        .addColumn('last_used_step', 'bigint')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      const codes = db.schema.createTable('member_recovery_codes');
      await (
        engine === 'sqlite'
          ? codes.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : codes.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      )
        .addColumn('member_id', 'integer', (c) =>
          c.notNull().references('members.id').onDelete('cascade'),
        )
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('member_recovery_codes_by_member')
        .on('member_recovery_codes')
        .columns(['member_id', 'code_hash'])
        .execute();
    },
  };
}
