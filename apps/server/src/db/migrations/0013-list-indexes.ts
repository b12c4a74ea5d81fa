import type { Kysely, Migration } from 'kysely';

/**
 * Indexes for the list orders and filters that had none (ADR 020), found by the query plans of
 * `test/db/list-query-plans.test.ts` on a generated archive: the public assemblies without a
 * territory, the staff news sorted by last change, and the members' list in each of its orders
 * and by status. Each ends with the id, the lists' last sort key, so a page is read in index
 * order and stops at its last row. Portable SQL: the same on SQLite and PostgreSQL.
 */
const LIST_INDEXES: { name: string; table: string; columns: string[] }[] = [
  { name: 'assemblies_by_date', table: 'assemblies', columns: ['published', 'held_on', 'id'] },
  { name: 'articles_by_update', table: 'articles', columns: ['updated_at', 'id'] },
  { name: 'articles_by_publication_date', table: 'articles', columns: ['published_on', 'id'] },
  { name: 'members_by_last_name', table: 'members', columns: ['last_name', 'id'] },
  { name: 'members_by_creation', table: 'members', columns: ['created_at', 'id'] },
  { name: 'members_by_status_name', table: 'members', columns: ['status', 'last_name', 'id'] },
];

export const listIndexesMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    for (const index of LIST_INDEXES) {
      await db.schema.createIndex(index.name).on(index.table).columns(index.columns).execute();
    }
  },
};
