import type { Kysely, Migration } from 'kysely';

/**
 * ADR 034 (news covers): one cover image per news item, as the two files the server made from
 * the staff's upload (a JPEG to share, a WebP for the page) and its text alternative. Goes with
 * the item when it is deleted for good.
 */
export const newsCoversMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('news_covers')
      .addColumn('article_id', 'integer', (c) =>
        c.primaryKey().references('articles.id').onDelete('cascade'),
      )
      .addColumn('share_sha256', 'text', (c) => c.notNull())
      .addColumn('share_width', 'integer', (c) => c.notNull())
      .addColumn('share_height', 'integer', (c) => c.notNull())
      .addColumn('page_sha256', 'text', (c) => c.notNull())
      .addColumn('page_width', 'integer', (c) => c.notNull())
      .addColumn('page_height', 'integer', (c) => c.notNull())
      .addColumn('alt', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // The image address looks a file up by its hash (either size).
    await db.schema
      .createIndex('news_covers_share_sha256')
      .on('news_covers')
      .column('share_sha256')
      .execute();
    await db.schema
      .createIndex('news_covers_page_sha256')
      .on('news_covers')
      .column('page_sha256')
      .execute();
  },
};
