import type { Kysely, Migration } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/**
 * ADR 012: the payment record the browser reports after a PayPal capture, and the counters of
 * the receipts' progressive numbers, one per year (ADR 012).
 */
export function paymentsMigration(engine: DatabaseEngine): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const table = db.schema.createTable('payments');
      await (
        engine === 'sqlite'
          ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      )
        .addColumn('paypal_order_id', 'text', (c) => c.notNull().unique())
        .addColumn('fee_id', 'integer', (c) => c.notNull().references('fees.id'))
        .addColumn('fee_title', 'text', (c) => c.notNull())
        .addColumn('fee_access', 'text', (c) => c.notNull())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('account_name', 'text', (c) => c.notNull())
        .addColumn('member_id', 'integer', (c) => c.references('members.id').onDelete('set null'))
        .addColumn('expected_cents', 'integer', (c) => c.notNull())
        .addColumn('expected_currency', 'text', (c) => c.notNull())
        .addColumn('reported_amount', 'text', (c) => c.notNull())
        .addColumn('reported_currency', 'text', (c) => c.notNull())
        .addColumn('paid_cents', 'integer')
        .addColumn('paid_currency', 'text')
        .addColumn('paypal_capture_id', 'text')
        .addColumn('payer_email', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('flag_reason', 'text')
        .addColumn('receipt_year', 'integer')
        .addColumn('receipt_number', 'integer')
        .addColumn('verified_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('payments_by_capture')
        .on('payments')
        .column('paypal_capture_id')
        .execute();
      await db.schema
        .createIndex('payments_by_receipt')
        .on('payments')
        .columns(['receipt_year', 'receipt_number'])
        .unique()
        .execute();
      await db.schema
        .createIndex('payments_by_status')
        .on('payments')
        .columns(['status', 'created_at'])
        .execute();

      await db.schema
        .createTable('receipt_counters')
        .addColumn('year', 'integer', (c) => c.primaryKey())
        .addColumn('last_number', 'integer', (c) => c.notNull())
        .execute();
    },
  };
}
