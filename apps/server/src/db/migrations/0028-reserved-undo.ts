import type { Kysely, Migration } from 'kysely';

/** The reserved area's record tables (ADR 015). */
const RESERVED_TABLES = ['recommendations', 'assemblies', 'press_reviews', 'opinions'];

/**
 * Undo and schedule for the reserved area's records, as news have them (ADR 023, ADR 031):
 * `publish_at`, the ISO instant a scheduled record goes public (null: as soon as it is
 * published), and `deleted_at`, the moment it went to the bin (null: not in the bin).
 */
export const reservedUndoMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    for (const table of RESERVED_TABLES) {
      await db.schema.alterTable(table).addColumn('publish_at', 'text').execute();
      await db.schema.alterTable(table).addColumn('deleted_at', 'text').execute();
    }
  },
};
