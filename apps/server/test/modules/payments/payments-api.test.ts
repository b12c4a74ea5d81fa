import type { LoginResponse } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo-accounts.js';
import type { MailJob } from '../../../src/modules/outbox/outbox.js';
import { capturedOrder, FakePayPal } from '../../helpers/fake-paypal.js';
import {
  CapturedLog,
  createMailTestSite,
  TestClock,
  type MailTestSite,
} from '../../helpers/mail-test-app.js';
import { parseMail, SmtpSink } from '../../helpers/smtp-sink.js';
import { testEngines } from '../../helpers/test-app.js';

const RECORD = '/api/v1/Payment/RegistraPagamento';
const WEBHOOK = '/api/v1/Payment/PayPalWebhook';

/** The demo fees (demo content is on in these tests). */
async function feeId(app: FastifyInstance, title: string): Promise<number> {
  const fee = await app.services.db
    .selectFrom('fees')
    .select('id')
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  return fee.id;
}

async function report(
  app: FastifyInstance,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
  remoteAddress = '203.0.113.7',
) {
  return app.inject({ method: 'POST', url: RECORD, payload: body, headers, remoteAddress });
}

async function memberReport(app: FastifyInstance, orderId: string, overrides = {}) {
  return {
    orderId,
    quotaId: await feeId(app, 'Quota Socio ordinario'),
    anno: 2026,
    nominativo: 'Mario Rossi',
    importo: '80.00',
    valuta: 'EUR',
    ...overrides,
  };
}

async function payments(app: FastifyInstance) {
  return app.services.db.selectFrom('payments').selectAll().orderBy('id').execute();
}

async function queued(app: FastifyInstance) {
  const rows = await app.services.db
    .selectFrom('outbox')
    .select(['kind', 'payload_json', 'status'])
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    status: row.status,
    payload: JSON.parse(row.payload_json) as unknown,
  }));
}

async function queuedMails(app: FastifyInstance): Promise<MailJob[]> {
  return (await queued(app))
    .filter((row) => row.kind === 'mail')
    .map((row) => row.payload as MailJob);
}

async function signIn(app: FastifyInstance, username: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/Account/Login',
    payload: { username, password: DEMO_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: LoginResponse }).data.token ?? '';
}

const DESCRIPTION = '2026 - Mario Rossi - Quota Socio ordinario';

describe.each(testEngines())('fee payment record on %s', (engine) => {
  let site: MailTestSite;
  let time: TestClock;

  beforeEach(async () => {
    site = await createMailTestSite(engine);
    time = new TestClock('2026-03-02T09:00:00.000Z');
  });

  afterEach(async () => {
    await site.close();
  });

  describe('without PayPal credentials', () => {
    it('keeps a report as "reported", unverified, with the fee, year, name and amount', async () => {
      const { app } = await site.build({ clock: time.clock, env: { DEMO_CONTENT: 'true' } });
      const response = await report(app, await memberReport(app, '5O190127TN364715T'));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({
        data: {
          orderId: '5O190127TN364715T',
          stato: 'reported',
          quota: 'Quota Socio ordinario',
          anno: 2026,
          nominativo: 'Mario Rossi',
          importo: '80.00',
          valuta: 'EUR',
        },
      });
      const [row] = await payments(app);
      expect(row).toMatchObject({
        paypal_order_id: '5O190127TN364715T',
        fee_title: 'Quota Socio ordinario',
        fee_access: 'Socio',
        expected_cents: 8000,
        reported_amount: '80.00',
        member_id: null,
        status: 'reported',
        verified_at: null,
        receipt_number: null,
      });
      // Nothing to verify with, and nothing sent for a claim no one checked.
      expect(await queued(app)).toEqual([]);
    });

    it('stores each order once: a repeated report answers the first record', async () => {
      const { app } = await site.build({ clock: time.clock, env: { DEMO_CONTENT: 'true' } });
      const first = await report(app, await memberReport(app, 'ORDINE-UNO'));
      const again = await report(
        app,
        await memberReport(app, 'ORDINE-UNO', { nominativo: 'Qualcun Altro', anno: 2027 }),
      );
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      const simultaneous = await Promise.all(
        [1, 2, 3, 4].map(async () => report(app, await memberReport(app, 'ORDINE-DUE'))),
      );
      expect(simultaneous.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
      expect((await payments(app)).map((row) => [row.paypal_order_id, row.account_name])).toEqual([
        ['ORDINE-UNO', 'Mario Rossi'],
        ['ORDINE-DUE', 'Mario Rossi'],
      ]);
    });

    it('notes the signed-in member; an expired or forged token still records, without member', async () => {
      const { app } = await site.build({ clock: time.clock, env: { DEMO_CONTENT: 'true' } });
      const token = await signIn(app, 'socio.demo@example.org');
      await report(app, await memberReport(app, 'ORDINE-SOCIO'), {
        authorization: `Bearer ${token}`,
      });
      const forged = await report(app, await memberReport(app, 'ORDINE-OSPITE'), {
        authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.firma-falsa',
      });
      expect(forged.statusCode).toBe(200);
      const member = await app.services.db
        .selectFrom('members')
        .select('id')
        .where('email', '=', 'socio.demo@example.org')
        .executeTakeFirstOrThrow();
      expect((await payments(app)).map((row) => row.member_id)).toEqual([member.id, null]);
    });

    it('flags an amount or currency that differs from the fee and tells the secretariat', async () => {
      const { app } = await site.build({ clock: time.clock, env: { DEMO_CONTENT: 'true' } });
      const cheap = await report(app, await memberReport(app, 'ORDINE-BASSO', { importo: '8.00' }));
      expect(cheap.json()).toMatchObject({ data: { stato: 'flagged', importo: '80.00' } });
      await report(app, await memberReport(app, 'ORDINE-USD', { valuta: 'USD' }));
      const rows = await payments(app);
      expect(rows.map((row) => row.status)).toEqual(['flagged', 'flagged']);
      expect(rows[0]?.flag_reason).toBe(
        'importo segnalato dal browser 8.00 EUR diverso dalla quota 80.00 EUR',
      );
      const mails = await queuedMails(app);
      expect(mails.map((mail) => mail.to)).toEqual([
        ['segreteria@simti.example'],
        ['segreteria@simti.example'],
      ]);
      expect(mails[0]?.subject).toBe(
        'SIMTI – pagamento da controllare: ordine PayPal ORDINE-BASSO',
      );
      expect(mails[0]?.text).toContain('Motivo: importo segnalato dal browser 8.00 EUR');
    });

    it.each([
      ['an unknown fee', { quotaId: 999_999 }],
      ['a malformed order id', { orderId: '../../x' }],
      ['an empty name', { nominativo: '   ' }],
      ['a year past 2099', { anno: 2100 }],
      ['a fractional year', { anno: 2026.5 }],
    ])('refuses %s with a 400 and stores nothing', async (_label, overrides) => {
      const { app } = await site.build({ clock: time.clock, env: { DEMO_CONTENT: 'true' } });
      const response = await report(app, await memberReport(app, 'ORDINE-X', overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        data: null,
        error: { code: 'richiesta-non-valida' },
      });
      expect(await payments(app)).toEqual([]);
    });

    it('refuses webhooks: without credentials there is nothing to check them with', async () => {
      const { app } = await site.build({ clock: time.clock, env: { DEMO_CONTENT: 'true' } });
      const response = await app.inject({ method: 'POST', url: WEBHOOK, payload: {} });
      expect(response.statusCode).toBe(404);
    });

    it('limits reports per IP (PAYMENT_RATE_LIMIT_PER_HOUR)', async () => {
      const { app } = await site.build({
        clock: time.clock,
        env: { DEMO_CONTENT: 'true', PAYMENT_RATE_LIMIT_PER_HOUR: '2' },
      });
      expect((await report(app, await memberReport(app, 'ORDINE-A'))).statusCode).toBe(200);
      expect((await report(app, await memberReport(app, 'ORDINE-B'))).statusCode).toBe(200);
      expect((await report(app, await memberReport(app, 'ORDINE-C'))).statusCode).toBe(429);
      expect(
        (await report(app, await memberReport(app, 'ORDINE-C'), {}, '198.51.100.4')).statusCode,
      ).toBe(200);
    });
  });

  describe('with PayPal credentials (a stand-in PayPal API on loopback)', () => {
    let paypal: FakePayPal;
    let sink: SmtpSink;

    beforeEach(async () => {
      paypal = new FakePayPal();
      await paypal.start();
      sink = new SmtpSink();
      await sink.start();
    });

    afterEach(async () => {
      await paypal.stop();
      await sink.stop();
    });

    /** The stand-in PayPal knows order `id`: 80.00 EUR for the fee, captured, unless told. */
    const paypalKnows = (id: string, order: Partial<Parameters<typeof capturedOrder>[1]> = {}) =>
      paypal.orders.set(
        id,
        capturedOrder(id, { value: '80.00', description: DESCRIPTION, ...order }),
      );

    const build = (extra: Record<string, string> = {}, logger?: CapturedLog) =>
      site.build({
        clock: time.clock,
        ...(logger ? { logger: logger.logger } : {}),
        env: {
          DEMO_CONTENT: 'true',
          SMTP_URL: sink.url,
          PAYPAL_WEBHOOK_ID: 'WH-PROVA',
          ...paypal.env,
          ...extra,
        },
      });

    it('verifies the order with PayPal, numbers the receipt and mails it to the payer', async () => {
      const { app } = await build();
      paypalKnows('ORDINE-PAGATO');
      const answer = await report(app, await memberReport(app, 'ORDINE-PAGATO'));
      expect(answer.json()).toMatchObject({ data: { stato: 'reported' } });
      await app.services.outbox.runOnce();

      const [row] = await payments(app);
      expect(row).toMatchObject({
        status: 'verified',
        paid_cents: 8000,
        paid_currency: 'EUR',
        paypal_capture_id: 'CAP-ORDINE-PAGATO',
        payer_email: 'pagante@example.org',
        receipt_year: 2026,
        receipt_number: 1,
        flag_reason: null,
      });
      expect(paypal.orderCalls().map((call) => [call.method, call.url])).toEqual([
        ['GET', '/v2/checkout/orders/ORDINE-PAGATO'],
      ]);
      // The receipt goes out on the worker's next pass.
      await app.services.outbox.runOnce();
      expect(sink.messages.map((message) => message.to)).toEqual([['pagante@example.org']]);
      const mail = parseMail(sink.messages[0]?.raw ?? '');
      expect(mail.subject).toBe('SIMTI – ricevuta n. 1/2026: Quota Socio ordinario 2026');
      expect(mail.text).toContain('Ricevuta n. 1/2026');
      expect(mail.text).toContain('Nominativo: Mario Rossi');
      expect(mail.text).toContain('Importo: 80,00 €');
      expect(mail.text).toContain('ordine ORDINE-PAGATO');
    });

    it('sends the receipt to the signed-in member and numbers receipts per year', async () => {
      const { app } = await build();
      const token = await signIn(app, 'socio.demo@example.org');
      // Two different years of the member: the same year paid twice is refunded (ADR 029).
      for (const [id, year] of [
        ['ORDINE-1', 2026],
        ['ORDINE-2', 2027],
      ] as const) {
        paypalKnows(id, { description: DESCRIPTION.replace('2026', String(year)) });
        await report(app, await memberReport(app, id, { anno: year }), {
          authorization: `Bearer ${token}`,
        });
      }
      await app.services.outbox.runOnce();
      time.advance(365 * 86_400_000);
      paypalKnows('ORDINE-3');
      await report(app, await memberReport(app, 'ORDINE-3'));
      await app.services.outbox.runOnce();
      await app.services.outbox.runOnce();
      expect(
        (await payments(app)).map((row) => [
          row.paypal_order_id,
          row.receipt_year,
          row.receipt_number,
        ]),
      ).toEqual([
        ['ORDINE-1', 2026, 1],
        ['ORDINE-2', 2026, 2],
        ['ORDINE-3', 2027, 1],
      ]);
      expect(sink.messages.map((message) => message.to)).toEqual([
        ['socio.demo@example.org'],
        ['socio.demo@example.org'],
        ['pagante@example.org'],
      ]);
    });

    it('gives simultaneous verifications distinct receipt numbers', async () => {
      const { app } = await build();
      const ids = [1, 2, 3, 4, 5, 6].map((n) => `ORDINE-PARALLELO-${n}`);
      for (const id of ids) {
        paypalKnows(id);
        expect((await report(app, await memberReport(app, id))).statusCode).toBe(200);
      }
      const rows = await payments(app);
      expect(rows).toHaveLength(6);
      // Twice each, at once: as a webhook and the outbox might.
      await Promise.all([...rows, ...rows].map((row) => app.services.payments.verify(row.id)));
      const numbers = (await payments(app)).map((row) => row.receipt_number);
      expect([...numbers].sort()).toEqual([1, 2, 3, 4, 5, 6]);
      expect(
        (await queuedMails(app)).filter((mail) => mail.subject.includes('ricevuta')),
      ).toHaveLength(6);
    });

    it('flags a capture whose amount, currency or description differ from the fee', async () => {
      const { app } = await build();
      paypalKnows('ORDINE-POCO', { value: '1.00' });
      paypalKnows('ORDINE-ALTRO', { description: '2026 - Mario Rossi - Quota Socio under 35' });
      paypalKnows('ORDINE-USD', { currency: 'USD' });
      for (const id of ['ORDINE-POCO', 'ORDINE-ALTRO', 'ORDINE-USD']) {
        // The browser may say anything: PayPal's answer decides.
        await report(app, await memberReport(app, id));
      }
      await app.services.outbox.runOnce();
      const rows = await payments(app);
      expect(rows.map((row) => [row.status, row.receipt_number])).toEqual([
        ['flagged', null],
        ['flagged', null],
        ['flagged', null],
      ]);
      expect(rows[0]?.flag_reason).toBe('PayPal ha incassato 1.00 EUR invece di 80.00 EUR');
      expect(rows[1]?.flag_reason).toContain('la descrizione dell’ordine');
      expect(rows[2]?.flag_reason).toBe('PayPal ha incassato 80.00 USD invece di 80.00 EUR');
      const mails = await queuedMails(app);
      expect(mails.every((mail) => mail.to[0] === 'segreteria@simti.example')).toBe(true);
      expect(mails).toHaveLength(3);
    });

    it('accepts a correct capture the browser misreported', async () => {
      const { app } = await build();
      paypalKnows('ORDINE-OK');
      await report(app, await memberReport(app, 'ORDINE-OK', { importo: '0.01' }));
      await app.services.outbox.runOnce();
      expect((await payments(app))[0]).toMatchObject({
        status: 'verified',
        flag_reason: null,
        receipt_number: 1,
      });
    });

    it('rejects an order PayPal does not know or has not completed', async () => {
      const { app } = await build();
      paypalKnows('ORDINE-APPROVATO', { orderStatus: 'APPROVED', captureStatus: 'DECLINED' });
      await report(app, await memberReport(app, 'ORDINE-INVENTATO'));
      await report(app, await memberReport(app, 'ORDINE-APPROVATO'));
      await app.services.outbox.runOnce();
      const rows = await payments(app);
      expect(rows.map((row) => [row.status, row.flag_reason, row.receipt_number])).toEqual([
        ['rejected', 'PayPal non conosce questo ordine', null],
        ['rejected', 'ordine PayPal in stato APPROVED, incasso DECLINED', null],
      ]);
    });

    it('leaves a pending capture reported until PayPal completes it', async () => {
      const { app } = await build();
      paypalKnows('ORDINE-ATTESA', { captureStatus: 'PENDING' });
      await report(app, await memberReport(app, 'ORDINE-ATTESA'));
      await app.services.outbox.runOnce();
      expect((await payments(app))[0]).toMatchObject({ status: 'reported', verified_at: null });
    });

    it('retries while PayPal is unreachable; the record stays reported meanwhile', async () => {
      const { app } = await build();
      paypalKnows('ORDINE-DOPO');
      paypal.failWith = 503;
      await report(app, await memberReport(app, 'ORDINE-DOPO'));
      expect(await app.services.outbox.runOnce()).toMatchObject({ retried: 1 });
      expect((await payments(app))[0]?.status).toBe('reported');
      paypal.failWith = null;
      time.advance(60_000);
      await app.services.outbox.runOnce();
      expect((await payments(app))[0]).toMatchObject({ status: 'verified', receipt_number: 1 });
    });

    describe('webhooks', () => {
      const headers = (signature: string) => ({
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42',
        'paypal-transmission-id': '103e3700-8b23-11e6-8c3f-f1c2dbf5be5a',
        'paypal-transmission-sig': signature,
        'paypal-transmission-time': '2026-03-02T09:10:00Z',
      });
      const deliver = (app: FastifyInstance, event: object, signature = paypal.validSignature) =>
        app.inject({ method: 'POST', url: WEBHOOK, payload: event, headers: headers(signature) });

      const refundEvent = (captureId: string) => ({
        id: 'WH-EVT-1',
        event_type: 'PAYMENT.CAPTURE.REFUNDED',
        resource_type: 'refund',
        resource: {
          id: 'REFUND-1',
          status: 'COMPLETED',
          amount: { currency_code: 'EUR', value: '80.00' },
          links: [
            { rel: 'self', href: 'https://api.paypal.com/v2/payments/refunds/REFUND-1' },
            { rel: 'up', href: `https://api.paypal.com/v2/payments/captures/${captureId}` },
          ],
        },
      });

      it('rejects a delivery whose signature PayPal does not confirm, and changes nothing', async () => {
        const log = new CapturedLog();
        const { app } = await build({}, log);
        paypalKnows('ORDINE-W');
        await report(app, await memberReport(app, 'ORDINE-W'));
        await app.services.outbox.runOnce();
        const forged = await deliver(app, refundEvent('CAP-ORDINE-W'), 'firma-falsa');
        expect(forged.statusCode).toBe(400);
        const unsigned = await app.inject({
          method: 'POST',
          url: WEBHOOK,
          payload: refundEvent('CAP-ORDINE-W'),
        });
        expect(unsigned.statusCode).toBe(400);
        expect((await payments(app))[0]?.status).toBe('verified');
        expect(log.text()).toContain('webhook PayPal con firma non valida');
        const check = paypal.calls.find(
          (call) => call.url === '/v1/notifications/verify-webhook-signature',
        );
        expect(JSON.parse(check?.body ?? '{}')).toMatchObject({
          webhook_id: 'WH-PROVA',
          transmission_sig: 'firma-falsa',
          webhook_event: { event_type: 'PAYMENT.CAPTURE.REFUNDED' },
        });
      });

      it('marks a refunded capture and tells the secretariat, once', async () => {
        const { app } = await build();
        paypalKnows('ORDINE-R');
        await report(app, await memberReport(app, 'ORDINE-R'));
        await app.services.outbox.runOnce();
        expect((await deliver(app, refundEvent('CAP-ORDINE-R'))).statusCode).toBe(200);
        expect((await deliver(app, refundEvent('CAP-ORDINE-R'))).statusCode).toBe(200);
        expect((await payments(app))[0]).toMatchObject({
          status: 'refunded',
          flag_reason: 'rimborsato su PayPal',
          receipt_number: 1,
        });
        const notices = (await queuedMails(app)).filter((mail) =>
          mail.subject.includes('controllare'),
        );
        expect(notices).toHaveLength(1);
        expect(notices[0]?.text).toContain('Motivo: rimborsato su PayPal');
      });

      it('keeps the dues ledger in step: reported, paid once verified, open again after a refund (ADR 024)', async () => {
        const { app } = await build();
        const token = await signIn(app, 'socio.demo@example.org');
        const dueOf2026 = () =>
          app.services.db
            .selectFrom('dues')
            .innerJoin('members', 'members.id', 'dues.member_id')
            .select(['dues.status', 'dues.method', 'dues.settled_on'])
            .where('members.email', '=', 'socio.demo@example.org')
            .where('dues.year', '=', 2026)
            .executeTakeFirst();
        paypalKnows('ORDINE-L');
        await report(app, await memberReport(app, 'ORDINE-L'), {
          authorization: `Bearer ${token}`,
        });
        expect(await dueOf2026()).toMatchObject({ status: 'reported', method: 'paypal' });
        await app.services.outbox.runOnce();
        expect(await dueOf2026()).toMatchObject({ status: 'paid', settled_on: expect.any(String) });
        expect((await deliver(app, refundEvent('CAP-ORDINE-L'))).statusCode).toBe(200);
        expect(await dueOf2026()).toMatchObject({ status: 'unpaid', settled_on: null });
      });

      it('verifies a reported payment when PayPal announces its completed capture', async () => {
        const { app } = await build();
        paypalKnows('ORDINE-C', { captureStatus: 'PENDING' });
        await report(app, await memberReport(app, 'ORDINE-C'));
        await app.services.outbox.runOnce();
        expect((await payments(app))[0]?.status).toBe('reported');
        paypalKnows('ORDINE-C');
        const completed = await deliver(app, {
          id: 'WH-EVT-2',
          event_type: 'PAYMENT.CAPTURE.COMPLETED',
          resource: {
            id: 'CAP-ORDINE-C',
            status: 'COMPLETED',
            supplementary_data: { related_ids: { order_id: 'ORDINE-C' } },
          },
        });
        expect(completed.statusCode).toBe(200);
        await app.services.outbox.runOnce();
        expect((await payments(app))[0]).toMatchObject({ status: 'verified', receipt_number: 1 });
      });
    });
  });
});
