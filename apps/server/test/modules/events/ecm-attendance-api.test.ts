import {
  adjustmentRangeMessage,
  ECM_ADJUSTMENT_MESSAGES,
  type AdminEvent,
  type EcmAttendanceReport,
  type MyRegistration,
} from '@sodalis/contracts';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { ecmPresence } from '../../../src/modules/events/ecm/presence.js';
import { memberInGoodStanding, registerTo } from '../../helpers/event-registrants.js';
import { sessionOf } from '../../helpers/ledger.js';
import { accountIdOf } from '../../helpers/member-api.js';
import { refused, staffSite } from '../../helpers/staff-api.js';
import { testEngines } from '../../helpers/test-app.js';

const START = new Date('2026-11-23T10:00:00Z');
/** After the course's end (28 January 2027, 13:00 in Rome). */
const AFTER = '2027-02-01T10:00:00Z';

describe('attendance for ECM (ADR 056)', () => {
  const measured = { minutesPresent: 180, eventMinutes: 240 };
  it('applies the corrections in order, within the event’s minutes, against the threshold', () => {
    expect(ecmPresence(measured, [], 90)).toEqual({
      measuredMinutes: 180,
      minutesPresent: 180,
      eventMinutes: 240,
      percent: 75,
      threshold: 90,
      reached: false,
      corrected: false,
    });
    const corrected = ecmPresence(
      measured,
      [
        { kind: 'delta', minutes: 30 },
        { kind: 'replace', minutes: 200 },
        { kind: 'delta', minutes: 20 },
      ],
      90,
    );
    expect(corrected).toMatchObject({ minutesPresent: 220, percent: 91.7, reached: true });
    expect(ecmPresence(measured, [{ kind: 'delta', minutes: 500 }], 90).minutesPresent).toBe(240);
    expect(ecmPresence({ minutesPresent: 0, eventMinutes: 0 }, [], 90).reached).toBe(false);
  });
});

describe.each(testEngines())('events: attendance for ECM on %s', (engine) => {
  let now = START;
  const staff = staffSite(engine, { clock: () => now, roles: ['tesoreria'] });

  async function staffSessions() {
    for (const role of ['segreteria', 'tesoreria'] as const) {
      staff.tokens[role] = await sessionOf(
        staff.app,
        await accountIdOf(staff.app, `${role}.demo@example.org`),
      );
    }
  }
  beforeEach(async () => {
    now = START;
    await staffSessions();
  });

  async function moveClock(to: string, person: { id: number; token: string }) {
    now = new Date(to);
    await staffSessions();
    person.token = await sessionOf(staff.app, person.id);
  }

  let people = 0;
  async function registered(event: AdminEvent) {
    people += 1;
    return registerTo(
      staff.app,
      event,
      await memberInGoodStanding(staff.app, `Ecm${engine}${people}`),
    );
  }

  async function mine(person: { token: string }, registrationId: number) {
    const response = await staff.app.inject({
      method: 'GET',
      url: '/api/v1/Events/MyRegistrations',
      headers: { authorization: `Bearer ${person.token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: MyRegistration[] }).data.find(
      (row) => row.id === registrationId,
    );
  }

  it('minutes and percentage per person against the threshold, corrections with a reason audited, the participant sees their own', async () => {
    // 28 January 2027, 09:00–13:00 in Rome: 240 minutes.
    const event = await staff.ok<AdminEvent>(
      staff.call('POST', '/Events', {
        title: `Corso ECM ${randomUUID().slice(0, 6)}`,
        startsAt: '2027-01-28T09:00',
        endsAt: '2027-01-28T13:00',
        mode: 'in-presenza',
        venueName: 'Aula',
        venueCity: 'Roma',
        ecmCredits: true,
        registrationTypes: [{ name: 'Partecipante', eligibility: 'tutti', standardCents: 0 }],
        published: true,
      }),
    );
    const person = await registered(event);
    const area = (path: string) => `/EventAttendance${path}`;
    const adjust = (body: object, role: 'segreteria' | 'tesoreria' = 'segreteria') =>
      staff.call(
        'POST',
        area(`/Registrations/${person.registrationId}/EcmAdjustments`),
        body,
        role,
      );

    // Not an ECM event yet: no corrections.
    await refused(
      adjust({ kind: 'delta', minutes: 30, reason: 'Firma sul foglio cartaceo' }),
      'registrationId',
      ECM_ADJUSTMENT_MESSAGES.notEcm,
    );
    await staff.ok(
      staff.call('PUT', `/Events/${event.id}/Ecm`, {
        type: 'residenziale',
        providerCode: '1234',
        eventCode: '400002',
        credits: 4,
        professions: [1],
        disciplines: [47],
      }),
    );
    // Before the event, "Le mie iscrizioni" says nothing of ECM.
    expect((await mine(person, person.registrationId))?.ecm).toBeUndefined();

    await moveClock(AFTER, person);
    const scan = (direction: 'in' | 'out', at: string) => ({
      clientId: randomUUID(),
      registrationId: person.registrationId,
      direction,
      scannedAt: at,
    });
    await staff.ok(
      staff.call('POST', area(`/Events/${event.id}/Scans`), {
        scans: [scan('in', '2027-01-28T08:00:00.000Z'), scan('out', '2027-01-28T11:00:00.000Z')],
      }),
    );
    const report = async () =>
      staff.ok<EcmAttendanceReport>(staff.call('GET', area(`/Events/${event.id}/Ecm`)));
    const first = await report();
    expect(first).toMatchObject({ threshold: 90, accredited: true });
    expect(first.rows).toHaveLength(1);
    expect(first.rows[0]).toMatchObject({
      registrationId: person.registrationId,
      profession: 'Medico chirurgo',
      discipline: 'Medicina trasfusionale',
      presence: { measuredMinutes: 180, minutesPresent: 180, percent: 75, reached: false },
      adjustments: [],
    });
    expect((await mine(person, person.registrationId))?.ecm).toMatchObject({
      minutesPresent: 180,
      eventMinutes: 240,
      percent: 75,
      threshold: 90,
      reached: false,
    });

    // Refusals, each under its field, nothing stored.
    await refused(
      adjust({ kind: 'delta', minutes: 30, reason: '' }),
      'reason',
      ECM_ADJUSTMENT_MESSAGES.reason,
    );
    await refused(
      adjust({ kind: 'delta', minutes: 0, reason: 'Nulla' }),
      'minutes',
      ECM_ADJUSTMENT_MESSAGES.minutes,
    );
    await refused(
      adjust({ kind: 'delta', minutes: 90, reason: 'Troppi minuti' }),
      'minutes',
      adjustmentRangeMessage(270, 240),
    );
    await refused(
      adjust({ kind: 'replace', minutes: -1, reason: 'Negativo' }),
      'minutes',
      adjustmentRangeMessage(-1, 240),
    );

    // Added by the treasury (the check-in's roles), then replaced: kept in order, audited.
    expect(
      (
        await adjust(
          { kind: 'delta', minutes: 30, reason: 'Firma sul foglio cartaceo' },
          'tesoreria',
        )
      ).statusCode,
    ).toBe(200);
    expect((await report()).rows[0]?.presence).toMatchObject({
      minutesPresent: 210,
      percent: 87.5,
      reached: false,
      corrected: true,
    });
    await staff.ok(adjust({ kind: 'replace', minutes: 228, reason: 'Badge non letto all’uscita' }));
    const last = (await report()).rows[0];
    expect(last?.presence).toMatchObject({
      measuredMinutes: 180,
      minutesPresent: 228,
      percent: 95,
      reached: true,
    });
    expect(
      last?.adjustments.map((item) => [item.kind, item.minutes, item.reason, item.by]),
    ).toEqual([
      ['delta', 30, 'Firma sul foglio cartaceo', 'tesoreria.demo@example.org'],
      ['replace', 228, 'Badge non letto all’uscita', 'segreteria.demo@example.org'],
    ]);
    const [audit] = await staff.auditOf('event_ecm', event.id);
    expect(audit).toMatchObject({ action: 'corregge presenza ECM' });
    expect(audit?.before).toEqual({ iscrizione: person.registrationId, minuti: 210 });
    expect(audit?.after).toEqual({
      iscrizione: person.registrationId,
      minuti: 228,
      motivo: 'Badge non letto all’uscita',
    });
    expect((await mine(person, person.registrationId))?.ecm).toMatchObject({
      minutesPresent: 228,
      percent: 95,
      reached: true,
    });
    expect(
      (
        await staff.call('POST', area('/Registrations/999999/EcmAdjustments'), {
          kind: 'delta',
          minutes: 5,
          reason: 'Nessuno',
        })
      ).statusCode,
    ).toBe(404);
  });
});
