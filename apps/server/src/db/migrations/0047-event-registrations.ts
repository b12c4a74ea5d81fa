import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/**
 * ADR 049: registrations to an event. A registration is one account's place (or wait) at one
 * event, of one type, with the add-ons chosen, priced in the window it was made in. Its state
 * says whether it holds a place (`awaiting_payment`, `offered`, `confirmed`), waits for one
 * (`waiting`) or ended (`expired`, `cancelled`, `refused`).
 *
 * The database keeps the rules a double submission or a race could break: one registration
 * per form submission (`request_key` unique) and one live registration per account and event
 * (a partial unique index over the live states). Places are counted under the event's row
 * lock (ADR 049), not by a constraint. Registrations are money records: an event, type or
 * add-on they name cannot be deleted (no cascade). `events.cancellable_until` is the last
 * instant a person may cancel their own registration (null: until the event starts).
 * Plain statements on both engines.
 */
export function eventRegistrationsMigration(engine: DatabaseEngine): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema.alterTable('events').addColumn('cancellable_until', 'text').execute();
      const table = db.schema.createTable('event_registrations');
      await (
        engine === 'sqlite'
          ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      )
        .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
        .addColumn('type_id', 'integer', (c) =>
          c.notNull().references('event_registration_types.id'),
        )
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
        .addColumn('request_key', 'text', (c) => c.notNull().unique())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('price_window', 'text', (c) => c.notNull())
        .addColumn('type_cents', 'integer', (c) => c.notNull())
        .addColumn('total_cents', 'integer', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('fiscal_code', 'text')
        .addColumn('profession', 'text')
        .addColumn('discipline', 'text')
        .addColumn('employer', 'text')
        .addColumn('invoice_name', 'text')
        .addColumn('invoice_tax_id', 'text')
        .addColumn('invoice_recipient_code', 'text')
        .addColumn('invoice_pec', 'text')
        .addColumn('pay_by', 'text')
        .addColumn('payment_reminded_at', 'text')
        .addColumn('offer_expires_at', 'text')
        .addColumn('payment_id', 'integer', (c) => c.references('payments.id'))
        .addColumn('confirmed_at', 'text')
        .addColumn('ended_at', 'text')
        .addColumn('ended_by', 'text')
        .addColumn('end_reason', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      // The event's registrations by state (places held, the waiting list in order).
      await db.schema
        .createIndex('event_registrations_by_event')
        .on('event_registrations')
        .columns(['event_id', 'state', 'id'])
        .execute();
      await db.schema
        .createIndex('event_registrations_by_member')
        .on('event_registrations')
        .columns(['member_id', 'event_id'])
        .execute();
      // One live registration per account and event: a second submission, or a second tab,
      // meets this whatever the code did before (ADR 049).
      await sql`CREATE UNIQUE INDEX event_registrations_live_once ON event_registrations (event_id, member_id) WHERE state IN ('awaiting_payment', 'offered', 'confirmed', 'waiting')`.execute(
        db,
      );
      await db.schema
        .createTable('event_registration_addons')
        .addColumn('registration_id', 'integer', (c) =>
          c.notNull().references('event_registrations.id').onDelete('cascade'),
        )
        .addColumn('addon_id', 'integer', (c) => c.notNull().references('event_addons.id'))
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('event_registration_addons_pk', ['registration_id', 'addon_id'])
        .execute();
      await db.schema
        .createIndex('event_registration_addons_by_addon')
        .on('event_registration_addons')
        .columns(['addon_id'])
        .execute();
    },
  };
}
