import {
  paymentDescription,
  paymentYearsLabel,
  type BankStatementApplied,
  type LoginResponse,
} from '@sodalis/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo-accounts.js';
import type { Executor } from '../../../src/db/schema.js';
import { dueCausale } from '../../../src/modules/membership/bank-causale.js';
import { bareMembership } from '../../../src/modules/membership/repository.js';
import { capturedOrder, FakePayPal } from '../../helpers/fake-paypal.js';
import { signInDemoMembers } from '../../helpers/member-api.js';
import { createTestApp, fixedClock, testEngines, type TestApp } from '../../helpers/test-app.js';

const TODAY = '2026-06-05';
const YEAR = 2026;
const SOCIO = 'socio.demo@example.org';
const MEMBER_NUMBER = '00042';
/** How many requests race for the same year in each test. */
const RACERS = 6;

/**
 * A member's year is paid at most once, whatever the race (ADR 029, 2026-11-27): every path that
 * settles dues, run many times at once, on PostgreSQL from two instances on one database (the
 * deployment of ADR 033), on SQLite from the one instance it allows. Counted in the database:
 * verified payments of the year and their receipts, exactly one each.
 */
describe.each(testEngines())('a dues year paid once whatever the race (%s)', (engine) => {
  const paypal = new FakePayPal();
  let testApp: TestApp;
  /** The instances requests go to in turn: two on PostgreSQL, the one SQLite allows. */
  let instances: FastifyInstance[];
  let staffToken: string;
  let memberToken: string;
  let memberId: number;

  beforeAll(async () => {
    await paypal.start();
    testApp = await createTestApp(engine, {
      demoContent: true,
      clock: fixedClock(TODAY),
      outbox: 'manual',
      env: paypal.env,
    });
    instances =
      engine === 'postgres' ? [testApp.app, await testApp.anotherInstance()] : [testApp.app];
    staffToken = (await signInDemoMembers(testApp.app, ['segreteria'])).segreteria;
    memberToken = await signIn(testApp.app, SOCIO);
    const member = await db()
      .selectFrom('members')
      .select('id')
      .where('email', '=', SOCIO)
      .executeTakeFirstOrThrow();
    memberId = member.id;
  }, 120_000);

  afterAll(async () => {
    await testApp.close();
    await paypal.stop();
  });

  const db = (): Executor => testApp.app.services.db;

  beforeEach(async () => {
    for (const table of [
      'bank_rows',
      'bank_statements',
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
        member_number: MEMBER_NUMBER,
      })
      .execute();
  });

  async function signIn(app: FastifyInstance, username: string): Promise<string> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/Account/Login',
      payload: { username, password: DEMO_PASSWORD },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: LoginResponse }).data.token ?? '';
  }

  /** The `index`-th racer's back-office call, on the instances in turn. */
  function staffCall(index: number, method: 'POST' | 'PUT', path: string, payload: object) {
    const app = instances[index % instances.length] as FastifyInstance;
    return app.inject({
      method,
      url: `/api/v1/Admin${path}`,
      payload,
      headers: { authorization: `Bearer ${staffToken}` },
    });
  }

  /** Every racer's answer: the status codes, and the 400s' texts. */
  async function race(calls: (() => Promise<LightMyRequestResponse>)[]) {
    const answers = await Promise.all(calls.map((call) => call()));
    for (const answer of answers) expect([200, 400], answer.body).toContain(answer.statusCode);
    return answers;
  }

  /** What settled the member's year: verified payments, their live receipts, the ledger row. */
  async function settlementsOfYear() {
    const payments = await db()
      .selectFrom('payments')
      .leftJoin('payment_items', 'payment_items.payment_id', 'payments.id')
      .select(['payments.id', 'payments.status'])
      .where('payments.member_id', '=', memberId)
      .where((eb) =>
        eb.or([
          eb('payment_items.item_ref', '=', String(YEAR)),
          eb.and([eb('payment_items.item_ref', 'is', null), eb('payments.year', '=', YEAR)]),
        ]),
      )
      .execute();
    const verified = payments.filter((payment) => payment.status === 'verified');
    const receipts =
      payments.length === 0
        ? []
        : await db()
            .selectFrom('receipts')
            .select(['payment_id', 'kind'])
            .where(
              'payment_id',
              'in',
              payments.map((payment) => payment.id),
            )
            .execute();
    const cancelled = new Set(
      receipts.filter((row) => row.kind === 'cancellation').map((row) => row.payment_id),
    );
    const due = await db()
      .selectFrom('dues')
      .select(['status', 'payment_id'])
      .where('member_id', '=', memberId)
      .where('year', '=', YEAR)
      .executeTakeFirst();
    return {
      verifiedPayments: verified.map((payment) => payment.id),
      liveReceipts: receipts
        .filter((row) => row.kind === 'receipt' && !cancelled.has(row.payment_id))
        .map((row) => row.payment_id),
      due,
      statuses: payments.map((payment) => payment.status).sort(),
    };
  }

  /** Exactly one payment settled the year, with one receipt, and the ledger points at it. */
  async function expectPaidOnce() {
    const settled = await settlementsOfYear();
    expect(settled.verifiedPayments).toHaveLength(1);
    expect(settled.liveReceipts).toEqual(settled.verifiedPayments);
    expect(settled.due).toEqual({ status: 'paid', payment_id: settled.verifiedPayments[0] });
    return settled;
  }

  const handPayment = (index: number) => () =>
    staffCall(index, 'POST', `/Memberships/${memberId}/Payments`, {
      years: [YEAR],
      amount: '80',
      method: index % 2 === 0 ? 'contanti' : 'carta',
      paidOn: TODAY,
      note: `Cassa ${index + 1}`,
    });

  /** Bank rows waiting for review, one per racer, each a credit of the year's fee. */
  async function rowsToReview(count: number): Promise<number[]> {
    const { id: statementId } = await db()
      .insertInto('bank_statements')
      .values({
        sha256: `prova-${Math.random()}`,
        file_name: 'estratto.csv',
        format: 'csv',
        rows_count: count,
        imported_by: 'segreteria.demo@example.org',
        imported_at: `${TODAY}T08:00:00.000Z`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const { id } = await db()
        .insertInto('bank_rows')
        .values({
          statement_id: statementId,
          reference: `csv:RACE-${index}`,
          booked_on: TODAY,
          amount_cents: 8000,
          payer: 'Rossi Mario',
          remittance: 'quota socio',
          status: 'review',
          reason: 'Nessuna causale di quota riconoscibile.',
          member_id: null,
          years: null,
          payment_id: null,
          note: null,
          handled_by: null,
          handled_at: null,
          created_at: `${TODAY}T08:00:00.000Z`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(id);
    }
    return ids;
  }

  const assignRow = (index: number, rowId: number) => () =>
    staffCall(index, 'POST', `/BankRows/${rowId}/Assign`, { memberId, years: [YEAR] });

  it('takes one of many hand payments of the year at once; the others are told it is paid', async () => {
    const answers = await race(Array.from({ length: RACERS }, (_, index) => handPayment(index)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.statusCode === 400)) {
      expect(answer.body).toContain(`La quota ${YEAR} risulta già pagata o esonerata.`);
    }
    const settled = await expectPaidOnce();
    expect(settled.statuses).toEqual(['verified']);
  });

  it('lets one of hand payments, bank rows assigned and an exemption settle the year', async () => {
    const rows = await rowsToReview(3);
    const answers = await race([
      handPayment(0),
      assignRow(1, rows[0] as number),
      handPayment(2),
      assignRow(3, rows[1] as number),
      () =>
        staffCall(4, 'PUT', `/Memberships/${memberId}/Dues/${YEAR}/Exemption`, {
          exempt: true,
          reason: 'Socio onorario',
        }),
      assignRow(5, rows[2] as number),
    ]);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const settled = await settlementsOfYear();
    if (settled.due?.status === 'exempt') {
      expect(settled.verifiedPayments).toEqual([]);
      expect(settled.liveReceipts).toEqual([]);
    } else {
      await expectPaidOnce();
    }
    // The rows that lost stay waiting for the secretariat, nothing half-assigned.
    const waiting = await db()
      .selectFrom('bank_rows')
      .select(['status', 'payment_id'])
      .where('status', '=', 'review')
      .execute();
    const assigned = await db()
      .selectFrom('bank_rows')
      .select('id')
      .where('status', '=', 'assigned')
      .execute();
    expect(waiting.length + assigned.length).toBe(3);
    expect(waiting.every((row) => row.payment_id === null)).toBe(true);
  });

  it('pays the year from one of several statements applied at once; the other rows are to refund', async () => {
    const statement = (index: number) => {
      const csv = [
        'Data contabile;Data valuta;Importo;Divisa;Descrizione;Riferimento',
        `0${(index % 4) + 1}/06/2026;03/06/2026;80,00;EUR;Bonifico da Rossi Mario ${dueCausale(MEMBER_NUMBER, [YEAR])};CSV-RACE-${index}`,
      ].join('\n');
      return {
        fileName: `estratto-${index}.csv`,
        contentBase64: Buffer.from(csv).toString('base64'),
      };
    };
    const answers = await race(
      Array.from(
        { length: RACERS },
        (_, index) => () => staffCall(index, 'POST', '/BankStatements', statement(index)),
      ),
    );
    const applied = answers.map(
      (answer) => (answer.json() as { data: BankStatementApplied }).data.counts,
    );
    expect(applied.filter((counts) => counts.matched === 1)).toHaveLength(1);
    expect(applied.filter((counts) => counts.alreadyPaid === 1)).toHaveLength(RACERS - 1);
    await expectPaidOnce();
    const refunds = await db()
      .selectFrom('bank_rows')
      .select('id')
      .where('status', '=', 'refund')
      .execute();
    expect(refunds).toHaveLength(RACERS - 1);
  });

  it('verifies several PayPal checkouts of the year at once: one receipt, the others to refund', async () => {
    const fee = await db()
      .selectFrom('fees')
      .select(['id', 'title'])
      .where('title', '=', 'Quota Socio ordinario')
      .executeTakeFirstOrThrow();
    const paymentIds: number[] = [];
    for (let index = 0; index < RACERS; index += 1) {
      const orderId = `ORDINE-GARA-${engine}-${index}-${Date.now()}`;
      paypal.orders.set(
        orderId,
        capturedOrder(orderId, {
          value: '80.00',
          description: paymentDescription(paymentYearsLabel([YEAR]), 'Mario Rossi', fee.title),
        }),
      );
      const reported = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/Payment/RegistraPagamento',
        headers: { authorization: `Bearer ${memberToken}` },
        payload: {
          orderId,
          quotaId: fee.id,
          anno: YEAR,
          nominativo: 'Mario Rossi',
          importo: '80.00',
          valuta: 'EUR',
        },
      });
      expect(reported.statusCode, reported.body).toBe(200);
      const { id } = await db()
        .selectFrom('payments')
        .select('id')
        .where('paypal_order_id', '=', orderId)
        .executeTakeFirstOrThrow();
      paymentIds.push(id);
    }
    await Promise.all(
      paymentIds.map((id, index) =>
        (instances[index % instances.length] as FastifyInstance).services.payments.verify(id),
      ),
    );
    const settled = await expectPaidOnce();
    expect(settled.statuses).toEqual([
      ...Array.from({ length: RACERS - 1 }, () => 'to_refund'),
      'verified',
    ]);
  });

  it('accepts a payment to check once while hand payments of its year race it', async () => {
    const fee = await db()
      .selectFrom('fees')
      .select(['id', 'title'])
      .where('title', '=', 'Quota Socio ordinario')
      .executeTakeFirstOrThrow();
    // Reported by the member with an amount that is not the fee: "da controllare".
    const orderId = `ORDINE-DA-CONTROLLARE-${engine}`;
    const reported = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/Payment/RegistraPagamento',
      headers: { authorization: `Bearer ${memberToken}` },
      payload: {
        orderId,
        quotaId: fee.id,
        anno: YEAR,
        nominativo: 'Mario Rossi',
        importo: '70.00',
        valuta: 'EUR',
      },
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const { id: flaggedId } = await db()
      .selectFrom('payments')
      .select('id')
      .where('paypal_order_id', '=', orderId)
      .where('status', '=', 'flagged')
      .executeTakeFirstOrThrow();
    const accept = (index: number) => () =>
      staffCall(index, 'POST', `/Payments/${flaggedId}/Accept`, { note: 'Controllato in banca' });
    const answers = await race([
      accept(0),
      handPayment(1),
      accept(2),
      handPayment(3),
      handPayment(4),
      accept(5),
    ]);
    // One acceptance of the three, and it either paid the year or found it paid (to refund).
    const accepted = [0, 2, 5].filter((index) => answers[index]?.statusCode === 200);
    expect(accepted).toHaveLength(1);
    await expectPaidOnce();
  });

  it('records a refund once when two staff members record it at once: one cancelling receipt', async () => {
    const [first] = await race([handPayment(0)]);
    const { paymentId } = (first?.json() as { data: { paymentId: number } }).data;
    const toRefund = await race(
      [0, 1, 2].map(
        (index) => () =>
          staffCall(index, 'POST', `/Payments/${paymentId}/MarkForRefund`, {
            note: 'Pagato due volte',
          }),
      ),
    );
    expect(toRefund.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const refunded = await race(
      [0, 1, 2].map(
        (index) => () =>
          staffCall(index, 'POST', `/Payments/${paymentId}/Refunded`, { note: 'Bonifico reso' }),
      ),
    );
    expect(refunded.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const receipts = await db()
      .selectFrom('receipts')
      .select('kind')
      .where('payment_id', '=', paymentId)
      .orderBy('id')
      .execute();
    expect(receipts.map((row) => row.kind)).toEqual(['receipt', 'cancellation']);
    const due = await db()
      .selectFrom('dues')
      .select(['status', 'payment_id'])
      .where('member_id', '=', memberId)
      .where('year', '=', YEAR)
      .executeTakeFirst();
    expect(due).toEqual({ status: 'unpaid', payment_id: null });
  });
});
