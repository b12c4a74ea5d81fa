import type { Kysely, Migration } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/**
 * "Società trasparente" (ADR 026): the typed publications (their PDFs are attachments of kind
 * `transparency_publication`), the public contributions received and the reminders already
 * queued; and the time of the last content change, the sitemap's date for pages whose own
 * date the site does not keep.
 */
export function transparencyMigration(engine: DatabaseEngine): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const withId = (name: string) => {
        const table = db.schema.createTable(name);
        return engine === 'sqlite'
          ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity());
      };
      await withId('transparency_publications')
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('title_search', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('year', 'integer')
        .addColumn('published_on', 'text', (c) => c.notNull())
        .addColumn('link_url', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('transparency_publications_by_type')
        .on('transparency_publications')
        .columns(['type', 'year'])
        .execute();
      await withId('public_contributions')
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('grantor', 'text', (c) => c.notNull())
        .addColumn('grantor_search', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('received_on', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('public_contributions_by_year')
        .on('public_contributions')
        .columns(['year', 'received_on'])
        .execute();
      await db.schema
        .createTable('transparency_reminders')
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('transparency_reminders_pk', ['key', 'state'])
        .execute();
      await db.schema.alterTable('content_version').addColumn('changed_at', 'text').execute();
    },
  };
}
