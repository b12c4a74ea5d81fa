import type { RegistrationAnswer } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMember } from '../../../src/modules/accounts/repository.js';
import { sessionOf } from '../../helpers/ledger.js';
import { createTestApp, fixedClock, testEngines, type TestApp } from '../../helpers/test-app.js';

const PLACES = 300;
const RACERS = 500;
const STAMP = '2026-11-23T08:00:00.000Z';

/**
 * No overbooking, ever (ADR 049): 500 people register at once for an event of 300 places, on
 * PostgreSQL through two instances on one database (ADR 033), on SQLite through the one it
 * allows. Counted in the database: exactly 300 hold a place, 200 wait, one registration each.
 */
describe.each(testEngines())('500 registrations at once for 300 places (%s)', (engine) => {
  let testApp: TestApp;
  let instances: FastifyInstance[];
  let eventId: number;
  let typeId: number;
  const tokens: string[] = [];

  beforeAll(async () => {
    testApp = await createTestApp(engine, { clock: fixedClock('2026-11-23'), outbox: 'manual' });
    instances =
      engine === 'postgres' ? [testApp.app, await testApp.anotherInstance()] : [testApp.app];
    const { db } = testApp.app.services;
    const event = await db
      .insertInto('events')
      .values({
        title: 'Congresso affollato',
        title_search: 'congresso affollato',
        starts_at: '2027-01-28T08:00:00.000Z',
        ends_at: '2027-01-30T12:00:00.000Z',
        mode: 'in-presenza',
        venue_name: 'Centro congressi',
        venue_address: null,
        venue_city: 'Bologna',
        online_url: null,
        description_html: '',
        organisers: null,
        ecm_credits: 0,
        registration_opens_at: null,
        registration_closes_at: null,
        places: PLACES,
        published: 1,
        created_at: STAMP,
        updated_at: STAMP,
        early_bird_until: null,
        onsite_from: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    eventId = event.id;
    const type = await db
      .insertInto('event_registration_types')
      .values({
        event_id: eventId,
        position: 0,
        name: 'Ordinaria',
        description: null,
        eligibility: 'tutti',
        member_roles: '',
        access_code: null,
        early_cents: null,
        standard_cents: 10000,
        onsite_cents: null,
        places: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    typeId = type.id;
    for (let index = 0; index < RACERS; index += 1) {
      const id = await insertMember(
        db,
        {
          email: `corsa${index}@example.org`,
          firstName: 'Persona',
          lastName: `N${index}`,
          role: 'socio',
        },
        STAMP,
      );
      tokens.push(await sessionOf(testApp.app, id));
    }
  }, 300_000);

  afterAll(async () => {
    await testApp.close();
  });

  it('exactly 300 hold a place and 200 wait; a second submission of each makes nothing new', async () => {
    const keys = tokens.map((_, index) => `corsa-${engine}-${String(index).padStart(12, '0')}`);
    const send = (index: number) =>
      (instances[index % instances.length] as FastifyInstance).inject({
        method: 'POST',
        url: `/api/v1/Events/${eventId}/Registrations`,
        payload: { typeId, requestKey: keys[index] },
        headers: { authorization: `Bearer ${tokens[index] ?? ''}` },
      });
    /**
     * Everyone at once. On a loaded machine a request may wait for a database connection longer
     * than the pool allows and answer 503 with Retry-After (ADR 028): before its transaction
     * (nothing written) or after it (the registration made, its answer not read back). It is
     * sent again with its request key, as the form's "riprova" does, until every one has its
     * answer (a few rounds at most): a new registration, or the one its first try made.
     */
    const fire = async () => {
      const answers = await Promise.all(tokens.map((_, index) => send(index)));
      const retried = new Set<number>();
      for (let round = 0; round < 5; round += 1) {
        const busy = answers.flatMap((answer, index) => (answer.statusCode === 503 ? [index] : []));
        if (busy.length === 0) break;
        for (const index of busy) expect(answers[index]?.headers['retry-after']).toBeDefined();
        const again = await Promise.all(busy.map((index) => send(index)));
        busy.forEach((index, position) => {
          answers[index] = again[position] as (typeof answers)[number];
          retried.add(index);
        });
      }
      return { answers, retried };
    };
    const { answers, retried } = await fire();
    answers.forEach((answer, index) => {
      const repeated = (answer.json() as { data?: RegistrationAnswer }).data?.repeated;
      if (retried.has(index) && answer.statusCode === 200) expect(repeated).toBe(true);
      else expect(answer.statusCode, answer.body).toBe(201);
    });
    const states = answers.map(
      (answer) => (answer.json() as { data: RegistrationAnswer }).data.registration.state,
    );
    expect(states.filter((state) => state === 'awaiting_payment')).toHaveLength(PLACES);
    expect(states.filter((state) => state === 'waiting')).toHaveLength(RACERS - PLACES);

    // Everyone sends the form again at once: the same registrations, nothing new.
    const again = await fire();
    for (const answer of again.answers) expect(answer.statusCode, answer.body).toBe(200);

    const { db } = testApp.app.services;
    const rows = await db
      .selectFrom('event_registrations')
      .select(['member_id', 'state'])
      .where('event_id', '=', eventId)
      .execute();
    expect(rows).toHaveLength(RACERS);
    expect(new Set(rows.map((row) => row.member_id)).size).toBe(RACERS);
    expect(rows.filter((row) => row.state === 'awaiting_payment')).toHaveLength(PLACES);
    expect(rows.filter((row) => row.state === 'waiting')).toHaveLength(RACERS - PLACES);
  }, 300_000);
});
