import type { Kysely, Migration } from 'kysely';

/**
 * Structured site contents the secretariat edits (contacts, legal data, supporters, past
 * presidents, cookie policy): one JSON document per key (contracts `SiteContentByKey`).
 */
export const siteContentsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('site_contents')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('data_json', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
};
