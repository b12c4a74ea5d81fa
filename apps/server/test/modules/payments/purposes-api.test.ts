import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Executor } from '../../../src/db/schema.js';
import { DuesPurpose } from '../../../src/modules/membership/dues/purpose.js';
import { bareMembership } from '../../../src/modules/membership/repository.js';
import {
  PaymentPurposes,
  type PaymentPurpose,
  type ReceivedPayment,
} from '../../../src/modules/payments/purposes.js';
import { Receipts } from '../../../src/modules/payments/receipts.js';
import { PaymentService } from '../../../src/modules/payments/service.js';
import { accountIdOf } from '../../helpers/member-api.js';
import { createTestApp, fixedClock, testEngines, type TestApp } from '../../helpers/test-app.js';

const TODAY = '2026-06-05';
const SOCIO = 'socio.demo@example.org';

/**
 * A second purpose beside dues (ADR 045), as a congress registration will be: one payment pays
 * a dues year and a registration, each purpose's ledger settles its part in the payment's
 * transaction, the receipt prints both; a purpose that refuses undoes the whole payment.
 */
describe.each(testEngines())('a payment of two purposes (%s)', (engine) => {
  let testApp: TestApp;
  let memberId: number;
  let feeId: number;
  let feeTitle: string;
  /** What the stand-in registration ledger settled, and whether it refuses. */
  let settled: string[];
  let refuse: boolean;
  let payments: PaymentService;

  const db = (): Executor => testApp.app.services.db;

  beforeAll(async () => {
    testApp = await createTestApp(engine, {
      demoContent: true,
      clock: fixedClock(TODAY),
      outbox: 'manual',
    });
    const { services } = testApp.app;
    memberId = await accountIdOf(testApp.app, SOCIO);
    const fee = await db()
      .selectFrom('fees')
      .select(['id', 'title'])
      .where('access', '=', 'Socio')
      .executeTakeFirstOrThrow();
    feeId = fee.id;
    feeTitle = fee.title;
    const registration: PaymentPurpose = {
      name: 'prova',
      reported: async () => {},
      settle: async (_trx, _payment, items) => {
        if (refuse) throw new Error('posti esauriti');
        settled.push(...items.map((item) => item.item_ref));
        return { count: 0, of: items.length, text: null };
      },
      undo: async () => {},
      receipt: async (_trx, _payment, items) => ({
        itemsText: items.map((item) => item.item_ref).join(', '),
        causale: items.map((item) => item.description).join(', '),
        memberNumber: null,
        fiscalCode: null,
      }),
      orderDescription: () => '',
    };
    const dues = new DuesPurpose(services.membership);
    const purposes = new PaymentPurposes()
      .register(dues)
      .registerFeeCheckout(dues)
      .register(registration);
    payments = new PaymentService({
      db: services.db,
      clock: fixedClock(TODAY),
      logger: pino({ level: 'silent' }),
      paypal: null,
      webhookId: null,
      secretariat: ['segreteria@example.org'],
      society: { acronym: 'SIP', name: 'Società Italiana di Prova' },
      notifyOutbox: () => {},
      purposes,
      receipts: new Receipts({
        db: services.db,
        files: services.files,
        issuer: {
          name: 'Società Italiana di Prova',
          acronym: 'SIP',
          address: 'Via Roma 1, 00100 Roma RM',
          taxCode: '97123456789',
          vatNumber: null,
        },
        stampDutyExempt: false,
        purposes,
      }),
    });
  }, 120_000);

  afterAll(() => testApp.close());

  beforeEach(async () => {
    settled = [];
    refuse = false;
    for (const table of [
      'dues',
      'payment_items',
      'receipts',
      'payments',
      'receipt_counters',
      'memberships',
    ] as const) {
      await db().deleteFrom(table).execute();
    }
    await db()
      .insertInto('memberships')
      .values({
        ...bareMembership(memberId, 'Socio', 2025, `${TODAY}T08:00:00.000Z`),
        member_number: '00042',
      })
      .execute();
  });

  function received(reference: string, year: number): ReceivedPayment {
    return {
      reference: `contanti:${TODAY}:${reference}`,
      purpose: 'prova',
      memberId,
      accountName: 'Mario Rossi',
      fee: { id: feeId, title: feeTitle, access: 'Socio' },
      year,
      items: [
        {
          purpose: 'dues',
          item_ref: String(year),
          description: `quota associativa, anno ${year}`,
          amount_cents: 8000,
        },
        { item_ref: 'iscrizione:1', description: 'iscrizione al congresso', amount_cents: 12000 },
      ],
      amountCents: 20000,
      at: new Date(`${TODAY}T09:00:00.000Z`),
      receivedOn: TODAY,
      note: null,
    };
  }

  it('settles each purpose’s items in one payment, and its receipt prints both', async () => {
    const id = await testApp.app.services.db
      .transaction()
      .execute((trx) => payments.recordReceived(trx, received('uno', 2026)));
    expect(id).not.toBeNull();
    const payment = await db()
      .selectFrom('payments')
      .select(['purpose', 'status', 'expected_cents'])
      .where('id', '=', id ?? 0)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ purpose: 'prova', status: 'verified', expected_cents: 20000 });
    const due = await db()
      .selectFrom('dues')
      .select(['status', 'amount_cents', 'payment_id'])
      .where('member_id', '=', memberId)
      .where('year', '=', 2026)
      .executeTakeFirstOrThrow();
    expect(due).toEqual({ status: 'paid', amount_cents: 8000, payment_id: id });
    expect(settled).toEqual(['iscrizione:1']);
    const receipt = await db()
      .selectFrom('receipts')
      .select(['years_text', 'causale', 'amount_cents', 'member_number'])
      .where('payment_id', '=', id ?? 0)
      .executeTakeFirstOrThrow();
    expect(receipt).toEqual({
      years_text: '2026; iscrizione:1',
      causale: 'quota associativa, anno 2026; iscrizione al congresso',
      amount_cents: 20000,
      member_number: '00042',
    });
  });

  it('leaves nothing behind when one purpose refuses: not the payment, not the dues year', async () => {
    refuse = true;
    await expect(
      testApp.app.services.db
        .transaction()
        .execute((trx) => payments.recordReceived(trx, received('due', 2027))),
    ).rejects.toThrow('posti esauriti');
    expect(await db().selectFrom('payments').select('id').execute()).toEqual([]);
    expect(await db().selectFrom('payment_items').select('id').execute()).toEqual([]);
    const due = await db()
      .selectFrom('dues')
      .select('status')
      .where('member_id', '=', memberId)
      .where('year', '=', 2027)
      .executeTakeFirst();
    expect(due?.status ?? 'unpaid').not.toBe('paid');
    expect(await db().selectFrom('receipts').select('id').execute()).toEqual([]);
  });
});
