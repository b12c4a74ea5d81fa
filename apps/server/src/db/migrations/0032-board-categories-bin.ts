import type { Kysely, Migration } from 'kysely';

/**
 * The bin for two kinds of record without a published flag (ADR 031, amendment of 2026-11-24):
 * the board's members and the news categories get `deleted_at`, the moment they went to the bin
 * (null: not in the bin). Both tables are a few dozen rows: no index.
 */
export const boardCategoriesBinMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema.alterTable('board_members').addColumn('deleted_at', 'text').execute();
    await db.schema.alterTable('categories').addColumn('deleted_at', 'text').execute();
  },
};
