import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentYearsMigration } from '../../src/db/migrations/0018a-payment-years.js';
import { paymentItemsMigration } from '../../src/db/migrations/0044-payment-items.js';
import { createTestApp, testEngines, type TestApp } from '../helpers/test-app.js';

/**
 * Migration 0044 (ADR 045): every payment made before it becomes dues items, one per year it
 * paid, at the ledger's amount of that year, else an equal share; `payment_years` goes.
 */
describe.each(testEngines())('migration 0044 of the payments made before it (%s)', (engine) => {
  let site: TestApp;
  beforeAll(async () => {
    site = await createTestApp(engine, { demoContent: true });
  }, 120_000);
  afterAll(() => site.close());

  it('turns each paid year into an item and keeps the payments as they were', async () => {
    const db = site.app.services.db;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shape before 0044
    const old = db as unknown as Kysely<any>;
    await old.schema.dropTable('payment_items').execute();
    await old.schema.alterTable('payments').dropColumn('purpose').execute();
    await old.schema.alterTable('receipts').dropColumn('causale').execute();
    await paymentYearsMigration.up(old);

    const fee = await db
      .selectFrom('fees')
      .select(['id', 'title', 'access'])
      .executeTakeFirstOrThrow();
    const member = await db.selectFrom('members').select('id').executeTakeFirstOrThrow();
    const payment = (orderId: string, year: number, cents: number) => ({
      paypal_order_id: orderId,
      fee_id: fee.id,
      fee_title: fee.title,
      fee_access: fee.access,
      year,
      account_name: 'Mario Rossi',
      member_id: member.id,
      expected_cents: cents,
      expected_currency: 'EUR',
      reported_amount: (cents / 100).toFixed(2),
      reported_currency: 'EUR',
      status: 'verified',
      verified_at: '2026-01-05T09:00:00.000Z',
      created_at: '2026-01-05T09:00:00.000Z',
      updated_at: '2026-01-05T09:00:00.000Z',
    });
    const [one, ledger, shared] = (
      await old
        .insertInto('payments')
        .values([
          payment('ORDINE-UNO', 2026, 8000),
          payment('ORDINE-ARRETRATI', 2024, 15000),
          payment('ORDINE-SENZA-REGISTRO', 2025, 10001),
        ])
        .returning('id')
        .execute()
    ).map((row: { id: number }) => row.id) as [number, number, number];
    await old
      .insertInto('payment_years')
      .values([
        { payment_id: ledger, year: 2024 },
        { payment_id: ledger, year: 2025 },
        { payment_id: shared, year: 2025 },
        { payment_id: shared, year: 2026 },
      ])
      .execute();
    const due = (year: number, cents: number) => ({
      member_id: member.id,
      year,
      status: 'paid',
      amount_cents: cents,
      method: 'paypal',
      payment_id: ledger,
      created_at: '2026-01-05T09:00:00.000Z',
      updated_at: '2026-01-05T09:00:00.000Z',
    });
    await old.deleteFrom('dues').where('member_id', '=', member.id).execute();
    await old
      .insertInto('dues')
      .values([due(2024, 7000), due(2025, 8000)])
      .execute();

    await paymentItemsMigration(engine).up(old);

    const items = await db
      .selectFrom('payment_items')
      .select(['payment_id', 'purpose', 'item_ref', 'description', 'amount_cents'])
      .orderBy('payment_id')
      .orderBy('item_ref')
      .execute();
    const item = (paymentId: number, year: number, cents: number) => ({
      payment_id: paymentId,
      purpose: 'dues',
      item_ref: String(year),
      description: `quota associativa, anno ${year}`,
      amount_cents: cents,
    });
    expect(items).toEqual([
      item(one, 2026, 8000),
      item(ledger, 2024, 7000),
      item(ledger, 2025, 8000),
      item(shared, 2025, 5000),
      item(shared, 2026, 5001),
    ]);
    const purposes = await db.selectFrom('payments').select('purpose').distinct().execute();
    expect(purposes).toEqual([{ purpose: 'dues' }]);
    // `payment_years` is gone: its years are the dues items.
    await expect(sql`select * from payment_years`.execute(db)).rejects.toThrow();
  });
});
