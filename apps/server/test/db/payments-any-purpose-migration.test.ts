import { Migrator, sql } from 'kysely';
import fs from 'node:fs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { migrateToLatest, migrationsFor } from '../../src/db/migrate.js';
import { createPostgresDatabase, makeTempDir, testEngines } from '../helpers/test-app.js';

const AT = '2026-01-05T09:00:00.000Z';

/**
 * Migration 0048 (ADR 049): a payment may have no fee. On SQLite the payments table is
 * rebuilt; the payments, their items and everything that names them must come through
 * unchanged, with the keys and unique indexes still enforced.
 */
describe.each(testEngines())('migration 0048 of the payments made before it (%s)', (engine) => {
  let handle: DatabaseHandle;
  let cleanUp: () => Promise<void>;

  beforeAll(async () => {
    const dataDir = makeTempDir();
    const postgres = engine === 'postgres' ? await createPostgresDatabase() : null;
    handle = openDatabase({
      databaseUrl: postgres?.url ?? null,
      dataDir,
      logger: pino({ level: 'silent' }),
    });
    cleanUp = async () => {
      await handle.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
    const migrator = new Migrator({
      db: handle.db,
      provider: { getMigrations: async () => migrationsFor(engine) },
    });
    const { error } = await migrator.migrateTo('0047-event-registrations');
    if (error !== undefined) throw error;
  }, 120_000);

  afterAll(() => cleanUp());

  it('keeps every payment, its items and its ledger row, and then takes payments without a fee', async () => {
    const { db } = handle;
    const fee = await db
      .insertInto('fees')
      .values({
        title: 'Quota Socio ordinario',
        amount_cents: 8000,
        access: 'Socio',
        sort_order: 1,
        active: 1,
        created_at: AT,
        updated_at: AT,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const member = await db
      .insertInto('members')
      .values({
        email: 'mario.rossi@example.org',
        first_name: 'Mario',
        last_name: 'Rossi',
        role: 'socio',
        status: 'active',
        password_hash: null,
        password_changed: 0,
        created_at: AT,
        updated_at: AT,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const payment = {
      purpose: 'dues',
      paypal_order_id: 'ORDINE-PRIMA',
      fee_id: fee.id,
      fee_title: 'Quota Socio ordinario',
      fee_access: 'Socio',
      year: 2026,
      account_name: 'Mario Rossi',
      member_id: member.id,
      expected_cents: 8000,
      expected_currency: 'EUR',
      reported_amount: '80.00',
      reported_currency: 'EUR',
      paid_cents: 8000,
      paid_currency: 'EUR',
      paypal_capture_id: 'CAP-1',
      payer_email: 'mario.rossi@example.org',
      status: 'verified' as const,
      flag_reason: null,
      receipt_year: 2026,
      receipt_number: 1,
      verified_at: AT,
      received_on: '2026-01-05',
      created_at: AT,
      updated_at: AT,
    };
    const { id } = await db
      .insertInto('payments')
      .values(payment)
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('payment_items')
      .values({
        payment_id: id,
        purpose: 'dues',
        item_ref: '2026',
        description: 'quota associativa, anno 2026',
        amount_cents: 8000,
      })
      .execute();
    await db
      .insertInto('dues')
      .values({
        member_id: member.id,
        year: 2026,
        status: 'paid',
        amount_cents: 8000,
        method: 'paypal',
        payment_id: id,
        exempt_reason: null,
        settled_on: '2026-01-05',
        created_at: AT,
        updated_at: AT,
      })
      .execute();

    await migrateToLatest(db, engine);

    expect(await db.selectFrom('payments').selectAll().execute()).toEqual([{ id, ...payment }]);
    expect(
      await db.selectFrom('payment_items').select(['payment_id', 'item_ref']).execute(),
    ).toEqual([{ payment_id: id, item_ref: '2026' }]);
    expect(await db.selectFrom('dues').select('payment_id').execute()).toEqual([
      { payment_id: id },
    ]);
    // A payment of another purpose, without a fee.
    await db
      .insertInto('payments')
      .values({
        ...payment,
        purpose: 'registration',
        paypal_order_id: 'ORDINE-ISCRIZIONE',
        fee_id: null,
        fee_title: null,
        fee_access: null,
        receipt_number: 2,
      })
      .execute();
    // The rules the rebuilt table keeps: one payment per order, one per receipt number, and
    // no item of a payment that does not exist.
    await expect(
      db
        .insertInto('payments')
        .values({ ...payment, receipt_number: 3 })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('payments')
        .values({ ...payment, paypal_order_id: 'ORDINE-ALTRO' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('payment_items')
        .values({
          payment_id: 999_999,
          purpose: 'dues',
          item_ref: '2025',
          description: 'quota associativa, anno 2025',
          amount_cents: 8000,
        })
        .execute(),
    ).rejects.toThrow();
    if (engine === 'sqlite') {
      const keys = await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(db);
      expect(keys.rows).toEqual([{ foreign_keys: 1 }]);
      expect((await sql`PRAGMA foreign_key_check`.execute(db)).rows).toEqual([]);
    }
  });
});
