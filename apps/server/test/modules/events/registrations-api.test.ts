import {
  REGISTRATION_MESSAGES,
  registrationCausale,
  type AdminEvent,
  type AdminEventInput,
  type MyRegistration,
  type RegistrationAnswer,
  type RegistrationQuote,
  type RegistrationRequest,
} from '@sodalis/contracts';
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { addLedgerMember, sessionOf } from '../../helpers/ledger.js';
import { accountIdOf } from '../../helpers/member-api.js';
import { queuedMailsTo } from '../../helpers/queued-mails.js';
import { staffSite } from '../../helpers/staff-api.js';
import { testEngines } from '../../helpers/test-app.js';

/** Before the early-bird limit of `congress()`. */
const START = new Date('2026-11-23T10:00:00Z');

function key(): string {
  return randomUUID().replaceAll('-', '');
}

function congress(overrides: Partial<AdminEventInput> = {}): AdminEventInput {
  return {
    title: `Congresso ${key().slice(0, 6)}`,
    startsAt: '2027-01-28T09:00',
    endsAt: '2027-01-30T13:00',
    mode: 'in-presenza',
    venueName: 'Centro congressi',
    venueCity: 'Bologna',
    places: 300,
    earlyBirdUntil: '2026-12-15T23:59',
    onsiteFrom: '2027-01-28T00:00',
    registrationTypes: [
      {
        name: 'Socio in regola',
        eligibility: 'iscritti-in-regola',
        memberRoles: ['socio'],
        earlyCents: 15000,
        standardCents: 20000,
      },
      { name: 'Non socio', eligibility: 'tutti', standardCents: 38000 },
      { name: 'Relatore', eligibility: 'codice', accessCode: 'RELATORI', standardCents: 0 },
    ],
    addons: [
      { name: 'Cena sociale', priceCents: 6000, places: 200 },
      { name: 'Workshop', priceCents: 3000, places: 1 },
    ],
    published: true,
    ...overrides,
  };
}

describe.each(testEngines())('events: registering, places and the waiting list on %s', (engine) => {
  let now = START;
  const staff = staffSite(engine, { clock: () => now, roles: ['redazione'], outbox: 'manual' });

  // Each test starts at START with fresh staff sessions: a test that moved the clock days on
  // outlived the ones it had.
  beforeEach(async () => {
    now = START;
    for (const role of ['segreteria', 'redazione'] as const) {
      staff.tokens[role] = await sessionOf(
        staff.app,
        await accountIdOf(staff.app, `${role}.demo@example.org`),
      );
    }
  });

  async function createEvent(overrides: Partial<AdminEventInput> = {}): Promise<AdminEvent> {
    return staff.ok<AdminEvent>(staff.call('POST', '/Events', congress(overrides)));
  }

  let people = 0;
  /** A signed-in member of the register (since 2025, the years given paid). */
  async function member(
    paid: number[] = [2025, 2026],
    kind: 'Socio' | 'Affiliato' = 'Socio',
  ): Promise<{ id: number; token: string }> {
    people += 1;
    const dues = Object.fromEntries(paid.map((year) => [year, 'paid' as const]));
    const id = await addLedgerMember(staff.app, `Persona${engine}${people}`, 2025, dues, { kind });
    return { id, token: await sessionOf(staff.app, id) };
  }

  /** The clock moved on (days later): the people's sessions signed in again at that time. */
  async function moveClock(to: string, ...persons: { id: number; token: string }[]) {
    now = new Date(to);
    for (const person of persons) person.token = await sessionOf(staff.app, person.id);
  }

  function call(
    method: 'GET' | 'POST',
    path: string,
    token: string | null,
    payload?: object,
  ): Promise<LightMyRequestResponse> {
    return staff.app.inject({
      method,
      url: `/api/v1/Events${path}`,
      ...(payload === undefined ? {} : { payload }),
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });
  }

  async function register(
    eventId: number,
    token: string,
    request: Partial<RegistrationRequest>,
  ): Promise<RegistrationAnswer> {
    const response = await call('POST', `/${eventId}/Registrations`, token, {
      requestKey: key(),
      ...request,
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { data: RegistrationAnswer }).data;
  }

  async function refusal(response: Promise<LightMyRequestResponse>, status = 400) {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(status);
    return (answer.json() as { error: { issues?: { path: string; message: string }[] } }).error
      .issues;
  }

  const mailsTo = (email: string) => queuedMailsTo(staff.app, email);

  async function emailOf(id: number): Promise<string> {
    const row = await staff.app.services.db
      .selectFrom('members')
      .select('email')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.email;
  }

  it('a member in good standing registers in two steps: the quote, then a place held until paid; the same submission twice is one registration', async () => {
    const event = await createEvent();
    const [socio, , speaker] = event.registrationTypes;
    const dinner = event.addons[0];
    const person = await member();
    const request = { typeId: socio?.id, addonIds: [dinner?.id], requestKey: key() };

    const quoted = await call('POST', `/${event.id}/Registrations/Quote`, person.token, request);
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect((quoted.json() as { data: RegistrationQuote }).data).toEqual({
      typeId: socio?.id,
      typeName: 'Socio in regola',
      priceWindow: 'early',
      typeCents: 15000,
      addons: [{ id: dinner?.id, name: 'Cena sociale', cents: 6000 }],
      totalCents: 21000,
      duesYears: [],
      duesCents: 0,
      payCents: 21000,
      placeAvailable: true,
      requiresApproval: false,
    });

    const first = await call('POST', `/${event.id}/Registrations`, person.token, request);
    expect(first.statusCode, first.body).toBe(201);
    const made = (first.json() as { data: RegistrationAnswer }).data;
    expect(made.repeated).toBe(false);
    expect(made.registration).toMatchObject({
      state: 'awaiting_payment',
      stateLabel: 'In attesa di pagamento',
      typeName: 'Socio in regola',
      addons: [{ name: 'Cena sociale', cents: 6000 }],
      totalCents: 21000,
      // EVENTS_PAYMENT_DAYS: a week.
      payBy: '2026-11-30T10:00:00.000Z',
      causale: registrationCausale(made.registration.id),
      cancellable: true,
    });
    expect(made.message).toContain('completa il pagamento');

    // The form sent twice (a double click, a reload): the first registration, nothing new.
    const again = await call('POST', `/${event.id}/Registrations`, person.token, request);
    expect(again.statusCode, again.body).toBe(200);
    const repeated = (again.json() as { data: RegistrationAnswer }).data;
    expect(repeated).toMatchObject({ repeated: true, registration: { id: made.registration.id } });
    // Another submission (another tab): one live registration per person and event.
    const issues = await refusal(
      call('POST', `/${event.id}/Registrations`, person.token, {
        typeId: speaker?.id,
        accessCode: 'relatori',
        requestKey: key(),
      }),
      409,
    );
    expect(issues).toEqual([{ path: 'event', message: REGISTRATION_MESSAGES.alreadyRegistered }]);

    const mine = await call('GET', '/MyRegistrations', person.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    const listed = (mine.json() as { data: MyRegistration[] }).data;
    expect(listed.map((registration) => registration.id)).toEqual([made.registration.id]);
    const mails = await mailsTo(await emailOf(person.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Quota: 210,00');
    expect(mails[0]).toContain(registrationCausale(made.registration.id));
  });

  it('a member in arrears choosing a members’ type pays the open years with it; others are refused by their dues, not by what they declare', async () => {
    const event = await createEvent();
    const [socio, open, speaker] = event.registrationTypes;
    const late = await member([2025]);
    const quote = await call('POST', `/${event.id}/Registrations/Quote`, late.token, {
      typeId: socio?.id,
      requestKey: key(),
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect((quote.json() as { data: RegistrationQuote }).data).toMatchObject({
      totalCents: 15000,
      duesYears: [2026],
      payCents: 15000 + (quote.json() as { data: RegistrationQuote }).data.duesCents,
    });
    expect((quote.json() as { data: RegistrationQuote }).data.duesCents).toBeGreaterThan(0);

    // An affiliate is not a Socio, whatever the dues; staff accounts are no members at all.
    const affiliate = await member([2025, 2026], 'Affiliato');
    expect(
      await refusal(
        call('POST', `/${event.id}/Registrations`, affiliate.token, {
          typeId: socio?.id,
          requestKey: key(),
        }),
      ),
    ).toEqual([{ path: 'typeId', message: REGISTRATION_MESSAGES.membersOnly('Soci') }]);
    expect(
      await refusal(
        call('POST', `/${event.id}/Registrations`, staff.tokens.segreteria, {
          typeId: socio?.id,
          requestKey: key(),
        }),
      ),
    ).toEqual([{ path: 'typeId', message: REGISTRATION_MESSAGES.membersOnly('Soci') }]);
    // A code type needs its code; the open type anyone may choose.
    expect(
      await refusal(
        call('POST', `/${event.id}/Registrations`, affiliate.token, {
          typeId: speaker?.id,
          accessCode: 'SBAGLIATO',
          requestKey: key(),
        }),
      ),
    ).toEqual([{ path: 'accessCode', message: REGISTRATION_MESSAGES.codeWrong }]);
    const free = await register(event.id, affiliate.token, {
      typeId: speaker?.id,
      accessCode: ' relatori ',
    });
    expect(free.registration).toMatchObject({ state: 'confirmed', totalCents: 0, payBy: null });
    expect(free.message).toBe('Iscrizione confermata.');

    const outsider = await member();
    // Without a session, with another event's type, an unknown add-on, an add-on twice.
    expect(
      (await call('POST', `/${event.id}/Registrations`, null, { typeId: open?.id })).statusCode,
    ).toBe(401);
    const other = await createEvent();
    expect(
      await refusal(
        call('POST', `/${event.id}/Registrations`, outsider.token, {
          typeId: other.registrationTypes[1]?.id,
          requestKey: key(),
        }),
      ),
    ).toEqual([{ path: 'typeId', message: REGISTRATION_MESSAGES.typeUnknown }]);
    expect(
      await refusal(
        call('POST', `/${event.id}/Registrations`, outsider.token, {
          typeId: open?.id,
          addonIds: [other.addons[0]?.id],
          requestKey: key(),
        }),
      ),
    ).toEqual([{ path: 'addonIds', message: REGISTRATION_MESSAGES.addonUnknown }]);
    const twice = await refusal(
      call('POST', `/${event.id}/Registrations`, outsider.token, {
        typeId: open?.id,
        addonIds: [event.addons[0]?.id, event.addons[0]?.id],
        requestKey: key(),
      }),
    );
    expect(twice?.[0]?.message).toBe(REGISTRATION_MESSAGES.addonTwice);
    // Invoice data are checked field by field.
    const invoice = await refusal(
      call('POST', `/${event.id}/Registrations`, outsider.token, {
        typeId: open?.id,
        invoice: { name: 'ASL', taxId: '123', recipientCode: '', pec: '' },
        requestKey: key(),
      }),
    );
    expect(invoice?.map((issue) => issue.message)).toEqual([
      'Fattura – partita IVA o codice fiscale: 11 cifre (partita IVA) o 16 caratteri (codice fiscale).',
      'Fattura: indica il codice destinatario o la PEC a cui recapitarla.',
    ]);
  });

  it('says when the window opens or closed, and refuses an ended event or one without types', async () => {
    const person = await member();
    const none = await createEvent({ registrationTypes: [], addons: [] });
    const later = await createEvent({
      registrationOpensAt: '2026-12-01T09:00',
      registrationClosesAt: '2027-01-20T18:00',
    });
    const typeId = later.registrationTypes[1]?.id;
    expect(
      await refusal(
        call('POST', `/${later.id}/Registrations`, person.token, { typeId, requestKey: key() }),
      ),
    ).toEqual([{ path: 'event', message: 'Le iscrizioni apriranno il 01/12/2026, 09:00.' }]);
    await moveClock('2027-01-21T10:00:00Z', person);
    expect(
      await refusal(
        call('POST', `/${later.id}/Registrations`, person.token, { typeId, requestKey: key() }),
      ),
    ).toEqual([{ path: 'event', message: 'Le iscrizioni si sono chiuse il 20/01/2027, 18:00.' }]);
    await moveClock('2027-02-01T10:00:00Z', person);
    expect(
      await refusal(
        call('POST', `/${later.id}/Registrations`, person.token, { typeId, requestKey: key() }),
      ),
    ).toEqual([{ path: 'event', message: REGISTRATION_MESSAGES.eventEnded }]);
    expect(
      await refusal(
        call('POST', `/${none.id}/Registrations`, person.token, { typeId: 1, requestKey: key() }),
      ),
    ).toEqual([{ path: 'event', message: REGISTRATION_MESSAGES.noRegistration }]);
    expect(
      await refusal(
        call('POST', `/999999/Registrations`, person.token, { typeId: 1, requestKey: key() }),
      ),
    ).toEqual([{ path: 'event', message: REGISTRATION_MESSAGES.eventNotFound }]);
  });

  it('a full event puts people on the waiting list; a freed place is offered to the first, passes on when not taken, and an unpaid place ends', async () => {
    const event = await createEvent({ places: 2 });
    const open = event.registrationTypes[1]?.id;
    const [a, b, c, d] = [await member(), await member(), await member(), await member()];
    const first = await register(event.id, a.token, { typeId: open });
    await register(event.id, b.token, { typeId: open });
    const third = await register(event.id, c.token, { typeId: open });
    expect(third.registration).toMatchObject({ state: 'waiting', waitingPosition: 1 });
    expect(third.message).toContain('sei in lista d’attesa (posizione 1)');
    const fourth = await register(event.id, d.token, { typeId: open });
    expect(fourth.registration).toMatchObject({ state: 'waiting', waitingPosition: 2 });
    // The quote says so before the second step.
    const fifth = await member();
    const quote = await call('POST', `/${event.id}/Registrations/Quote`, fifth.token, {
      typeId: open,
      requestKey: key(),
    });
    expect((quote.json() as { data: RegistrationQuote }).data.placeAvailable).toBe(false);

    // A cancels: C is offered the place for 48 hours (EVENTS_OFFER_HOURS), by e-mail.
    const cancelled = await call('POST', `/Registrations/${first.registration.id}/Cancel`, a.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((cancelled.json() as { data: RegistrationAnswer }).data.registration.state).toBe(
      'cancelled',
    );
    const mineOfC = async () =>
      (
        (await call('GET', '/MyRegistrations', c.token)).json() as { data: MyRegistration[] }
      ).data.find((registration) => registration.event.id === event.id);
    expect(await mineOfC()).toMatchObject({
      state: 'offered',
      offerExpiresAt: '2026-11-25T10:00:00.000Z',
    });
    expect((await mailsTo(await emailOf(c.id))).at(-1)).toContain('si è liberato un posto per');
    // Someone else's registration is not theirs to cancel; a cancelled one cannot be again.
    expect(
      (await call('POST', `/Registrations/${third.registration.id}/Cancel`, d.token)).statusCode,
    ).toBe(404);
    expect(
      await refusal(call('POST', `/Registrations/${first.registration.id}/Cancel`, a.token), 409),
    ).toEqual([{ path: 'registration', message: REGISTRATION_MESSAGES.notCancellable }]);
    // A paid offer is taken by paying, not by "accept".
    expect(
      await refusal(call('POST', `/Registrations/${third.registration.id}/Accept`, c.token), 409),
    ).toEqual([{ path: 'registration', message: REGISTRATION_MESSAGES.acceptNeedsPayment }]);

    // C lets the offer lapse: the periodic pass ends it and offers the place to D.
    await moveClock('2026-11-25T10:05:00Z', b, c, d);
    expect(await staff.app.services.registrations.runDue()).toBeGreaterThanOrEqual(2);
    expect(await mineOfC()).toMatchObject({ state: 'expired' });
    const mineOfD = (
      (await call('GET', '/MyRegistrations', d.token)).json() as { data: MyRegistration[] }
    ).data.find((registration) => registration.event.id === event.id);
    expect(mineOfD).toMatchObject({ state: 'offered' });
    expect(
      await refusal(call('POST', `/Registrations/${third.registration.id}/Accept`, c.token), 409),
    ).toEqual([{ path: 'registration', message: REGISTRATION_MESSAGES.notOffered }]);

    // B never pays: reminded before the week is over, then the place is given up.
    const emailOfB = await emailOf(b.id);
    await moveClock('2026-11-28T12:00:00Z', b);
    await staff.app.services.registrations.runDue();
    expect((await mailsTo(emailOfB)).at(-1)).toContain('promemoria di pagamento');
    await staff.app.services.registrations.runDue();
    expect((await mailsTo(emailOfB)).filter((mail) => mail.includes('promemoria'))).toHaveLength(1);
    await moveClock('2026-11-30T10:01:00Z', b);
    await staff.app.services.registrations.runDue();
    const mineOfB = (
      (await call('GET', '/MyRegistrations', b.token)).json() as { data: MyRegistration[] }
    ).data.find((registration) => registration.event.id === event.id);
    expect(mineOfB).toMatchObject({ state: 'expired', cancellable: false });
    expect((await mailsTo(emailOfB)).at(-1)).toContain('non è arrivata in tempo');
  });

  it('a free offered place is taken with "accept"; leaving the waiting list is the person’s own', async () => {
    const event = await createEvent({ places: 1 });
    const speaker = event.registrationTypes[2]?.id;
    const [a, b, c] = [await member(), await member(), await member()];
    const held = await register(event.id, a.token, { typeId: speaker, accessCode: 'RELATORI' });
    const waiting = await register(event.id, b.token, { typeId: speaker, accessCode: 'RELATORI' });
    const leaving = await register(event.id, c.token, { typeId: speaker, accessCode: 'RELATORI' });
    const left = await call('POST', `/Registrations/${leaving.registration.id}/Cancel`, c.token);
    expect((left.json() as { data: RegistrationAnswer }).data.message).toBe(
      'Sei uscito dalla lista d’attesa.',
    );
    await call('POST', `/Registrations/${held.registration.id}/Cancel`, a.token);
    const accepted = await call(
      'POST',
      `/Registrations/${waiting.registration.id}/Accept`,
      b.token,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((accepted.json() as { data: RegistrationAnswer }).data.registration.state).toBe(
      'confirmed',
    );
  });

  it('an add-on without places left refuses; a cancellation limit is kept', async () => {
    const event = await createEvent({ cancellableUntil: '2026-12-01T00:00' });
    const open = event.registrationTypes[1]?.id;
    const workshop = event.addons[1]?.id;
    const [a, b] = [await member(), await member()];
    const taken = await register(event.id, a.token, { typeId: open, addonIds: [workshop] });
    expect(taken.registration.totalCents).toBe(41000);
    expect(
      await refusal(
        call('POST', `/${event.id}/Registrations`, b.token, {
          typeId: open,
          addonIds: [workshop],
          requestKey: key(),
        }),
      ),
    ).toEqual([{ path: 'addonIds', message: REGISTRATION_MESSAGES.addonFull('Workshop') }]);
    await moveClock('2026-12-02T10:00:00Z', a);
    expect(
      await refusal(call('POST', `/Registrations/${taken.registration.id}/Cancel`, a.token), 409),
    ).toEqual([
      { path: 'registration', message: REGISTRATION_MESSAGES.cancelClosed('01/12/2026, 00:00') },
    ]);
  });

  it('a type or add-on someone registered with cannot be removed, nor the event binned', async () => {
    const event = await createEvent();
    const person = await member();
    await register(event.id, person.token, {
      typeId: event.registrationTypes[1]?.id,
      addonIds: [event.addons[0]?.id],
    });
    const input = congress({ title: event.title });
    const withoutType = await staff.call('PUT', `/Events/${event.id}`, {
      ...input,
      registrationTypes: [event.registrationTypes[0], event.registrationTypes[2]],
      addons: event.addons,
    });
    expect(withoutType.statusCode, withoutType.body).toBe(400);
    expect(withoutType.body).toContain('«Non socio» ha già delle iscrizioni e non si può togliere');
    const withoutAddon = await staff.call('PUT', `/Events/${event.id}`, {
      ...input,
      registrationTypes: event.registrationTypes,
      addons: [event.addons[1]],
    });
    expect(withoutAddon.statusCode, withoutAddon.body).toBe(400);
    expect(withoutAddon.body).toContain('«Cena sociale» ha già delle iscrizioni');
    const binned = await staff.call('DELETE', `/Events/${event.id}`);
    expect(binned.statusCode, binned.body).toBe(409);
    expect(binned.body).toContain('ha delle iscrizioni e non si può eliminare');
  });
});
