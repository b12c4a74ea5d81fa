import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/**
 * ADR 025 (amendment "Forse cercavi"): a search that finds nothing offers the indexed words
 * closest to what was typed. On SQLite FTS5 keeps the index's terms in order, and `fts5vocab`
 * reads them by range without touching the units; PostgreSQL reads its terms with `ts_stat` and
 * needs no table.
 */
export function searchVocabularyMigration(engine: DatabaseEngine): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      if (engine !== 'sqlite') return;
      await sql`create virtual table search_units_vocab
        using fts5vocab(search_units_fts, row)`.execute(db);
    },
  };
}
