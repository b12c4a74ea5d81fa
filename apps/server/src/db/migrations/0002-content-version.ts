import type { Kysely, Migration } from 'kysely';

/**
 * One row counting changes to published content. Every instance caches public answers per
 * version (cache/content-cache.ts); whoever changes content bumps it.
 */
export const contentVersionMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('content_version')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull())
      .execute();
    await db.insertInto('content_version').values({ id: 1, version: 0 }).execute();
  },
};
