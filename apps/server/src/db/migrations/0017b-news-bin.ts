import type { Kysely, Migration } from 'kysely';

/**
 * The bin of the back office (ADR 023): a deleted news item keeps its row, off the site and off
 * the staff list, for 30 days from `deleted_at` (ISO instant); restored, it comes back whole.
 */
export const newsBinMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema.alterTable('articles').addColumn('deleted_at', 'text').execute();
    // Every staff list now reads only the items outside the bin: its count, its category filter
    // and its order by title start from this index instead of a scan (ADR 020's plan test).
    await db.schema
      .createIndex('articles_live_by_title')
      .on('articles')
      .columns(['deleted_at', 'title_search', 'id'])
      .execute();
  },
};
