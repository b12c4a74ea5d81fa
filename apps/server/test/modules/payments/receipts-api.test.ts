import type { FileContent, LoginResponse, MemberReceipt } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo-accounts.js';
import type { MailJob } from '../../../src/modules/outbox/outbox.js';
import {
  OUTSIDE_VAT_LINE,
  renderReceiptPdf,
  STAMP_DUTY_LINE,
  type ReceiptDocument,
} from '../../../src/modules/payments/receipt-pdf.js';
import { pdfPageTexts } from '../../../src/modules/search/pdf-text.js';
import { capturedOrder, FakePayPal } from '../../helpers/fake-paypal.js';
import { createMailTestSite, TestClock, type MailTestSite } from '../../helpers/mail-test-app.js';
import { parseMail, SmtpSink } from '../../helpers/smtp-sink.js';
import { testEngines } from '../../helpers/test-app.js';

const DESCRIPTION = '2026 - Mario Rossi - Quota Socio ordinario';

/** The text of a PDF, its pages joined, spaces made single (pdf.js splits runs freely). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfPageTexts(bytes)).join('\n').replace(/\s+/g, ' ');
}

const DOCUMENT: ReceiptDocument = {
  kind: 'receipt',
  numberText: '12/2026',
  cancels: null,
  issuedOn: '02/03/2026',
  issuer: {
    name: 'Società Italiana di Prova',
    acronym: 'SIP',
    address: 'Via Roma 1, 00100 Roma RM',
    taxCode: '97123456789',
    vatNumber: '01234567890',
  },
  holderName: 'Mario Rossi',
  memberNumber: '00042',
  fiscalCode: 'RSSMRA80A01H501U',
  yearsText: '2025, 2026',
  method: 'PayPal (ordine ABC)',
  amountCents: 7747,
  paidOn: '01/03/2026',
  stampDuty: false,
  issuedAt: new Date('2026-03-02T09:00:00.000Z'),
};

describe('the receipt PDF (ADR 030)', () => {
  it('says who issues it, who paid, which years, how, how much, and the VAT line', async () => {
    const text = await pdfText(await renderReceiptPdf(DOCUMENT));
    for (const expected of [
      'Società Italiana di Prova',
      'Via Roma 1, 00100 Roma RM',
      'Codice fiscale: 97123456789',
      'Partita IVA: 01234567890',
      'Ricevuta n. 12/2026',
      'Data: 02/03/2026',
      'Ricevuto da: Mario Rossi',
      'Numero socio: 00042',
      'Codice fiscale: RSSMRA80A01H501U',
      'Causale: quota associativa, anno 2025, 2026',
      'Metodo di pagamento: PayPal (ordine ABC)',
      'Data del pagamento: 01/03/2026',
      'Importo: 77,47 €',
      OUTSIDE_VAT_LINE,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain(
      "Quota associativa — operazione fuori campo IVA ai sensi dell'art. 4 DPR 633/72",
    );
    expect(text).not.toContain('Imposta di bollo');
  });

  it('prints the stamp-duty line above 77,47 € only', async () => {
    const above = await pdfText(
      await renderReceiptPdf({ ...DOCUMENT, amountCents: 7748, stampDuty: true }),
    );
    expect(above).toContain('Importo: 77,48 €');
    expect(above).toContain(STAMP_DUTY_LINE);
  });

  it('is the same file when made again', async () => {
    const first = await renderReceiptPdf(DOCUMENT);
    const again = await renderReceiptPdf(DOCUMENT);
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
  });
});

describe.each(testEngines())('receipts of verified payments on %s', (engine) => {
  let site: MailTestSite;
  let time: TestClock;
  let paypal: FakePayPal;
  let sink: SmtpSink;

  beforeEach(async () => {
    site = await createMailTestSite(engine);
    time = new TestClock('2026-03-02T09:00:00.000Z');
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

  const build = (extra: Record<string, string> = {}) =>
    site.build({
      clock: time.clock,
      env: {
        DEMO_CONTENT: 'true',
        SMTP_URL: sink.url,
        PAYPAL_WEBHOOK_ID: 'WH-PROVA',
        SOCIETY_ADDRESS: 'Via della Prova 7, 00185 Roma RM',
        SOCIETY_TAX_CODE: '97111222333',
        ...paypal.env,
        ...extra,
      },
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

  async function pay(app: FastifyInstance, orderId: string, token?: string) {
    paypal.orders.set(
      orderId,
      capturedOrder(orderId, { value: '80.00', description: DESCRIPTION }),
    );
    const fee = await app.services.db
      .selectFrom('fees')
      .select('id')
      .where('title', '=', 'Quota Socio ordinario')
      .executeTakeFirstOrThrow();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/Payment/RegistraPagamento',
      payload: {
        orderId,
        quotaId: fee.id,
        anno: 2026,
        nominativo: 'Mario Rossi',
        importo: '80.00',
        valuta: 'EUR',
      },
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      remoteAddress: '203.0.113.7',
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  const receipts = (app: FastifyInstance) =>
    app.services.db.selectFrom('receipts').selectAll().orderBy('id').execute();

  const queuedMails = async (app: FastifyInstance): Promise<MailJob[]> =>
    (
      await app.services.db
        .selectFrom('outbox')
        .select('payload_json')
        .where('kind', '=', 'mail')
        .orderBy('id')
        .execute()
    ).map((row) => JSON.parse(row.payload_json) as MailJob);

  const get = (app: FastifyInstance, url: string, token?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });

  it('mails the receipt as a PDF with the society’s data and the stamp duty above 77,47 €', async () => {
    const { app } = await build();
    const token = await signIn(app, 'socio.demo@example.org');
    await pay(app, 'ORDINE-PDF', token);
    await app.services.outbox.runOnce();
    await app.services.outbox.runOnce();
    const [receipt] = await receipts(app);
    expect(receipt).toMatchObject({ year: 2026, number: 1, kind: 'receipt', stamp_duty: 1 });
    expect(sink.messages).toHaveLength(1);
    const mail = parseMail(sink.messages[0]?.raw ?? '');
    expect(mail.subject).toBe('SIMTI – ricevuta n. 1/2026: Quota Socio ordinario 2026');
    expect(mail.attachments.map((attachment) => attachment.fileName)).toEqual([
      'ricevuta-1-2026.pdf',
    ]);
    const text = await pdfText(new Uint8Array(mail.attachments[0]?.content ?? Buffer.alloc(0)));
    expect(text).toContain('Ricevuta n. 1/2026');
    expect(text).toContain('Via della Prova 7, 00185 Roma RM');
    expect(text).toContain('Codice fiscale: 97111222333');
    expect(text).toContain('Ricevuto da: Mario Rossi');
    expect(text).toContain('Causale: quota associativa, anno 2026');
    expect(text).toContain('Importo: 80,00 €');
    expect(text).toContain(OUTSIDE_VAT_LINE);
    expect(text).toContain(STAMP_DUTY_LINE);
  });

  it('leaves the stamp duty out for an exempt society', async () => {
    const { app } = await build({ SOCIETY_STAMP_DUTY_EXEMPT: 'true' });
    const token = await signIn(app, 'socio.demo@example.org');
    await pay(app, 'ORDINE-ESENTE', token);
    await app.services.outbox.runOnce();
    const [receipt] = await receipts(app);
    expect(receipt?.stamp_duty).toBe(0);
    const file = await get(app, `/api/v1/Payment/Ricevute/${receipt?.id}`, token);
    const content = (file.json() as { data: FileContent }).data.content;
    const text = await pdfText(new Uint8Array(Buffer.from(content, 'base64')));
    expect(text).toContain(OUTSIDE_VAT_LINE);
    expect(text).not.toContain('Imposta di bollo');
  });

  it('numbers 20 receipts verified at once 1 to 20, without gaps or duplicates', async () => {
    const { app } = await build();
    const ids = Array.from({ length: 20 }, (_, index) => `ORDINE-INSIEME-${index + 1}`);
    for (const id of ids) await pay(app, id);
    const payments = await app.services.db.selectFrom('payments').select('id').execute();
    expect(payments).toHaveLength(20);
    // Twice each, all at once: as the outbox and a webhook might.
    await Promise.all(
      [...payments, ...payments].map((payment) => app.services.payments.verify(payment.id)),
    );
    const rows = await receipts(app);
    expect(rows.map((row) => row.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    expect(new Set(rows.map((row) => row.payment_id)).size).toBe(20);
    const numbered = await app.services.db
      .selectFrom('payments')
      .select(['id', 'receipt_number'])
      .execute();
    const byPayment = new Map(rows.map((row) => [row.payment_id, row.number]));
    for (const payment of numbered) {
      expect(payment.receipt_number).toBe(byPayment.get(payment.id));
    }
    const mails = (await queuedMails(app)).filter((mail) => mail.subject.includes('ricevuta'));
    expect(mails).toHaveLength(20);
    expect(mails.every((mail) => mail.attachments?.length === 1)).toBe(true);
  });

  it('answers a refund with a cancelling receipt of its own number, keeping the original', async () => {
    const { app } = await build();
    const token = await signIn(app, 'socio.demo@example.org');
    await pay(app, 'ORDINE-RIMBORSO', token);
    await app.services.outbox.runOnce();
    time.advance(86_400_000);
    const refund = {
      id: 'WH-EVT-R',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource: {
        id: 'REFUND-9',
        links: [
          { rel: 'up', href: 'https://api.paypal.com/v2/payments/captures/CAP-ORDINE-RIMBORSO' },
        ],
      },
    };
    const headers = {
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-1',
      'paypal-transmission-id': 'T-1',
      'paypal-transmission-sig': paypal.validSignature,
      'paypal-transmission-time': '2026-03-03T09:00:00Z',
    };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/v1/Payment/PayPalWebhook',
        payload: refund,
        headers,
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const rows = await receipts(app);
    expect(rows.map((row) => [row.kind, row.number, row.cancels_receipt_id])).toEqual([
      ['receipt', 1, null],
      ['cancellation', 2, rows[0]?.id],
    ]);
    // A day later: a fresh session.
    const listed = await get(
      app,
      '/api/v1/Payment/Ricevute',
      await signIn(app, 'socio.demo@example.org'),
    );
    expect((listed.json() as { data: MemberReceipt[] }).data).toMatchObject([
      { number: '2/2026', kind: 'cancellation', cancels: '1/2026', amount: '80.00' },
      { number: '1/2026', kind: 'receipt', cancels: null },
    ]);
    await app.services.outbox.runOnce();
    const cancellationMail = sink.messages
      .map((message) => parseMail(message.raw))
      .find((mail) => mail.subject.includes('annullamento'));
    expect(cancellationMail?.subject).toBe('SIMTI – ricevuta di annullamento n. 2/2026');
    expect(cancellationMail?.attachments[0]?.fileName).toBe('ricevuta-annullamento-2-2026.pdf');
    const text = await pdfText(
      new Uint8Array(cancellationMail?.attachments[0]?.content ?? Buffer.alloc(0)),
    );
    expect(text).toContain('Ricevuta di annullamento n. 2/2026');
    expect(text).toContain('Annulla la ricevuta n. 1/2026 del 02/03/2026');
    expect(text).toContain('Importo annullato: 80,00 €');
  });

  it('lets a member download only their own receipts; staff any', async () => {
    const { app } = await build();
    const member = await signIn(app, 'socio.demo@example.org');
    const other = await signIn(app, 'affiliato.demo@example.org');
    const staff = await signIn(app, 'segreteria.demo@example.org');
    await pay(app, 'ORDINE-MIO', member);
    await app.services.outbox.runOnce();
    const [receipt] = await receipts(app);
    const own = await get(app, `/api/v1/Payment/Ricevute/${receipt?.id}`, member);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    const file = (own.json() as { data: FileContent }).data;
    expect(file.fileName).toBe('ricevuta-1-2026.pdf');
    expect(await pdfText(new Uint8Array(Buffer.from(file.content, 'base64')))).toContain(
      'Ricevuta n. 1/2026',
    );
    expect((await get(app, `/api/v1/Payment/Ricevute/${receipt?.id}`, other)).statusCode).toBe(404);
    expect((await get(app, '/api/v1/Payment/Ricevute/999999', member)).statusCode).toBe(404);
    expect((await get(app, `/api/v1/Payment/Ricevute/${receipt?.id}`)).statusCode).toBe(401);
    const bad = await get(app, '/api/v1/Payment/Ricevute/abc', member);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Identificativo della ricevuta non valido.');
    expect(
      (await get(app, '/api/v1/Payment/Ricevute', other)).json() as { data: MemberReceipt[] },
    ).toEqual({ data: [] });

    const staffPdf = await get(app, `/api/v1/Admin/Payments/${receipt?.payment_id}/Receipt`, staff);
    expect(staffPdf.statusCode).toBe(200);
    expect(staffPdf.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(new Uint8Array(staffPdf.rawPayload))).toContain('Ricevuta n. 1/2026');
    expect(
      (await get(app, `/api/v1/Admin/Payments/${receipt?.payment_id}/Receipt`, member)).statusCode,
    ).toBe(403);
    expect(
      (await get(app, `/api/v1/Admin/Payments/${receipt?.payment_id}/CancellingReceipt`, staff))
        .statusCode,
    ).toBe(404);
  });
});
