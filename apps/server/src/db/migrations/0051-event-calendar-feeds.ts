import type { Kysely, Migration } from 'kysely';

/**
 * ADR 052: the private calendar of a person's registrations. One secret per account, in the
 * feed's address: random (256 bits), unique, kept as it is because the page shows the address
 * again each time it is opened; "Rigenera" replaces it, so the old address answers 404. It is
 * not the session's token and opens nothing else. Gone with its account. Plain statements on
 * both engines.
 */
export function eventCalendarFeedsMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('event_calendar_feeds')
        .addColumn('member_id', 'integer', (c) =>
          c.primaryKey().references('members.id').onDelete('cascade'),
        )
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
