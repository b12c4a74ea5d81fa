import type { Kysely, Migration } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/**
 * ADR 047: the events (congresses, courses, webinars). Instants are UTC ISO text, entered and
 * shown in Europe/Rome; `ecm_credits` is the "Crediti ECM previsti" flag, the seam of the ECM
 * rules to come. Drafts, scheduled publication (`publish_at`), the bin (`deleted_at`) and the
 * version of optimistic concurrency (ADR 041) as news have them. Plain statements on both engines.
 */
export function eventsMigration(engine: DatabaseEngine): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const table = db.schema.createTable('events');
      await (
        engine === 'sqlite'
          ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      )
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('title_search', 'text', (c) => c.notNull())
        .addColumn('starts_at', 'text', (c) => c.notNull())
        .addColumn('ends_at', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('venue_name', 'text')
        .addColumn('venue_address', 'text')
        .addColumn('venue_city', 'text')
        .addColumn('online_url', 'text')
        .addColumn('description_html', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('organisers', 'text')
        .addColumn('ecm_credits', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('registration_opens_at', 'text')
        .addColumn('registration_closes_at', 'text')
        .addColumn('places', 'integer')
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('publish_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      // The public list: published, not binned, by start.
      await db.schema
        .createIndex('events_by_start')
        .on('events')
        .columns(['deleted_at', 'published', 'starts_at'])
        .execute();
    },
  };
}
