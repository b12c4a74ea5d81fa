import type { Kysely, Migration } from 'kysely';

/**
 * The bin of the back office (ADR 023): a deleted news item keeps its row, off the site and off
 * the staff list, for 30 days from `deleted_at` (ISO instant); restored, it comes back whole.
 */
export const newsBinMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema.alterTable('articles').addColumn('deleted_at', 'text').execute();
  },
};
