import type { AdminDashboard, LoginResponse, MemberDuesView } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo-accounts.js';
import { paymentsToRefundMigration } from '../../../src/db/migrations/0029b-payments-to-refund.js';
import { bareMembership } from '../../../src/modules/membership/repository.js';
import { capturedOrder, FakePayPal } from '../../helpers/fake-paypal.js';
import { createMailTestSite, TestClock, type MailTestSite } from '../../helpers/mail-test-app.js';
import { parseMail, SmtpSink } from '../../helpers/smtp-sink.js';
import { pdfPageTexts } from '../../../src/modules/search/pdf-text.js';
import { testEngines } from '../../helpers/test-app.js';

const RECORD = '/api/v1/Payment/RegistraPagamento';
const MY_DUES = '/api/v1/Membership/MyDues';
const SOCIO = 'socio.demo@example.org';
const TWO_YEARS = '2025+2026 - Mario Rossi - Quota Socio ordinario';

async function signIn(app: FastifyInstance, username: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/Account/Login',
    payload: { username, password: DEMO_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: LoginResponse }).data.token ?? '';
}

/** The demo member, tracked from 2025 with nothing paid (arrears 2025, current 2026). */
async function memberSince2025(app: FastifyInstance): Promise<number> {
  const { db } = app.services;
  const { id } = await db
    .selectFrom('members')
    .select('id')
    .where('email', '=', SOCIO)
    .executeTakeFirstOrThrow();
  await db.deleteFrom('dues').where('member_id', '=', id).execute();
  await db.deleteFrom('memberships').where('member_id', '=', id).execute();
  await db
    .insertInto('memberships')
    .values(bareMembership(id, 'Socio', 2025, '2025-01-10T10:00:00.000Z'))
    .execute();
  return id;
}

async function feeId(app: FastifyInstance): Promise<number> {
  const fee = await app.services.db
    .selectFrom('fees')
    .select('id')
    .where('title', '=', 'Quota Socio ordinario')
    .executeTakeFirstOrThrow();
  return fee.id;
}

describe.each(testEngines())('several open years in one PayPal checkout (%s)', (engine) => {
  let site: MailTestSite;
  let paypal: FakePayPal;
  let sink: SmtpSink;
  const time = new TestClock('2026-06-02T09:00:00.000Z');

  beforeEach(async () => {
    site = await createMailTestSite(engine);
    paypal = new FakePayPal();
    await paypal.start();
    sink = new SmtpSink();
    await sink.start();
  });

  afterEach(async () => {
    await site.close();
    await paypal.stop();
    await sink.stop();
  });

  const build = () =>
    site.build({
      clock: time.clock,
      env: { DEMO_CONTENT: 'true', SMTP_URL: sink.url, ...paypal.env },
    });

  async function payTwoYears(app: FastifyInstance, token: string, orderId: string, value: string) {
    paypal.orders.set(orderId, capturedOrder(orderId, { value, description: TWO_YEARS }));
    return app.inject({
      method: 'POST',
      url: RECORD,
      headers: { authorization: `Bearer ${token}` },
      payload: {
        orderId,
        quotaId: await feeId(app),
        anno: 2025,
        anni: [2026, 2025],
        nominativo: 'Mario Rossi',
        importo: value,
        valuta: 'EUR',
      },
    });
  }

  async function myDues(app: FastifyInstance, token: string): Promise<MemberDuesView> {
    const response = await app.inject({
      method: 'GET',
      url: MY_DUES,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return (response.json() as { data: MemberDuesView }).data;
  }

  it('shows every open year with its amount and the total, and one checkout pays them all', async () => {
    const { app } = await build();
    const memberId = await memberSince2025(app);
    const token = await signIn(app, SOCIO);

    const before = await myDues(app, token);
    expect(before).toMatchObject({
      // June: both years past their grace period, so lapsed until the arrears are paid (ADR 024).
      standing: 'lapsed',
      openYears: [
        { year: 2025, amountCents: 8000 },
        { year: 2026, amountCents: 8000 },
      ],
      totalCents: 16000,
      fee: { title: 'Quota Socio ordinario', quota: 80 },
    });

    const answer = await payTwoYears(app, token, 'ORDINE-DUE-ANNI', '160.00');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ data: { stato: 'reported', anno: 2025 } });
    const reported = await app.services.db
      .selectFrom('dues')
      .select(['year', 'status'])
      .where('member_id', '=', memberId)
      .orderBy('year')
      .execute();
    expect(reported).toEqual([
      { year: 2025, status: 'reported' },
      { year: 2026, status: 'reported' },
    ]);

    await app.services.outbox.runOnce();
    const payment = await app.services.db
      .selectFrom('payments')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({
      status: 'verified',
      expected_cents: 16000,
      paid_cents: 16000,
      receipt_number: 1,
      flag_reason: null,
    });
    const after = await myDues(app, token);
    expect(after.standing).toBe('good');
    expect(after.openYears).toEqual([]);
    expect(after.totalCents).toBe(0);
    expect(after.years.map((year) => [year.year, year.status, year.settledOn])).toEqual([
      [2025, 'paid', '2026-06-02'],
      [2026, 'paid', '2026-06-02'],
    ]);
  });

  it('flags a checkout whose capture is not the fee times the years, and leaves the years reported', async () => {
    const { app } = await build();
    const memberId = await memberSince2025(app);
    const token = await signIn(app, SOCIO);
    // The browser says 160, PayPal captured one year only.
    await payTwoYears(app, token, 'ORDINE-CORTO', '160.00');
    paypal.orders.set(
      'ORDINE-CORTO',
      capturedOrder('ORDINE-CORTO', { value: '80.00', description: TWO_YEARS }),
    );
    await app.services.outbox.runOnce();
    const payment = await app.services.db
      .selectFrom('payments')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('flagged');
    expect(payment.flag_reason).toContain('80.00 EUR invece di 160.00 EUR');
    expect(payment.receipt_number).toBeNull();
    const dues = await app.services.db
      .selectFrom('dues')
      .select('status')
      .where('member_id', '=', memberId)
      .execute();
    expect(dues.map((due) => due.status)).toEqual(['reported', 'reported']);

    // Staff decide: accepted with a note, the years are paid and the receipt numbered.
    const staff = await signIn(app, 'segreteria.demo@example.org');
    const decide = (path: string, note: string) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/Admin/Payments/${payment.id}/${path}`,
        headers: { authorization: `Bearer ${staff}` },
        payload: { note },
      });
    const noNote = await decide('Accept', ' ');
    expect(noNote.statusCode).toBe(400);
    expect(noNote.body).toContain('Scrivi una nota');
    const accepted = await decide('Accept', 'Il resto arriva con bonifico, concordato');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      data: { status: 'verified', receipt: '1/2026' },
    });
    const paid = await app.services.db
      .selectFrom('dues')
      .select('status')
      .where('member_id', '=', memberId)
      .execute();
    expect(paid.map((due) => due.status)).toEqual(['paid', 'paid']);
    const twice = await decide('Accept', 'di nuovo');
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain('non è più da controllare');
  });

  it('marks a "da controllare" payment to be refunded: its years open again', async () => {
    const { app } = await build();
    const memberId = await memberSince2025(app);
    const token = await signIn(app, SOCIO);
    await payTwoYears(app, token, 'ORDINE-DA-RIMBORSARE', '160.00');
    paypal.orders.set(
      'ORDINE-DA-RIMBORSARE',
      capturedOrder('ORDINE-DA-RIMBORSARE', { value: '80.00', description: TWO_YEARS }),
    );
    await app.services.outbox.runOnce();
    const payment = await app.services.db
      .selectFrom('payments')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('flagged');
    const staff = await signIn(app, 'segreteria.demo@example.org');
    const refund = await app.inject({
      method: 'POST',
      url: `/api/v1/Admin/Payments/${payment.id}/MarkForRefund`,
      headers: { authorization: `Bearer ${staff}` },
      payload: { note: 'Importo sbagliato, rimborso su PayPal' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toMatchObject({
      data: { status: 'to_refund', receipt: null },
    });
    const open = await app.services.db
      .selectFrom('dues')
      .select('status')
      .where('member_id', '=', memberId)
      .execute();
    expect(open.map((due) => due.status)).toEqual(['unpaid', 'unpaid']);
    const home = await app.inject({
      method: 'GET',
      url: '/api/v1/Admin/Dashboard',
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(
      (home.json() as { data: AdminDashboard }).data.pending.find(
        (work) => work.key === 'pagamenti-da-rimborsare',
      ),
    ).toMatchObject({ label: 'Pagamenti da rimborsare', count: 1 });

    // The money went back: "rimborsato", once; no receipt to cancel (none was issued).
    const refunded = (note: string) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/Admin/Payments/${payment.id}/Refunded`,
        headers: { authorization: `Bearer ${staff}` },
        payload: { note },
      });
    const done = await refunded('Rimborsato su PayPal il 3 giugno');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      data: {
        status: 'refunded',
        flagReason: 'Rimborsato (segreteria): Rimborsato su PayPal il 3 giugno',
      },
    });
    const again = await refunded('di nuovo');
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('non è più da rimborsare');
    expect(await app.services.db.selectFrom('receipts').selectAll().execute()).toEqual([]);
  });

  it('the same years paid twice (two tabs): the payment verified second is "da rimborsare", without a receipt, and the secretariat is told', async () => {
    const { app } = await build();
    const memberId = await memberSince2025(app);
    const token = await signIn(app, SOCIO);
    // Both reported before either is verified: the second report took the years over.
    expect((await payTwoYears(app, token, 'ORDINE-PRIMA-SCHEDA', '160.00')).statusCode).toBe(200);
    expect((await payTwoYears(app, token, 'ORDINE-SECONDA-SCHEDA', '160.00')).statusCode).toBe(200);
    // Verified, then the mails they queued delivered.
    for (let run = 0; run < 3; run += 1) await app.services.outbox.runOnce();
    const payments = await app.services.db
      .selectFrom('payments')
      .select(['id', 'paypal_order_id', 'status', 'receipt_number', 'flag_reason'])
      .orderBy('id')
      .execute();
    const [first, second] = payments;
    // The first verified pays both years with its receipt; the other was paid twice.
    expect(first).toMatchObject({ status: 'verified', receipt_number: 1, flag_reason: null });
    expect(second).toMatchObject({
      status: 'to_refund',
      receipt_number: null,
      flag_reason:
        'Quote 2025, 2026 già pagate con un altro pagamento o esonerate: pagamento da rimborsare.',
    });
    const dues = await app.services.db
      .selectFrom('dues')
      .select(['year', 'status', 'payment_id'])
      .where('member_id', '=', memberId)
      .orderBy('year')
      .execute();
    expect(dues).toEqual([
      { year: 2025, status: 'paid', payment_id: first?.id },
      { year: 2026, status: 'paid', payment_id: first?.id },
    ]);
    const notices = sink.messages
      .map((message) => ({ to: message.to, mail: parseMail(message.raw) }))
      .filter(({ mail }) => mail.subject.includes('ORDINE-SECONDA-SCHEDA'));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.mail.text).toContain('Motivo: Quote 2025, 2026 già pagate');
    const receiptMails = sink.messages
      .map((message) => parseMail(message.raw))
      .filter((mail) => mail.subject.includes('ricevuta n.'));
    // One receipt, naming both years it pays like its PDF.
    expect(receiptMails.map((mail) => mail.subject)).toEqual([
      'SIMTI – ricevuta n. 1/2026: Quota Socio ordinario 2025, 2026',
    ]);
    expect(receiptMails[0]?.text).toContain('Anni: 2025, 2026');

    // Staff record the refund made: refunded, with no receipt to cancel.
    const staff = await signIn(app, 'segreteria.demo@example.org');
    const refunded = await app.inject({
      method: 'POST',
      url: `/api/v1/Admin/Payments/${second?.id}/Refunded`,
      headers: { authorization: `Bearer ${staff}` },
      payload: { note: 'Rimborsato su PayPal' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ data: { status: 'refunded', receipt: null } });
    expect(
      await app.services.db.selectFrom('receipts').select(['kind', 'number']).execute(),
    ).toEqual([{ kind: 'receipt', number: 1 }]);
    expect((await myDues(app, token)).standing).toBe('good');
  });

  /** The member's years with their state and the payment that settled them, oldest first. */
  async function duesRows(app: FastifyInstance, memberId: number) {
    return app.services.db
      .selectFrom('dues')
      .select(['year', 'status', 'payment_id'])
      .where('member_id', '=', memberId)
      .orderBy('year')
      .execute();
  }

  async function paymentOfOrder(app: FastifyInstance, orderId: string) {
    return app.services.db
      .selectFrom('payments')
      .selectAll()
      .where('paypal_order_id', '=', orderId)
      .executeTakeFirstOrThrow();
  }

  async function staffDecides(app: FastifyInstance, paymentId: number, path: string, note: string) {
    const staff = await signIn(app, 'segreteria.demo@example.org');
    const answer = await app.inject({
      method: 'POST',
      url: `/api/v1/Admin/Payments/${paymentId}/${path}`,
      headers: { authorization: `Bearer ${staff}` },
      payload: { note },
    });
    expect(answer.statusCode, answer.body).toBe(200);
  }

  function receiptMailsSent() {
    return sink.messages
      .map((message) => parseMail(message.raw))
      .filter((mail) => mail.subject.includes('ricevuta n.'));
  }

  /**
   * The second tab's report took the years; once it is undone (`undo`) the years are open with
   * no payment, and accepting the first payment must pay them, not only send its receipt.
   */
  async function secondTabUndoneThenFirstAccepted(
    undo: (app: FastifyInstance, second: number) => Promise<void>,
  ) {
    const { app } = await build();
    const memberId = await memberSince2025(app);
    const token = await signIn(app, SOCIO);
    // The first tab: PayPal captured one year only, so it waits for the secretariat.
    expect((await payTwoYears(app, token, 'ORDINE-PRIMA-SCHEDA', '160.00')).statusCode).toBe(200);
    paypal.orders.set(
      'ORDINE-PRIMA-SCHEDA',
      capturedOrder('ORDINE-PRIMA-SCHEDA', { value: '80.00', description: TWO_YEARS }),
    );
    await app.services.outbox.runOnce();
    const first = await paymentOfOrder(app, 'ORDINE-PRIMA-SCHEDA');
    expect(first.status).toBe('flagged');
    expect((await payTwoYears(app, token, 'ORDINE-SECONDA-SCHEDA', '160.00')).statusCode).toBe(200);
    const second = await paymentOfOrder(app, 'ORDINE-SECONDA-SCHEDA');
    expect((await duesRows(app, memberId)).map((due) => due.payment_id)).toEqual([
      second.id,
      second.id,
    ]);
    await undo(app, second.id);
    expect(await duesRows(app, memberId)).toEqual([
      { year: 2025, status: 'unpaid', payment_id: null },
      { year: 2026, status: 'unpaid', payment_id: null },
    ]);

    await staffDecides(app, first.id, 'Accept', 'Il resto arriva con bonifico, concordato');
    for (let run = 0; run < 3; run += 1) await app.services.outbox.runOnce();
    expect(await paymentOfOrder(app, 'ORDINE-PRIMA-SCHEDA')).toMatchObject({
      status: 'verified',
      receipt_number: 1,
    });
    expect(await duesRows(app, memberId)).toEqual([
      { year: 2025, status: 'paid', payment_id: first.id },
      { year: 2026, status: 'paid', payment_id: first.id },
    ]);
    expect(receiptMailsSent().map((mail) => mail.subject)).toEqual([
      'SIMTI – ricevuta n. 1/2026: Quota Socio ordinario 2025, 2026',
    ]);
    expect((await myDues(app, token)).standing).toBe('good');
  }

  it('a payment verified after the second tab’s payment was rejected pays the years that payment had taken', async () => {
    // PayPal does not know the second tab's order: rejected, its years open again.
    await secondTabUndoneThenFirstAccepted(async (app) => {
      paypal.orders.delete('ORDINE-SECONDA-SCHEDA');
      await app.services.outbox.runOnce();
      expect((await paymentOfOrder(app, 'ORDINE-SECONDA-SCHEDA')).status).toBe('rejected');
    });
  });

  it('a payment verified after the second tab’s payment was marked to be refunded pays the years that payment had taken', async () => {
    await secondTabUndoneThenFirstAccepted(async (app, second) => {
      paypal.orders.set(
        'ORDINE-SECONDA-SCHEDA',
        capturedOrder('ORDINE-SECONDA-SCHEDA', { value: '80.00', description: TWO_YEARS }),
      );
      await app.services.outbox.runOnce();
      expect((await paymentOfOrder(app, 'ORDINE-SECONDA-SCHEDA')).status).toBe('flagged');
      await staffDecides(app, second, 'MarkForRefund', 'Pagato due volte, si restituisce');
    });
  });

  it('a payment finding one of its years settled meanwhile gets a receipt, and its e-mail names the years the PDF names', async () => {
    const { app } = await build();
    const memberId = await memberSince2025(app);
    const token = await signIn(app, SOCIO);
    expect((await payTwoYears(app, token, 'ORDINE-IN-PARTE', '160.00')).statusCode).toBe(200);
    // 2025 is exempted by the secretariat before PayPal's capture is verified.
    await app.services.db
      .updateTable('dues')
      .set({
        status: 'exempt',
        payment_id: null,
        method: null,
        exempt_reason: 'Esonero del consiglio',
      })
      .where('member_id', '=', memberId)
      .where('year', '=', 2025)
      .execute();
    for (let run = 0; run < 3; run += 1) await app.services.outbox.runOnce();
    const payment = await paymentOfOrder(app, 'ORDINE-IN-PARTE');
    expect(payment).toMatchObject({ status: 'verified', receipt_number: 1 });
    expect(
      await app.services.db.selectFrom('receipts').select(['kind', 'years_text']).execute(),
    ).toEqual([{ kind: 'receipt', years_text: '2026' }]);

    const mails = receiptMailsSent();
    expect(mails.map((mail) => mail.subject)).toEqual([
      'SIMTI – ricevuta n. 1/2026: Quota Socio ordinario 2026',
    ]);
    expect(mails[0]?.text).toContain('Anno: 2026\n');
    expect(mails[0]?.text).not.toContain('2025');
    const pdf = (await pdfPageTexts(new Uint8Array(mails[0]?.attachments[0]?.content ?? [])))
      .join('\n')
      .replace(/\s+/g, ' ');
    expect(pdf).toContain('quota associativa, anno 2026');
    expect(pdf).not.toContain('2025');

    // The secretariat is told of the part to give back, in the singular.
    const notices = sink.messages
      .map((message) => parseMail(message.raw))
      .filter((mail) => mail.subject.includes('ORDINE-IN-PARTE'));
    expect(notices.map((mail) => mail.text)).toEqual([
      expect.stringContaining(
        'Motivo: Quota 2025 già pagata con un altro pagamento o esonerata: una parte va rimborsata.',
      ),
    ]);
  });

  it('a verified payment paid twice is marked to be refunded, then refunded with a cancelling receipt', async () => {
    const { app } = await build();
    const memberId = await memberSince2025(app);
    const token = await signIn(app, SOCIO);
    await payTwoYears(app, token, 'ORDINE-DOPPIO', '160.00');
    await app.services.outbox.runOnce();
    const payment = await app.services.db
      .selectFrom('payments')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('verified');
    const staff = await signIn(app, 'segreteria.demo@example.org');
    const call = (path: string, note: string) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/Admin/Payments/${payment.id}/${path}`,
        headers: { authorization: `Bearer ${staff}` },
        payload: { note },
      });
    // Only a payment to refund can be recorded as refunded.
    expect((await call('Refunded', 'troppo presto')).statusCode).toBe(400);
    const marked = await call('MarkForRefund', 'Pagato due volte, il secondo si restituisce');
    expect(marked.statusCode, marked.body).toBe(200);
    // The receipt stays until the refund is recorded.
    expect(marked.json()).toMatchObject({ data: { status: 'to_refund', receipt: '1/2026' } });
    const reopened = await app.services.db
      .selectFrom('dues')
      .select('status')
      .where('member_id', '=', memberId)
      .execute();
    expect(reopened.map((due) => due.status)).toEqual(['unpaid', 'unpaid']);

    const refunded = await call('Refunded', 'Bonifico di rimborso del 4 giugno');
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ data: { status: 'refunded', receipt: '1/2026' } });
    const receipts = await app.services.db
      .selectFrom('receipts')
      .select(['kind', 'number', 'year'])
      .orderBy('number')
      .execute();
    expect(receipts).toEqual([
      { kind: 'receipt', number: 1, year: 2026 },
      { kind: 'cancellation', number: 2, year: 2026 },
    ]);
    const cancelling = await app.inject({
      method: 'GET',
      url: `/api/v1/Admin/Payments/${payment.id}/CancellingReceipt`,
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(cancelling.statusCode).toBe(200);
    expect(cancelling.headers['content-type']).toBe('application/pdf');
    const audit = await app.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'payment')
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual([
      'segna da rimborsare',
      'registra rimborso',
    ]);
  });

  it('moves the payments marked to be refunded before their own state into it (the migration)', async () => {
    const { app } = await build();
    const token = await signIn(app, SOCIO);
    await memberSince2025(app);
    await payTwoYears(app, token, 'ORDINE-VECCHIO-RIMBORSO', '160.00');
    await payTwoYears(app, token, 'ORDINE-VECCHIO-RESPINTO', '160.00');
    const { db } = app.services;
    await db
      .updateTable('payments')
      .set({ status: 'rejected', flag_reason: 'Da rimborsare (segreteria): importo sbagliato' })
      .where('paypal_order_id', '=', 'ORDINE-VECCHIO-RIMBORSO')
      .execute();
    await db
      .updateTable('payments')
      .set({ status: 'rejected', flag_reason: 'PayPal non conosce questo ordine' })
      .where('paypal_order_id', '=', 'ORDINE-VECCHIO-RESPINTO')
      .execute();
    await paymentsToRefundMigration.up(db);
    const rows = await db
      .selectFrom('payments')
      .select(['paypal_order_id', 'status', 'flag_reason'])
      .orderBy('paypal_order_id')
      .execute();
    expect(rows).toEqual([
      {
        paypal_order_id: 'ORDINE-VECCHIO-RESPINTO',
        status: 'rejected',
        flag_reason: 'PayPal non conosce questo ordine',
      },
      {
        paypal_order_id: 'ORDINE-VECCHIO-RIMBORSO',
        status: 'to_refund',
        flag_reason: 'Da rimborsare (segreteria): importo sbagliato',
      },
    ]);
  });

  it('shows the IBAN and the causale with its check digit for a transfer of the open years', async () => {
    const { app } = await site.build({
      clock: time.clock,
      env: {
        DEMO_CONTENT: 'true',
        SMTP_URL: sink.url,
        BANK_IBAN: 'it60 x054 2811 1010 0000 0123 456',
        BANK_HOLDER: 'SIMTI',
      },
    });
    const memberId = await memberSince2025(app);
    const token = await signIn(app, SOCIO);
    expect((await myDues(app, token)).bankTransfer).toBeNull();
    await app.services.db
      .updateTable('memberships')
      .set({ member_number: '00042' })
      .where('member_id', '=', memberId)
      .execute();
    expect((await myDues(app, token)).bankTransfer).toEqual({
      iban: 'IT60X0542811101000000123456',
      holder: 'SIMTI',
      causale: 'QUOTA 00042 ANNI 2025 2026 CK 46',
    });
  });

  it('refuses several years without a signed-in member, and the fee page without a session', async () => {
    const { app } = await build();
    const anonymous = await app.inject({
      method: 'POST',
      url: RECORD,
      payload: {
        orderId: 'ORDINE-ANONIMO',
        quotaId: await feeId(app),
        anno: 2025,
        anni: [2025, 2026],
        nominativo: 'Mario Rossi',
        importo: '160.00',
        valuta: 'EUR',
      },
    });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.body).toContain('accedi all’area riservata');
    expect(await app.services.db.selectFrom('payments').selectAll().execute()).toEqual([]);
    expect((await app.inject({ method: 'GET', url: MY_DUES })).statusCode).toBe(401);
  });
});
