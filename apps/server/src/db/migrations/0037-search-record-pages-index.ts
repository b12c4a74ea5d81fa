import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/**
 * ADR 025 (amendment "one result per record"): the search ranks records, telling a record's
 * own text from the pages of its PDFs (`attachment_id`) for every unit FTS5 matches. The narrow
 * index of migration 0031 gains that column, so the lookups stay in it instead of landing in the
 * table's pages full of page texts. PostgreSQL reads them from the rows the GIN index finds.
 */
export function searchRecordPagesIndexMigration(engine: DatabaseEngine): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      if (engine !== 'sqlite') return;
      await sql`drop index search_units_narrow`.execute(db);
      await sql`create index search_units_narrow
        on search_units (id, kind, item_id, audience, visible_from, date, attachment_id)`.execute(
        db,
      );
    },
  };
}
