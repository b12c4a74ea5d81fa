import type { Kysely, Migration } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/** How many item rows one insert carries (SQLite's bound-parameter limit is far above). */
const BATCH = 200;

interface OldPayment {
  id: number;
  year: number;
  expected_cents: number;
}

/**
 * ADR 045: a payment has a purpose and pays one or more items; each purpose's ledger settles its
 * own. `payments.purpose` names the purpose of the whole payment (`dues` for every payment made
 * so far); `payment_items` holds what it pays: the purpose, the purpose's own reference of the
 * item (for dues the year, the payment's member being the payment's), the text a receipt prints
 * for it and its amount. One item per purpose and reference in a payment (unique), so a
 * payment never pays the same thing twice; "a year is paid once" stays where it was, in the
 * dues ledger (`dues` unique per member and year, its rows locked while a payment settles).
 *
 * Existing payments become items: one per year they paid (`payment_years`, else their own
 * `year`), each at the amount the ledger wrote for it (`dues.amount_cents` of that payment and
 * year), else an equal share of the payment's amount (the last year takes the cents left).
 * `payment_years` is then dropped: its years are the dues items. `receipts.causale` keeps the
 * text a receipt prints of what was paid; receipts issued before keep null and read as before
 * ("quota associativa, anno <years_text>"). Plain statements on both engines.
 */
export function paymentItemsMigration(engine: DatabaseEngine): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('payments')
        .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('dues'))
        .execute();
      const table = db.schema.createTable('payment_items');
      await (
        engine === 'sqlite'
          ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      )
        .addColumn('payment_id', 'integer', (c) =>
          c.notNull().references('payments.id').onDelete('cascade'),
        )
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('item_ref', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addUniqueConstraint('payment_items_once', ['payment_id', 'purpose', 'item_ref'])
        .execute();
      // "Which payments paid this item" (a fee year with payments, ADR 029).
      await db.schema
        .createIndex('payment_items_by_item')
        .on('payment_items')
        .columns(['purpose', 'item_ref'])
        .execute();
      await db.schema.alterTable('receipts').addColumn('causale', 'text').execute();

      const payments = (await db
        .selectFrom('payments')
        .select(['id', 'year', 'expected_cents'])
        .orderBy('id')
        .execute()) as OldPayment[];
      const yearsOf = new Map<number, number[]>();
      for (const row of (await db
        .selectFrom('payment_years')
        .select(['payment_id', 'year'])
        .orderBy('payment_id')
        .orderBy('year')
        .execute()) as { payment_id: number; year: number }[]) {
        yearsOf.set(row.payment_id, [...(yearsOf.get(row.payment_id) ?? []), row.year]);
      }
      const ledgerAmount = new Map<string, number>();
      for (const row of (await db
        .selectFrom('dues')
        .select(['payment_id', 'year', 'amount_cents'])
        .where('payment_id', 'is not', null)
        .where('amount_cents', 'is not', null)
        .execute()) as { payment_id: number; year: number; amount_cents: number }[]) {
        ledgerAmount.set(`${row.payment_id}:${row.year}`, row.amount_cents);
      }

      const items: Record<string, unknown>[] = [];
      for (const payment of payments) {
        const years = yearsOf.get(payment.id) ?? [payment.year];
        const share = Math.floor(payment.expected_cents / years.length);
        for (const [index, year] of years.entries()) {
          const last = index === years.length - 1;
          const amount =
            years.length === 1
              ? payment.expected_cents
              : (ledgerAmount.get(`${payment.id}:${year}`) ??
                (last ? payment.expected_cents - share * (years.length - 1) : share));
          items.push({
            payment_id: payment.id,
            purpose: 'dues',
            item_ref: String(year),
            description: `quota associativa, anno ${year}`,
            amount_cents: amount,
          });
        }
      }
      for (let start = 0; start < items.length; start += BATCH) {
        await db
          .insertInto('payment_items')
          .values(items.slice(start, start + BATCH))
          .execute();
      }
      await db.schema.dropTable('payment_years').execute();
    },
  };
}
