import {
  type AdminBankRow,
  type AdminEvent,
  type MyRegistration,
  type RegistrationAnswer,
} from '@sodalis/contracts';
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { addLedgerMember, sessionOf } from '../../helpers/ledger.js';
import { accountIdOf } from '../../helpers/member-api.js';
import { staffSite } from '../../helpers/staff-api.js';
import { testEngines } from '../../helpers/test-app.js';

const START = new Date('2026-11-23T10:00:00Z');

function key(): string {
  return randomUUID().replaceAll('-', '');
}

/**
 * A bank transfer left for review given by hand to a registration (ADR 053): recorded and
 * settled as an automatic match of its causale is (ADR 049), only for the amount due, once per
 * row and once per registration, whatever two staff members do at the same moment.
 */
describe.each(testEngines())(
  'events: a transfer for review given to a registration on %s',
  (engine) => {
    let now = START;
    const staff = staffSite(engine, {
      clock: () => now,
      roles: ['tesoreria', 'eventi'],
      outbox: 'manual',
    });

    beforeEach(async () => {
      now = START;
      for (const role of ['segreteria', 'tesoreria', 'eventi'] as const) {
        staff.tokens[role] = await sessionOf(
          staff.app,
          await accountIdOf(staff.app, `${role}.demo@example.org`),
        );
      }
    });

    async function createEvent(): Promise<AdminEvent> {
      return staff.ok<AdminEvent>(
        staff.call('POST', '/Events', {
          title: `Congresso con bonifici ${key().slice(0, 6)}`,
          startsAt: '2027-01-28T09:00',
          endsAt: '2027-01-30T13:00',
          mode: 'in-presenza',
          venueName: 'Centro congressi',
          venueCity: 'Bologna',
          places: 300,
          registrationTypes: [{ name: 'Non socio', eligibility: 'tutti', standardCents: 38000 }],
          addons: [],
          published: true,
        }),
      );
    }

    let people = 0;
    async function registered(eventId: number, typeId: number | undefined) {
      people += 1;
      const id = await addLedgerMember(staff.app, `Bonificante${engine}${people}`, 2025, {
        2025: 'paid',
        2026: 'paid',
      });
      const token = await sessionOf(staff.app, id);
      const response = await staff.app.inject({
        method: 'POST',
        url: `/api/v1/Events/${eventId}/Registrations`,
        payload: { requestKey: key(), typeId },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode, response.body).toBe(201);
      return {
        token,
        registration: (response.json() as { data: RegistrationAnswer }).data.registration,
      };
    }

    async function mine(token: string, id: number): Promise<MyRegistration | undefined> {
      const response = await staff.app.inject({
        method: 'GET',
        url: '/api/v1/Events/MyRegistrations',
        headers: { authorization: `Bearer ${token}` },
      });
      return (response.json() as { data: MyRegistration[] }).data.find((one) => one.id === id);
    }

    /** A statement whose transfers' causali the bank garbled: every row waits for review. */
    async function rowsForReview(amounts: string[]): Promise<AdminBankRow[]> {
      const tag = key().slice(0, 8);
      const csv = [
        'Data contabile;Data valuta;Importo;Divisa;Descrizione;Riferimento',
        ...amounts.map(
          (amount, index) =>
            `20/11/2026;20/11/2026;${amount};EUR;Bonifico iscrizione congresso Rossi;${tag}-${index}`,
        ),
      ].join('\n');
      const applied = await staff.call(
        'POST',
        '/BankStatements',
        { fileName: `estratto-${tag}.csv`, contentBase64: Buffer.from(csv).toString('base64') },
        'tesoreria',
      );
      expect(applied.statusCode, applied.body).toBe(200);
      const rows = await staff.app.services.db
        .selectFrom('bank_rows')
        .select(['id', 'status'])
        .where('reference', 'like', `csv:${tag}-%`)
        .orderBy('reference')
        .execute();
      expect(rows.map((row) => row.status)).toEqual(amounts.map(() => 'review'));
      return Promise.all(
        rows.map((row) => staff.ok<AdminBankRow>(staff.call('GET', `/BankRows/${row.id}`))),
      );
    }

    function assign(
      rowId: number,
      registrationId: number,
      role: 'segreteria' | 'tesoreria' | 'eventi' = 'tesoreria',
    ) {
      return staff.call('POST', `/BankRows/${rowId}/AssignRegistration`, { registrationId }, role);
    }

    async function refusal(response: Promise<LightMyRequestResponse>, status: number) {
      const answer = await response;
      expect(answer.statusCode, answer.body).toBe(status);
      return (answer.json() as { error: { issues?: { path: string; message: string }[] } }).error
        .issues?.[0]?.message;
    }

    async function paymentsOf(registrationId: number) {
      return staff.app.services.db
        .selectFrom('payment_items')
        .innerJoin('payments', 'payments.id', 'payment_items.payment_id')
        .select([
          'payments.id',
          'payments.status',
          'payments.received_on',
          'payments.paypal_order_id',
        ])
        .where('payment_items.purpose', '=', 'registration')
        .where('payment_items.item_ref', '=', String(registrationId))
        .execute();
    }

    it('the treasury gives a row to a registration awaiting payment: a verified payment on the booking date, the registration confirmed, the row assigned and audited', async () => {
      const event = await createEvent();
      const { token, registration } = await registered(event.id, event.registrationTypes[0]?.id);
      const [row] = await rowsForReview(['380,00']);
      if (row === undefined) throw new Error('riga mancante');
      // Not the events' staff: bank rows are the treasury's (ADR 029, 050).
      expect((await assign(row.id, registration.id, 'eventi')).statusCode).toBe(403);
      expect(await refusal(assign(row.id, 999_999), 409)).toBe(
        'Nessuna iscrizione ha il numero 999999.',
      );
      expect(
        await refusal(
          staff.call('POST', `/BankRows/${row.id}/AssignRegistration`, {}, 'tesoreria'),
          400,
        ),
      ).toBe('Scegli l’iscrizione.');

      // The registration found by its number among those awaiting payment, as the dialog does.
      const found = await staff.ok<{ items: { id: number }[] }>(
        staff.call(
          'GET',
          `/EventRegistrations?state=awaiting_payment&q=${registration.id}`,
          undefined,
          'tesoreria',
        ),
      );
      expect(found.items.map((item) => item.id)).toEqual([registration.id]);
      const assigned = await staff.ok<AdminBankRow>(assign(row.id, registration.id));
      expect(assigned).toMatchObject({
        status: 'assigned',
        handledBy: 'tesoreria.demo@example.org',
      });
      const [payment, ...others] = await paymentsOf(registration.id);
      expect(others).toEqual([]);
      expect(payment).toMatchObject({
        status: 'verified',
        received_on: '2026-11-20',
        paypal_order_id: `bonifico:${row.reference}`,
      });
      expect(assigned.paymentId).toBe(payment?.id);
      expect(await mine(token, registration.id)).toMatchObject({
        state: 'confirmed',
        payment: null,
      });
      expect((await staff.auditOf('bank_row', row.id))[0]).toMatchObject({
        action: 'assegna bonifico',
        actorEmail: 'tesoreria.demo@example.org',
      });

      // The same row again: handled already, nothing changes.
      const [other] = await rowsForReview(['380,00']);
      if (other === undefined) throw new Error('riga mancante');
      expect(await refusal(assign(row.id, registration.id), 400)).toContain('già stato gestito');
      // Another row for the registration paid now: to be refunded or ignored, never a second payment.
      expect(await refusal(assign(other.id, registration.id), 409)).toBe(
        `Iscrizione ${registration.id} già pagata: il bonifico va rimborsato.`,
      );
      expect(await paymentsOf(registration.id)).toHaveLength(1);
      expect(
        (await staff.ok<AdminBankRow>(staff.call('GET', `/BankRows/${other.id}`))).status,
      ).toBe('review');
    });

    it('a different amount is refused with what is due, and the row waits as it was', async () => {
      const event = await createEvent();
      const { token, registration } = await registered(event.id, event.registrationTypes[0]?.id);
      const [short] = await rowsForReview(['300,00']);
      if (short === undefined) throw new Error('riga mancante');
      expect(await refusal(assign(short.id, registration.id), 409)).toBe(
        'Importo 300,00 € invece di 380,00 €.',
      );
      expect(
        await staff.ok<AdminBankRow>(staff.call('GET', `/BankRows/${short.id}`)),
      ).toMatchObject({
        status: 'review',
        paymentId: null,
        handledBy: null,
      });
      expect(await mine(token, registration.id)).toMatchObject({ state: 'awaiting_payment' });
      expect(await paymentsOf(registration.id)).toEqual([]);
    });

    it('two rows given to one registration at the same moment: one pays it, the other is refused; one row given twice at once pays once', async () => {
      const event = await createEvent();
      const { token, registration } = await registered(event.id, event.registrationTypes[0]?.id);
      const [first, second, third] = await rowsForReview(['380,00', '380,00', '380,00']);
      if (first === undefined || second === undefined || third === undefined) {
        throw new Error('righe mancanti');
      }
      const answers = await Promise.all([
        assign(first.id, registration.id, 'tesoreria'),
        assign(second.id, registration.id, 'segreteria'),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(await paymentsOf(registration.id)).toHaveLength(1);
      expect(await mine(token, registration.id)).toMatchObject({ state: 'confirmed' });

      const another = await registered(event.id, event.registrationTypes[0]?.id);
      const yetAnother = await registered(event.id, event.registrationTypes[0]?.id);
      const twice = await Promise.all([
        assign(third.id, another.registration.id, 'tesoreria'),
        assign(third.id, yetAnother.registration.id, 'segreteria'),
      ]);
      expect(twice.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
      const paid = [
        ...(await paymentsOf(another.registration.id)),
        ...(await paymentsOf(yetAnother.registration.id)),
      ];
      expect(paid).toHaveLength(1);
      expect(paid[0]?.paypal_order_id).toBe(`bonifico:${third.reference}`);
    });
  },
);
