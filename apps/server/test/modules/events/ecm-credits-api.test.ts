import {
  ECM_CREDIT_MESSAGES,
  type AdminDashboard,
  type AdminEvent,
  type EcmCreditsReport,
  type EcmTestAdmin,
  type EcmTestView,
  type FileContent,
  type MyRegistration,
} from '@sodalis/contracts';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  memberInGoodStanding,
  registerTo,
  type Registrant,
} from '../../helpers/event-registrants.js';
import { sessionOf } from '../../helpers/ledger.js';
import { accountIdOf } from '../../helpers/member-api.js';
import { refused, staffSite } from '../../helpers/staff-api.js';
import { testEngines } from '../../helpers/test-app.js';

const START = new Date('2026-11-23T10:00:00Z');
/** The course: 28 January 2027, 09:00–13:00 in Rome (240 minutes). */
const AFTER = '2027-01-28T14:00:00Z';
/** Ten days after: the report is due within 90 days of the end. */
const LATER = '2027-02-07T10:00:00Z';
const SPONSOR = 'Farmaceutica Demo S.p.A.';
const SCHEMA = fileURLToPath(
  new URL('../../../src/modules/events/ecm/report/agenas-participants.xsd', import.meta.url),
);

/** Valid codici fiscali (the check character); the names differ, which ADR 059 only flags. */
const PEOPLE = {
  ada: { fiscalCode: 'RSSDAA80A41H501I', disciplineCode: 47 },
  bruno: { fiscalCode: 'BNCBRN75B01F205H', disciplineCode: 47 },
  carla: { fiscalCode: 'VRDCRL82C41L219T', disciplineCode: 47 },
  dario: { fiscalCode: 'NREDRA70D01A944L', disciplineCode: 47 },
  elena: { fiscalCode: 'GLLLNE85E41H501S', disciplineCode: 5 },
} as const;
type Name = keyof typeof PEOPLE;

describe.each(testEngines())('events: ECM credits, certificates and report on %s', (engine) => {
  let now = START;
  const staff = staffSite(engine, { clock: () => now, roles: ['redazione'] });
  type Person = Registrant;
  const people: Person[] = [];

  async function staffSessions() {
    for (const role of ['segreteria', 'redazione'] as const) {
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
  async function moveClock(to: string) {
    now = new Date(to);
    await staffSessions();
    for (const person of people) person.token = await sessionOf(staff.app, person.id);
  }

  let count = 0;
  async function registered(event: AdminEvent, name: Name, fiscalCode: string | null) {
    count += 1;
    const person = await registerTo(
      staff.app,
      event,
      await memberInGoodStanding(staff.app, `Ecm${engine}${count}`),
      { fiscalCode, disciplineCode: PEOPLE[name].disciplineCode },
    );
    people.push(person);
    return person;
  }

  const own = (person: Person, method: 'GET' | 'POST', path: string, payload?: object) =>
    staff.app.inject({
      method,
      url: `/api/v1/Events/Registrations/${person.registrationId}/${path}`,
      ...(payload === undefined ? {} : { payload }),
      headers: { authorization: `Bearer ${person.token}` },
    });
  const present = (person: Person, minutes: number) =>
    staff.ok(
      staff.call('POST', `/EventAttendance/Registrations/${person.registrationId}/EcmAdjustments`, {
        kind: 'replace',
        minutes,
        reason: 'Foglio firme',
      }),
    );
  async function takeTest(person: Person, bank: EcmTestAdmin, rightOnes: number) {
    const started = await staff.ok<EcmTestView>(own(person, 'POST', 'EcmTest/Attempts'));
    const attempt = started.attempt;
    if (attempt === null) throw new Error('nessun tentativo');
    const answers = attempt.questions.map((question, position) => {
      const original = bank.questions.find((item) => item.text === question.text);
      const right = question.options.indexOf(original?.options[original.correct] ?? '');
      return { position, choice: position < rightOnes ? right : (right + 1) % 4 };
    });
    return staff.ok<EcmTestView>(own(person, 'POST', 'EcmTest/Submit', { answers }));
  }
  const answerQuestionnaire = (person: Person, recruited: boolean) =>
    staff.ok(
      own(person, 'POST', 'Questionnaire', {
        rilevanza: '5',
        qualita: '4',
        utilita: '4',
        liberoDaInteressi: 'si',
        ...(recruited ? { reclutato: 'si', sponsor: SPONSOR } : { reclutato: 'no' }),
      }),
    );
  async function mine(person: Person) {
    const response = await staff.app.inject({
      method: 'GET',
      url: '/api/v1/Events/MyRegistrations',
      headers: { authorization: `Bearer ${person.token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: MyRegistration[] }).data.find(
      (row) => row.id === person.registrationId,
    );
  }
  const pendingReports = async () =>
    (await staff.ok<AdminDashboard>(staff.call('GET', '/Dashboard'))).pending.find(
      (item) => item.key === 'ecm-rapporti-da-inviare',
    );
  function validate(xml: string): string {
    const dir = mkdtempSync(join(tmpdir(), 'sodalis-agenas-'));
    const file = join(dir, 'rapporto.xml');
    writeFileSync(file, xml);
    try {
      return execFileSync('xmllint', ['--noout', '--schema', SCHEMA, file], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      return String((error as { stderr?: string }).stderr);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('decides each registrant’s credits by the four conditions, issues one numbered certificate, verifies and revokes it, reports the edition to Age.Na.S. and counts down the 90 days', async () => {
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
    const eventCode = String(400100 + count);
    await staff.ok(
      staff.call('PUT', `/Events/${event.id}/Ecm`, {
        type: 'residenziale',
        providerCode: '1234',
        eventCode,
        credits: 4,
        professions: [1],
        disciplines: [47],
        sponsors: [SPONSOR],
      }),
    );
    const test = `/Events/${event.id}/EcmTest`;
    for (let index = 1; index <= 12; index += 1) {
      await staff.ok(
        staff.call('POST', `${test}/Questions`, {
          text: `Domanda ${index} sulla compatibilità AB0?`,
          options: [
            `Giusta ${index}`,
            `Errata A ${index}`,
            `Errata B ${index}`,
            `Errata C ${index}`,
          ],
          correct: 0,
        }),
      );
    }
    const bank = await staff.ok<EcmTestAdmin>(staff.call('POST', `${test}/Open`));
    await staff.ok(
      staff.call('POST', `/Events/${event.id}/EcmSpeakers`, {
        firstName: 'Lucia',
        lastName: 'Bianchi',
        fiscalCode: 'BNCLCU75B41F205Z',
        professionCode: 1,
        disciplineCode: 47,
        employment: 'libero-professionista',
        role: 'docente',
        minutes: 60,
      }),
    );
    const ada = await registered(event, 'ada', PEOPLE.ada.fiscalCode);
    const bruno = await registered(event, 'bruno', PEOPLE.bruno.fiscalCode);
    const carla = await registered(event, 'carla', PEOPLE.carla.fiscalCode);
    const dario = await registered(event, 'dario', PEOPLE.dario.fiscalCode);
    const elena = await registered(event, 'elena', PEOPLE.elena.fiscalCode);
    // Fabio earns the credits but gave no codice fiscale: the report names him.
    const fabio = await registered(event, 'ada', null);

    // Before the end: no credits shown, the report refused.
    expect((await mine(ada))?.ecmCredits).toBeUndefined();
    await refused(
      staff.call('GET', `/EventAttendance/Events/${event.id}/EcmReport?formato=xml`),
      'id',
      ECM_CREDIT_MESSAGES.notEnded,
    );

    await moveClock(AFTER);
    for (const person of [ada, carla, dario, elena, fabio]) await present(person, 230);
    await present(bruno, 200);
    await takeTest(ada, bank, 10);
    await takeTest(carla, bank, 8);
    await takeTest(dario, bank, 12);
    await takeTest(fabio, bank, 9);
    await answerQuestionnaire(ada, true);
    for (const person of [bruno, carla, elena, fabio]) await answerQuestionnaire(person, false);

    // The staff see every condition of everyone.
    const report = await staff.ok<EcmCreditsReport>(
      staff.call('GET', `/EventAttendance/Events/${event.id}/EcmCredits`),
    );
    expect(report).toMatchObject({
      accredited: true,
      creditsText: '4',
      endedOn: '2027-01-28',
      reportDueOn: '2027-04-28',
      reported: null,
    });
    const rowOf = (person: Person) =>
      report.rows.find((row) => row.registrationId === person.registrationId);
    const unmet = (person: Person) =>
      rowOf(person)
        ?.checks.filter((check) => !check.met)
        .map((check) => check.text);
    expect(rowOf(ada)).toMatchObject({ earned: true, earnedOn: '28/01/2027', certificate: null });
    expect(unmet(ada)).toEqual([]);
    expect(unmet(bruno)).toEqual([
      'Presenza 83,3% su 90% richiesto',
      'Test di apprendimento non ancora svolto',
    ]);
    expect(unmet(carla)).toEqual([
      'Test non superato (66,7% su 75% richiesto): tentativi esauriti',
    ]);
    expect(unmet(dario)).toEqual(['Questionario di gradimento non ancora compilato']);
    expect(unmet(elena)).toEqual([
      'La tua disciplina (Ematologia) non è tra quelle accreditate per questo evento.',
      'Test di apprendimento non ancora svolto',
    ]);
    expect(rowOf(fabio)?.earned).toBe(true);

    // The person sees the same, and why not.
    expect((await mine(bruno))?.ecmCredits).toMatchObject({
      earned: false,
      creditsText: '4',
      certificate: null,
    });
    const adaCredits = (await mine(ada))?.ecmCredits;
    expect(adaCredits).toMatchObject({ earned: true, earnedOn: '28/01/2027', certificate: null });

    // No certificate without the credits; five downloads at once make one certificate.
    await refused(own(bruno, 'GET', 'EcmCertificate'), 'id', ECM_CREDIT_MESSAGES.notEarned);
    const downloads = await Promise.all(
      Array.from({ length: 5 }, () => own(ada, 'GET', 'EcmCertificate')),
    );
    expect(downloads.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const file = (downloads[0]?.json() as { data: FileContent }).data;
    expect(file.fileName).toBe(`attestato-ecm-1-${eventCode}-1.pdf`);
    expect(Buffer.from(file.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const { db } = staff.app.services;
    const stored = await db
      .selectFrom('event_ecm_certificates')
      .selectAll()
      .where('event_id', '=', event.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      number: 1,
      holder_name: expect.stringContaining('Ecm') as unknown,
      fiscal_code: PEOPLE.ada.fiscalCode,
      event_code: eventCode,
      credits_tenths: 40,
      earned_on: '2027-01-28',
    });
    // The database keeps one valid certificate per registration.
    const { id: _id, ...copy } = stored[0] as (typeof stored)[number];
    await expect(
      db
        .insertInto('event_ecm_certificates')
        .values({ ...copy, number: 99, verify_code: 'COPIA' })
        .execute(),
    ).rejects.toThrow();
    expect((await mine(ada))?.ecmCredits?.certificate).toMatchObject({
      number: `1/${eventCode}-1`,
      state: 'valid',
    });

    // Anyone verifies it at the certificates' address; a revocation shows at once.
    const code = stored[0]?.verify_code ?? '';
    const verified = await staff.app.services.ecmCredits.verify(code);
    expect(verified).toMatchObject({
      number: `1/${eventCode}-1`,
      eventTitle: event.title,
      state: 'valid',
      ecm: {
        creditsText: '4',
        eventCode,
        edition: 1,
        providerCode: '1234',
        earnedOn: '28/01/2027',
      },
    });
    await refused(
      staff.call('POST', `/EventAttendance/EcmCertificates/${stored[0]?.id}/Revoke`, {
        reason: '',
      }),
      'reason',
      'Scrivi il motivo della revoca (da 3 a 500 caratteri).',
    );
    await staff.ok(
      staff.call('POST', `/EventAttendance/EcmCertificates/${stored[0]?.id}/Revoke`, {
        reason: 'Nome scritto male',
      }),
    );
    expect(await staff.app.services.ecmCredits.verify(code)).toMatchObject({ state: 'revoked' });
    const [audit] = await staff.auditOf('event_ecm', event.id);
    expect(audit).toMatchObject({ action: 'revoca attestato ECM' });

    // The staff issue the rest in bulk: Ada's new one, then Fabio's; numbers without gaps.
    expect(
      await staff.ok<{ issued: number }>(
        staff.call('POST', `/EventAttendance/Events/${event.id}/EcmCertificates`),
      ),
    ).toEqual({ issued: 2 });
    expect(
      await staff.ok<{ issued: number }>(
        staff.call('POST', `/EventAttendance/Events/${event.id}/EcmCertificates`),
      ),
    ).toEqual({ issued: 0 });
    const numbers = (
      await db
        .selectFrom('event_ecm_certificates')
        .select(['number', 'registration_id', 'revoked_at'])
        .where('event_id', '=', event.id)
        .orderBy('number')
        .execute()
    ).map((row) => [row.number, row.registration_id, row.revoked_at === null]);
    expect(numbers).toEqual([
      [1, ada.registrationId, false],
      [2, ada.registrationId, true],
      [3, fabio.registrationId, true],
    ]);

    // The report: refused while Fabio has no codice fiscale, naming him.
    const xmlCall = () =>
      staff.app.inject({
        method: 'GET',
        url: `/api/v1/Admin/EventAttendance/Events/${event.id}/EcmReport?formato=xml`,
        headers: { authorization: `Bearer ${staff.tokens.segreteria}` },
      });
    const refusedReport = await xmlCall();
    expect(refusedReport.statusCode).toBe(400);
    expect(refusedReport.body).toContain(ECM_CREDIT_MESSAGES.reportMissing);
    expect(refusedReport.body).toContain('codice fiscale mancante');
    await staff.ok(
      staff.call('POST', `/EventRegistrations/${fabio.registrationId}/Cancel`, {
        reason: 'Iscrizione doppia',
      }),
    );
    const xml = await xmlCall();
    expect(xml.statusCode, xml.body).toBe(200);
    expect(xml.headers['content-disposition']).toContain(`rapporto-ecm-${eventCode}-1.xml`);
    expect(validate(xml.body)).toBe('');
    expect(xml.body).toContain(`cod_evento="${eventCode}"`);
    expect(xml.body).toContain(`cod_fisc="${PEOPLE.ada.fiscalCode}"`);
    expect(xml.body).toContain(`reclutato="S" sponsor="${SPONSOR}"`);
    expect(xml.body).toContain('cod_fisc="BNCLCU75B41F205Z"');
    expect(xml.body).toContain('ruolo="D" rapporto_lavoro="L"');
    expect(xml.body).not.toContain(PEOPLE.bruno.fiscalCode);
    expect(xml.body.match(/<partecipante /g)).toHaveLength(2);
    const csv = await staff.app.inject({
      method: 'GET',
      url: `/api/v1/Admin/EventAttendance/Events/${event.id}/EcmReport?formato=csv`,
      headers: { authorization: `Bearer ${staff.tokens.segreteria}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.startsWith('\uFEFFcognome;nome;codice fiscale;ruolo')).toBe(true);
    expect(csv.body).toContain('Presenza 83,3% su 90% richiesto');
    expect(csv.body).toContain('Bianchi;Lucia');

    // The 90 days: counted on the staff home until the sending is recorded.
    await moveClock(LATER);
    const before = await pendingReports();
    expect(before?.count).toBeGreaterThanOrEqual(1);
    await refused(
      staff.call('PUT', `/EventAttendance/Events/${event.id}/EcmReportSent`, {
        sentOn: '2027-02-30',
      }),
      'sentOn',
      ECM_CREDIT_MESSAGES.reportedOn,
    );
    await refused(
      staff.call('PUT', `/EventAttendance/Events/${event.id}/EcmReportSent`, {
        sentOn: '2027-03-01',
      }),
      'sentOn',
      ECM_CREDIT_MESSAGES.reportedOn,
    );
    await staff.ok(
      staff.call('PUT', `/EventAttendance/Events/${event.id}/EcmReportSent`, {
        sentOn: '2027-02-05',
        note: 'Caricato sul portale',
      }),
    );
    expect((await pendingReports())?.count).toBe((before?.count ?? 0) - 1);
    expect(
      (
        await staff.ok<EcmCreditsReport>(
          staff.call('GET', `/EventAttendance/Events/${event.id}/EcmCredits`),
        )
      ).reported,
    ).toEqual({
      on: '2027-02-05',
      by: 'segreteria.demo@example.org',
      note: 'Caricato sul portale',
    });
    expect((await staff.auditOf('event_ecm', event.id))[0]).toMatchObject({
      action: 'registra invio rapporto ECM',
    });
    // The editorial staff are not among the check-in's roles.
    expect(
      (
        await staff.call(
          'GET',
          `/EventAttendance/Events/${event.id}/EcmCredits`,
          undefined,
          'redazione',
        )
      ).statusCode,
    ).toBe(403);
  });

  it('the demo’s ECM course of last week: one participant in each state, its report counted down', async () => {
    const { db } = staff.app.services;
    const course = await db
      .selectFrom('events')
      .select(['id', 'ends_at'])
      .where('title', '=', 'Corso ECM: identificazione del paziente e controllo al letto')
      .executeTakeFirstOrThrow();
    // The demo is loaded on the clock's today: the course ended twelve days before it.
    expect(course.ends_at < now.toISOString()).toBe(true);
    const report = await staff.ok<EcmCreditsReport>(
      staff.call('GET', `/EventAttendance/Events/${course.id}/EcmCredits`),
    );
    expect(report.rows).toHaveLength(4);
    const unmet = report.rows.map((row) =>
      row.checks.filter((check) => !check.met).map((check) => check.condition),
    );
    expect(unmet.sort()).toEqual([[], ['attendance', 'test'], ['questionnaire'], ['test']].sort());
    const earned = report.rows.filter((row) => row.earned);
    expect(earned).toHaveLength(1);
    const pending = await pendingReports();
    expect(pending?.count).toBeGreaterThanOrEqual(1);
    expect(pending?.label).toContain(
      '«Corso ECM: identificazione del paziente e controllo al letto»',
    );
    expect(pending?.href).toBe(`/amministrazione/crediti-ecm?evento=${course.id}`);
    const xml = await staff.app.inject({
      method: 'GET',
      url: `/api/v1/Admin/EventAttendance/Events/${course.id}/EcmReport?formato=xml`,
      headers: { authorization: `Bearer ${staff.tokens.segreteria}` },
    });
    expect(xml.statusCode, xml.body).toBe(200);
    expect(validate(xml.body)).toBe('');
  });
});
