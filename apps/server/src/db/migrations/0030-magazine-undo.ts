import type { Kysely, Migration } from 'kysely';

/**
 * Undo and schedule for the bulletin's issues, as news and the reserved records have them
 * (ADR 023, ADR 031): `publish_at`, the ISO instant a scheduled issue goes public (null: as soon
 * as it is published), and `deleted_at`, the moment it went to the bin (null: not in the bin).
 * An issue's articles follow their issue and have no flag of their own.
 */
export const magazineUndoMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema.alterTable('magazine_issues').addColumn('publish_at', 'text').execute();
    await db.schema.alterTable('magazine_issues').addColumn('deleted_at', 'text').execute();
    // The staff list reads only the issues outside the bin, by title unless told otherwise:
    // its count and order start from this index instead of a scan (ADR 020's plan test).
    await db.schema
      .createIndex('magazine_issues_live_by_title')
      .on('magazine_issues')
      .columns(['deleted_at', 'title_search', 'id'])
      .execute();
  },
};
