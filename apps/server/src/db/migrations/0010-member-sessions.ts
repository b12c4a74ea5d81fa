import type { Kysely, Migration } from 'kysely';

/**
 * Sessions kept server-side (ADR 021): one row per signed-in session, named by the token's
 * `sid`; a token whose row is gone is refused, so signing out, disabling an account, a new
 * role, a password change or turning on two-factor end sessions by deleting rows. It replaces
 * `members.sessions_valid_after`, which could not end one session alone and let re-enabling
 * an account revive its old tokens.
 */
export const memberSessionsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('member_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('member_id', 'integer', (c) =>
        c.notNull().references('members.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('member_sessions_by_member')
      .on('member_sessions')
      .column('member_id')
      .execute();
    await db.schema
      .createIndex('member_sessions_by_expiry')
      .on('member_sessions')
      .column('expires_at')
      .execute();
    await db.schema.alterTable('members').dropColumn('sessions_valid_after').execute();
  },
};
