import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/**
 * ADR 029: bank statements imported (one row per file, by its SHA-256: the same file twice
 * changes nothing) and their credit rows (one per bank reference, unique: the same transaction in
 * two files is imported once), matched to a payment or waiting for review.
 */
export function bankStatementsMigration(engine: DatabaseEngine): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const withId = (name: string): CreateTableBuilder<string, string> => {
        const table = db.schema.createTable(name);
        return engine === 'sqlite'
          ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity());
      };
      await withId('bank_statements')
        .addColumn('sha256', 'text', (c) => c.notNull().unique())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('rows_count', 'integer', (c) => c.notNull())
        .addColumn('imported_by', 'text', (c) => c.notNull())
        .addColumn('imported_at', 'text', (c) => c.notNull())
        .execute();
      await withId('bank_rows')
        .addColumn('statement_id', 'integer', (c) =>
          c.notNull().references('bank_statements.id').onDelete('cascade'),
        )
        .addColumn('reference', 'text', (c) => c.notNull().unique())
        .addColumn('booked_on', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('payer', 'text')
        .addColumn('remittance', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('member_id', 'integer', (c) => c.references('members.id').onDelete('set null'))
        .addColumn('years', 'text')
        .addColumn('payment_id', 'integer', (c) => c.references('payments.id').onDelete('set null'))
        .addColumn('note', 'text')
        .addColumn('handled_by', 'text')
        .addColumn('handled_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('bank_rows_by_status')
        .on('bank_rows')
        .columns(['status', 'id'])
        .execute();
    },
  };
}
