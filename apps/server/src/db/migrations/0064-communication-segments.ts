import type { Kysely, Migration } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/**
 * ADR 062: the saved segments of the members. A segment keeps its definition as JSON (the
 * conditions, never the recipients: they are computed whenever asked for), its name and
 * description, and who made and last changed it; every change is in the audit log.
 */
export function communicationSegmentsMigration(engine: DatabaseEngine): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const table = db.schema.createTable('communication_segments');
      await (
        engine === 'sqlite'
          ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('definition_json', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
