import type { Kysely, Migration } from 'kysely';

/**
 * ADR 034 (amended 2026-11-24): the share image of the pages without one of their own, uploaded
 * by the secretariat; one row at most (key `predefinita`). No row: the committed card.
 */
export const shareImageMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('share_image')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('alt', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
};
