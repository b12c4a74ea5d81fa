import type { Kysely, Migration } from 'kysely';

/**
 * The secretariat's private note on a news item (ADR 013): read and written only by the back
 * office, never selected by the public reads.
 */
export const articleInternalNoteMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema.alterTable('articles').addColumn('internal_note', 'text').execute();
  },
};
