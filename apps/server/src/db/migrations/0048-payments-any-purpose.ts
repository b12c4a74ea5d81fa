import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/** The payments' columns a payment of another purpose than dues leaves empty (ADR 049). */
const FEE_COLUMNS = ['fee_id', 'fee_title', 'fee_access'] as const;

/**
 * ADR 049: payments become purpose-neutral. A payment of an event's registration has no fee:
 * `fee_id`, `fee_title` and `fee_access` may be null (a dues payment keeps them, as the
 * specification's record of a fee payment, ADR 012). `year` stays: the first dues year, or the
 * year of what else the payment is for.
 *
 * PostgreSQL drops the NOT NULLs. SQLite cannot, so the table is rebuilt the way SQLite
 * documents (https://sqlite.org/lang_altertable.html, "other kinds of table schema changes"):
 * foreign keys off (migrations on SQLite run outside a transaction, so the pragma applies), a
 * new table from the stored definition without the three NOT NULLs, the rows copied, the old
 * table dropped and the new one renamed in one transaction, the indexes made again, the keys
 * checked, foreign keys on. The tables that name payments (items, receipts, dues, bank rows,
 * registrations) keep pointing at `payments` by name.
 */
export function paymentsAnyPurposeMigration(engine: DatabaseEngine): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      if (engine === 'postgres') {
        for (const column of FEE_COLUMNS) {
          await db.schema
            .alterTable('payments')
            .alterColumn(column, (c) => c.dropNotNull())
            .execute();
        }
        return;
      }
      const table = (await db
        .selectFrom('sqlite_master')
        .select('sql')
        .where('type', '=', 'table')
        .where('name', '=', 'payments')
        .executeTakeFirstOrThrow()) as { sql: string };
      const indexes = (await db
        .selectFrom('sqlite_master')
        .select('sql')
        .where('type', '=', 'index')
        .where('tbl_name', '=', 'payments')
        .where('sql', 'is not', null)
        .execute()) as { sql: string }[];
      let definition = table.sql.replace(
        /^create table "?payments"?/i,
        'create table "payments_new"',
      );
      for (const column of FEE_COLUMNS) {
        const notNull = new RegExp(`("${column}" (?:integer|text)) not null`, 'i');
        if (!notNull.test(definition)) {
          throw new Error(`payments.${column}: definizione inattesa, migrazione interrotta`);
        }
        definition = definition.replace(notNull, '$1');
      }
      await sql`PRAGMA foreign_keys = OFF`.execute(db);
      try {
        await db.transaction().execute(async (trx) => {
          await sql.raw(definition).execute(trx);
          await sql`INSERT INTO payments_new SELECT * FROM payments`.execute(trx);
          await sql`DROP TABLE payments`.execute(trx);
          await sql`ALTER TABLE payments_new RENAME TO payments`.execute(trx);
          for (const index of indexes) await sql.raw(index.sql).execute(trx);
          const broken = await sql`PRAGMA foreign_key_check`.execute(trx);
          if (broken.rows.length > 0) {
            throw new Error('chiavi esterne non valide dopo la ricostruzione di payments');
          }
        });
      } finally {
        await sql`PRAGMA foreign_keys = ON`.execute(db);
      }
    },
  };
}
