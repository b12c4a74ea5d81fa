import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/**
 * ADR 030: receipts as records of their own. Each numbered receipt (and each cancelling receipt
 * of a refund) keeps what it said when it was issued, so the PDF made again later is the same
 * document. Receipts numbered before this migration (ADR 012) get their row, with the stamp
 * duty and the society's data left to the configuration (null).
 */
export function receiptsMigration(engine: DatabaseEngine): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const table = db.schema.createTable('receipts');
      await (
        engine === 'sqlite'
          ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      )
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id'))
        .addColumn('cancels_receipt_id', 'integer', (c) => c.references('receipts.id'))
        .addColumn('member_id', 'integer', (c) => c.references('members.id').onDelete('set null'))
        .addColumn('holder_name', 'text', (c) => c.notNull())
        .addColumn('member_number', 'text')
        .addColumn('fiscal_code', 'text')
        .addColumn('years_text', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('paid_on', 'text', (c) => c.notNull())
        .addColumn('stamp_duty', 'integer')
        .addColumn('society_json', 'text')
        .addColumn('issued_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('receipts_by_number')
        .on('receipts')
        .columns(['year', 'number'])
        .unique()
        .execute();
      // One receipt and at most one cancelling receipt per payment.
      await db.schema
        .createIndex('receipts_by_payment')
        .on('receipts')
        .columns(['payment_id', 'kind'])
        .unique()
        .execute();

      await sql`
        insert into receipts (year, number, kind, payment_id, member_id, holder_name, years_text,
          method, amount_cents, currency, paid_on, issued_at)
        select receipt_year, receipt_number, 'receipt', id, member_id, account_name,
          cast(year as text), 'PayPal', coalesce(paid_cents, expected_cents),
          coalesce(paid_currency, expected_currency), coalesce(verified_at, created_at),
          coalesce(verified_at, created_at)
        from payments
        where receipt_year is not null and receipt_number is not null
      `.execute(db);
    },
  };
}
