import type { Kysely, Migration } from 'kysely';

/**
 * The bin for the bulletin's articles (ADR 031, amendment of 2026-11-24): `deleted_at`, the
 * moment an article went to the bin on its own (null: not in the bin). An article of a binned
 * issue stays null: it follows its issue. An issue has a few dozen articles: the index by issue
 * and order already narrows every read, so no index.
 */
export const magazineArticlesBinMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema.alterTable('magazine_articles').addColumn('deleted_at', 'text').execute();
  },
};
