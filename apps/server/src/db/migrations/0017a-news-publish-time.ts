import type { Kysely, Migration } from 'kysely';

/**
 * The moment a scheduled news item goes public (ADR 023): an ISO instant (UTC) made from the
 * date and the Rome time the secretariat chose; null means from the start of its publication
 * date, as before.
 */
export const newsPublishTimeMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema.alterTable('articles').addColumn('publish_at', 'text').execute();
  },
};
