import type { Kysely, Migration } from 'kysely';

/**
 * ADR 029: the years one payment settles. A PayPal checkout of a member may pay every open year
 * at once (arrears and the current one); a payment without rows here settles its own `year`.
 */
export const paymentYearsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('payment_years')
      .addColumn('payment_id', 'integer', (c) =>
        c.notNull().references('payments.id').onDelete('cascade'),
      )
      .addColumn('year', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('payment_years_pk', ['payment_id', 'year'])
      .execute();
  },
};
