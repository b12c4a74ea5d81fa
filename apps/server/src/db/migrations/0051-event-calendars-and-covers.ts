import type { Kysely, Migration } from 'kysely';

/**
 * ADR 052: the private calendar of a person's registrations. One secret per account, in the
 * feed's address: random (256 bits), unique, kept as it is because the page shows the address
 * again each time it is opened; "Rigenera" replaces it, so the old address answers 404. It is
 * not the session's token and opens nothing else. Gone with its account.
 *
 * ADR 052 (amendment "the cover"): an event's cover image, as a news item's (ADR 034): the
 * hashes and sizes of its two files and its text alternative, deleted with the event. Plain
 * statements on both engines.
 */
export function eventCalendarFeedsAndCoversMigration(): Migration {
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
      await db.schema
        .createTable('event_covers')
        .addColumn('event_id', 'integer', (c) =>
          c.primaryKey().references('events.id').onDelete('cascade'),
        )
        .addColumn('share_sha256', 'text', (c) => c.notNull())
        .addColumn('share_width', 'integer', (c) => c.notNull())
        .addColumn('share_height', 'integer', (c) => c.notNull())
        .addColumn('page_sha256', 'text', (c) => c.notNull())
        .addColumn('page_width', 'integer', (c) => c.notNull())
        .addColumn('page_height', 'integer', (c) => c.notNull())
        .addColumn('alt', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // The image address looks a file up by its hash (either size).
      for (const column of ['share_sha256', 'page_sha256']) {
        await db.schema
          .createIndex(`event_covers_${column}`)
          .on('event_covers')
          .column(column)
          .execute();
      }
    },
  };
}
