import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/**
 * ADR 025 (amendment of 2026-11-24): on SQLite, every unit FTS5 matches is looked up for its
 * kind and record (the lists' text filter) or its audience, first day and date (the search's
 * access rule and ranking). From the table each lookup lands in pages filled with page texts;
 * this index holds just those columns, so the lookups stay in a few cached pages (a third of a
 * search's time). PostgreSQL reads them from the rows the GIN index finds and needs none.
 */
export function searchRankingIndexMigration(engine: DatabaseEngine): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      if (engine !== 'sqlite') return;
      await sql`create index search_units_narrow
        on search_units (id, kind, item_id, audience, visible_from, date)`.execute(db);
    },
  };
}
