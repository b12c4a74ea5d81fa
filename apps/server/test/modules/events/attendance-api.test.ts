import {
  ATTENDANCE_MESSAGES,
  notInSessionMessage,
  SESSION_MESSAGES,
  type EventSession,
  type EventSessions,
  type AdminAttendanceRow,
  type AdminCertificate,
  type AdminEvent,
  type CheckInPerson,
  type CheckInPresence,
  type CheckInResult,
  type CheckInScan,
  type FileContent,
  type MyRegistration,
  type RegistrationAnswer,
} from '@sodalis/contracts';
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  attendanceOf,
  eventDaySpans,
  sessionSpans,
} from '../../../src/modules/events/attendance/attendance.js';
import { addLedgerMember, sessionOf } from '../../helpers/ledger.js';
import { accountIdOf } from '../../helpers/member-api.js';
import { staffSite } from '../../helpers/staff-api.js';
import { testEngines } from '../../helpers/test-app.js';

const START = new Date('2026-11-23T10:00:00Z');
/** The congress's first day, 11:00 in Rome. */
const DAY_ONE = '2027-01-28T10:00:00Z';
/** After the congress's end (29 January, 18:00 in Rome). */
const AFTER = '2027-02-01T10:00:00Z';

describe('attendance from scans', () => {
  // 28–29 January 2027, 09:00–18:00 in Rome (UTC+1): 08:00–17:00 UTC each day.
  const spans = eventDaySpans({
    startsAt: '2027-01-28T08:00:00.000Z',
    endsAt: '2027-01-29T17:00:00.000Z',
  });
  const scan = (direction: 'in' | 'out', at: string) => ({
    direction,
    scanned_at: at,
    day: at.slice(0, 10),
  });

  it('a congress of several days runs each day from its start’s hour to its end’s', () => {
    expect(
      spans.map((span) => [span.day, span.start.toISOString(), span.end.toISOString()]),
    ).toEqual([
      ['2027-01-28', '2027-01-28T08:00:00.000Z', '2027-01-28T17:00:00.000Z'],
      ['2027-01-29', '2027-01-29T08:00:00.000Z', '2027-01-29T17:00:00.000Z'],
    ]);
  });

  it('pairs entries with exits per day, ignores a second entry, closes an open entry at the day’s end and counts only the day’s hours', () => {
    const attendance = attendanceOf(
      [
        scan('out', '2027-01-28T07:00:00.000Z'), // an exit with no entry: nothing
        scan('in', '2027-01-28T08:30:00.000Z'),
        scan('in', '2027-01-28T08:45:00.000Z'), // a second desk: still since 08:30
        scan('out', '2027-01-28T12:00:00.000Z'), // 210 minutes
        scan('in', '2027-01-28T13:00:00.000Z'), // never out: closed at 17:00, 240 minutes
        scan('in', '2027-01-29T07:30:00.000Z'), // before the day's start: from 08:00
        scan('out', '2027-01-29T09:00:00.000Z'), // 60 minutes
      ],
      spans,
    );
    expect(attendance).toEqual({
      days: [
        { day: '2027-01-28', minutesPresent: 450, eventMinutes: 540 },
        { day: '2027-01-29', minutesPresent: 60, eventMinutes: 540 },
      ],
      sessions: [],
      minutesPresent: 510,
      eventMinutes: 1080,
      percent: 47.2,
    });
  });
});

describe('attendance with sessions (ADR 054)', () => {
  // 28–29 January 2027, 09:00–18:00 in Rome (UTC+1). The first day has a programme: a morning
  // session 09:00–13:00 and an afternoon one 14:30–16:00 open to all, and a workshop for an
  // add-on's holders 16:30–18:00; the second day none (its hours count).
  const spans = eventDaySpans({
    startsAt: '2027-01-28T08:00:00.000Z',
    endsAt: '2027-01-29T17:00:00.000Z',
  });
  const sessions = sessionSpans([
    {
      id: 1,
      name: 'Mattina',
      starts_at: '2027-01-28T08:00:00.000Z',
      ends_at: '2027-01-28T12:00:00.000Z',
      addon_id: null,
    },
    {
      id: 2,
      name: 'Pomeriggio',
      starts_at: '2027-01-28T13:30:00.000Z',
      ends_at: '2027-01-28T15:00:00.000Z',
      addon_id: null,
    },
    {
      id: 3,
      name: 'Workshop',
      starts_at: '2027-01-28T15:30:00.000Z',
      ends_at: '2027-01-28T17:00:00.000Z',
      addon_id: 7,
    },
  ]);
  const scan = (direction: 'in' | 'out', at: string, session: number | null = null) => ({
    direction,
    scanned_at: at,
    day: at.slice(0, 10),
    session_id: session,
  });

  it('counts the day’s programme instead of its hours, each session clipped to its span, the door and the rooms once', () => {
    const scans = [
      // At the door from 08:30 to 10:00 and, in the morning session's room, from 09:30 to
      // 12:30: inside 08:30–12:30, the session counts 08:00–12:00 of it: 210 minutes.
      scan('in', '2027-01-28T07:30:00.000Z'),
      scan('out', '2027-01-28T09:00:00.000Z'),
      scan('in', '2027-01-28T08:30:00.000Z', 1),
      scan('out', '2027-01-28T11:30:00.000Z', 1),
      // The afternoon session entered at 14:45 and never left: closed at its end (16:00), 75
      // minutes;
      // the lunch break (13:00–14:30) is not the event's time.
      scan('in', '2027-01-28T13:45:00.000Z', 2),
      // The workshop's scans: counted only for those it admits.
      scan('in', '2027-01-28T15:30:00.000Z', 3),
      scan('out', '2027-01-28T16:00:00.000Z', 3),
      // A second day without sessions: its hours, as ADR 051.
      scan('in', '2027-01-29T08:00:00.000Z'),
      scan('out', '2027-01-29T09:00:00.000Z'),
    ];
    const withoutWorkshop = attendanceOf(scans, spans, sessions.slice(0, 2));
    expect(withoutWorkshop).toEqual({
      days: [
        { day: '2027-01-28', minutesPresent: 285, eventMinutes: 330 },
        { day: '2027-01-29', minutesPresent: 60, eventMinutes: 540 },
      ],
      sessions: [
        { sessionId: 1, name: 'Mattina', minutesPresent: 210, sessionMinutes: 240 },
        { sessionId: 2, name: 'Pomeriggio', minutesPresent: 75, sessionMinutes: 90 },
      ],
      minutesPresent: 345,
      eventMinutes: 870,
      percent: 39.7,
    });
    const withWorkshop = attendanceOf(scans, spans, sessions);
    expect(withWorkshop.days[0]).toEqual({
      day: '2027-01-28',
      minutesPresent: 315,
      eventMinutes: 420,
    });
    expect(withWorkshop.sessions[2]).toEqual({
      sessionId: 3,
      name: 'Workshop',
      minutesPresent: 30,
      sessionMinutes: 90,
    });
  });
});

describe.each(testEngines())('events: badges, check-in and certificates on %s', (engine) => {
  let now = START;
  const staff = staffSite(engine, { clock: () => now, roles: ['tesoreria'], outbox: 'manual' });

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

  async function moveClock(to: string, ...persons: { id: number; token: string }[]) {
    now = new Date(to);
    await staffSessions();
    for (const person of persons) person.token = await sessionOf(staff.app, person.id);
  }

  async function createEvent(more: object = {}): Promise<AdminEvent> {
    return staff.ok<AdminEvent>(
      staff.call('POST', '/Events', {
        title: `Congresso con accoglienza ${randomUUID().slice(0, 6)}`,
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

  let people = 0;
  async function registered(
    event: AdminEvent,
    addonIds: number[] = [],
  ): Promise<{ id: number; token: string; registrationId: number }> {
    people += 1;
    const id = await addLedgerMember(staff.app, `Presente${engine}${people}`, 2025, {
      2025: 'paid',
      2026: 'paid',
    });
    const token = await sessionOf(staff.app, id);
    const response = await member('POST', `/${event.id}/Registrations`, token, {
      requestKey: randomUUID().replaceAll('-', ''),
      typeId: event.registrationTypes[0]?.id,
      addonIds,
    });
    expect(response.statusCode, response.body).toBe(201);
    const answer = (response.json() as { data: RegistrationAnswer }).data;
    expect(answer.registration.state).toBe('confirmed');
    return { id, token, registrationId: answer.registration.id };
  }

  function member(
    method: 'GET' | 'POST',
    path: string,
    token: string,
    payload?: object,
  ): Promise<LightMyRequestResponse> {
    return staff.app.inject({
      method,
      url: `/api/v1/Events${path}`,
      ...(payload === undefined ? {} : { payload }),
      headers: { authorization: `Bearer ${token}` },
    });
  }

  const area = (path: string) => `/EventAttendance${path}`;

  async function scans(eventId: number, body: CheckInScan[]): Promise<CheckInResult[]> {
    return staff.ok<CheckInResult[]>(
      staff.call('POST', area(`/Events/${eventId}/Scans`), { scans: body }),
    );
  }

  async function codeOf(eventId: number, registrationId: number): Promise<string> {
    const list = await staff.ok<CheckInPerson[]>(
      staff.call('GET', area(`/Events/${eventId}/People`)),
    );
    const code = list.find((person) => person.registrationId === registrationId)?.code;
    if (code === undefined) throw new Error('badge non trovato');
    return code;
  }

  it('a confirmed registration has a badge: its mail queued, its QR code in "Le mie iscrizioni", its PDF for its holder only', async () => {
    const event = await createEvent();
    const person = await registered(event);
    const other = await registered(event);
    const jobs = await staff.app.services.db
      .selectFrom('outbox')
      .select('payload_json')
      .where('kind', '=', 'event.badge-mail')
      .execute();
    expect(jobs.map((job) => JSON.parse(job.payload_json) as unknown)).toContainEqual({
      registrationId: person.registrationId,
    });

    const mine = await member('GET', '/MyRegistrations', person.token);
    const [registration] = (mine.json() as { data: MyRegistration[] }).data.filter(
      (row) => row.id === person.registrationId,
    );
    const code = await codeOf(event.id, person.registrationId);
    expect(registration?.badge?.code).toBe(code);
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{12}$/);
    expect(registration?.badge?.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(registration?.badge?.certificate).toBeNull();

    const pdf = await member('GET', `/Registrations/${person.registrationId}/Badge`, person.token);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const file = (pdf.json() as { data: FileContent }).data;
    expect(Buffer.from(file.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const theirs = await member(
      'GET',
      `/Registrations/${person.registrationId}/Badge`,
      other.token,
    );
    expect(theirs.statusCode).toBe(404);

    // The badge's mail, delivered by the outbox, carries the PDF.
    await staff.app.services.outbox.runOnce();
    const mails = await staff.app.services.db
      .selectFrom('outbox')
      .select('payload_json')
      .where('kind', '=', 'mail')
      .execute();
    const badgeMail = mails
      .map(
        (row) =>
          JSON.parse(row.payload_json) as {
            subject: string;
            attachments?: unknown[];
            text: string;
          },
      )
      .find((mail) => mail.text.includes(code.slice(0, 4)));
    expect(badgeMail?.subject).toContain('il tuo badge');
    expect(badgeMail?.attachments).toHaveLength(1);

    const bulk = await staff.call('GET', area(`/Events/${event.id}/Badges?formato=etichette`));
    expect(bulk.statusCode).toBe(200);
    expect(bulk.headers['content-type']).toBe('application/pdf');
  });

  it('a scan is recorded once whatever the times it is sent, entries and exits say who is inside, and unknown or unconfirmed badges are refused', async () => {
    const event = await createEvent();
    const person = await registered(event);
    const code = await codeOf(event.id, person.registrationId);
    await moveClock(DAY_ONE, person);
    const entry = {
      clientId: randomUUID(),
      code: code.toLowerCase().replace(/(.{4})/g, '$1 '),
      direction: 'in' as const,
      scannedAt: '2027-01-28T09:58:00.000Z',
    };
    const first = await scans(event.id, [entry]);
    expect(first).toEqual([
      {
        clientId: entry.clientId,
        status: 'recorded',
        message: `Entrata registrata: ${first[0]?.person?.name ?? ''}`,
        person: {
          registrationId: person.registrationId,
          name: first[0]?.person?.name,
          typeName: 'Partecipante',
        },
        direction: 'in',
        scannedAt: '2027-01-28T09:58:00.000Z',
        sessionId: null,
      },
    ]);
    // The queue flushed again after a lost answer: the same answer, one row.
    expect(await scans(event.id, [entry])).toEqual(first);
    await Promise.all([scans(event.id, [entry]), scans(event.id, [entry])]);
    const stored = await staff.app.services.db
      .selectFrom('event_checkins')
      .select('id')
      .where('client_id', '=', entry.clientId)
      .execute();
    expect(stored).toHaveLength(1);

    let presence = await staff.ok<CheckInPresence>(
      staff.call('GET', area(`/Events/${event.id}/Presence`)),
    );
    expect(presence).toMatchObject({ day: '2027-01-28', confirmed: 1, present: 1, cameToday: 1 });
    expect(presence.people[0]).toMatchObject({
      registrationId: person.registrationId,
      since: '2027-01-28T09:58:00.000Z',
    });

    const exit = await scans(event.id, [
      {
        clientId: randomUUID(),
        registrationId: person.registrationId,
        direction: 'out',
        scannedAt: '2027-01-28T09:59:00.000Z',
      },
      {
        clientId: randomUUID(),
        code: 'ZZZZZZZZZZZZ',
        direction: 'in',
        scannedAt: '2027-01-28T09:59:00.000Z',
      },
      { clientId: randomUUID(), code, direction: 'in', scannedAt: '2027-01-28T11:00:00.000Z' },
    ]);
    expect(
      exit.map((result) => [
        result.status,
        result.status === 'recorded' ? result.message.split(':')[0] : result.message,
      ]),
    ).toEqual([
      ['recorded', 'Uscita registrata'],
      ['refused', ATTENDANCE_MESSAGES.unknownBadge],
      ['refused', ATTENDANCE_MESSAGES.futureScan],
    ]);
    presence = await staff.ok<CheckInPresence>(
      staff.call('GET', area(`/Events/${event.id}/Presence`)),
    );
    expect(presence).toMatchObject({ present: 0, cameToday: 1, people: [] });

    // A badge of another event, and a body the schema refuses in Italian.
    const elsewhere = await createEvent();
    const [wrong] = await scans(elsewhere.id, [
      { clientId: randomUUID(), code, direction: 'in', scannedAt: DAY_ONE },
    ]);
    expect(wrong).toMatchObject({ status: 'refused', message: ATTENDANCE_MESSAGES.otherEvent });
    const bad = await staff.call('POST', area(`/Events/${event.id}/Scans`), {
      scans: [{ clientId: 'non-un-uuid', direction: 'in', scannedAt: DAY_ONE }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(ATTENDANCE_MESSAGES.clientId);

    // A member is not staff.
    const asMember = await staff.app.inject({
      method: 'GET',
      url: `/api/v1/Admin/EventAttendance/Events/${event.id}/Presence`,
      headers: { authorization: `Bearer ${person.token}` },
    });
    expect(asMember.statusCode).toBe(403);
  });

  it('sessions (ADR 054): saved with Italian messages naming the field, scanned apart from the door, who is inside per session, minutes within each, a queued scan stored once', async () => {
    const event = await createEvent({
      addons: [{ name: 'Workshop di immunoematologia', priceCents: 0 }],
    });
    const addonId = event.addons[0]?.id ?? 0;
    const sessionsPath = area(`/Events/${event.id}/Sessions`);
    const refused = async (body: object, field: string, message: string, path = sessionsPath) => {
      const answer = await staff.call(path === sessionsPath ? 'POST' : 'PUT', path, body);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({ error: { issues: [{ path: field, message }] } });
    };
    const morning = {
      name: 'Sessione mattutina',
      startsAt: '2027-01-28T09:00',
      endsAt: '2027-01-28T13:00',
    };
    await refused(
      { ...morning, endsAt: '2027-01-28T08:00' },
      'endsAt',
      SESSION_MESSAGES.endBeforeStart,
    );
    await refused({ ...morning, endsAt: '2027-01-29T10:00' }, 'endsAt', SESSION_MESSAGES.sameDay);
    await refused(
      { ...morning, startsAt: '2027-01-28T08:00' },
      'startsAt',
      SESSION_MESSAGES.startBeforeEvent,
    );
    await refused(
      { ...morning, startsAt: '2027-01-29T17:00', endsAt: '2027-01-29T19:00' },
      'endsAt',
      SESSION_MESSAGES.endAfterEvent,
    );
    await refused({ ...morning, name: ' ' }, 'name', 'Campo obbligatorio.');
    await refused({ ...morning, addonId: 999_999 }, 'addonId', SESSION_MESSAGES.addon);

    const created = await staff.ok<EventSession>(staff.call('POST', sessionsPath, morning));
    expect(created).toMatchObject({
      name: 'Sessione mattutina',
      startsAt: '2027-01-28T08:00:00.000Z',
      endsAt: '2027-01-28T12:00:00.000Z',
      addonId: null,
      scans: 0,
    });
    await refused({ ...morning, name: 'SESSIONE MATTUTINA' }, 'name', SESSION_MESSAGES.nameTwice);
    const workshop = await staff.ok<EventSession>(
      staff.call('POST', sessionsPath, {
        name: 'Workshop',
        startsAt: '2027-01-28T14:30',
        endsAt: '2027-01-28T16:30',
        addonId,
      }),
    );
    expect(workshop).toMatchObject({ addonId, addonName: 'Workshop di immunoematologia' });
    // Corrected: the workshop ends at 16:00; another session's name is refused on a change too.
    await refused(
      { ...morning, name: 'Workshop' },
      'name',
      SESSION_MESSAGES.nameTwice,
      area(`/Sessions/${created.id}`),
    );
    const corrected = await staff.ok<EventSession>(
      staff.call('PUT', area(`/Sessions/${workshop.id}`), {
        name: 'Workshop',
        startsAt: '2027-01-28T14:30',
        endsAt: '2027-01-28T16:00',
        addonId,
      }),
    );
    expect(corrected.endsAt).toBe('2027-01-28T15:00:00.000Z');
    const listed = await staff.ok<EventSessions>(staff.call('GET', sessionsPath));
    expect(listed.sessions.map((session) => session.name)).toEqual([
      'Sessione mattutina',
      'Workshop',
    ]);
    expect(listed.addons).toEqual([{ id: addonId, name: 'Workshop di immunoematologia' }]);

    // One person with the workshop's add-on, one without.
    const withWorkshop = await registered(event, [addonId]);
    const without = await registered(event);
    await moveClock('2027-01-28T16:00:00Z', withWorkshop, without);
    const code = await codeOf(event.id, withWorkshop.registrationId);
    // The device's queued morning entry (09:30), sent, then sent again after a lost answer.
    const queued = {
      clientId: randomUUID(),
      code,
      direction: 'in' as const,
      scannedAt: '2027-01-28T08:30:00.000Z',
      sessionId: created.id,
    };
    const [first] = await scans(event.id, [queued]);
    expect(first).toMatchObject({ status: 'recorded', sessionId: created.id });
    expect(first?.message).toMatch(/^Entrata registrata: .+ \(Sessione mattutina\)$/);
    const [again] = await Promise.all([scans(event.id, [queued]), scans(event.id, [queued])]);
    expect(again).toEqual([first]);
    const answers = await scans(event.id, [
      // Out of the morning session at 12:00; at the door from 09:00 to 10:00.
      {
        clientId: randomUUID(),
        code,
        direction: 'out',
        scannedAt: '2027-01-28T11:00:00.000Z',
        sessionId: created.id,
      },
      { clientId: randomUUID(), code, direction: 'in', scannedAt: '2027-01-28T08:00:00.000Z' },
      { clientId: randomUUID(), code, direction: 'out', scannedAt: '2027-01-28T09:00:00.000Z' },
      // The workshop from 14:40, still inside.
      {
        clientId: randomUUID(),
        code,
        direction: 'in',
        scannedAt: '2027-01-28T13:40:00.000Z',
        sessionId: workshop.id,
      },
      // Refused: the workshop without its add-on, a session of another event, another day.
      {
        clientId: randomUUID(),
        registrationId: without.registrationId,
        direction: 'in',
        scannedAt: '2027-01-28T13:40:00.000Z',
        sessionId: workshop.id,
      },
      {
        clientId: randomUUID(),
        code,
        direction: 'in',
        scannedAt: '2027-01-28T13:40:00.000Z',
        sessionId: 999_999,
      },
      {
        clientId: randomUUID(),
        code,
        direction: 'in',
        scannedAt: '2027-01-27T13:40:00.000Z',
        sessionId: created.id,
      },
    ]);
    expect(answers.map((answer) => [answer.status, answer.sessionId])).toEqual([
      ['recorded', created.id],
      ['recorded', null],
      ['recorded', null],
      ['recorded', workshop.id],
      ['refused', workshop.id],
      ['refused', 999_999],
      ['refused', created.id],
    ]);
    expect(answers.slice(4).map((answer) => answer.message)).toEqual([
      notInSessionMessage('Workshop'),
      ATTENDANCE_MESSAGES.unknownSession,
      ATTENDANCE_MESSAGES.sessionOtherDay,
    ]);
    const stored = await staff.app.services.db
      .selectFrom('event_checkins')
      .select(['session_id'])
      .where('registration_id', '=', withWorkshop.registrationId)
      .execute();
    expect(stored).toHaveLength(5);

    // Who is inside: the door's day (out since 10:00), the morning session (out), the workshop.
    const presence = (query: string) =>
      staff.ok<CheckInPresence>(staff.call('GET', area(`/Events/${event.id}/Presence${query}`)));
    expect(await presence('')).toMatchObject({ sessionId: null, present: 0, cameToday: 1 });
    expect(await presence(`?sessionId=${created.id}`)).toMatchObject({
      day: '2027-01-28',
      sessionId: created.id,
      present: 0,
      cameToday: 1,
    });
    const inWorkshop = await presence(`?sessionId=${workshop.id}`);
    expect(inWorkshop).toMatchObject({ sessionId: workshop.id, present: 1, cameToday: 1 });
    expect(inWorkshop.people[0]).toMatchObject({
      registrationId: withWorkshop.registrationId,
      since: '2027-01-28T13:40:00.000Z',
    });
    const people = await staff.ok<CheckInPerson[]>(
      staff.call('GET', area(`/Events/${event.id}/People?sessionId=${workshop.id}`)),
    );
    expect(
      people.find((person) => person.registrationId === withWorkshop.registrationId)?.present,
    ).toBe(true);
    const badSession = await staff.call('GET', area(`/Events/${event.id}/Presence?sessionId=abc`));
    expect(badSession.statusCode).toBe(400);
    expect(badSession.body).toContain('Sessione non valida.');

    // Minutes: the first day's programme is the morning session (240 minutes; the door's
    // 09:00–10:00 falls in it, the session's 09:30–12:00 too: 09:00–12:00, 180) and, for the
    // workshop's holder, the workshop (90; 14:40 to its end, 80). The second day has no
    // session: its hours (540), no scan.
    const report = await staff.ok<AdminAttendanceRow[]>(
      staff.call('GET', area(`/Events/${event.id}/Report`)),
    );
    const holder = report.find((row) => row.registrationId === withWorkshop.registrationId);
    expect(holder?.attendance).toEqual({
      days: [
        { day: '2027-01-28', minutesPresent: 260, eventMinutes: 330 },
        { day: '2027-01-29', minutesPresent: 0, eventMinutes: 540 },
      ],
      sessions: [
        {
          sessionId: created.id,
          name: 'Sessione mattutina',
          minutesPresent: 180,
          sessionMinutes: 240,
        },
        { sessionId: workshop.id, name: 'Workshop', minutesPresent: 80, sessionMinutes: 90 },
      ],
      minutesPresent: 260,
      eventMinutes: 870,
      percent: 29.9,
    });
    const other = report.find((row) => row.registrationId === without.registrationId);
    expect(other?.attendance).toMatchObject({ minutesPresent: 0, eventMinutes: 780 });
    expect(other?.attendance.sessions.map((session) => session.name)).toEqual([
      'Sessione mattutina',
    ]);
    // The same computation reads a single person's (the certificates' reissue).
    expect(
      await staff.app.services.attendance.attendance(
        staff.app.services.db,
        withWorkshop.registrationId,
      ),
    ).toEqual(holder?.attendance);

    // A session with scans stays; one without is deleted; both audited.
    const kept = await staff.call('DELETE', area(`/Sessions/${created.id}`));
    expect(kept.statusCode).toBe(409);
    expect(kept.body).toContain(SESSION_MESSAGES.hasScans);
    const spare = await staff.ok<EventSession>(
      staff.call('POST', sessionsPath, {
        name: 'Di riserva',
        startsAt: '2027-01-29T09:00',
        endsAt: '2027-01-29T10:00',
      }),
    );
    expect((await staff.call('DELETE', area(`/Sessions/${spare.id}`))).statusCode).toBe(200);
    expect((await staff.ok<EventSessions>(staff.call('GET', sessionsPath))).sessions).toHaveLength(
      2,
    );
    const audit = await staff.auditOf('event_session');
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['aggiunge sessione', 'modifica sessione', 'elimina sessione']),
    );
  });

  it('certificates: after the event, numbered for everyone who came, verified publicly, reissued with the same number, revoked with a reason, audited', async () => {
    const event = await createEvent();
    const came = await registered(event);
    const absent = await registered(event);
    const code = await codeOf(event.id, came.registrationId);
    await moveClock(DAY_ONE, came, absent);
    await scans(event.id, [
      { clientId: randomUUID(), code, direction: 'in', scannedAt: '2027-01-28T08:00:00.000Z' },
    ]);
    const early = await staff.call('POST', area(`/Events/${event.id}/Certificates`));
    expect(early.statusCode).toBe(400);
    expect(early.body).toContain(ATTENDANCE_MESSAGES.eventNotEnded);

    await moveClock(AFTER, came, absent);
    expect(await staff.ok(staff.call('POST', area(`/Events/${event.id}/Certificates`)))).toEqual({
      issued: 1,
    });
    expect(await staff.ok(staff.call('POST', area(`/Events/${event.id}/Certificates`)))).toEqual({
      issued: 0,
    });
    const report = await staff.ok<AdminAttendanceRow[]>(
      staff.call('GET', area(`/Events/${event.id}/Report`)),
    );
    const row = report.find((entry) => entry.registrationId === came.registrationId);
    // In at 09:00 on the first day, never out: until 18:00 (540 minutes) of 1080.
    expect(row?.attendance).toMatchObject({ minutesPresent: 540, eventMinutes: 1080, percent: 50 });
    expect(
      report.find((entry) => entry.registrationId === absent.registrationId)?.certificate,
    ).toBeNull();
    const certificate = row?.certificate as AdminCertificate;
    expect(certificate).toMatchObject({ state: 'valid', edition: 1, minutesPresent: 540 });
    expect(certificate.number).toMatch(/^\d+\/2027$/);

    const services = staff.app.services;
    const publicCode = certificate.verifyPath.split('/').pop() ?? '';
    expect(await services.attendance.verify(publicCode)).toMatchObject({
      number: certificate.number,
      holderName: row?.name,
      eventTitle: event.title,
      eventDates: 'dal 28/01/2027 al 29/01/2027',
      state: 'valid',
      revokedOn: null,
    });
    expect(await services.attendance.verify('NESSUNO')).toBeNull();

    const mine = await member(
      'GET',
      `/Registrations/${came.registrationId}/Certificate`,
      came.token,
    );
    expect(mine.statusCode, mine.body).toBe(200);
    expect((mine.json() as { data: FileContent }).data.fileName).toBe(
      `attestato-${certificate.number.replace('/', '-')}.pdf`,
    );

    const reissued = await staff.ok<AdminCertificate>(
      staff.call('POST', area(`/Certificates/${certificate.id}/Reissue`)),
    );
    expect(reissued).toMatchObject({
      number: certificate.number,
      edition: 2,
      verifyPath: certificate.verifyPath,
    });

    const noReason = await staff.call('POST', area(`/Certificates/${certificate.id}/Revoke`), {
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain(ATTENDANCE_MESSAGES.reason);
    const revoked = await staff.ok<AdminCertificate>(
      staff.call('POST', area(`/Certificates/${certificate.id}/Revoke`), {
        reason: 'Presenza non verificata',
      }),
    );
    expect(revoked).toMatchObject({ state: 'revoked', revokedReason: 'Presenza non verificata' });
    expect(await services.attendance.verify(publicCode)).toMatchObject({
      state: 'revoked',
      revokedOn: '01/02/2027',
    });
    const again = await staff.call('POST', area(`/Certificates/${certificate.id}/Reissue`));
    expect(again.statusCode).toBe(409);
    const gone = await member(
      'GET',
      `/Registrations/${came.registrationId}/Certificate`,
      came.token,
    );
    expect(gone.statusCode).toBe(404);
    // A new one may be issued: a new number.
    expect(await staff.ok(staff.call('POST', area(`/Events/${event.id}/Certificates`)))).toEqual({
      issued: 1,
    });

    const audit = await staff.auditOf('event_certificate');
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['emette attestati', 'riemette attestato', 'revoca attestato']),
    );
  });

  it('certificate numbers have no gap and no twin when several events issue at once, and one event’s two presses issue once', async () => {
    const events = await Promise.all([createEvent(), createEvent(), createEvent()]);
    const persons = [];
    for (const event of events) {
      for (let index = 0; index < 3; index += 1)
        persons.push({ event, ...(await registered(event)) });
    }
    await moveClock(DAY_ONE);
    for (const person of persons) {
      await scans(person.event.id, [
        {
          clientId: randomUUID(),
          registrationId: person.registrationId,
          direction: 'in',
          scannedAt: DAY_ONE,
        },
      ]);
    }
    await moveClock(AFTER);
    const before = await staff.app.services.db
      .selectFrom('event_certificates')
      .select((eb) => eb.fn.max('number').as('last'))
      .where('year', '=', 2027)
      .executeTakeFirst();
    const answers = await Promise.all(
      [...events, ...events].map((event) =>
        staff.ok<{ issued: number }>(staff.call('POST', area(`/Events/${event.id}/Certificates`))),
      ),
    );
    expect(answers.reduce((sum, answer) => sum + answer.issued, 0)).toBe(9);
    const numbers = await staff.app.services.db
      .selectFrom('event_certificates')
      .select('number')
      .where('year', '=', 2027)
      .where(
        'event_id',
        'in',
        events.map((event) => event.id),
      )
      .orderBy('number')
      .execute();
    const first = Number(before?.last ?? 0) + 1;
    expect(numbers.map((row) => row.number)).toEqual(
      Array.from({ length: 9 }, (_, index) => first + index),
    );
  });
});
