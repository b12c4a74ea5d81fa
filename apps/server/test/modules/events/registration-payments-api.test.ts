import {
  REGISTRATION_MESSAGES,
  type AdminPage,
  type AdminPayment,
  type AdminRegistration,
  type AdminRegistrationSummary,
  type AdminEvent,
  type AdminEventInput,
  type MyRegistration,
  type RegistrationAnswer,
  type RegistrationRequest,
} from '@sodalis/contracts';
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { capturedOrder, FakePayPal } from '../../helpers/fake-paypal.js';
import { addLedgerMember, sessionOf } from '../../helpers/ledger.js';
import { accountIdOf } from '../../helpers/member-api.js';
import { staffSite } from '../../helpers/staff-api.js';
import { testEngines } from '../../helpers/test-app.js';

const START = new Date('2026-11-23T10:00:00Z');

function key(): string {
  return randomUUID().replaceAll('-', '');
}

/**
 * Paying a registration (ADR 049): PayPal as for dues (reported, verified, receipt), "renew and
 * register" in one payment settling both ledgers, cash or card at the desk, and the money rules
 * (paid once, a late payment confirmed only with a place free).
 */
describe.each(testEngines())('events: paying a registration on %s', (engine) => {
  let now = START;
  const paypal = new FakePayPal();
  const env: Record<string, string> = {};
  beforeAll(async () => {
    await paypal.start();
    Object.assign(env, paypal.env);
  });
  afterAll(async () => {
    await paypal.stop();
  });
  const staff = staffSite(engine, {
    clock: () => now,
    roles: ['redazione', 'tesoreria'],
    outbox: 'manual',
    env,
  });

  beforeEach(async () => {
    now = START;
    for (const role of ['segreteria', 'redazione', 'tesoreria'] as const) {
      staff.tokens[role] = await sessionOf(
        staff.app,
        await accountIdOf(staff.app, `${role}.demo@example.org`),
      );
    }
  });

  async function createEvent(overrides: Partial<AdminEventInput> = {}): Promise<AdminEvent> {
    return staff.ok<AdminEvent>(
      staff.call('POST', '/Events', {
        title: `Congresso a pagamento ${key().slice(0, 6)}`,
        startsAt: '2027-01-28T09:00',
        endsAt: '2027-01-30T13:00',
        mode: 'in-presenza',
        venueName: 'Centro congressi',
        venueCity: 'Bologna',
        places: 300,
        registrationTypes: [
          {
            name: 'Socio in regola',
            eligibility: 'iscritti-in-regola',
            memberRoles: ['socio'],
            standardCents: 20000,
          },
          { name: 'Non socio', eligibility: 'tutti', standardCents: 38000 },
        ],
        addons: [{ name: 'Cena sociale', priceCents: 6000 }],
        published: true,
        ...overrides,
      }),
    );
  }

  let people = 0;
  async function member(paid: number[] = [2025, 2026]) {
    people += 1;
    const dues = Object.fromEntries(paid.map((year) => [year, 'paid' as const]));
    const id = await addLedgerMember(staff.app, `Pagante${engine}${people}`, 2025, dues);
    return { id, token: await sessionOf(staff.app, id) };
  }

  function call(path: string, token: string, payload?: object): Promise<LightMyRequestResponse> {
    return staff.app.inject({
      method: payload === undefined ? 'GET' : 'POST',
      url: `/api/v1/Events${path}`,
      ...(payload === undefined ? {} : { payload }),
      headers: { authorization: `Bearer ${token}` },
    });
  }

  async function register(
    eventId: number,
    token: string,
    request: Partial<RegistrationRequest>,
  ): Promise<MyRegistration> {
    const response = await call(`/${eventId}/Registrations`, token, {
      requestKey: key(),
      ...request,
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { data: RegistrationAnswer }).data.registration;
  }

  async function mine(token: string, id: number): Promise<MyRegistration | undefined> {
    const response = await call('/MyRegistrations', token);
    return (response.json() as { data: MyRegistration[] }).data.find((one) => one.id === id);
  }

  /** The holder pays with PayPal what the registration asks; answers the payment's id. */
  async function payWithPayPal(registration: MyRegistration, token: string): Promise<number> {
    const payment = registration.payment;
    if (payment === null) throw new Error('niente da pagare');
    const orderId = `ISCR-${key().slice(0, 12)}`;
    const value = (payment.payCents / 100).toFixed(2);
    paypal.orders.set(
      orderId,
      capturedOrder(orderId, { value, description: payment.orderDescription }),
    );
    const reported = await staff.app.inject({
      method: 'POST',
      url: `/api/v1/Events/Registrations/${registration.id}/PayPal`,
      payload: { orderId, importo: value, valuta: 'EUR' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const answer = (reported.json() as { data: RegistrationAnswer }).data;
    expect(answer.registration).toMatchObject({
      state: 'awaiting_payment',
      stateLabel: 'Pagamento in verifica',
      payment: null,
      payBy: null,
    });
    const row = await staff.app.services.db
      .selectFrom('payments')
      .select('id')
      .where('paypal_order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function paymentOf(id: number) {
    const { db } = staff.app.services;
    const payment = await db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const items = await db
      .selectFrom('payment_items')
      .select(['purpose', 'item_ref', 'amount_cents'])
      .where('payment_id', '=', id)
      .orderBy('id')
      .execute();
    const receipt = await db
      .selectFrom('receipts')
      .select(['causale', 'kind'])
      .where('payment_id', '=', id)
      .execute();
    return { payment, items, receipt };
  }

  it('PayPal: reported, verified with PayPal, confirmed with its numbered receipt and mail', async () => {
    const event = await createEvent();
    const person = await member();
    const registration = await register(event.id, person.token, {
      typeId: event.registrationTypes[0]?.id,
      addonIds: [event.addons[0]?.id],
    });
    expect(registration.payment).toMatchObject({ payCents: 26000, duesYears: [], duesCents: 0 });
    const paymentId = await payWithPayPal(registration, person.token);
    await staff.app.services.payments.verify(paymentId);
    expect(await mine(person.token, registration.id)).toMatchObject({
      state: 'confirmed',
      stateLabel: 'Confermata',
      payment: null,
    });
    const { payment, items, receipt } = await paymentOf(paymentId);
    expect(payment).toMatchObject({
      purpose: 'registration',
      status: 'verified',
      fee_id: null,
      fee_title: null,
      expected_cents: 26000,
    });
    expect(items).toEqual([
      { purpose: 'registration', item_ref: String(registration.id), amount_cents: 26000 },
    ]);
    expect(receipt).toEqual([
      { kind: 'receipt', causale: `iscrizione a «${event.title}», Socio in regola` },
    ]);
    const mail = await staff.app.services.db
      .selectFrom('outbox')
      .select('payload_json')
      .where('kind', '=', 'mail')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.payload_json).toContain(`Causale: iscrizione a «${event.title}», Socio in regola`);
    // The staff ledger lists it, with no fee.
    const listed = await staff.call('GET', `/Payments/${paymentId}`, undefined, 'tesoreria');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({
      data: {
        feeTitle: null,
        status: 'verified',
        paidFor: `Iscrizione a «${event.title}», Socio in regola`,
      },
    });
  });

  it('renew and register: a member in arrears pays the year and the registration in one payment, both settled', async () => {
    const event = await createEvent();
    const person = await member([2025]);
    const registration = await register(event.id, person.token, {
      typeId: event.registrationTypes[0]?.id,
    });
    expect(registration.payment?.duesYears).toEqual([2026]);
    const duesCents = registration.payment?.duesCents ?? 0;
    expect(duesCents).toBeGreaterThan(0);
    const paymentId = await payWithPayPal(registration, person.token);
    await staff.app.services.payments.verify(paymentId);
    const { items, receipt } = await paymentOf(paymentId);
    expect(items).toEqual([
      { purpose: 'registration', item_ref: String(registration.id), amount_cents: 20000 },
      { purpose: 'dues', item_ref: '2026', amount_cents: duesCents },
    ]);
    expect(receipt[0]?.causale).toBe(
      `iscrizione a «${event.title}», Socio in regola; quota associativa, anno 2026`,
    );
    expect((await mine(person.token, registration.id))?.state).toBe('confirmed');
    // The staff's ledger says what it paid, the registration and the year, in its list and
    // its export.
    const paidFor = `Iscrizione a «${event.title}», Socio in regola; quota associativa, anno 2026`;
    const page = await staff.ok<AdminPage<AdminPayment>>(
      staff.call('GET', '/Payments?perPage=100', undefined, 'tesoreria'),
    );
    expect(page.items.find((payment) => payment.id === paymentId)?.paidFor).toBe(paidFor);
    const csv = await staff.call('GET', '/Payments/Export', undefined, 'tesoreria');
    expect(csv.body).toContain(paidFor);
    const due = await staff.app.services.db
      .selectFrom('dues')
      .select(['status', 'payment_id'])
      .where('member_id', '=', person.id)
      .where('year', '=', 2026)
      .executeTakeFirstOrThrow();
    expect(due).toEqual({ status: 'paid', payment_id: paymentId });
  });

  it('two orders for one registration (two tabs), verified at once: one confirms it, the other is to be refunded', async () => {
    const event = await createEvent();
    const person = await member();
    const registration = await register(event.id, person.token, {
      typeId: event.registrationTypes[1]?.id,
    });
    // Both tabs showed the registration waiting for payment; both captured at PayPal.
    const first = await payWithPayPal(registration, person.token);
    const second = await payWithPayPal(registration, person.token);
    await Promise.all([first, second].map((id) => staff.app.services.payments.verify(id)));
    const statuses = [
      (await paymentOf(first)).payment.status,
      (await paymentOf(second)).payment.status,
    ];
    expect(statuses.sort()).toEqual(['to_refund', 'verified']);
    expect((await mine(person.token, registration.id))?.state).toBe('confirmed');
    const refunded = [await paymentOf(first), await paymentOf(second)].find(
      (one) => one.payment.status === 'to_refund',
    );
    expect(refunded?.payment.flag_reason).toContain(`Iscrizione ${registration.id} già pagata`);
    expect(refunded?.receipt).toEqual([]);
  });

  it('cash at the desk: the treasury records it, the registration is confirmed with a receipt; the editors may not', async () => {
    const event = await createEvent();
    const person = await member();
    const registration = await register(event.id, person.token, {
      typeId: event.registrationTypes[1]?.id,
    });
    const path = `/EventRegistrations/${registration.id}/HandPayment`;
    const body = { method: 'contanti', paidOn: '2026-11-23', note: 'Banco accoglienza' };
    expect((await staff.call('POST', path, body, 'redazione')).statusCode).toBe(403);
    const future = await staff.call('POST', path, { ...body, paidOn: '2026-11-30' }, 'tesoreria');
    expect(future.statusCode, future.body).toBe(400);
    expect(future.body).toContain('è nel futuro');
    const recorded = await staff.call('POST', path, body, 'tesoreria');
    expect(recorded.statusCode, recorded.body).toBe(201);
    const { paymentId } = (recorded.json() as { data: { paymentId: number } }).data;
    expect(await mine(person.token, registration.id)).toMatchObject({ state: 'confirmed' });
    const { payment, receipt } = await paymentOf(paymentId);
    expect(payment).toMatchObject({
      status: 'verified',
      received_on: '2026-11-23',
      paid_cents: 38000,
    });
    expect(receipt).toHaveLength(1);
    // Paid: nothing more to take at the desk.
    const again = await staff.call('POST', path, body, 'tesoreria');
    expect(again.statusCode, again.body).toBe(409);
    expect(again.body).toContain(REGISTRATION_MESSAGES.nothingToPay);
    const audit = await staff.lastAudit('payment');
    expect(audit?.summary).toContain(`Iscrizione ${registration.id}`);
  });

  it('a payment verified after the place was given up confirms only when a place is free; else it is to be refunded', async () => {
    const event = await createEvent({ places: 1 });
    const small = await createEvent({ places: 1 });
    const late = await member();
    const registration = await register(event.id, late.token, {
      typeId: event.registrationTypes[1]?.id,
    });
    const paymentId = await payWithPayPal(registration, late.token);
    // While PayPal is checked the place does not lapse: no deadline.
    now = new Date('2026-12-20T10:00:00Z');
    await staff.app.services.registrations.runDue();
    late.token = await sessionOf(staff.app, late.id);
    expect((await mine(late.token, registration.id))?.state).toBe('awaiting_payment');
    await staff.app.services.payments.verify(paymentId);
    expect((await mine(late.token, registration.id))?.state).toBe('confirmed');

    // Another registration expires unpaid, its place taken by someone else, then paid at the desk.
    now = START;
    const slow = await member();
    const unpaid = await register(small.id, slow.token, { typeId: small.registrationTypes[1]?.id });
    const fast = await member();
    const waiting = await register(small.id, fast.token, {
      typeId: small.registrationTypes[1]?.id,
    });
    expect(waiting.state).toBe('waiting');
    now = new Date('2026-12-01T10:00:00Z');
    await staff.app.services.registrations.runDue();
    fast.token = await sessionOf(staff.app, fast.id);
    expect((await mine(fast.token, waiting.id))?.state).toBe('offered');
    const { payments } = staff.app.services;
    const { db } = staff.app.services;
    // A transfer for the expired one arrives (recorded as money received): no place, to refund.
    const paid = await db.transaction().execute((trx) =>
      payments.recordReceived(trx, {
        reference: `bonifico:TARDIVO-${key().slice(0, 8)}`,
        purpose: 'registration',
        memberId: slow.id,
        accountName: 'Pagante Rossi',
        fee: null,
        year: 2026,
        items: [
          {
            purpose: 'registration',
            item_ref: String(unpaid.id),
            description: `iscrizione a «${small.title}», Non socio`,
            amount_cents: 38000,
          },
        ],
        amountCents: 38000,
        at: now,
        receivedOn: '2026-12-01',
        note: null,
      }),
    );
    expect((await paymentOf(paid ?? 0)).payment).toMatchObject({ status: 'to_refund' });
    expect((await paymentOf(paid ?? 0)).payment.flag_reason).toContain(
      'scaduta e senza posti liberi',
    );
  });

  it('a bank transfer with the registration’s causale is matched by the statement import; a wrong amount waits for review, a paid one is to be refunded', async () => {
    const event = await createEvent();
    const [payer, short, paid] = [await member(), await member(), await member()];
    const open = event.registrationTypes[1]?.id;
    const registration = await register(event.id, payer.token, { typeId: open });
    const underpaid = await register(event.id, short.token, { typeId: open });
    const settled = await register(event.id, paid.token, { typeId: open });
    await staff.call(
      'POST',
      `/EventRegistrations/${settled.id}/HandPayment`,
      { method: 'carta', paidOn: '2026-11-23' },
      'tesoreria',
    );
    const csv = [
      'Data contabile;Data valuta;Importo;Divisa;Descrizione;Riferimento',
      `20/11/2026;20/11/2026;380,00;EUR;Bonifico da Rossi - ${registration.causale.toLowerCase().replaceAll(' ', '-')};ISC-1`,
      `21/11/2026;21/11/2026;300,00;EUR;${underpaid.causale};ISC-2`,
      `21/11/2026;21/11/2026;380,00;EUR;${settled.causale};ISC-3`,
      `21/11/2026;21/11/2026;380,00;EUR;ISCRIZIONE ${registration.id} CK 00;ISC-4`,
    ].join('\n');
    const body = {
      fileName: 'estratto-novembre.csv',
      contentBase64: Buffer.from(csv).toString('base64'),
    };
    const preview = await staff.call('POST', '/BankStatements/Preview', body, 'tesoreria');
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = (
      preview.json() as {
        data: { rows: { outcome: string; memberName: string | null; reason: string | null }[] };
      }
    ).data.rows;
    expect(rows.map((row) => row.outcome)).toEqual([
      'matched',
      'mismatch',
      'alreadyPaid',
      'unknown',
    ]);
    expect(rows[0]?.memberName).toMatch(/^Pagante/);
    expect(rows[1]?.reason).toBe('Importo 300,00 € invece di 380,00 €.');
    expect(rows[3]?.reason).toContain('codice di controllo');
    const applied = await staff.call('POST', '/BankStatements', body, 'tesoreria');
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await mine(payer.token, registration.id)).toMatchObject({ state: 'confirmed' });
    expect(await mine(short.token, underpaid.id)).toMatchObject({ state: 'awaiting_payment' });
    const payment = await staff.app.services.db
      .selectFrom('payments')
      .selectAll()
      .where('paypal_order_id', '=', 'bonifico:csv:ISC-1')
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({
      purpose: 'registration',
      status: 'verified',
      received_on: '2026-11-20',
    });
    const bankRows = await staff.app.services.db
      .selectFrom('bank_rows')
      .select(['reference', 'status', 'payment_id'])
      .orderBy('reference')
      .execute();
    expect(bankRows).toEqual([
      { reference: 'csv:ISC-1', status: 'matched', payment_id: payment.id },
      { reference: 'csv:ISC-2', status: 'review', payment_id: null },
      { reference: 'csv:ISC-3', status: 'refund', payment_id: null },
      { reference: 'csv:ISC-4', status: 'review', payment_id: null },
    ]);
  });

  it('the secretariat sees an event’s registrations: list with filters, summary with takings, export for a spreadsheet', async () => {
    const event = await createEvent({
      places: 2,
      registrationTypes: [
        { name: 'Non socio', eligibility: 'tutti', standardCents: 38000, places: 2 },
      ],
    });
    const [a, b, c] = [await member(), await member(), await member()];
    const typeId = event.registrationTypes[0]?.id;
    const paid = await register(event.id, a.token, {
      typeId,
      addonIds: [event.addons[0]?.id],
      invoice: { name: 'ASL Bologna', taxId: '02406911202', recipientCode: 'UFXYZ12', pec: '' },
    });
    await register(event.id, b.token, { typeId });
    await register(event.id, c.token, { typeId });
    await staff.call(
      'POST',
      `/EventRegistrations/${paid.id}/HandPayment`,
      { method: 'carta', paidOn: '2026-11-23' },
      'tesoreria',
    );
    const summary = await staff.ok<AdminRegistrationSummary>(
      staff.call('GET', `/EventRegistrations/Summary?eventId=${event.id}`, undefined, 'tesoreria'),
    );
    expect(summary).toMatchObject({
      eventId: event.id,
      places: 2,
      byState: { confirmed: 1, awaiting_payment: 1, waiting: 1, cancelled: 0 },
      types: [{ name: 'Non socio', places: 2, held: 2, waiting: 1 }],
      addons: [{ name: 'Cena sociale', places: null, held: 1 }],
      takingsCents: 44000,
      invoicesRequested: 1,
    });
    const page = await staff.ok<AdminPage<AdminRegistration>>(
      staff.call(
        'GET',
        `/EventRegistrations?eventId=${event.id}&state=waiting`,
        undefined,
        'tesoreria',
      ),
    );
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ state: 'waiting', stateLabel: 'In lista d’attesa' });
    const byName = await staff.ok<AdminPage<AdminRegistration>>(
      staff.call(
        'GET',
        `/EventRegistrations?eventId=${event.id}&q=${encodeURIComponent('ASL')}`,
        undefined,
        'tesoreria',
      ),
    );
    expect(byName.total).toBe(0);
    const one = await staff.ok<AdminRegistration>(
      staff.call('GET', `/EventRegistrations/${paid.id}`, undefined, 'tesoreria'),
    );
    expect(one).toMatchObject({
      state: 'confirmed',
      addons: ['Cena sociale'],
      invoice: { name: 'ASL Bologna', taxId: '02406911202', recipientCode: 'UFXYZ12', pec: null },
    });
    const found = await staff.ok<AdminPage<AdminRegistration>>(
      staff.call(
        'GET',
        `/EventRegistrations?eventId=${event.id}&q=${encodeURIComponent(one.firstName.toUpperCase())}`,
        undefined,
        'tesoreria',
      ),
    );
    expect(found.items.map((item) => item.id)).toEqual([paid.id]);
    const csv = await staff.call(
      'GET',
      `/EventRegistrations/Export?eventId=${event.id}`,
      undefined,
      'tesoreria',
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFFiscrizione;evento;cognome;nome')).toBe(true);
    expect(csv.body.split('\r\n').filter((line) => line !== '')).toHaveLength(4);
    expect(csv.body).toContain(';ASL Bologna;02406911202;UFXYZ12;');
    // Not the editors'.
    expect(
      (await staff.call('GET', `/EventRegistrations?eventId=${event.id}`, undefined, 'redazione'))
        .statusCode,
    ).toBe(403);
    const missing = await staff.call('GET', '/EventRegistrations/Summary', undefined, 'tesoreria');
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('Scegli un evento.');
  });

  it('the desk refuses money for an offer past its time', async () => {
    const event = await createEvent({ places: 1 });
    const [holder, next] = [await member(), await member()];
    const held = await register(event.id, holder.token, { typeId: event.registrationTypes[1]?.id });
    const waiting = await register(event.id, next.token, {
      typeId: event.registrationTypes[1]?.id,
    });
    await call(`/Registrations/${held.id}/Cancel`, holder.token, {});
    expect((await mine(next.token, waiting.id))?.state).toBe('offered');
    now = new Date('2026-11-25T11:00:00Z');
    staff.tokens.tesoreria = await sessionOf(
      staff.app,
      await accountIdOf(staff.app, 'tesoreria.demo@example.org'),
    );
    const expired = await staff.call(
      'POST',
      `/EventRegistrations/${waiting.id}/HandPayment`,
      { method: 'carta', paidOn: '2026-11-25' },
      'tesoreria',
    );
    expect(expired.statusCode, expired.body).toBe(409);
    expect(expired.body).toContain(REGISTRATION_MESSAGES.offerExpired);
  });
});
