import type { Kysely, Migration } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/**
 * ADR 048: an event's registration types and add-ons, and its price windows. A type has a
 * standard price and optional early-bird and on-site prices (cents), who may choose it (anyone,
 * members of given roles in good standing, holders of a code) and optional places of its own;
 * an add-on a price and optional places. Rows keep their ids across the event's edits, so the
 * registrations to come can name them. Plain statements on both engines.
 */
export function eventPricesMigration(engine: DatabaseEngine): Migration {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  const idColumn = (table: ReturnType<Kysely<any>['schema']['createTable']>) =>
    engine === 'sqlite'
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity());
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema.alterTable('events').addColumn('early_bird_until', 'text').execute();
      await db.schema.alterTable('events').addColumn('onsite_from', 'text').execute();
      await idColumn(db.schema.createTable('event_registration_types'))
        .addColumn('event_id', 'integer', (c) =>
          c.notNull().references('events.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('eligibility', 'text', (c) => c.notNull())
        // The roles of a members' type, comma-separated (`socio,affiliato`); empty otherwise.
        .addColumn('member_roles', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('access_code', 'text')
        .addColumn('early_cents', 'integer')
        .addColumn('standard_cents', 'integer', (c) => c.notNull())
        .addColumn('onsite_cents', 'integer')
        .addColumn('places', 'integer')
        .execute();
      await db.schema
        .createIndex('event_registration_types_by_event')
        .on('event_registration_types')
        .columns(['event_id', 'position'])
        .execute();
      await idColumn(db.schema.createTable('event_addons'))
        .addColumn('event_id', 'integer', (c) =>
          c.notNull().references('events.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('price_cents', 'integer', (c) => c.notNull())
        .addColumn('places', 'integer')
        .execute();
      await db.schema
        .createIndex('event_addons_by_event')
        .on('event_addons')
        .columns(['event_id', 'position'])
        .execute();
    },
  };
}
