import type { MemberProfile } from '@sodalis/contracts';
import { MEMBER_PROFILE_MESSAGES } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { bareMembership } from '../../../src/modules/membership/repository.js';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

const NOW = '2026-06-01T12:00:00.000Z';
const PROFILE = '/api/v1/Membership/Profilo';

async function memberId(app: FastifyInstance, email: string): Promise<number> {
  const row = await app.services.db
    .selectFrom('members')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe.each(testEngines())('"Il mio profilo" on %s (ADR 030)', (engine) => {
  const site = staffSite(engine, {
    roles: ['socio', 'affiliato'],
    clock: fixedClock('2026-06-01'),
  });

  beforeEach(async () => {
    const { db } = site.app.services;
    await db.deleteFrom('member_contacts').execute();
    await db.deleteFrom('dues').execute();
    await db.deleteFrom('memberships').execute();
    const socio = await memberId(site.app, 'socio.demo@example.org');
    await db
      .insertInto('memberships')
      .values({
        ...bareMembership(socio, 'Socio', 2025, NOW),
        member_number: '00042',
        codice_fiscale: 'RSSMRA80A01H501U',
        workplace: 'Ospedale di Prova',
        region: 'Lazio',
      })
      .execute();
    await db
      .insertInto('dues')
      .values({
        member_id: socio,
        year: 2025,
        status: 'paid',
        amount_cents: 8000,
        method: 'contanti',
        payment_id: null,
        exempt_reason: null,
        settled_on: '2025-02-01',
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
  });

  const call = (method: 'GET' | 'PUT', role: 'socio' | 'affiliato' | null, payload?: object) =>
    site.app.inject({
      method,
      url: PROFILE,
      ...(payload === undefined ? {} : { payload }),
      headers: role === null ? {} : { authorization: `Bearer ${site.tokens[role]}` },
    });

  it('shows the member’s data, standing and every year, newest first', async () => {
    const answer = await call('GET', 'socio');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const profile = (answer.json() as { data: MemberProfile }).data;
    expect(profile).toMatchObject({
      email: 'socio.demo@example.org',
      memberNumber: '00042',
      kind: 'Socio',
      sinceYear: 2025,
      standing: 'renewalDue',
      workplace: 'Ospedale di Prova',
      phone: null,
      years: [{ year: 2025, status: 'paid', method: 'contanti', paymentId: null }],
    });
  });

  it('saves contacts and work data, never the member number', async () => {
    const answer = await call('PUT', 'socio', {
      phone: '+39 06 1234567',
      qualification: 'Medico',
      workplace: 'Policlinico Nuovo',
      centre: 'Centro trasfusionale',
      region: 'Toscana',
      memberNumber: '99999',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const profile = (answer.json() as { data: MemberProfile }).data;
    expect(profile).toMatchObject({
      phone: '+39 06 1234567',
      qualification: 'Medico',
      workplace: 'Policlinico Nuovo',
      centre: 'Centro trasfusionale',
      region: 'Toscana',
      memberNumber: '00042',
    });
    expect((await call('GET', 'socio')).json()).toMatchObject({
      data: { phone: '+39 06 1234567', workplace: 'Policlinico Nuovo', memberNumber: '00042' },
    });
  });

  it('refuses bad input with Italian messages and changes nothing', async () => {
    const answer = await call('PUT', 'socio', {
      phone: 'chiamami',
      qualification: '',
      workplace: 'x'.repeat(201),
      region: 'Atlantide',
    });
    expect(answer.statusCode).toBe(400);
    const issues = (answer.json() as { error: { issues: { path: string; message: string }[] } })
      .error.issues;
    expect(Object.fromEntries(issues.map((issue) => [issue.path, issue.message]))).toEqual({
      phone: MEMBER_PROFILE_MESSAGES.badPhone,
      qualification: 'Indica la qualifica.',
      workplace: 'Il campo può contenere al massimo 200 caratteri.',
      region: 'Scegli la regione.',
    });
    expect((await call('GET', 'socio')).json()).toMatchObject({
      data: { workplace: 'Ospedale di Prova', phone: null },
    });
  });

  it('answers 401 without a session and 404 to an account without a membership', async () => {
    expect((await call('GET', null)).statusCode).toBe(401);
    const none = await call('GET', 'affiliato');
    expect(none.statusCode).toBe(404);
    expect(
      (
        await call('PUT', 'affiliato', {
          qualification: 'Tecnico',
          workplace: 'Ospedale',
          region: 'Lazio',
        })
      ).statusCode,
    ).toBe(404);
  });
});
