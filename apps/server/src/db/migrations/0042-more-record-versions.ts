import type { Kysely, Migration } from 'kysely';

/**
 * The staff records that took a version after the first ones (ADR 041, amendment): the page
 * texts, the news categories, the fees and the fees of each year, and a member's position (its
 * facts: number, kind, codice fiscale, work data). Existing rows start at 1, as new ones do.
 */
const VERSIONED_TABLES = [
  'setup_elements',
  'categories',
  'fees',
  'fee_years',
  'memberships',
] as const;

export const moreRecordVersionsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    for (const table of VERSIONED_TABLES) {
      await db.schema
        .alterTable(table)
        .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
        .execute();
    }
  },
};
