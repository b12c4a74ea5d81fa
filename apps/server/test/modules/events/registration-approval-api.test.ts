import {
  REGISTRATION_MESSAGES,
  type AdminDashboard,
  type AdminEvent,
  type AdminEventInput,
  type AdminRegistration,
  type MyRegistration,
  type RegistrationAnswer,
  type RegistrationQuote,
} from '@sodalis/contracts';
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { addLedgerMember, sessionOf } from '../../helpers/ledger.js';
import { accountIdOf } from '../../helpers/member-api.js';
import { queuedMailsTo } from '../../helpers/queued-mails.js';
import { staffSite } from '../../helpers/staff-api.js';
import { testEngines } from '../../helpers/test-app.js';

const START = new Date('2026-11-23T10:00:00Z');

function key(): string {
  return randomUUID().replaceAll('-', '');
}

/**
 * Registrations subject to the secretariat's approval (ADR 053): a type marked so puts each
 * registration in `pending_approval`, holding its place; the events' staff approve it (it goes
 * on as an ordinary one: awaiting payment, or confirmed when free) or refuse it with a reason
 * the person reads; a refused place is offered to the waiting list.
 */
describe.each(testEngines())('events: registrations subject to approval on %s', (engine) => {
  let now = START;
  const staff = staffSite(engine, {
    clock: () => now,
    roles: ['redazione', 'eventi'],
    outbox: 'manual',
  });

  /** Staff sessions are short (ADR 021): signed in again at the clock's time. */
  async function signInStaff() {
    for (const role of ['segreteria', 'redazione', 'eventi'] as const) {
      staff.tokens[role] = await sessionOf(
        staff.app,
        await accountIdOf(staff.app, `${role}.demo@example.org`),
      );
    }
  }

  beforeEach(async () => {
    now = START;
    await signInStaff();
  });

  async function createEvent(overrides: Partial<AdminEventInput> = {}): Promise<AdminEvent> {
    return staff.ok<AdminEvent>(
      staff.call('POST', '/Events', {
        title: `Corso con approvazione ${key().slice(0, 6)}`,
        startsAt: '2027-01-28T09:00',
        endsAt: '2027-01-28T17:00',
        mode: 'in-presenza',
        venueName: 'Aula magna',
        venueCity: 'Roma',
        places: 1,
        registrationTypes: [
          {
            name: 'Specializzando',
            eligibility: 'tutti',
            standardCents: 5000,
            requiresApproval: true,
          },
          { name: 'Uditore', eligibility: 'tutti', standardCents: 0, requiresApproval: true },
          { name: 'Non socio', eligibility: 'tutti', standardCents: 38000 },
        ],
        addons: [],
        published: true,
        ...overrides,
      }),
    );
  }

  let people = 0;
  async function member(): Promise<{ id: number; token: string; email: string }> {
    people += 1;
    const id = await addLedgerMember(staff.app, `Approvando${engine}${people}`, 2025, {
      2025: 'paid',
      2026: 'paid',
    });
    const { email } = await staff.app.services.db
      .selectFrom('members')
      .select('email')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { id, token: await sessionOf(staff.app, id), email };
  }

  function call(path: string, token: string, payload?: object): Promise<LightMyRequestResponse> {
    return staff.app.inject({
      method: payload === undefined ? 'GET' : 'POST',
      url: `/api/v1/Events${path}`,
      ...(payload === undefined ? {} : { payload }),
      headers: { authorization: `Bearer ${token}` },
    });
  }

  async function register(eventId: number, token: string, typeId: number | undefined) {
    const response = await call(`/${eventId}/Registrations`, token, {
      requestKey: key(),
      typeId,
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { data: RegistrationAnswer }).data;
  }

  async function mine(token: string, id: number): Promise<MyRegistration | undefined> {
    const response = await call('/MyRegistrations', token);
    return (response.json() as { data: MyRegistration[] }).data.find((one) => one.id === id);
  }

  const mailsTo = (email: string) => queuedMailsTo(staff.app, email);

  async function issuesOf(response: Promise<LightMyRequestResponse>, status: number) {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(status);
    return (answer.json() as { error: { issues?: { path: string; message: string }[] } }).error
      .issues;
  }

  it('a type subject to approval holds the place while the secretariat decides; approved, it waits for payment (or is confirmed when free) and the person is written to', async () => {
    const event = await createEvent({ places: 5 });
    const [resident, listener] = event.registrationTypes;
    const person = await member();

    const quoted = await call(`/${event.id}/Registrations/Quote`, person.token, {
      requestKey: key(),
      typeId: resident?.id,
    });
    expect((quoted.json() as { data: RegistrationQuote }).data).toMatchObject({
      placeAvailable: true,
      requiresApproval: true,
    });
    const made = await register(event.id, person.token, resident?.id);
    expect(made.registration).toMatchObject({
      state: 'pending_approval',
      stateLabel: 'In attesa di approvazione',
      payBy: null,
      payment: null,
      cancellable: true,
      refusalReason: null,
    });
    expect(made.message).toContain('la segreteria la esamina');
    expect((await mailsTo(person.email)).at(-1)).toContain('soggetta ad approvazione');
    // Nothing to pay yet: the desk refuses money for it.
    await issuesOf(
      staff.call(
        'POST',
        `/EventRegistrations/${made.registration.id}/HandPayment`,
        { method: 'contanti', paidOn: '2026-11-23' },
        'segreteria',
      ),
      409,
    );
    const summary = await staff.ok<{ byState: Record<string, number>; types: { held: number }[] }>(
      staff.call('GET', `/EventRegistrations/Summary?eventId=${event.id}`),
    );
    expect(summary.byState.pending_approval).toBe(1);
    expect(summary.types[0]?.held).toBe(1);

    // The editors have no say on registrations; the events' staff do.
    expect(
      (
        await staff.call(
          'POST',
          `/EventRegistrations/${made.registration.id}/Approve`,
          {},
          'redazione',
        )
      ).statusCode,
    ).toBe(403);
    now = new Date('2026-11-24T09:00:00Z');
    await signInStaff();
    const approved = await staff.ok<AdminRegistration>(
      staff.call('POST', `/EventRegistrations/${made.registration.id}/Approve`, {}, 'eventi'),
    );
    expect(approved).toMatchObject({
      state: 'awaiting_payment',
      // EVENTS_PAYMENT_DAYS from the approval, not from the registration.
      payBy: '2026-12-01T09:00:00.000Z',
    });
    const [approvedMail] = (await mailsTo(person.email)).slice(-1);
    expect(approvedMail).toContain('iscrizione approvata');
    expect(approvedMail).toContain('50,00 €');
    expect(approvedMail).toContain(made.registration.causale);
    person.token = await sessionOf(staff.app, person.id);
    expect(await mine(person.token, made.registration.id)).toMatchObject({
      state: 'awaiting_payment',
      payment: { payCents: 5000 },
    });
    const audit = await staff.auditOf('event_registration', made.registration.id);
    expect(audit[0]).toMatchObject({
      action: 'approva iscrizione',
      actorEmail: 'eventi.demo@example.org',
    });

    // Approving again, or refusing what is no longer awaiting approval: a clear 409.
    const again = await issuesOf(
      staff.call('POST', `/EventRegistrations/${made.registration.id}/Approve`, {}),
      409,
    );
    expect(again).toEqual([
      {
        path: 'registration',
        message: REGISTRATION_MESSAGES.notPendingApproval('In attesa di pagamento'),
      },
    ]);
    await issuesOf(
      staff.call('POST', `/EventRegistrations/${made.registration.id}/Refuse`, {
        reason: 'Tardi',
      }),
      409,
    );
    expect((await staff.call('POST', '/EventRegistrations/999999/Approve', {})).statusCode).toBe(
      404,
    );

    // A free type approved is confirmed at once.
    const other = await member();
    const free = await register(event.id, other.token, listener?.id);
    expect(free.registration.state).toBe('pending_approval');
    const confirmed = await staff.ok<AdminRegistration>(
      staff.call('POST', `/EventRegistrations/${free.registration.id}/Approve`, {}),
    );
    expect(confirmed.state).toBe('confirmed');
    expect((await mailsTo(other.email)).at(-1)).toContain('L’iscrizione è confermata.');
  });

  it('a refusal needs its reason; the person reads it, and the place freed is offered to the first waiting', async () => {
    const event = await createEvent();
    const [resident, , open] = event.registrationTypes;
    const [asking, waiting] = [await member(), await member()];
    const asked = await register(event.id, asking.token, resident?.id);
    expect(asked.registration.state).toBe('pending_approval');
    // The one place is held by the registration awaiting approval: the next waits.
    const queued = await register(event.id, waiting.token, open?.id);
    expect(queued.registration.state).toBe('waiting');

    const path = `/EventRegistrations/${asked.registration.id}/Refuse`;
    for (const body of [{}, { reason: '   ' }]) {
      expect(await issuesOf(staff.call('POST', path, body, 'eventi'), 400)).toEqual([
        { path: 'reason', message: REGISTRATION_MESSAGES.refusalReason },
      ]);
    }
    expect(await mine(asking.token, asked.registration.id)).toMatchObject({
      state: 'pending_approval',
    });

    const reason = 'Manca l’attestato della scuola di specializzazione.';
    const refused = await staff.ok<AdminRegistration>(
      staff.call('POST', path, { reason: ` ${reason} ` }, 'eventi'),
    );
    expect(refused).toMatchObject({ state: 'refused', endedBy: 'segreteria', endReason: reason });
    expect(await mine(asking.token, asked.registration.id)).toMatchObject({
      state: 'refused',
      stateLabel: 'Rifiutata',
      refusalReason: reason,
      cancellable: false,
    });
    const [refusalMail] = (await mailsTo(asking.email)).slice(-1);
    expect(refusalMail).toContain('rifiutata');
    expect(refusalMail).toContain(`Motivo: ${reason}`);
    expect(await mine(waiting.token, queued.registration.id)).toMatchObject({
      state: 'offered',
    });
    expect((await mailsTo(waiting.email)).at(-1)).toContain('un posto per te');
    expect((await staff.auditOf('event_registration', asked.registration.id))[0]).toMatchObject({
      action: 'rifiuta iscrizione',
      actorEmail: 'eventi.demo@example.org',
    });

    // Twice: the second finds it refused.
    await issuesOf(staff.call('POST', path, { reason }), 409);
    await issuesOf(
      staff.call('POST', `/EventRegistrations/${asked.registration.id}/Approve`, {}),
      409,
    );
  });

  it('a place freed on a type subject to approval goes to the waiting one as a request to approve, never as an offer to pay', async () => {
    const event = await createEvent();
    const [resident, , open] = event.registrationTypes;
    const [holder, resident2] = [await member(), await member()];
    const held = await register(event.id, holder.token, open?.id);
    expect(held.registration.state).toBe('awaiting_payment');
    const queued = await register(event.id, resident2.token, resident?.id);
    expect(queued.registration.state).toBe('waiting');
    const cancelled = await call(`/Registrations/${held.registration.id}/Cancel`, holder.token, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await mine(resident2.token, queued.registration.id)).toMatchObject({
      state: 'pending_approval',
      offerExpiresAt: null,
      payment: null,
    });
    expect((await mailsTo(resident2.email)).at(-1)).toContain('in attesa di approvazione');
  });

  it('the staff home counts the registrations awaiting approval of coming events, as the list does', async () => {
    const home = await staff.ok<AdminDashboard>(staff.call('GET', '/Dashboard'));
    const work = home.pending.find((one) => one.key === 'iscrizioni-da-approvare');
    const listed = await staff.ok<{ total: number }>(
      staff.call('GET', '/EventRegistrations?state=pending_approval'),
    );
    expect(work).toMatchObject({
      label: 'Iscrizioni agli eventi da approvare',
      count: listed.total,
      href: `/amministrazione/iscrizioni?filter=${encodeURIComponent('{"state":"pending_approval"}')}`,
    });
    const event = await createEvent({ places: 10 });
    await register(event.id, (await member()).token, event.registrationTypes[0]?.id);
    const after = await staff.ok<AdminDashboard>(staff.call('GET', '/Dashboard'));
    expect(after.pending.find((one) => one.key === 'iscrizioni-da-approvare')?.count).toBe(
      listed.total + 1,
    );
  });

  it('the staff cancel a live registration with a reason: a payment of it alone becomes to refund, one with dues says how much, the place goes on', async () => {
    const event = await createEvent({
      places: 2,
      registrationTypes: [
        { name: 'Non socio', eligibility: 'tutti', standardCents: 38000 },
        {
          name: 'Socio in regola',
          eligibility: 'iscritti-in-regola',
          memberRoles: ['socio'],
          standardCents: 15000,
        },
      ],
    });
    const [open, members] = event.registrationTypes;
    const paying = await member();
    const paid = await register(event.id, paying.token, open?.id);
    const desk = (id: number) =>
      staff.call('POST', `/EventRegistrations/${id}/HandPayment`, {
        method: 'contanti',
        paidOn: '2026-11-23',
      });
    expect((await desk(paid.registration.id)).statusCode).toBe(201);
    // A member in arrears who renews and registers: one payment, dues with it.
    people += 1;
    const arrearsId = await addLedgerMember(staff.app, `Arretrato${engine}${people}`, 2025, {
      2025: 'paid',
    });
    const arrears = await sessionOf(staff.app, arrearsId);
    const renewing = await register(event.id, arrears, members?.id);
    expect((await desk(renewing.registration.id)).statusCode).toBe(201);
    const waiting = await member();
    const queued = await register(event.id, waiting.token, open?.id);
    expect(queued.registration.state).toBe('waiting');

    const cancel = (id: number, body: object, role: 'segreteria' | 'redazione' = 'segreteria') =>
      staff.call('POST', `/EventRegistrations/${id}/Cancel`, body, role);
    expect(await issuesOf(cancel(paid.registration.id, { reason: '  ' }), 400)).toEqual([
      { path: 'reason', message: REGISTRATION_MESSAGES.cancelReason },
    ]);
    expect((await cancel(paid.registration.id, { reason: 'Evento' }, 'redazione')).statusCode).toBe(
      403,
    );

    const done = await staff.ok<AdminRegistration & { refund: string }>(
      cancel(paid.registration.id, { reason: 'Doppia iscrizione della stessa persona' }),
    );
    expect(done).toMatchObject({ state: 'cancelled', refund: 'toRefund' });
    expect(done.endReason).toBe('Doppia iscrizione della stessa persona – quota da rimborsare');
    const payment = await staff.app.services.db
      .selectFrom('payments')
      .innerJoin('payment_items', 'payment_items.payment_id', 'payments.id')
      .select(['payments.status', 'payments.flag_reason'])
      .where('payment_items.purpose', '=', 'registration')
      .where('payment_items.item_ref', '=', String(paid.registration.id))
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({
      status: 'to_refund',
      flag_reason: 'Iscrizione annullata dalla segreteria: Doppia iscrizione della stessa persona',
    });
    const mail = (await mailsTo(paying.email)).at(-1) ?? '';
    expect(mail).toContain('la segreteria ha annullato la tua iscrizione');
    expect(mail).toContain('Motivo: Doppia iscrizione della stessa persona');
    expect(mail).toContain('ti sarà rimborsata');
    // The place freed goes to the first waiting.
    expect(await mine(waiting.token, queued.registration.id)).toMatchObject({ state: 'offered' });
    // Twice: the registration is no longer live.
    expect(await issuesOf(cancel(paid.registration.id, { reason: 'Ancora' }), 409)).toEqual([
      {
        path: 'registration',
        message: REGISTRATION_MESSAGES.notCancellableByStaff('Annullata'),
      },
    ]);

    // Paid with the dues: the payment stays (the dues are paid), the reason says what to give back.
    const combined = await staff.ok<AdminRegistration & { refund: string }>(
      cancel(renewing.registration.id, { reason: 'Non può partecipare' }),
    );
    expect(combined).toMatchObject({ state: 'cancelled', refund: 'partOfPayment' });
    expect(combined.endReason).toBe(
      'Non può partecipare – da rimborsare 150,00 € della quota (il pagamento comprende anche le quote associative)',
    );
    const dues = await staff.app.services.db
      .selectFrom('payments')
      .select('status')
      .where('member_id', '=', arrearsId)
      .execute();
    expect(dues.map((row) => row.status)).toEqual(['verified']);
    const audit = await staff.auditOf('event_registration', renewing.registration.id);
    expect(audit.map((entry) => entry.action)).toContain('annulla iscrizione');
  });

  it('an invoice asked for waits on the staff home once paid, and is marked issued with its number once', async () => {
    const event = await createEvent({
      places: 5,
      registrationTypes: [{ name: 'Non socio', eligibility: 'tutti', standardCents: 38000 }],
    });
    const person = await member();
    const asked = await call(`/${event.id}/Registrations`, person.token, {
      requestKey: key(),
      typeId: event.registrationTypes[0]?.id,
      invoice: { name: 'Ospedale di prova', taxId: '01234567890', pec: 'fatture@pec.example.org' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = (asked.json() as { data: RegistrationAnswer }).data.registration.id;
    const toIssue = async () =>
      (
        await staff.ok<{ items: AdminRegistration[]; total: number }>(
          staff.call('GET', '/EventRegistrations?invoice=da-emettere&perPage=100'),
        )
      ).items.map((item) => item.id);
    const issue = (number: unknown, role: 'segreteria' | 'redazione' = 'segreteria') =>
      staff.call('POST', `/EventRegistrations/${id}/Invoice`, { number }, role);
    // Not paid yet: not waiting, and refused.
    expect(await toIssue()).not.toContain(id);
    expect(await issuesOf(issue('2026/101'), 409)).toEqual([
      { path: 'invoice', message: REGISTRATION_MESSAGES.invoiceNotPaid },
    ]);
    const paid = await staff.call('POST', `/EventRegistrations/${id}/HandPayment`, {
      method: 'carta',
      paidOn: '2026-11-23',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await toIssue()).toContain(id);
    const home = await staff.ok<AdminDashboard>(staff.call('GET', '/Dashboard'));
    const work = home.pending.find((one) => one.key === 'iscrizioni-fatture-da-emettere');
    expect(work?.count).toBe((await toIssue()).length);
    expect(work?.href).toBe(
      `/amministrazione/iscrizioni?filter=${encodeURIComponent('{"invoice":"da-emettere"}')}`,
    );

    expect(await issuesOf(issue('  '), 400)).toEqual([
      { path: 'number', message: REGISTRATION_MESSAGES.invoiceNumber },
    ]);
    expect((await issue('2026/101', 'redazione')).statusCode).toBe(403);
    const issued = await staff.ok<AdminRegistration>(issue('2026/101'));
    expect(issued.invoice).toMatchObject({ name: 'Ospedale di prova', number: '2026/101' });
    expect(issued.invoice?.issuedAt).toBe(START.toISOString());
    expect(await toIssue()).not.toContain(id);
    const emitted = await staff.ok<{ items: AdminRegistration[] }>(
      staff.call('GET', '/EventRegistrations?invoice=emessa&perPage=100'),
    );
    expect(emitted.items.map((item) => item.id)).toContain(id);
    // Twice, or twice at once: the first number stays.
    expect(await issuesOf(issue('2026/102'), 409)).toEqual([
      { path: 'invoice', message: REGISTRATION_MESSAGES.invoiceIssued('2026/101') },
    ]);
    const exported = await staff.call('GET', `/EventRegistrations/Export?eventId=${event.id}`);
    const header = exported.body.replace(/^\uFEFF/, '').split('\r\n')[0] ?? '';
    expect(header).toContain('fattura: numero;fattura: emessa il');
    expect(exported.body).toContain(';2026/101;2026-11-23;');
    // A registration that asked for no invoice is told so.
    const plain = await register(event.id, (await member()).token, event.registrationTypes[0]?.id);
    expect(
      await issuesOf(
        staff.call('POST', `/EventRegistrations/${plain.registration.id}/Invoice`, {
          number: '1',
        }),
        409,
      ),
    ).toEqual([{ path: 'invoice', message: REGISTRATION_MESSAGES.invoiceNotAsked }]);
    const audit = await staff.auditOf('event_registration', id);
    expect(audit.map((entry) => entry.action)).toContain('fattura emessa');
  });

  it('a person cancelling a paid registration leaves its payment to refund for the treasury', async () => {
    const event = await createEvent({
      places: 5,
      registrationTypes: [{ name: 'Non socio', eligibility: 'tutti', standardCents: 38000 }],
    });
    const person = await member();
    const made = await register(event.id, person.token, event.registrationTypes[0]?.id);
    const paid = await staff.call(
      'POST',
      `/EventRegistrations/${made.registration.id}/HandPayment`,
      {
        method: 'contanti',
        paidOn: '2026-11-23',
      },
    );
    expect(paid.statusCode, paid.body).toBe(201);
    const cancelled = await call(`/Registrations/${made.registration.id}/Cancel`, person.token, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const payment = await staff.app.services.db
      .selectFrom('payments')
      .innerJoin('payment_items', 'payment_items.payment_id', 'payments.id')
      .select(['payments.status', 'payments.flag_reason'])
      .where('payment_items.purpose', '=', 'registration')
      .where('payment_items.item_ref', '=', String(made.registration.id))
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({
      status: 'to_refund',
      flag_reason: 'Iscrizione annullata dalla persona',
    });
    const seen = await staff.ok<AdminRegistration>(
      staff.call('GET', `/EventRegistrations/${made.registration.id}`),
    );
    expect(seen.endReason).toBe('Annullata: da rimborsare');
  });

  it('two staff members cancelling, or marking the invoice of, one paid registration at once: one does it, the other is told', async () => {
    const event = await createEvent({
      places: 5,
      registrationTypes: [{ name: 'Non socio', eligibility: 'tutti', standardCents: 38000 }],
    });
    const typeId = event.registrationTypes[0]?.id;
    const paidRegistration = async (extra: object = {}) => {
      const person = await member();
      const made = await call(`/${event.id}/Registrations`, person.token, {
        requestKey: key(),
        typeId,
        ...extra,
      });
      expect(made.statusCode, made.body).toBe(201);
      const id = (made.json() as { data: RegistrationAnswer }).data.registration.id;
      const paid = await staff.call('POST', `/EventRegistrations/${id}/HandPayment`, {
        method: 'contanti',
        paidOn: '2026-11-23',
      });
      expect(paid.statusCode, paid.body).toBe(201);
      return id;
    };

    const cancelled = await paidRegistration();
    const both = await Promise.all(
      ['Primo', 'Secondo'].map((reason) =>
        staff.call('POST', `/EventRegistrations/${cancelled}/Cancel`, { reason }),
      ),
    );
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const payments = await staff.app.services.db
      .selectFrom('payments')
      .innerJoin('payment_items', 'payment_items.payment_id', 'payments.id')
      .select('payments.status')
      .where('payment_items.item_ref', '=', String(cancelled))
      .where('payment_items.purpose', '=', 'registration')
      .execute();
    expect(payments).toEqual([{ status: 'to_refund' }]);
    const audit = await staff.auditOf('event_registration', cancelled);
    expect(audit.filter((entry) => entry.action === 'annulla iscrizione')).toHaveLength(1);

    const invoiced = await paidRegistration({
      invoice: { name: 'Ospedale di prova', taxId: '01234567890', pec: 'fatture@pec.example.org' },
    });
    const marks = await Promise.all(
      ['2026/201', '2026/202'].map((number) =>
        staff.call('POST', `/EventRegistrations/${invoiced}/Invoice`, { number }),
      ),
    );
    expect(marks.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const kept = await staff.ok<AdminRegistration>(
      staff.call('GET', `/EventRegistrations/${invoiced}`),
    );
    const winner = marks.find((answer) => answer.statusCode === 200);
    expect(kept.invoice?.number).toBe(
      (winner?.json() as { data: AdminRegistration } | undefined)?.data.invoice?.number,
    );
  });
});
