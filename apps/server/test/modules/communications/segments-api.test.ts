import {
  STANDINGS,
  type AdminMembership,
  type AdminPage,
  type SavedSegment,
  type SegmentCondition,
  type SegmentDefinition,
  type SegmentPreview,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../../src/db/schema.js';
import { signInDemoMembers } from '../../helpers/member-api.js';
import { createTestApp, fixedClock, testEngines, type TestApp } from '../../helpers/test-app.js';

/**
 * Segments against the demo content, counted by hand (ADR 062). The demo of 5 June 2026 has ten
 * active accounts, all with an e-mail:
 *
 * | account      | role         | membership (region, first year)  | dues 2026 standing   |
 * |--------------|--------------|----------------------------------|----------------------|
 * | socio        | socio        | Lombardia, 2023; 2023–25 paid    | renewalDue (2026 open after 31 March) |
 * | affiliato    | affiliato    | Lazio, 2024; 2024–25 paid, 2026 exempt | good           |
 * | segreteria   | segreteria   | none                             | —                    |
 * | nuovo        | socio        | none                             | —                    |
 * | redazione    | redazione    | none                             | —                    |
 * | tesoreria    | tesoreria    | none                             | —                    |
 * | arretrati    | socio        | Sicilia, 2022; 2025 open         | arrears              |
 * | decaduto     | socio        | Toscana, 2021; 2024–26 open      | lapsed               |
 * | eventi       | eventi       | none                             | —                    |
 * | partecipante | partecipante | none (events' facts: 28/93)      | —                    |
 *
 * Registrations (events.demo.ts): the congress (affiliato confirmed 1/47, arretrati awaiting
 * payment 1/5, decaduto cancelled, partecipante awaiting payment 28/93, eventi pending approval,
 * redazione refused); the webinar (nuovo confirmed, tesoreria offered, redazione waiting,
 * decaduto expired); the ECM course (affiliato 28/93, nuovo, arretrati, decaduto 1/47, all
 * confirmed). The demo has no application, no certificate, and its one newsletter subscriber
 * has no account: the tests add their own, said where.
 */
const TODAY = '2026-06-05';
const ACCOUNTS = [
  'socio',
  'affiliato',
  'segreteria',
  'nuovo',
  'redazione',
  'tesoreria',
  'arretrati',
  'decaduto',
  'eventi',
  'partecipante',
] as const;
type Account = (typeof ACCOUNTS)[number];

const one = (condition: SegmentCondition): SegmentDefinition => ({
  combine: 'all',
  groups: [{ combine: 'all', conditions: [condition] }],
});

describe.each(testEngines())('segments computed now from the demo data (%s)', (engine) => {
  let testApp: TestApp;
  let tokens: Record<'segreteria' | 'tesoreria' | 'socio', string>;
  const idOf = new Map<Account, number>();
  const accountOf = new Map<number, Account>();
  const events = { congress: 0, webinar: 0, course: 0 };

  const app = (): FastifyInstance => testApp.app;
  const db = (): Executor => testApp.app.services.db;

  beforeAll(async () => {
    testApp = await createTestApp(engine, { demoContent: true, clock: fixedClock(TODAY) });
    tokens = await signInDemoMembers(app(), ['segreteria', 'tesoreria', 'socio']);
    for (const account of ACCOUNTS) {
      const row = await db()
        .selectFrom('members')
        .select('id')
        .where('email', '=', `${account}.demo@example.org`)
        .executeTakeFirstOrThrow();
      idOf.set(account, row.id);
      accountOf.set(row.id, account);
    }
    const titled = async (start: string) =>
      (
        await db()
          .selectFrom('events')
          .select('id')
          .where('title', 'like', `${start}%`)
          .executeTakeFirstOrThrow()
      ).id;
    events.congress = await titled('Congresso nazionale');
    events.webinar = await titled('Webinar');
    events.course = await titled('Corso ECM');
  }, 120_000);

  afterAll(async () => {
    await testApp.close();
  });

  const id = (account: Account): number => idOf.get(account) ?? 0;

  /** The recipients of a definition as demo account names, in the iterator's order. */
  async function recipients(definition: SegmentDefinition, pageSize?: number) {
    const names: string[] = [];
    for await (const person of app().services.segments.recipients(definition, pageSize)) {
      names.push(accountOf.get(person.memberId) ?? person.email);
    }
    return names;
  }

  /** The recipients sorted, and the count checked equal to their number. */
  async function who(definition: SegmentDefinition): Promise<string[]> {
    const names = await recipients(definition);
    expect(await app().services.segments.count(definition)).toBe(names.length);
    return [...names].sort();
  }

  function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
    return app().inject({
      method,
      url: `/api/v1/Admin${url}`,
      headers: { authorization: `Bearer ${tokens.segreteria}` },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  }

  it('selects by role: the four socio accounts; affiliato or partecipante, the two of them', async () => {
    // socio, nuovo, arretrati and decaduto hold the role socio; nobody else.
    expect(await who(one({ field: 'role', roles: ['socio'] }))).toEqual([
      'arretrati',
      'decaduto',
      'nuovo',
      'socio',
    ]);
    expect(await who(one({ field: 'role', roles: ['affiliato', 'partecipante'] }))).toEqual([
      'affiliato',
      'partecipante',
    ]);
  });

  it('selects by the membership’s region: only members have one', async () => {
    // socio is in Lombardia, arretrati in Sicilia; Molise has no member.
    expect(await who(one({ field: 'region', regions: ['Lombardia', 'Sicilia'] }))).toEqual([
      'arretrati',
      'socio',
    ]);
    expect(await who(one({ field: 'region', regions: ['Molise'] }))).toEqual([]);
  });

  it('selects by the qualification, case-blind, the pattern’s own characters taken literally', async () => {
    // The demo has no qualification: two are written here.
    await db()
      .updateTable('memberships')
      .set({ qualification: 'Medico Trasfusionista' })
      .where('member_id', '=', id('socio'))
      .execute();
    await db()
      .updateTable('memberships')
      .set({ qualification: 'Tecnico di laboratorio 100%' })
      .where('member_id', '=', id('affiliato'))
      .execute();
    expect(await who(one({ field: 'qualification', contains: 'TRASFUS' }))).toEqual(['socio']);
    // «0%» is the affiliate's literal text, not «0 followed by anything» (socio has no 0).
    expect(await who(one({ field: 'qualification', contains: '0%' }))).toEqual(['affiliato']);
    expect(await who(one({ field: 'qualification', contains: 'o_T' }))).toEqual([]);
  });

  it('selects by the national codes of profession and discipline, each person once', async () => {
    // Physicians (1): affiliato (congress 1/47), nuovo, arretrati (congress 1/5 and course
    // 1/47: two registrations, one recipient), decaduto (course 1/47).
    const physicians = one({ field: 'profession', professionCode: 1 });
    expect(await who(physicians)).toEqual(['affiliato', 'arretrati', 'decaduto', 'nuovo']);
    // Haematology (5): arretrati's congress registration alone.
    expect(await who(one({ field: 'profession', professionCode: 1, disciplineCode: 5 }))).toEqual([
      'arretrati',
    ]);
    // Laboratory technicians (28): affiliato's course registration, partecipante's own facts.
    expect(await who(one({ field: 'profession', professionCode: 28 }))).toEqual([
      'affiliato',
      'partecipante',
    ]);
  });

  it('selects by the dues standing of a year, as the membership’s own list computes it', async () => {
    const standingOf = async (year: number, standing: (typeof STANDINGS)[number]) =>
      who(one({ field: 'dues', year, standings: [standing] }));
    // 2026, read today (5 June, after the grace period of 31 March).
    expect(await standingOf(2026, 'good')).toEqual(['affiliato']);
    expect(await standingOf(2026, 'renewalDue')).toEqual(['socio']);
    expect(await standingOf(2026, 'arrears')).toEqual(['arretrati']);
    expect(await standingOf(2026, 'lapsed')).toEqual(['decaduto']);
    // 2025, read on 31 December 2025: arretrati had only 2025 open (renewal due), decaduto
    // 2024 and 2025 (lapsed), socio and affiliato had paid.
    expect(await standingOf(2025, 'good')).toEqual(['affiliato', 'socio']);
    expect(await standingOf(2025, 'renewalDue')).toEqual(['arretrati']);
    expect(await standingOf(2025, 'lapsed')).toEqual(['decaduto']);
    // 2023: decaduto, arretrati and socio were members and had paid; affiliato joined in 2024.
    expect(await standingOf(2023, 'good')).toEqual(['arretrati', 'decaduto', 'socio']);
    // The same people as the membership's staff list with its standing filter (ADR 024).
    for (const standing of STANDINGS) {
      const listed = await call('GET', `/Memberships?standing=${standing}&pageSize=100`);
      expect(listed.statusCode).toBe(200);
      const page = listed.json<{ data: AdminPage<AdminMembership> }>().data;
      expect(await standingOf(2026, standing), standing).toEqual(
        page.items.map((member) => accountOf.get(member.id)).sort(),
      );
    }
  });

  it('selects by registration to an event and its state', async () => {
    // Congress, holding a place: affiliato confirmed, arretrati and partecipante awaiting payment.
    expect(
      await who(
        one({
          field: 'eventRegistration',
          eventId: events.congress,
          states: ['confirmed', 'awaiting_payment'],
        }),
      ),
    ).toEqual(['affiliato', 'arretrati', 'partecipante']);
    // Webinar, waiting: redazione alone.
    expect(
      await who(one({ field: 'eventRegistration', eventId: events.webinar, states: ['waiting'] })),
    ).toEqual(['redazione']);
  });

  it('selects by the ECM certificate of an event: issued, or not (a revoked one is not)', async () => {
    // Written here: affiliato's certificate of the course, and nuovo's, revoked.
    const certificate = (account: Account, number: number, revokedAt: string | null) => ({
      event_id: events.course,
      registration_id: 0,
      member_id: id(account),
      number,
      verify_code: `TEST-${account}`,
      holder_name: account,
      fiscal_code: null,
      event_title: 'Corso ECM',
      event_starts_at: '2026-05-28T07:00:00.000Z',
      event_ends_at: '2026-05-28T16:00:00.000Z',
      provider_code: '1234',
      event_code: '412345',
      edition: 1,
      credits_tenths: 45,
      earned_on: '2026-05-29',
      issued_at: '2026-05-30T10:00:00.000Z',
      revoked_at: revokedAt,
      revoked_reason: revokedAt === null ? null : 'Prova',
      revoked_by: null,
    });
    for (const [account, number, revokedAt] of [
      ['affiliato', 1, null],
      ['nuovo', 2, '2026-06-01T10:00:00.000Z'],
    ] as const) {
      const registration = await db()
        .selectFrom('event_registrations')
        .select('id')
        .where('event_id', '=', events.course)
        .where('member_id', '=', id(account))
        .executeTakeFirstOrThrow();
      await db()
        .insertInto('event_ecm_certificates')
        .values({ ...certificate(account, number, revokedAt), registration_id: registration.id })
        .execute();
    }
    expect(
      await who(one({ field: 'ecmCertificate', eventId: events.course, issued: true })),
    ).toEqual(['affiliato']);
    // Not issued: the other nine accounts, nuovo among them (revoked).
    expect(
      await who(one({ field: 'ecmCertificate', eventId: events.course, issued: false })),
    ).toEqual(ACCOUNTS.filter((account) => account !== 'affiliato').sort());
  });

  it('selects by the newsletter: a confirmed subscription of the account’s e-mail, whatever its case', async () => {
    // Written here: socio confirmed (typed in capitals), affiliato unsubscribed.
    const subscription = (email: string, status: 'confirmed' | 'unsubscribed') => ({
      email,
      status,
      confirm_token_hash: null,
      unsubscribe_token_hash: null,
      consent_at: '2026-05-01T10:00:00.000Z',
      consent_text_version: 'v1',
      consent_ip: null,
      confirmed_at: '2026-05-01T10:05:00.000Z',
      unsubscribed_at: status === 'unsubscribed' ? '2026-05-20T10:00:00.000Z' : null,
      created_at: '2026-05-01T10:00:00.000Z',
      updated_at: '2026-05-01T10:05:00.000Z',
      confirmation_sent_at: null,
      mailup_recipient_id: null,
    });
    await db()
      .insertInto('newsletter_subscriptions')
      .values([
        subscription('SOCIO.demo@example.org', 'confirmed'),
        subscription('affiliato.demo@example.org', 'unsubscribed'),
      ])
      .execute();
    expect(await who(one({ field: 'newsletter', subscribed: true }))).toEqual(['socio']);
    expect(await who(one({ field: 'newsletter', subscribed: false }))).toEqual(
      ACCOUNTS.filter((account) => account !== 'socio').sort(),
    );
  });

  it('selects by the state of an application to join, by its account or its e-mail', async () => {
    // Written here: partecipante applied (pending) with the account's e-mail; nuovo's approved
    // application made the account; a stranger's refused one reaches no account.
    const application = (
      email: string,
      status: 'pending' | 'approved' | 'refused',
      memberId: number | null,
    ) => ({
      kind: 'Socio' as const,
      section: null,
      first_name: 'Prova',
      last_name: 'Domanda',
      email,
      codice_fiscale: 'PRVDMN80A01H501X',
      qualification: 'Medico',
      workplace: 'Ospedale',
      centre: null,
      region: 'Lazio',
      register_number: null,
      cv_sha256: null,
      cv_file_name: null,
      privacy_text_version: 'v1',
      privacy_accepted_at: '2026-05-01T10:00:00.000Z',
      status,
      ratified_on: null,
      refusal_reason: null,
      member_id: memberId,
      handled_at: null,
      handled_by: null,
      created_at: '2026-05-01T10:00:00.000Z',
    });
    await db()
      .insertInto('membership_applications')
      .values([
        application('Partecipante.demo@example.org', 'pending', null),
        application('altro@example.org', 'approved', id('nuovo')),
        application('sconosciuto@example.org', 'refused', null),
      ])
      .execute();
    expect(await who(one({ field: 'application', states: ['pending'] }))).toEqual(['partecipante']);
    expect(await who(one({ field: 'application', states: ['approved', 'refused'] }))).toEqual([
      'nuovo',
    ]);
  });

  it('combines with «e» and «o», within a group and between groups', async () => {
    // socio AND (Lombardia or Sicilia): socio and arretrati (decaduto and nuovo are elsewhere).
    expect(
      await who({
        combine: 'all',
        groups: [
          { combine: 'all', conditions: [{ field: 'role', roles: ['socio'] }] },
          {
            combine: 'any',
            conditions: [
              { field: 'region', regions: ['Lombardia'] },
              { field: 'region', regions: ['Sicilia'] },
            ],
          },
        ],
      }),
    ).toEqual(['arretrati', 'socio']);
    // (socio AND lapsed in 2026) OR waiting for the webinar: decaduto, redazione.
    expect(
      await who({
        combine: 'any',
        groups: [
          {
            combine: 'all',
            conditions: [
              { field: 'role', roles: ['socio'] },
              { field: 'dues', year: 2026, standings: ['lapsed'] },
            ],
          },
          {
            combine: 'all',
            conditions: [
              { field: 'eventRegistration', eventId: events.webinar, states: ['waiting'] },
            ],
          },
        ],
      }),
    ).toEqual(['decaduto', 'redazione']);
    // Physicians AND in arrears or lapsed: arretrati and decaduto (affiliato and nuovo are not).
    expect(
      await who({
        combine: 'all',
        groups: [
          {
            combine: 'all',
            conditions: [
              { field: 'profession', professionCode: 1 },
              { field: 'dues', year: 2026, standings: ['arrears', 'lapsed'] },
            ],
          },
        ],
      }),
    ).toEqual(['arretrati', 'decaduto']);
  });

  it('leaves out disabled accounts, gives each person once, pages stably by account', async () => {
    const socios = one({ field: 'role', roles: ['socio'] });
    await db()
      .updateTable('members')
      .set({ status: 'disabled' })
      .where('id', '=', id('decaduto'))
      .execute();
    try {
      expect(await who(socios)).toEqual(['arretrati', 'nuovo', 'socio']);
    } finally {
      await db()
        .updateTable('members')
        .set({ status: 'active' })
        .where('id', '=', id('decaduto'))
        .execute();
    }
    // Every account, by several overlapping conditions: each once, in account order, whatever
    // the page size.
    const everyone: SegmentDefinition = {
      combine: 'any',
      groups: [
        {
          combine: 'any',
          conditions: [
            { field: 'role', roles: ['socio', 'affiliato', 'partecipante'] },
            { field: 'role', roles: ['segreteria', 'redazione', 'tesoreria', 'eventi', 'socio'] },
            { field: 'profession', professionCode: 1 },
          ],
        },
      ],
    };
    const byId = [...ACCOUNTS].sort((a, b) => id(a) - id(b));
    expect(await recipients(everyone)).toEqual(byId);
    expect(await recipients(everyone, 3)).toEqual(byId);
    expect(await recipients(everyone, 1)).toEqual(byId);
    expect(await app().services.segments.count(everyone)).toBe(10);
  });

  it('previews the count and a sample with why each person is in, «Nessun destinatario» when empty', async () => {
    const preview = await call('POST', '/CommunicationSegments/Preview', {
      combine: 'any',
      groups: [
        {
          combine: 'any',
          conditions: [
            { field: 'region', regions: ['Lazio'] },
            { field: 'eventRegistration', eventId: events.webinar, states: ['confirmed'] },
          ],
        },
      ],
    });
    expect(preview.statusCode).toBe(200);
    // affiliato (Lazio) and nuovo (the webinar): by surname, Conti before Lanza.
    expect(preview.json<{ data: SegmentPreview }>().data).toEqual({
      count: 2,
      countText: '2 destinatari',
      sample: [
        {
          memberId: id('nuovo'),
          firstName: 'Luca',
          lastName: 'Conti',
          email: 'nuovo.demo@example.org',
          reasons: [
            'Iscrizione a «Webinar: il Patient Blood Management nel paziente chirurgico»: Confermata',
          ],
        },
        {
          memberId: id('affiliato'),
          firstName: 'Marco',
          lastName: 'Lanza',
          email: 'affiliato.demo@example.org',
          reasons: ['Regione: Lazio'],
        },
      ],
    });
    const empty = await call(
      'POST',
      '/CommunicationSegments/Preview',
      one({ field: 'region', regions: ['Molise'] }),
    );
    expect(empty.json<{ data: SegmentPreview }>().data).toEqual({
      count: 0,
      countText: 'Nessun destinatario',
      sample: [],
    });
  });

  it('refuses invalid definitions with an Italian message naming the field', async () => {
    const refused = async (body: unknown) => {
      const response = await call('POST', '/CommunicationSegments/Preview', body);
      expect(response.statusCode).toBe(400);
      return response.json<{ error: { issues: { path: string; message: string }[] } }>().error
        .issues;
    };
    expect(await refused({ combine: 'all', groups: [] })).toEqual([
      { path: 'groups', message: 'Il segmento deve avere almeno un gruppo di condizioni.' },
    ]);
    expect(await refused({ combine: 'all', groups: [{ combine: 'any', conditions: [] }] })).toEqual(
      [{ path: 'groups.0.conditions', message: 'Un gruppo deve avere almeno una condizione.' }],
    );
    expect(
      await refused(one({ field: 'eventRegistration', eventId: 999_999, states: ['confirmed'] })),
    ).toEqual([{ path: 'groups.0.conditions.0.eventId', message: 'Evento inesistente.' }]);
    expect(await refused(one({ field: 'dues', year: 2027, standings: ['good'] }))).toEqual([
      {
        path: 'groups.0.conditions.0.year',
        message: 'L’anno delle quote non può essere dopo il 2026.',
      },
    ]);
    expect(await refused(one({ field: 'dues', year: 1999, standings: ['good'] }))).toEqual([
      { path: 'groups.0.conditions.0.year', message: 'L’anno deve essere dal 2000.' },
    ]);
    expect(await refused(one({ field: 'role', roles: [] }))).toEqual([
      { path: 'groups.0.conditions.0.roles', message: 'Scegli almeno un valore: ruolo.' },
    ]);
    expect(await refused(one({ field: 'role', roles: ['presidente'] } as never))).toEqual([
      { path: 'groups.0.conditions.0.roles.0', message: 'ruolo non valido.' },
    ]);
    const unknownField = await refused(one({ field: 'compleanno' } as never));
    expect(unknownField[0]?.path).toBe('groups.0.conditions.0.field');
    expect(await refused(one({ field: 'profession', professionCode: 999 }))).toEqual([
      {
        path: 'groups.0.conditions.0.professionCode',
        message: 'Professione non presente negli elenchi nazionali.',
      },
    ]);
  });

  it('saves segments for the secretariat alone: create, edit, duplicate, delete, each audited', async () => {
    const input = {
      name: 'Soci morosi',
      description: 'Per il promemoria delle quote',
      definition: one({ field: 'dues', year: 2026, standings: ['arrears'] }),
    };
    for (const role of ['tesoreria', 'socio'] as const) {
      const refused = await app().inject({
        method: 'POST',
        url: '/api/v1/Admin/CommunicationSegments',
        headers: { authorization: `Bearer ${tokens[role]}` },
        payload: input,
      });
      expect(refused.statusCode, role).toBe(403);
    }
    const created = await call('POST', '/CommunicationSegments', input);
    expect(created.statusCode).toBe(201);
    const saved = created.json<{ data: SavedSegment }>().data;
    expect(saved).toMatchObject({
      name: 'Soci morosi',
      definition: input.definition,
      createdBy: 'segreteria.demo@example.org',
    });
    // The row holds the definition, never the recipients.
    const row = await db()
      .selectFrom('communication_segments')
      .selectAll()
      .where('id', '=', saved.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.definition_json)).toEqual(input.definition);
    const badEvent = await call('POST', '/CommunicationSegments', {
      ...input,
      definition: one({ field: 'ecmCertificate', eventId: 999_999, issued: true }),
    });
    expect(badEvent.statusCode).toBe(400);
    expect(badEvent.json()).toMatchObject({
      error: {
        issues: [
          { path: 'definition.groups.0.conditions.0.eventId', message: 'Evento inesistente.' },
        ],
      },
    });
    const edited = await call('PUT', `/CommunicationSegments/${saved.id}`, {
      ...input,
      name: 'Soci morosi e decaduti',
      definition: one({ field: 'dues', year: 2026, standings: ['arrears', 'lapsed'] }),
    });
    expect(edited.statusCode).toBe(200);
    const choices = await call('GET', '/CommunicationSegments/Events');
    expect(choices.json<{ data: { id: number }[] }>().data.map((event) => event.id)).toContain(
      events.course,
    );
    const copy = await call('POST', `/CommunicationSegments/${saved.id}/Duplicate`);
    expect(copy.statusCode).toBe(201);
    const copied = copy.json<{ data: SavedSegment }>().data;
    expect(copied).toMatchObject({
      name: 'Soci morosi e decaduti (copia)',
      definition: one({ field: 'dues', year: 2026, standings: ['arrears', 'lapsed'] }),
    });
    const listed = await call('GET', '/CommunicationSegments');
    const page = listed.json<{ data: AdminPage<SavedSegment> }>().data;
    expect(page.total).toBe(2);
    expect(page.items.map((segment) => segment.name)).toEqual([
      'Soci morosi e decaduti',
      'Soci morosi e decaduti (copia)',
    ]);
    expect((await call('DELETE', `/CommunicationSegments/${copied.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/CommunicationSegments/${copied.id}`)).statusCode).toBe(404);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'actor_email', 'summary'])
      .where('entity', '=', 'communication_segment')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      {
        action: 'crea',
        entity_id: String(saved.id),
        actor_email: 'segreteria.demo@example.org',
        summary: 'Segmento «Soci morosi» creato',
      },
      {
        action: 'modifica',
        entity_id: String(saved.id),
        actor_email: 'segreteria.demo@example.org',
        summary: 'Segmento «Soci morosi e decaduti» modificato',
      },
      {
        action: 'crea',
        entity_id: String(copied.id),
        actor_email: 'segreteria.demo@example.org',
        summary: 'Segmento «Soci morosi e decaduti (copia)» creato',
      },
      {
        action: 'elimina',
        entity_id: String(copied.id),
        actor_email: 'segreteria.demo@example.org',
        summary: 'Segmento «Soci morosi e decaduti (copia)» eliminato',
      },
    ]);
  });
});
