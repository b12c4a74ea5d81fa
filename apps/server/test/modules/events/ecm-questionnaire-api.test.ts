import {
  OTHER_SPONSOR,
  QUESTIONNAIRE_DONE_MESSAGE,
  QUESTIONNAIRE_MESSAGES,
  type AdminEvent,
  type MyQuestionnaire,
  type MyRegistration,
  type QuestionnaireReport,
  type RegistrationAnswer,
} from '@sodalis/contracts';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  questionnaireCompletionsOfEvent,
  questionnaireState,
  questionnaireWindow,
} from '../../../src/modules/events/ecm/questionnaire/service.js';
import { CURRENT_QUESTIONNAIRE } from '../../../src/modules/events/ecm/questionnaire/reference.js';
import { addLedgerMember, sessionOf } from '../../helpers/ledger.js';
import { accountIdOf } from '../../helpers/member-api.js';
import { refused, staffSite } from '../../helpers/staff-api.js';
import { testEngines } from '../../helpers/test-app.js';

const START = new Date('2026-11-23T10:00:00Z');
/** The course: 28 January 2027, 09:00–13:00 in Rome (12:00 UTC its end). */
const DURING = '2027-01-28T11:00:00Z';
const AFTER = '2027-01-28T12:30:00Z';
/** 15 days after the last day (ECM_QUESTIONNAIRE_DAYS' default), 23:59 in Rome: still open. */
const LAST_MINUTE = '2027-02-12T22:59:00Z';
const CLOSED = '2027-02-12T23:00:00Z';
const SPONSOR = 'Alfa Farmaceutici S.p.A.';

describe('the questionnaire’s window (ADR 058)', () => {
  it('opens at the event’s end and closes at midnight in Rome after the set days', () => {
    const window = questionnaireWindow({ ends_at: '2027-01-28T12:00:00.000Z' }, 15);
    expect(window).toEqual({
      opensAt: '2027-01-28T12:00:00.000Z',
      closesAt: '2027-02-12T23:00:00.000Z',
    });
    // Across the change to summer time (28 March 2027): midnight is 22:00 UTC.
    expect(questionnaireWindow({ ends_at: '2027-03-20T16:00:00.000Z' }, 15).closesAt).toBe(
      '2027-04-04T22:00:00.000Z',
    );
    expect(questionnaireState('2027-01-28T11:59:59.000Z', window, false)).toBe('non-ancora');
    expect(questionnaireState(window.opensAt, window, false)).toBe('da-compilare');
    expect(questionnaireState(window.closesAt, window, false)).toBe('chiuso');
    expect(questionnaireState(window.closesAt, window, true)).toBe('compilato');
  });
});

/** A whole, valid submission. */
const GOOD = {
  rilevanza: '5',
  qualita: '4',
  utilita: '4',
  liberoDaInteressi: 'si',
  reclutato: 'no',
};

describe.each(testEngines())('events: the ECM questionnaire on %s', (engine) => {
  let now = START;
  const staff = staffSite(engine, { clock: () => now });
  const people: { id: number; token: string }[] = [];

  async function refreshSessions() {
    staff.tokens.segreteria = await sessionOf(
      staff.app,
      await accountIdOf(staff.app, 'segreteria.demo@example.org'),
    );
    for (const person of people) person.token = await sessionOf(staff.app, person.id);
  }
  async function moveClock(to: string) {
    now = new Date(to);
    await refreshSessions();
  }
  beforeEach(async () => {
    now = START;
    await refreshSessions();
  });

  async function register(person: { id: number; token: string }, event: AdminEvent) {
    const response = await staff.app.inject({
      method: 'POST',
      url: `/api/v1/Events/${event.id}/Registrations`,
      payload: {
        requestKey: randomUUID().replaceAll('-', ''),
        typeId: event.registrationTypes[0]?.id,
        addonIds: [],
        professionCode: 1,
        disciplineCode: 47,
        employment: 'dipendente',
      },
      headers: { authorization: `Bearer ${person.token}` },
    });
    expect(response.statusCode, response.body).toBe(201);
    const answer = (response.json() as { data: RegistrationAnswer }).data;
    expect(answer.registration.state).toBe('confirmed');
    return answer.registration.id;
  }

  let count = 0;
  async function member(name: string) {
    count += 1;
    const id = await addLedgerMember(staff.app, `${name}${engine}${count}`, 2025, {
      2025: 'paid',
      2026: 'paid',
    });
    const person = { id, token: await sessionOf(staff.app, id) };
    people.push(person);
    return person;
  }

  async function accreditedEvent(ecm = true) {
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
    if (ecm) {
      await staff.ok(
        staff.call('PUT', `/Events/${event.id}/Ecm`, {
          type: 'residenziale',
          providerCode: '1234',
          eventCode: '400003',
          credits: 4,
          professions: [1],
          disciplines: [47],
          sponsors: [SPONSOR],
        }),
      );
    }
    return event;
  }

  const path = (registrationId: number) =>
    `/api/v1/Events/Registrations/${registrationId}/Questionnaire`;
  const page = (person: { token: string }, registrationId: number) =>
    staff.app.inject({
      method: 'GET',
      url: path(registrationId),
      headers: { authorization: `Bearer ${person.token}` },
    });
  const submit = (person: { token: string }, registrationId: number, payload: object) =>
    staff.app.inject({
      method: 'POST',
      url: path(registrationId),
      payload,
      headers: { authorization: `Bearer ${person.token}` },
    });
  async function conflictOf(response: Promise<{ statusCode: number; json(): unknown }>) {
    const answer = await response;
    expect(answer.statusCode).toBe(409);
    return (answer.json() as { error: { issues: { message: string }[] } }).error.issues[0]?.message;
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
  const db = () => staff.app.services.db;
  const storedAnswers = (eventId: number) =>
    db()
      .selectFrom('event_ecm_questionnaire_answers')
      .selectAll()
      .where('event_id', '=', eventId)
      .execute();
  const storedCompletions = (eventId: number) =>
    db()
      .selectFrom('event_ecm_questionnaire_completions')
      .selectAll()
      .where('event_id', '=', eventId)
      .execute();

  it('answered once by a confirmed registrant while open, every answer required, the reason when not free of commercial interests, the sponsor declared', async () => {
    const event = await accreditedEvent();
    const anna = await member('Questionario');
    const annaRegistration = await register(anna, event);
    const other = await member('Estraneo');

    // Before the end: the page says when it opens; a submission is refused.
    await moveClock(DURING);
    const before = (await page(anna, annaRegistration)).json() as { data: MyQuestionnaire };
    expect(before.data).toMatchObject({
      state: 'non-ancora',
      opensAt: '2027-01-28T12:00:00.000Z',
      closesAt: '2027-02-12T23:00:00.000Z',
      sponsors: [SPONSOR],
      completedAt: null,
    });
    expect(before.data.form.version).toBe(CURRENT_QUESTIONNAIRE.version);
    expect(await conflictOf(submit(anna, annaRegistration, GOOD))).toBe(
      QUESTIONNAIRE_MESSAGES.notOpen('28/01/2027, 13:00'),
    );
    expect((await mine(anna, annaRegistration))?.ecmQuestionnaire?.state).toBe('non-ancora');

    await moveClock(AFTER);
    expect((await mine(anna, annaRegistration))?.ecmQuestionnaire?.state).toBe('da-compilare');
    // Not theirs: 404, the same as no registration at all.
    expect((await page(other, annaRegistration)).statusCode).toBe(404);
    expect((await submit(other, annaRegistration, GOOD)).statusCode).toBe(404);
    expect((await submit(other, 999_999, GOOD)).statusCode).toBe(404);

    // Every question and the declaration required, each under its field, in Italian.
    const empty = await submit(anna, annaRegistration, {});
    expect(empty.statusCode).toBe(400);
    const issues = (empty.json() as { error: { issues: { path: string }[] } }).error.issues;
    expect(issues.map((issue) => issue.path)).toEqual([
      ...CURRENT_QUESTIONNAIRE.questions.map((question) => question.key),
      'reclutato',
    ]);
    await refused(
      submit(anna, annaRegistration, { ...GOOD, qualita: '9' }),
      'qualita',
      QUESTIONNAIRE_MESSAGES.answer(CURRENT_QUESTIONNAIRE.questions[1]?.text ?? ''),
    );
    const reasonLabel = CURRENT_QUESTIONNAIRE.questions[3]?.reason?.label ?? '';
    await refused(
      submit(anna, annaRegistration, { ...GOOD, liberoDaInteressi: 'no' }),
      'liberoDaInteressiMotivo',
      QUESTIONNAIRE_MESSAGES.reason(reasonLabel),
    );
    await refused(
      submit(anna, annaRegistration, {
        ...GOOD,
        liberoDaInteressi: 'no',
        liberoDaInteressiMotivo: '  ',
      }),
      'liberoDaInteressiMotivo',
      QUESTIONNAIRE_MESSAGES.reason(reasonLabel),
    );
    await refused(
      submit(anna, annaRegistration, { ...GOOD, reclutato: 'si' }),
      'sponsor',
      QUESTIONNAIRE_MESSAGES.sponsor,
    );
    await refused(
      submit(anna, annaRegistration, { ...GOOD, reclutato: 'si', sponsor: 'Nessuno di questi' }),
      'sponsor',
      QUESTIONNAIRE_MESSAGES.sponsor,
    );
    await refused(
      submit(anna, annaRegistration, { ...GOOD, reclutato: 'si', sponsor: OTHER_SPONSOR }),
      'altroSponsor',
      QUESTIONNAIRE_MESSAGES.otherSponsor,
    );
    await refused(
      submit(anna, annaRegistration, { ...GOOD, reclutato: 'forse' }),
      'reclutato',
      QUESTIONNAIRE_MESSAGES.recruited,
    );
    expect((await submit(anna, annaRegistration, [1, 2])).statusCode).toBe(400);
    expect(await storedCompletions(event.id)).toEqual([]);
    expect(await storedAnswers(event.id)).toEqual([]);

    // Two submissions at once: one is stored, the other told it is done.
    const valid = {
      ...GOOD,
      liberoDaInteressi: 'no',
      liberoDaInteressiMotivo: 'Un relatore ha presentato un solo prodotto.',
      reclutato: 'si',
      sponsor: SPONSOR,
    };
    const answers = await Promise.all([
      submit(anna, annaRegistration, valid),
      submit(anna, annaRegistration, valid),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const accepted = answers.find((answer) => answer.statusCode === 200);
    expect(accepted?.json()).toEqual({ data: { message: QUESTIONNAIRE_DONE_MESSAGE } });
    const twice = answers.find((answer) => answer.statusCode === 409);
    expect(
      (twice?.json() as { error: { issues: { message: string }[] } }).error.issues[0]?.message,
    ).toBe(QUESTIONNAIRE_MESSAGES.done);
    expect(await conflictOf(submit(anna, annaRegistration, valid))).toBe(
      QUESTIONNAIRE_MESSAGES.done,
    );
    expect(await storedCompletions(event.id)).toEqual([
      {
        registration_id: annaRegistration,
        event_id: event.id,
        form_version: CURRENT_QUESTIONNAIRE.version,
        completed_at: new Date(AFTER).toISOString(),
        recruited: 1,
        sponsor_name: SPONSOR,
      },
    ]);
    expect((await storedAnswers(event.id)).length).toBe(1);
    // The database itself keeps one completion per registration, whatever the service checks.
    await expect(
      db()
        .insertInto('event_ecm_questionnaire_completions')
        .values({
          registration_id: annaRegistration,
          event_id: event.id,
          form_version: CURRENT_QUESTIONNAIRE.version,
          completed_at: new Date(AFTER).toISOString(),
          recruited: 0,
          sponsor_name: null,
        })
        .execute(),
    ).rejects.toThrow();
    expect((await mine(anna, annaRegistration))?.ecmQuestionnaire?.state).toBe('compilato');
    expect(
      ((await page(anna, annaRegistration)).json() as { data: MyQuestionnaire }).data,
    ).toMatchObject({ state: 'compilato', completedAt: new Date(AFTER).toISOString() });
  });

  it('the answers are kept apart with no way back to the person; staff see counts, reasons and sponsors, never names; the lead reads completions and declarations', async () => {
    const event = await accreditedEvent();
    const first = await member('Primo');
    const second = await member('Seconda');
    const late = await member('Ritardo');
    const firstRegistration = await register(first, event);
    const secondRegistration = await register(second, event);
    const lateRegistration = await register(late, event);
    // A person who is not a member (ADR 055), with the demo's account.
    const participant = {
      id: await accountIdOf(staff.app, 'partecipante.demo@example.org'),
      token: '',
    };
    people.push(participant);
    participant.token = await sessionOf(staff.app, participant.id);
    const participantRegistration = await register(participant, event);

    await moveClock(AFTER);
    await staff.ok(
      submit(first, firstRegistration, {
        ...GOOD,
        liberoDaInteressi: 'no',
        liberoDaInteressiMotivo: 'Troppa pubblicità nelle diapositive.',
      }),
    );
    await staff.ok(
      submit(second, secondRegistration, {
        ...GOOD,
        rilevanza: '3',
        reclutato: 'si',
        sponsor: OTHER_SPONSOR,
        altroSponsor: 'Beta Diagnostici S.r.l.',
      }),
    );
    await moveClock(LAST_MINUTE);
    await staff.ok(
      submit(participant, participantRegistration, { ...GOOD, reclutato: 'si', sponsor: SPONSOR }),
    );

    // Closed: refused with the last minute it was open; the list says so.
    await moveClock(CLOSED);
    expect(await conflictOf(submit(late, lateRegistration, GOOD))).toBe(
      QUESTIONNAIRE_MESSAGES.closed('12/02/2027, 23:59'),
    );
    expect((await mine(late, lateRegistration))?.ecmQuestionnaire?.state).toBe('chiuso');

    // The stored answers: the event, the version, the answers, a random key; nothing else.
    const rows = await storedAnswers(event.id);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual([
        'answers',
        'event_id',
        'form_version',
        'response_key',
      ]);
      expect(row.response_key).toMatch(/^[0-9a-f]{32}$/);
      const stored = JSON.parse(row.answers) as { answers: object; reasons: object };
      expect(Object.keys(stored).sort()).toEqual(['answers', 'reasons']);
      for (const registrationId of [
        firstRegistration,
        secondRegistration,
        participantRegistration,
      ]) {
        expect(row.answers).not.toContain(String(registrationId));
      }
    }
    // The reasons go with the answers only: the completions hold no answer.
    expect(JSON.stringify(await storedCompletions(event.id))).not.toContain('pubblicità');

    const report = await staff.ok<QuestionnaireReport>(
      staff.call('GET', `/Events/${event.id}/EcmQuestionnaire`),
    );
    expect(report).toMatchObject({ accredited: true, confirmed: 4, completed: 3 });
    const relevance = report.questions.find((question) => question.key === 'rilevanza');
    expect(
      relevance?.options.map((option) => [option.label, option.count, option.percent]),
    ).toEqual([
      ['Non rilevante', 0, 0],
      ['Poco rilevante', 0, 0],
      ['Abbastanza rilevante', 1, 33.3],
      ['Rilevante', 0, 0],
      ['Molto rilevante', 2, 66.7],
    ]);
    const interests = report.questions.find((question) => question.key === 'liberoDaInteressi');
    expect(interests?.options.map((option) => option.count)).toEqual([2, 1]);
    expect(interests?.reasons).toEqual(['Troppa pubblicità nelle diapositive.']);
    expect(report.sponsorship).toEqual({
      notRecruited: 1,
      recruited: [
        { name: SPONSOR, count: 1 },
        { name: 'Beta Diagnostici S.r.l.', count: 1 },
      ],
    });
    const registrants = await db()
      .selectFrom('event_registrations')
      .select(['first_name', 'last_name', 'email'])
      .where('event_id', '=', event.id)
      .execute();
    const csv = await staff.call('GET', `/Events/${event.id}/EcmQuestionnaire/Csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    expect(csv.body).toContain('Molto rilevante;2;66,7%');
    for (const person of registrants) {
      for (const word of [person.first_name, person.last_name, person.email]) {
        expect(JSON.stringify(report)).not.toContain(word);
        expect(csv.body).not.toContain(word);
      }
    }
    // Not for a member who is not staff.
    expect(
      (
        await staff.app.inject({
          method: 'GET',
          url: `/api/v1/Admin/Events/${event.id}/EcmQuestionnaire`,
          headers: { authorization: `Bearer ${first.token}` },
        })
      ).statusCode,
    ).toBe(403);

    // For the credits and the Age.Na.S. report: who completed it, when, and the declarations.
    expect(await questionnaireCompletionsOfEvent(db(), event.id)).toEqual([
      {
        registrationId: firstRegistration,
        completedAt: new Date(AFTER).toISOString(),
        recruited: false,
        sponsorName: null,
      },
      {
        registrationId: secondRegistration,
        completedAt: new Date(AFTER).toISOString(),
        recruited: true,
        sponsorName: 'Beta Diagnostici S.r.l.',
      },
      {
        registrationId: participantRegistration,
        completedAt: new Date(LAST_MINUTE).toISOString(),
        recruited: true,
        sponsorName: SPONSOR,
      },
    ]);
  });

  it('an event without ECM data has no questionnaire', async () => {
    const event = await accreditedEvent(false);
    const person = await member('Senza');
    const registrationId = await register(person, event);
    await moveClock(AFTER);
    expect(await conflictOf(submit(person, registrationId, GOOD))).toBe(
      QUESTIONNAIRE_MESSAGES.notEcm,
    );
    expect((await mine(person, registrationId))?.ecmQuestionnaire).toBeUndefined();
  });
});
