import type { Kysely, Migration } from 'kysely';

/** The reserved area's record tables (ADR 015), each with the date its staff list sorts by. */
const RESERVED_TABLES = [
  { table: 'recommendations', date: 'published_on' },
  { table: 'assemblies', date: 'held_on' },
  { table: 'press_reviews', date: 'published_on' },
  { table: 'opinions', date: 'published_on' },
];

/**
 * Undo and schedule for the reserved area's records, as news have them (ADR 023, ADR 031):
 * `publish_at`, the ISO instant a scheduled record goes public (null: as soon as it is
 * published), and `deleted_at`, the moment it went to the bin (null: not in the bin).
 */
export const reservedUndoMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    for (const { table, date } of RESERVED_TABLES) {
      await db.schema.alterTable(table).addColumn('publish_at', 'text').execute();
      await db.schema.alterTable(table).addColumn('deleted_at', 'text').execute();
      // Every staff list now reads only the records outside the bin: its count and its order
      // by date start from this index instead of a scan (ADR 020's plan test), as for news.
      await db.schema
        .createIndex(`${table}_live_by_date`)
        .on(table)
        .columns(['deleted_at', date, 'id'])
        .execute();
    }
  },
};
