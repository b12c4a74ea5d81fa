import type { Kysely, Migration } from 'kysely';

/**
 * Sign-in support: a member's sessions issued before `sessions_valid_after` are void (a
 * password reset ends the other sessions), and throttling counters shared by every instance.
 */
export const accountsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema.alterTable('members').addColumn('sessions_valid_after', 'text').execute();
    await db.schema
      .createTable('throttle_counters')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('window_started_at', 'text', (c) => c.notNull())
      .addColumn('blocked_until', 'text')
      .execute();
  },
};
