import type { AdminEvent, RegistrationAnswer } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { addLedgerMember, sessionOf } from './ledger.js';

/** A member signed in and registered to an event: their account, session and registration. */
export interface Registrant {
  id: number;
  token: string;
  registrationId: number;
}

/**
 * Registers a signed-in person to the event's first type, a physician in transfusion medicine
 * by default (ADR 059's codes), through the API as the form does; 201 or the test fails.
 */
export async function registerTo(
  app: FastifyInstance,
  event: AdminEvent,
  person: { id: number; token: string },
  facts: Record<string, unknown> = {},
): Promise<Registrant> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/Events/${event.id}/Registrations`,
    payload: {
      requestKey: randomUUID().replaceAll('-', ''),
      typeId: event.registrationTypes[0]?.id,
      addonIds: [],
      professionCode: 1,
      disciplineCode: 47,
      employment: 'dipendente',
      ...facts,
    },
    headers: { authorization: `Bearer ${person.token}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  const answer = (response.json() as { data: RegistrationAnswer }).data;
  return { ...person, registrationId: answer.registration.id };
}

/** A new member in good standing for 2025 and 2026 (`name` unique), signed in. */
export async function memberInGoodStanding(
  app: FastifyInstance,
  name: string,
): Promise<{ id: number; token: string }> {
  const id = await addLedgerMember(app, name, 2025, { 2025: 'paid', 2026: 'paid' });
  return { id, token: await sessionOf(app, id) };
}
