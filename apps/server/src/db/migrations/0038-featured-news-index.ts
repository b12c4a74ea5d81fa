import type { Kysely, Migration } from 'kysely';

/**
 * `articles_featured_by_date` (featured, published, date, id) carries the bin, the scheduled
 * moment and the title key too, as `articles_by_date` does since migration 0036: the featured
 * news of the home page and the staff list's count of featured news are read from the index
 * alone. Without the planner's index samples (ADR 038, amendment of 2026-11-24) SQLite judged a
 * scan of the table cheaper than the index plus a read of each row it found. Same name and
 * leading columns: every plan that used it still does. The same SQL on SQLite and PostgreSQL.
 */
export const featuredNewsIndexMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema.dropIndex('articles_featured_by_date').execute();
    await db.schema
      .createIndex('articles_featured_by_date')
      .on('articles')
      .columns([
        'featured',
        'published',
        'published_on',
        'id',
        'deleted_at',
        'publish_at',
        'title_search',
      ])
      .execute();
  },
};
