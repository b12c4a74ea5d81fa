import type { Kysely, Migration } from 'kysely';

/**
 * The public news list reads from `articles_by_date` (published, date, id) and checked every row
 * it passed in the table for the bin (`deleted_at`), the scheduled moment (`publish_at`) and, for
 * the paging token, the title key (ADR 038, amendment of 2026-11-24). The index now carries
 * those columns too, so a list page is read from the index alone. Same name and leading columns:
 * every plan that used it still does. Portable SQL: the same on SQLite and PostgreSQL.
 */
export const visibleNewsIndexMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema.dropIndex('articles_by_date').execute();
    await db.schema
      .createIndex('articles_by_date')
      .on('articles')
      .columns(['published', 'published_on', 'id', 'deleted_at', 'publish_at', 'title_search'])
      .execute();
  },
};
