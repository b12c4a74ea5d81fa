import {
  ECM_MESSAGES,
  type AdminEvent,
  type AdminPage,
  type EventEcm,
  type EventEcmInput,
} from '@sodalis/contracts';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { refused, staffSite } from '../../helpers/staff-api.js';
import { testEngines } from '../../helpers/test-app.js';

const START = new Date('2026-11-23T10:00:00Z');

/** Codes of the national lists (ADR 056): professions and disciplines. */
const MEDICO = 1;
const TSLB = 28;
const MEDICINA_TRASFUSIONALE = 47;
const EMATOLOGIA = 5;
const TSLB_DISCIPLINE = 93;
const INFERMIERE_DISCIPLINE = 85;

const complete: EventEcmInput = {
  providerCode: '1234',
  eventCode: '412345',
  edition: 1,
  type: 'congresso',
  credits: 4.5,
  professions: [MEDICO, TSLB],
  disciplines: [MEDICINA_TRASFUSIONALE, EMATOLOGIA, TSLB_DISCIPLINE],
  sponsors: ['Laboratori Alfa S.p.A.'],
};

describe.each(testEngines())('events: ECM data (ADR 056) on %s', (engine) => {
  const staff = staffSite(engine, { clock: () => START, roles: ['tesoreria', 'eventi'] });

  async function createEvent(more: object = {}): Promise<AdminEvent> {
    return staff.ok<AdminEvent>(
      staff.call('POST', '/Events', {
        title: `Congresso ECM ${randomUUID().slice(0, 6)}`,
        startsAt: '2027-01-28T09:00',
        endsAt: '2027-01-29T18:00',
        mode: 'in-presenza',
        venueName: 'Centro congressi',
        venueCity: 'Bologna',
        registrationTypes: [{ name: 'Partecipante', eligibility: 'tutti', standardCents: 0 }],
        published: true,
        ...more,
      }),
    );
  }

  const path = (event: AdminEvent) => `/Events/${event.id}/Ecm`;
  const missing = (ecm: EventEcm) =>
    ecm.checklist.filter((item) => !item.done).map((item) => item.key);

  it('a new event shows everything missing and the national lists; a complete save is ready and audited', async () => {
    const event = await createEvent();
    const empty = await staff.ok<EventEcm>(staff.call('GET', path(event)));
    expect(empty.values).toBeNull();
    expect(empty.ready).toBe(false);
    expect(missing(empty)).toEqual([
      'flag',
      'providerCode',
      'eventCode',
      'credits',
      'professions',
      'disciplines',
      'learningTest',
    ]);
    const medico = empty.reference.professions.find((profession) => profession.code === MEDICO);
    expect(medico?.name).toBe('Medico chirurgo');
    expect(medico?.disciplines).toContainEqual({
      code: MEDICINA_TRASFUSIONALE,
      name: 'Medicina trasfusionale',
    });

    // Saved in part: the defaults of the rules, and what is still missing.
    const partial = await staff.ok<EventEcm>(
      staff.call('PUT', path(event), { type: 'residenziale', professions: [MEDICO] }),
    );
    expect(partial.values).toMatchObject({
      providerCode: null,
      edition: 1,
      credits: null,
      attendanceThreshold: 90,
      passMark: 75,
      attempts: 1,
      sponsors: [],
    });
    expect(missing(partial)).toEqual([
      'flag',
      'providerCode',
      'eventCode',
      'credits',
      'disciplines',
      'learningTest',
    ]);

    const saved = await staff.ok<EventEcm>(staff.call('PUT', path(event), complete));
    expect(saved.values).toMatchObject({ credits: 4.5, professions: [MEDICO, TSLB] });
    expect(missing(saved)).toEqual(['flag', 'learningTest']);

    const flagged = await createEvent({ ecmCredits: true });
    const ready = await staff.ok<EventEcm>(
      staff.call('PUT', path(flagged), { ...complete, passMark: 80, attendanceThreshold: 80 }),
    );
    // All but the learning test, whose line ADR 057 adds.
    expect(missing(ready)).toEqual(['learningTest']);
    expect(ready.values).toMatchObject({ passMark: 80, attendanceThreshold: 80 });

    const [audit] = await staff.auditOf('event_ecm', event.id);
    expect(audit).toMatchObject({
      action: 'modifica dati ECM',
      actorEmail: 'segreteria.demo@example.org',
    });
    expect(audit?.before).toMatchObject({ crediti: null });
    expect(audit?.after).toMatchObject({ crediti: 4.5, codice_provider: '1234' });
  });

  it('refuses with Italian messages naming the field', async () => {
    const event = await createEvent();
    const cases: [object, string, string][] = [
      [{ credits: 0 }, 'credits', ECM_MESSAGES.credits],
      [{ credits: 50.5 }, 'credits', ECM_MESSAGES.credits],
      [{ credits: 4.55 }, 'credits', ECM_MESSAGES.credits],
      [{ passMark: 70 }, 'passMark', ECM_MESSAGES.passMark],
      [{ attendanceThreshold: 101 }, 'attendanceThreshold', ECM_MESSAGES.threshold],
      [{ attempts: 11 }, 'attempts', ECM_MESSAGES.attempts],
      [{ providerCode: 'ABC' }, 'providerCode', ECM_MESSAGES.providerCode],
      [{ type: 'fad' }, 'type', ECM_MESSAGES.type],
      [{ professions: [MEDICO, MEDICO] }, 'professions', ECM_MESSAGES.professions],
      [{ sponsors: ['Alfa', 'alfa'] }, 'sponsors', ECM_MESSAGES.sponsors],
      [{ professions: [999] }, 'professions', ECM_MESSAGES.unknownProfession],
      [{ disciplines: [9999] }, 'disciplines', ECM_MESSAGES.unknownDiscipline],
      [
        { disciplines: [MEDICINA_TRASFUSIONALE, INFERMIERE_DISCIPLINE] },
        'disciplines',
        ECM_MESSAGES.disciplineWithoutProfession,
      ],
    ];
    for (const [change, field, message] of cases) {
      await refused(staff.call('PUT', path(event), { ...complete, ...change }), field, message);
    }
    expect((await staff.ok<EventEcm>(staff.call('GET', path(event)))).values).toBeNull();
  });

  it('the demo congress is accredited and ready but for nothing', async () => {
    const page = await staff.ok<AdminPage<AdminEvent>>(
      staff.call('GET', '/Events?q=Congresso%20nazionale'),
    );
    const congress = page.items.find((event) => event.title.startsWith('Congresso nazionale'));
    if (congress === undefined) throw new Error('congresso demo non trovato');
    const ecm = await staff.ok<EventEcm>(staff.call('GET', path(congress)));
    expect(ecm.ready).toBe(true);
    expect(ecm.values).toMatchObject({ credits: 4.5, type: 'congresso' });
  });

  it('the events’ page roles edit it; the treasury does not; an unknown event is 404', async () => {
    const event = await createEvent();
    expect((await staff.call('PUT', path(event), complete, 'eventi')).statusCode).toBe(200);
    expect((await staff.call('GET', path(event), undefined, 'tesoreria')).statusCode).toBe(403);
    expect((await staff.call('GET', '/Events/999999/Ecm')).statusCode).toBe(404);
  });
});
