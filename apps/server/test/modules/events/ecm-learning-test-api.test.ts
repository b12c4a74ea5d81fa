import {
  bankRequired,
  ECM_TEST_MESSAGES,
  minimumQuestions,
  type AdminEvent,
  type EcmTestAdmin,
  type EcmTestView,
  type EventEcm,
  type MyRegistration,
} from '@sodalis/contracts';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  composeAttempt,
  scoreOf,
  type BankQuestion,
} from '../../../src/modules/events/ecm/learning-test/rules.js';
import { learningTestResults } from '../../../src/modules/events/ecm/learning-test/service.js';
import {
  memberInGoodStanding,
  registerTo,
  type Registrant,
} from '../../helpers/event-registrants.js';
import { sessionOf } from '../../helpers/ledger.js';
import { accountIdOf } from '../../helpers/member-api.js';
import { refused, staffSite } from '../../helpers/staff-api.js';
import { testEngines } from '../../helpers/test-app.js';

const bankOf = (size: number): BankQuestion[] =>
  Array.from({ length: size }, (_, index) => ({
    id: index + 1,
    text: `Domanda ${index + 1}`,
    options: ['a', 'b', 'c', 'd'].map((letter) => `${letter}${index + 1}`),
    correct: index % 4,
  }));

describe('the learning test’s rules (ADR 057)', () => {
  it('3 questions per credit, credits with one decimal; the bank a third larger above 5 attempts', () => {
    expect(minimumQuestions(4.5)).toBe(14);
    expect(minimumQuestions(4)).toBe(12);
    expect(minimumQuestions(4.1)).toBe(13);
    expect(minimumQuestions(0.3)).toBe(1);
    expect(bankRequired(5, 14)).toBe(14);
    expect(bankRequired(6, 14)).toBe(19);
    expect(bankRequired(10, 12)).toBe(16);
  });

  it('with more than 5 attempts each attempt shows at least a third of new questions, over many seeds', () => {
    for (const perAttempt of [3, 12, 14, 20]) {
      const bank = bankOf(bankRequired(10, perAttempt));
      for (let seed = 1; seed <= 150; seed += 1) {
        let previous: number[] | null = null;
        for (let attempt = 1; attempt <= 10; attempt += 1) {
          const shown = composeAttempt({
            bank,
            perAttempt,
            attemptsAllowed: 10,
            previous,
            seed: seed * 31 + attempt,
          });
          const ids = shown.map((question) => question.questionId);
          expect(new Set(ids).size).toBe(perAttempt);
          if (previous !== null) {
            const seen = new Set(previous);
            const fresh = ids.filter((id) => !seen.has(id)).length;
            expect(fresh).toBeGreaterThanOrEqual(Math.ceil(perAttempt / 3));
          }
          // Options shuffled, the right one followed.
          for (const question of shown) {
            const original = bank.find((item) => item.id === question.questionId);
            expect([...question.options].sort()).toEqual([...(original?.options ?? [])].sort());
            expect(question.options[question.correct]).toBe(original?.options[original.correct]);
          }
          previous = ids;
        }
      }
    }
  });

  it('the same seed gives the same attempt; other seeds other orders', () => {
    const bank = bankOf(14);
    const one = composeAttempt({
      bank,
      perAttempt: 14,
      attemptsAllowed: 1,
      previous: null,
      seed: 7,
    });
    const again = composeAttempt({
      bank,
      perAttempt: 14,
      attemptsAllowed: 1,
      previous: null,
      seed: 7,
    });
    expect(again).toEqual(one);
    const orders = new Set(
      Array.from({ length: 20 }, (_, seed) =>
        composeAttempt({ bank, perAttempt: 14, attemptsAllowed: 1, previous: null, seed })
          .map((question) => `${question.questionId}:${question.options.join('/')}`)
          .join(','),
      ),
    );
    expect(orders.size).toBe(20);
  });

  it('exactly the pass mark passes', () => {
    const shown = composeAttempt({
      bank: bankOf(16),
      perAttempt: 16,
      attemptsAllowed: 1,
      previous: null,
      seed: 3,
    });
    const right = (count: number) =>
      new Map(
        shown.map((question, position) => [
          position,
          position < count ? question.correct : (question.correct + 1) % 4,
        ]),
      );
    expect(scoreOf(shown, right(12), 75)).toEqual({
      correct: 12,
      total: 16,
      percent: 75,
      passed: true,
    });
    expect(scoreOf(shown, right(11), 75)).toMatchObject({ percent: 68.8, passed: false });
    expect(scoreOf(shown, new Map(), 75)).toMatchObject({ correct: 0, passed: false });
  });
});

const START = new Date('2026-11-23T10:00:00Z');
/** The course ends 28 January 2027, 13:00 in Rome (12:00 UTC); the test closes 3 days later. */
const AFTER = '2027-01-29T10:00:00Z';
const CLOSED = '2027-01-31T12:00:00Z';

describe.each(testEngines())('events: the ECM learning test on %s', (engine) => {
  let now = START;
  const staff = staffSite(engine, { clock: () => now, roles: ['tesoreria'] });

  async function staffSessions() {
    staff.tokens.segreteria = await sessionOf(
      staff.app,
      await accountIdOf(staff.app, 'segreteria.demo@example.org'),
    );
  }
  beforeEach(async () => {
    now = START;
    await staffSessions();
  });

  type Person = Registrant;
  const people: Person[] = [];
  async function moveClock(to: string) {
    now = new Date(to);
    await staffSessions();
    for (const person of people) person.token = await sessionOf(staff.app, person.id);
  }

  let count = 0;
  async function registered(
    event: AdminEvent,
    professionCode = 1,
    disciplineCode = 47,
  ): Promise<Person> {
    count += 1;
    const person = await registerTo(
      staff.app,
      event,
      await memberInGoodStanding(staff.app, `Test${engine}${count}`),
      { professionCode, disciplineCode },
    );
    people.push(person);
    return person;
  }

  const own = (person: Person, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    staff.app.inject({
      method,
      url: `/api/v1/Events/Registrations/${person.registrationId}/EcmTest${path}`,
      ...(payload === undefined ? {} : { payload }),
      headers: { authorization: `Bearer ${person.token}` },
    });
  const view = (person: Person) => staff.ok<EcmTestView>(own(person, 'GET', ''));
  const present = (person: Person, minutes = 240) =>
    staff.ok(
      staff.call('POST', `/EventAttendance/Registrations/${person.registrationId}/EcmAdjustments`, {
        kind: 'replace',
        minutes,
        reason: 'Foglio firme',
      }),
    );

  /** The bank's right option for each question text, to answer as a participant would. */
  function rightAnswers(test: EcmTestAdmin, attempt: NonNullable<EcmTestView['attempt']>) {
    return attempt.questions.map((question) => {
      const original = test.questions.find((item) => item.text === question.text);
      if (original === undefined) throw new Error('domanda sconosciuta');
      return question.options.indexOf(original.options[original.correct] ?? '');
    });
  }

  const question = (index: number) => ({
    text: `Domanda ${index} sul test di Coombs?`,
    options: [
      `Giusta ${index}`,
      `Sbagliata A ${index}`,
      `Sbagliata B ${index}`,
      `Sbagliata C ${index}`,
    ],
    correct: 0,
  });

  it('the bank: 4 options and one right; opened only with 3 questions per credit, the missing count said; audited; taken by eligible people only, shuffled, resumed, scored at the mark', async () => {
    const event = await staff.ok<AdminEvent>(
      staff.call('POST', '/Events', {
        title: `Corso ECM test ${randomUUID().slice(0, 6)}`,
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
    const test = `/Events/${event.id}/EcmTest`;
    await refused(
      staff.call('POST', `${test}/Questions`, question(1)),
      'eventId',
      ECM_TEST_MESSAGES.noEcm,
    );
    const ecm = {
      type: 'residenziale',
      providerCode: '1234',
      eventCode: '400003',
      credits: 4.5,
      professions: [1],
      disciplines: [47],
      attempts: 2,
    };
    await staff.ok(staff.call('PUT', `/Events/${event.id}/Ecm`, ecm));

    // The editor's rules, each under its field.
    const base = question(1);
    for (const [body, field, message] of [
      [{ ...base, options: base.options.slice(0, 3) }, 'options', ECM_TEST_MESSAGES.options],
      [{ ...base, options: [...base.options, 'Quinta'] }, 'options', ECM_TEST_MESSAGES.options],
      [{ ...base, options: ['Uno', 'uno', 'Due', 'Tre'] }, 'options', ECM_TEST_MESSAGES.options],
      [{ ...base, options: ['Uno', '', 'Due', 'Tre'] }, 'options.1', ECM_TEST_MESSAGES.options],
      [{ ...base, correct: 4 }, 'correct', ECM_TEST_MESSAGES.correct],
      [{ ...base, correct: [0, 1] }, 'correct', ECM_TEST_MESSAGES.correct],
      [{ text: base.text, options: base.options }, 'correct', ECM_TEST_MESSAGES.correct],
      [{ ...base, text: ' ' }, 'text', ECM_TEST_MESSAGES.text],
    ] as const) {
      await refused(staff.call('POST', `${test}/Questions`, body), field, message);
    }
    for (let index = 1; index <= 10; index += 1) {
      await staff.ok(staff.call('POST', `${test}/Questions`, question(index)));
    }
    await refused(
      staff.call('POST', `${test}/Open`),
      'questions',
      'Mancano 4 domande: servono almeno 14 domande per 4,5 crediti.',
    );
    // More than 5 attempts: a third of new questions each time, a larger bank.
    await staff.ok(staff.call('PUT', `/Events/${event.id}/Ecm`, { ...ecm, attempts: 6 }));
    await refused(
      staff.call('POST', `${test}/Open`),
      'questions',
      'Mancano 9 domande: servono almeno 19 domande per 4,5 crediti (14 per tentativo e un terzo di domande nuove a ogni tentativo, con 6 tentativi).',
    );
    await staff.ok(staff.call('PUT', `/Events/${event.id}/Ecm`, ecm));
    const checklistLine = async () =>
      (await staff.ok<EventEcm>(staff.call('GET', `/Events/${event.id}/Ecm`))).checklist.find(
        (item) => item.key === 'learningTest',
      );
    expect(await checklistLine()).toMatchObject({
      done: false,
      label: 'Test di apprendimento: Mancano 4 domande: servono almeno 14 domande per 4,5 crediti.',
    });
    // 16 a attempt (so 12 right is exactly 75%), never fewer than the minimum.
    await refused(
      staff.call('PUT', test, { questionsPerAttempt: 13 }),
      'questionsPerAttempt',
      ECM_TEST_MESSAGES.questionsPerAttemptBelow(14, 4.5),
    );
    await refused(
      staff.call('PUT', test, { closesAt: '2027-01-28T10:00:00Z' }),
      'closesAt',
      ECM_TEST_MESSAGES.closesAt,
    );
    await staff.ok(staff.call('PUT', test, { questionsPerAttempt: 16 }));
    for (let index = 11; index <= 16; index += 1) {
      await staff.ok(staff.call('POST', `${test}/Questions`, question(index)));
    }
    const opened = await staff.ok<EcmTestAdmin>(staff.call('POST', `${test}/Open`));
    expect(opened).toMatchObject({
      open: true,
      minimumQuestions: 14,
      questionsPerAttempt: 16,
      bankRequired: 16,
      missing: null,
      closesAt: '2027-01-31T12:00:00.000Z',
    });
    expect(await checklistLine()).toMatchObject({ done: true });
    // Open: the bank may not shrink below what it needs.
    const first = opened.questions[0];
    if (first === undefined) throw new Error('nessuna domanda');
    await refused(
      staff.call('DELETE', `${test}/Questions/${first.id}`),
      'questionId',
      ECM_TEST_MESSAGES.bankShrinks(
        'Manca 1 domanda: servono almeno 16 domande per 4,5 crediti (16 per tentativo).',
      ),
    );
    // Edited and reordered: audited.
    await staff.ok(
      staff.call('PUT', `${test}/Questions/${first.id}`, {
        ...question(1),
        text: 'Domanda 1 rivista?',
      }),
    );
    const reversed = opened.questions.map((item) => item.id).reverse();
    await refused(
      staff.call('POST', `${test}/Order`, { ids: reversed.slice(1) }),
      'ids',
      ECM_TEST_MESSAGES.order,
    );
    const reordered = await staff.ok<EcmTestAdmin>(
      staff.call('POST', `${test}/Order`, { ids: reversed }),
    );
    expect(reordered.questions.map((item) => item.id)).toEqual(reversed);
    const audit = await staff.auditOf('event_ecm', event.id);
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        'aggiunge domanda test ECM',
        'modifica domanda test ECM',
        'riordina domande test ECM',
        'apre test ECM',
        'modifica test ECM',
      ]),
    );
    expect((await staff.call('GET', test, undefined, 'tesoreria')).statusCode).toBe(403);

    // Participants.
    const ada = await registered(event);
    const bruno = await registered(event, 1, 47);
    const carla = await registered(event, 14, 85);
    const dario = await registered(event);
    const before = await view(ada);
    expect(before.refusal).toBe('Il test si apre al termine dell’evento: dal 28/01/2027, 13:00.');
    await refused(own(ada, 'POST', '/Attempts'), 'test', before.refusal ?? '');

    await moveClock(AFTER);
    await present(ada, 180);
    expect((await view(ada)).refusal).toBe(
      'Non puoi ancora svolgere il test: presenza 75% su 90% richiesto.',
    );
    await present(ada, 240);
    await present(bruno);
    await present(carla);
    await present(dario);
    expect((await view(ada)).refusal).toBeNull();
    expect((await view(bruno)).refusal).toBeNull();
    expect((await view(carla)).refusal).toBe(
      'La tua professione (Infermiere) non è tra quelle accreditate per questo evento.',
    );
    await refused(own(carla, 'POST', '/Attempts'), 'test', (await view(carla)).refusal ?? '');

    // «Le mie iscrizioni» links the test with its state.
    const mine = async (person: Person) => {
      const response = await staff.app.inject({
        method: 'GET',
        url: '/api/v1/Events/MyRegistrations',
        headers: { authorization: `Bearer ${person.token}` },
      });
      return (response.json() as { data: MyRegistration[] }).data.find(
        (row) => row.id === person.registrationId,
      );
    };
    expect((await mine(ada))?.ecmTest).toEqual({
      state: 'da-svolgere',
      attemptsLeft: 2,
      closesAt: '2027-01-31T12:00:00.000Z',
    });
    expect((await mine(carla))?.ecmTest).toBeUndefined();

    // Ten "start" at once: one attempt.
    const starts = await Promise.all(
      Array.from({ length: 10 }, () => own(ada, 'POST', '/Attempts')),
    );
    expect(starts.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const [one, two] = starts.map((answer) => (answer.json() as { data: EcmTestView }).data);
    expect(one?.attempt?.number).toBe(1);
    expect(two?.attempt).toEqual(one?.attempt);
    expect((await view(ada)).attemptsUsed).toBe(1);
    expect(new Set(starts.map((answer) => JSON.stringify(answer.json())))).toHaveProperty(
      'size',
      1,
    );
    // The database refuses a second attempt of the same number.
    const { db } = staff.app.services;
    const stored = await db
      .selectFrom('event_ecm_attempts')
      .selectAll()
      .where('registration_id', '=', ada.registrationId)
      .execute();
    expect(stored).toHaveLength(1);
    const { id: _id, ...copy } = stored[0] as (typeof stored)[number];
    await expect(db.insertInto('event_ecm_attempts').values(copy).execute()).rejects.toThrow();
    const attempt = one?.attempt;
    if (attempt === null || attempt === undefined) throw new Error('nessun tentativo');
    expect(attempt.questions).toHaveLength(16);
    expect(JSON.stringify(attempt)).not.toContain('correct');
    // A reload shows the same order; another person another.
    expect((await view(ada)).attempt?.questions).toEqual(attempt.questions);
    const other = await staff.ok<EcmTestView>(own(bruno, 'POST', '/Attempts'));
    expect(
      other.attempt?.questions.map((item) => `${item.text}${item.options.join()}`),
    ).not.toEqual(attempt.questions.map((item) => `${item.text}${item.options.join()}`));

    // Answers saved as given, one at a time; the attempt resumes with them.
    const admin = await staff.ok<EcmTestAdmin>(staff.call('GET', test));
    const right = rightAnswers(admin, attempt);
    for (const position of [0, 1, 2]) {
      await staff.ok(own(ada, 'PUT', `/Answers/${position}`, { choice: right[position] }));
    }
    await staff.ok(own(ada, 'PUT', '/Answers/2', { choice: ((right[2] ?? 0) + 1) % 4 }));
    await refused(own(ada, 'PUT', '/Answers/3', { choice: 4 }), 'choice', ECM_TEST_MESSAGES.choice);
    await refused(
      own(ada, 'PUT', '/Answers/16', { choice: 1 }),
      'position',
      ECM_TEST_MESSAGES.position,
    );
    const resumed = await view(ada);
    expect(resumed.state).toBe('in-corso');
    expect(resumed.attempt?.questions.map((item) => item.chosen).slice(0, 4)).toEqual([
      right[0],
      right[1],
      ((right[2] ?? 0) + 1) % 4,
      null,
    ]);

    // Handed in with 11 of 16 right (68.8%): not passed, one attempt left, no right answers shown.
    const wrong = (position: number) => ((right[position] ?? 0) + 1) % 4;
    const failed = await staff.ok<EcmTestView>(
      own(ada, 'POST', '/Submit', {
        answers: right.map((choice, position) => ({
          position,
          choice: position < 11 ? choice : wrong(position),
        })),
      }),
    );
    expect(failed).toMatchObject({
      state: 'non-superato',
      attemptsLeft: 1,
      attempt: null,
      last: { number: 1, correct: 11, total: 16, percent: 68.8, passed: false },
    });
    await refused(
      own(ada, 'PUT', '/Answers/0', { choice: 0 }),
      'attempt',
      ECM_TEST_MESSAGES.noAttempt,
    );

    // The second attempt: exactly 75% passes.
    const second = await staff.ok<EcmTestView>(own(ada, 'POST', '/Attempts'));
    if (second.attempt === null) throw new Error('nessun secondo tentativo');
    const right2 = rightAnswers(admin, second.attempt);
    const passed = await staff.ok<EcmTestView>(
      own(ada, 'POST', '/Submit', {
        answers: right2.map((choice, position) => ({
          position,
          choice: position < 12 ? choice : (choice + 1) % 4,
        })),
      }),
    );
    expect(passed).toMatchObject({
      state: 'superato',
      attemptsLeft: 0,
      last: { number: 2, correct: 12, total: 16, percent: 75, passed: true },
    });
    await refused(own(ada, 'POST', '/Attempts'), 'test', ECM_TEST_MESSAGES.alreadyPassed);
    expect((await mine(ada))?.ecmTest).toMatchObject({ state: 'superato', attemptsLeft: 0 });

    // Two attempts failed (each handed in eight times at once: scored once), no third.
    for (let attemptNumber = 1; attemptNumber <= 2; attemptNumber += 1) {
      await staff.ok(own(dario, 'POST', '/Attempts'));
      const handIns = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          own(dario, 'POST', '/Submit', { answers: [{ position: 0, choice: index % 4 }] }),
        ),
      );
      expect(handIns.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      for (const answer of handIns.filter((item) => item.statusCode !== 200)) {
        expect(answer.statusCode).toBe(400);
        const [issue] = (answer.json() as { error: { issues: { message: string }[] } }).error
          .issues;
        expect([ECM_TEST_MESSAGES.noAttempt, ECM_TEST_MESSAGES.submitted]).toContain(
          issue?.message,
        );
      }
    }
    await refused(own(dario, 'POST', '/Attempts'), 'test', ECM_TEST_MESSAGES.noAttemptsLeft);
    expect(await view(dario)).toMatchObject({ state: 'non-superato', attemptsLeft: 0 });

    // The lead's export: best passing attempt, attempts and last result.
    const results = await learningTestResults(staff.app.services.db, event.id);
    expect(results.find((row) => row.registrationId === ada.registrationId)).toEqual({
      registrationId: ada.registrationId,
      attempts: 2,
      last: expect.objectContaining({ number: 2, passed: true, percent: 75 }),
      bestPassing: { percent: 75, submittedAt: AFTER.replace('Z', '.000Z'), number: 2 },
    });
    expect(results.find((row) => row.registrationId === dario.registrationId)).toMatchObject({
      attempts: 2,
      last: { passed: false },
      bestPassing: null,
    });
    expect(results.find((row) => row.registrationId === bruno.registrationId)).toMatchObject({
      attempts: 1,
      last: null,
      bestPassing: null,
    });

    // A bank edited after attempts began: the attempt under way keeps what it showed.
    const brunoBefore = (await view(bruno)).attempt?.questions;
    await staff.ok(
      staff.call('PUT', `${test}/Questions/${first.id}`, {
        ...question(1),
        text: 'Domanda cambiata?',
      }),
    );
    expect((await view(bruno)).attempt?.questions).toEqual(brunoBefore);

    // After the closing instant: closed.
    await moveClock(CLOSED);
    expect((await view(bruno)).refusal).toBe('Il test si è chiuso il 31/01/2027, 13:00.');
    // Not one's own registration: 404.
    expect(
      (await own({ ...carla, registrationId: ada.registrationId }, 'GET', '')).statusCode,
    ).toBe(404);
  });
});
