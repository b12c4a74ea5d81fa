import type { AdminPayment, BankStatementApplied, DuesReport } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paymentsReceivedOnMigration } from '../../../src/db/migrations/0039-payments-received-on.js';
import { dueCausale } from '../../../src/modules/membership/bank-causale.js';
import { paidOnRefusal } from '../../../src/modules/membership/hand-payments.js';
import { bareMembership } from '../../../src/modules/membership/repository.js';
import { judgeOrder } from '../../../src/modules/payments/service.js';
import { pdfPageTexts } from '../../../src/modules/search/pdf-text.js';
import { capturedOrder, FakePayPal } from '../../helpers/fake-paypal.js';
import { createMailTestSite, TestClock, type MailTestSite } from '../../helpers/mail-test-app.js';
import { staffSite, type StaffSite } from '../../helpers/staff-api.js';
import { accountIdOf } from '../../helpers/member-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo-accounts.js';

/**
 * Money is dated when it was received, not when it was typed (ADR 029/030, 2026-11-27): the
 * receipt's year, number and date, the ledger's date and the dashboard follow the day received.
 */

const SOCIO = 'socio.demo@example.org';

/** An empty money side and the demo member tracked from 2025 as number 00042. */
async function freshLedger(app: FastifyInstance): Promise<number> {
  const { db } = app.services;
  await db.deleteFrom('bank_rows').execute();
  await db.deleteFrom('bank_statements').execute();
  await db.deleteFrom('dues').execute();
  await db.deleteFrom('payment_items').execute();
  await db.deleteFrom('receipts').execute();
  await db.deleteFrom('payments').execute();
  await db.deleteFrom('receipt_counters').execute();
  await db.deleteFrom('memberships').execute();
  const socio = await accountIdOf(app, SOCIO);
  await db
    .insertInto('memberships')
    .values({
      ...bareMembership(socio, 'Socio', 2025, '2025-01-10T10:00:00.000Z'),
      member_number: '00042',
    })
    .execute();
  return socio;
}

async function pdfText(site: StaffSite, paymentId: number): Promise<string> {
  const response = await site.call('GET', `/Payments/${paymentId}/Receipt`);
  expect(response.statusCode, response.body).toBe(200);
  return (await pdfPageTexts(new Uint8Array(response.rawPayload))).join('\n').replace(/\s+/g, ' ');
}

describe('the day money came in', () => {
  it('refuses a cash day in the future or before the member’s first year, in Italian', () => {
    expect(paidOnRefusal('2026-01-05', '2026-01-05', 2025)).toBeNull();
    expect(paidOnRefusal('2025-01-01', '2026-01-05', 2025)).toBeNull();
    expect(paidOnRefusal('2026-01-06', '2026-01-05', 2025)).toBe(
      'La data dell’incasso (06/01/2026) è nel futuro: indica il giorno in cui il denaro è stato ricevuto.',
    );
    expect(paidOnRefusal('2024-12-31', '2026-01-05', 2025)).toBe(
      'La data dell’incasso (31/12/2024) è precedente al primo anno del socio (2025).',
    );
  });

  it('takes PayPal’s capture day in Rome, else none', () => {
    const row = {
      expected_cents: 8000,
      expected_currency: 'EUR',
      account_name: 'Mario Rossi',
      fee_title: 'Quota Socio ordinario',
      year: 2026,
    } as Parameters<typeof judgeOrder>[0];
    const description = '2026 - Mario Rossi - Quota Socio ordinario';
    // 23:30 in Rome on 31 December is still 2025 there, whatever UTC says.
    const late = capturedOrder('A', {
      value: '80.00',
      description,
      captureTime: '2025-12-31T22:30:00Z',
    });
    expect(judgeOrder(row, late)?.receivedOn).toBe('2025-12-31');
    const afterMidnight = capturedOrder('B', {
      value: '80.00',
      description,
      captureTime: '2025-12-31T23:30:00Z',
    });
    expect(judgeOrder(row, afterMidnight)?.receivedOn).toBe('2026-01-01');
    expect(
      judgeOrder(row, capturedOrder('C', { value: '80.00', description }))?.receivedOn,
    ).toBeNull();
  });
});

describe.each(testEngines())('dates of money (%s)', (engine) => {
  describe('cash entered in January for money taken on 30 December', () => {
    const site = staffSite(engine, { roles: ['socio'], clock: fixedClock('2026-01-05') });
    let socio: number;

    beforeEach(async () => {
      socio = await freshLedger(site.app);
      // Receipts already numbered in both years: the entry must continue 2025's sequence.
      await site.app.services.db
        .insertInto('receipt_counters')
        .values([
          { year: 2025, last_number: 7 },
          { year: 2026, last_number: 3 },
        ])
        .execute();
    });

    it('gets a receipt of 2025, numbered in 2025, dated 30/12/2025; recorded on 5 January', async () => {
      const { paymentId } = await site.ok<{ paymentId: number }>(
        site.call('POST', `/Memberships/${socio}/Payments`, {
          years: [2025],
          amount: '80',
          method: 'contanti',
          paidOn: '2025-12-30',
        }),
      );
      const { db } = site.app.services;
      const receipt = await db
        .selectFrom('receipts')
        .selectAll()
        .where('payment_id', '=', paymentId)
        .executeTakeFirstOrThrow();
      expect(receipt).toMatchObject({ year: 2025, number: 8, paid_on: '2025-12-30' });
      const counters = await db
        .selectFrom('receipt_counters')
        .selectAll()
        .orderBy('year')
        .execute();
      expect(counters).toEqual([
        { year: 2025, last_number: 8 },
        { year: 2026, last_number: 3 },
      ]);
      const due = await db
        .selectFrom('dues')
        .select(['status', 'settled_on'])
        .where('member_id', '=', socio)
        .where('year', '=', 2025)
        .executeTakeFirstOrThrow();
      expect(due).toEqual({ status: 'paid', settled_on: '2025-12-30' });

      const payment = await site.ok<AdminPayment>(site.call('GET', `/Payments/${paymentId}`));
      expect(payment).toMatchObject({ receivedOn: '2025-12-30', receipt: '8/2025' });
      // Said by its method, not as a PayPal order.
      expect(payment).toMatchObject({ methodText: 'Contanti', paidWithPayPal: false });
      expect(payment.createdAt.slice(0, 10)).toBe('2026-01-05');
      const text = await pdfText(site, paymentId);
      expect(text).toContain('Ricevuta n. 8/2025');
      expect(text).toContain('30/12/2025');
      // The receipt prints no reference of ours (the entry's day and UUID).
      expect(text).toContain('Contanti');
      expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/);

      // The dashboard counts it in the year it came in, not in the year it was typed.
      const in2025 = await site.ok<DuesReport>(site.call('GET', '/DuesReport?year=2025'));
      expect(in2025.receivedInYear).toMatchObject({
        totalCents: 8000,
        byMethod: { contanti: 8000 },
      });
      const in2026 = await site.ok<DuesReport>(site.call('GET', '/DuesReport?year=2026'));
      expect(in2026.receivedInYear.totalCents).toBe(0);
      const csv = await site.call('GET', '/DuesReport/Export.csv?year=2025');
      expect(csv.body).toContain('30/12/2025');
      const ledger = await site.call('GET', '/Payments/Export');
      expect(ledger.body).toContain(';30/12/2025;contanti:2025-12-30:');
    });

    it('refuses a day in the future or before the member’s first year, and writes nothing', async () => {
      const body = { years: [2026], amount: '80', method: 'carta' };
      const future = await site.call('POST', `/Memberships/${socio}/Payments`, {
        ...body,
        paidOn: '2026-01-06',
      });
      expect(future.statusCode).toBe(400);
      expect(future.json()).toMatchObject({
        error: {
          issues: [
            {
              path: 'paidOn',
              message:
                'La data dell’incasso (06/01/2026) è nel futuro: indica il giorno in cui il denaro è stato ricevuto.',
            },
          ],
        },
      });
      const early = await site.call('POST', `/Memberships/${socio}/Payments`, {
        ...body,
        paidOn: '2024-12-31',
      });
      expect(early.statusCode).toBe(400);
      expect(early.body).toContain('è precedente al primo anno del socio (2025)');
      const unreal = await site.call('POST', `/Memberships/${socio}/Payments`, {
        ...body,
        paidOn: '2025-02-30',
      });
      expect(unreal.statusCode).toBe(400);
      expect(unreal.body).toContain('che esista nel calendario');
      expect(await site.app.services.db.selectFrom('payments').select('id').execute()).toEqual([]);
    });
  });

  describe('a transfer booked by the bank on 26/11 and applied on 27/11', () => {
    const site = staffSite(engine, { roles: ['socio'], clock: fixedClock('2026-11-27') });
    let socio: number;

    beforeEach(async () => {
      socio = await freshLedger(site.app);
      await site.app.services.db
        .insertInto('dues')
        .values({
          member_id: socio,
          year: 2025,
          status: 'exempt',
          amount_cents: 0,
          method: null,
          payment_id: null,
          exempt_reason: 'Primo anno',
          settled_on: '2025-01-10',
          created_at: '2025-01-10T10:00:00.000Z',
          updated_at: '2025-01-10T10:00:00.000Z',
        })
        .execute();
    });

    it('is received, receipted and settled on 26/11', async () => {
      const csv = [
        'Data contabile;Data valuta;Importo;Divisa;Descrizione;Riferimento',
        `26/11/2026;26/11/2026;80,00;EUR;Bonifico da Rossi Mario ${dueCausale('00042', [2026])};CSV-2611`,
        '',
      ].join('\n');
      const done = await site.ok<BankStatementApplied>(
        site.call('POST', '/BankStatements', {
          fileName: 'estratto.csv',
          contentBase64: Buffer.from(csv).toString('base64'),
        }),
      );
      expect(done.counts).toMatchObject({ matched: 1 });
      const { db } = site.app.services;
      const payment = await db.selectFrom('payments').selectAll().executeTakeFirstOrThrow();
      expect(payment).toMatchObject({ received_on: '2026-11-26', receipt_year: 2026 });
      expect(payment.created_at.slice(0, 10)).toBe('2026-11-27');
      const receipt = await db
        .selectFrom('receipts')
        .select(['year', 'paid_on'])
        .executeTakeFirstOrThrow();
      expect(receipt).toEqual({ year: 2026, paid_on: '2026-11-26' });
      const due = await db
        .selectFrom('dues')
        .select('settled_on')
        .where('member_id', '=', socio)
        .where('year', '=', 2026)
        .executeTakeFirstOrThrow();
      expect(due.settled_on).toBe('2026-11-26');
      expect(await pdfText(site, payment.id)).toContain('26/11/2026');
    });
  });

  describe('migration 0039 of the payments recorded before it', () => {
    const site = staffSite(engine, { roles: ['socio'], clock: fixedClock('2026-11-27') });

    it('takes the day from a hand reference, a bank row, else the Rome day of verification', async () => {
      const socio = await freshLedger(site.app);
      const { db } = site.app.services;
      const fee = await db
        .selectFrom('fees')
        .select(['id', 'title', 'access'])
        .executeTakeFirstOrThrow();
      const payment = (orderId: string, year: number, verifiedAt: string | null) => ({
        paypal_order_id: orderId,
        fee_id: fee.id,
        fee_title: fee.title,
        fee_access: fee.access,
        year,
        account_name: 'Mario Rossi',
        member_id: socio,
        expected_cents: 8000,
        expected_currency: 'EUR',
        reported_amount: '80.00',
        reported_currency: 'EUR',
        status: verifiedAt === null ? ('reported' as const) : ('verified' as const),
        verified_at: verifiedAt,
        created_at: '2026-01-05T09:00:00.000Z',
        updated_at: '2026-01-05T09:00:00.000Z',
      });
      const inserted = await db
        .insertInto('payments')
        .values([
          payment(
            'contanti:2025-12-30:6b1c2b5e-0000-4000-8000-000000000001',
            2025,
            '2026-01-05T09:00:00.000Z',
          ),
          payment('bonifico:csv:CSV-0002', 2026, '2026-11-27T08:00:00.000Z'),
          // 00:30 in Rome on 1 January 2026.
          payment('ORDINE-CAPODANNO', 2026, '2025-12-31T23:30:00.000Z'),
          payment('ORDINE-SEGNALATO', 2027, null),
        ])
        .returning('id')
        .execute();
      const [cash, bank, paypal, reported] = inserted.map((row) => row.id);
      const statement = await db
        .insertInto('bank_statements')
        .values({
          sha256: 'f'.repeat(64),
          file_name: 'estratto.csv',
          format: 'csv',
          rows_count: 1,
          imported_by: 'segreteria@example.org',
          imported_at: '2026-11-27T08:00:00.000Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('bank_rows')
        .values({
          statement_id: statement.id,
          reference: 'csv:CSV-0002',
          booked_on: '2026-11-26',
          amount_cents: 8000,
          payer: null,
          remittance: 'QUOTA 00042',
          status: 'matched',
          reason: null,
          member_id: socio,
          years: '2026',
          payment_id: bank ?? null,
          note: null,
          handled_by: null,
          handled_at: null,
          created_at: '2026-11-27T08:00:00.000Z',
        })
        .execute();
      const due = (year: number, paymentId: number | undefined, settledOn: string) => ({
        member_id: socio,
        year,
        status: 'paid' as const,
        amount_cents: 8000,
        method: 'contanti' as const,
        payment_id: paymentId ?? null,
        exempt_reason: null,
        settled_on: settledOn,
        created_at: '2026-01-05T09:00:00.000Z',
        updated_at: '2026-01-05T09:00:00.000Z',
      });
      await db
        .insertInto('dues')
        .values([due(2025, cash, '2026-01-05'), due(2026, bank, '2026-11-27')])
        .execute();

      // The shape before the migration, then the migration itself.
      await db.schema.alterTable('payments').dropColumn('received_on').execute();
      await paymentsReceivedOnMigration.up(db);

      const after = await db
        .selectFrom('payments')
        .select(['id', 'received_on'])
        .orderBy('id')
        .execute();
      expect(after).toEqual([
        { id: cash, received_on: '2025-12-30' },
        { id: bank, received_on: '2026-11-26' },
        { id: paypal, received_on: '2026-01-01' },
        { id: reported, received_on: null },
      ]);
      const dues = await db
        .selectFrom('dues')
        .select(['year', 'settled_on'])
        .where('member_id', '=', socio)
        .orderBy('year')
        .execute();
      expect(dues).toEqual([
        { year: 2025, settled_on: '2025-12-30' },
        { year: 2026, settled_on: '2026-11-26' },
      ]);
    });
  });
});

describe.each(testEngines())('a PayPal capture across midnight of 31 December (%s)', (engine) => {
  let site: MailTestSite;
  let paypal: FakePayPal;
  // Verified on the morning of 1 January 2026, captured at 23:30 of 31 December in Rome.
  const time = new TestClock('2026-01-01T09:00:00.000Z');

  beforeEach(async () => {
    site = await createMailTestSite(engine);
    paypal = new FakePayPal();
    await paypal.start();
  });

  afterEach(async () => {
    await site.close();
    await paypal.stop();
  });

  it('gets a receipt of 2025 dated the capture’s day', async () => {
    const { app } = await site.build({
      clock: time.clock,
      env: { DEMO_CONTENT: 'true', ...paypal.env },
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/Account/Login',
      payload: { username: SOCIO, password: DEMO_PASSWORD },
    });
    const token = (login.json() as { data: { token: string } }).data.token;
    const fee = await app.services.db
      .selectFrom('fees')
      .select('id')
      .where('title', '=', 'Quota Socio ordinario')
      .executeTakeFirstOrThrow();
    const description = '2026 - Mario Rossi - Quota Socio ordinario';
    paypal.orders.set(
      'ORDINE-31-DIC',
      capturedOrder('ORDINE-31-DIC', {
        value: '80.00',
        description,
        captureTime: '2025-12-31T22:30:00Z',
      }),
    );
    const reported = await app.inject({
      method: 'POST',
      url: '/api/v1/Payment/RegistraPagamento',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        orderId: 'ORDINE-31-DIC',
        quotaId: fee.id,
        anno: 2026,
        nominativo: 'Mario Rossi',
        importo: '80.00',
        valuta: 'EUR',
      },
    });
    expect(reported.statusCode, reported.body).toBe(200);
    await app.services.outbox.runOnce();
    const payment = await app.services.db
      .selectFrom('payments')
      .selectAll()
      .where('paypal_order_id', '=', 'ORDINE-31-DIC')
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({
      status: 'verified',
      received_on: '2025-12-31',
      receipt_year: 2025,
    });
    expect(payment.verified_at?.slice(0, 10)).toBe('2026-01-01');
    const receipt = await app.services.db
      .selectFrom('receipts')
      .select(['year', 'paid_on'])
      .where('payment_id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(receipt).toEqual({ year: 2025, paid_on: '2025-12-31' });
  });
});
