import type {
  AdminEvent,
  AdminEventInput,
  MyCalendarFeed,
  RegistrationAnswer,
} from '@sodalis/contracts';
import ICAL from 'ical.js';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { addLedgerMember, sessionOf } from '../../helpers/ledger.js';
import { accountIdOf } from '../../helpers/member-api.js';
import { staffSite } from '../../helpers/staff-api.js';
import { testEngines } from '../../helpers/test-app.js';

/** Winter in Rome (UTC+1). */
const START = new Date('2026-11-23T10:00:00Z');

/** A title with every character TEXT escapes, accents and a character of four octets. */
const TRICKY_TITLE = 'Congresso; sangue, plasma \\ emocomponenti — città 🩸';

function congress(overrides: Partial<AdminEventInput> = {}): AdminEventInput {
  return {
    title: `Congresso ${randomUUID().slice(0, 6)}`,
    startsAt: '2027-01-28T09:00',
    endsAt: '2027-01-30T13:00',
    mode: 'in-presenza',
    venueName: 'Centro congressi',
    venueAddress: 'Via Roma 1',
    venueCity: 'Bologna',
    descriptionHtml: `<p>${'Programma scientifico del congresso nazionale. '.repeat(4)}</p>`,
    organisers: 'Comitato scientifico',
    ecmCredits: true,
    registrationTypes: [{ name: 'Aperta', eligibility: 'tutti', standardCents: 5000 }],
    published: true,
    ...overrides,
  };
}

interface ParsedEntry {
  uid: string;
  summary: string;
  description: string;
  location: string;
  url: string;
  status: string;
  sequence: number;
  startTimezone: string;
  start: string;
  end: string;
}

/**
 * The calendar read back by a parser (ical.js), its VTIMEZONE registered so the local times
 * turn into instants by the file's own rules, not the test's.
 */
function parse(text: string): { name: string; entries: ParsedEntry[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zone = calendar.getFirstSubcomponent('vtimezone');
  expect(zone?.getFirstPropertyValue('tzid')).toBe('Europe/Rome');
  if (zone !== null) ICAL.TimezoneService.register(new ICAL.Timezone(zone), 'Europe/Rome');
  const entries = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      location: event.location,
      url: String(component.getFirstPropertyValue('url')),
      status: String(component.getFirstPropertyValue('status')),
      sequence: event.sequence,
      startTimezone: String(component.getFirstProperty('dtstart')?.getParameter('tzid')),
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
    };
  });
  return { name: String(calendar.getFirstPropertyValue('x-wr-calname')), entries };
}

/** Every line of the file ends in CRLF and holds at most 75 octets (RFC 5545 §3.1). */
function expectWellFormed(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  for (const line of text.split('\r\n')) {
    expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  }
}

describe.each(testEngines())('events: calendars on %s', (engine) => {
  let now = START;
  const staff = staffSite(engine, { clock: () => now, roles: ['redazione'], outbox: 'manual' });

  beforeEach(async () => {
    now = START;
    staff.tokens.segreteria = await sessionOf(
      staff.app,
      await accountIdOf(staff.app, 'segreteria.demo@example.org'),
    );
  });

  const host = () => new URL(staff.app.services.society.publicBaseUrl).host;
  const acronym = () => staff.app.services.society.acronym;

  const createEvent = (overrides: Partial<AdminEventInput> = {}) =>
    staff.ok<AdminEvent>(staff.call('POST', '/Events', congress(overrides)));

  const get = (url: string, headers: Record<string, string> = {}) =>
    staff.app.inject({ method: 'GET', url, headers });

  const eventPath = (event: AdminEvent, slug: string) =>
    `/eventi/${event.id}-${slug}/calendario.ics`;

  let people = 0;
  async function member(): Promise<{ id: number; token: string }> {
    people += 1;
    const id = await addLedgerMember(staff.app, `Calendario${engine}${people}`, 2025, {
      2025: 'paid',
      2026: 'paid',
    });
    return { id, token: await sessionOf(staff.app, id) };
  }

  const api = (method: 'GET' | 'POST', path: string, token: string | null) =>
    staff.app.inject({
      method,
      url: `/api/v1/Events${path}`,
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });

  async function myFeed(token: string, path = '/MyCalendar'): Promise<MyCalendarFeed> {
    const response = await api(path === '/MyCalendar' ? 'GET' : 'POST', path, token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return (response.json() as { data: MyCalendarFeed }).data;
  }

  it('writes one event’s .ics in Rome’s time zone, escaped, folded, read back by a parser', async () => {
    const winter = await createEvent({
      title: TRICKY_TITLE,
      descriptionHtml: `<p>Sessione &amp; discussione; «${'parole accentate è à ù '.repeat(6)}»</p>`,
    });
    const response = await get(eventPath(winter, 'congresso-sangue-plasma-emocomponenti-citta'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="evento-${winter.id}.ics"`,
    );
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expectWellFormed(response.body);
    expect(response.body).toContain('DTSTART;TZID=Europe/Rome:20270128T090000\r\n');
    // Exact text: TEXT escaping of the title, before any folding.
    expect(response.body.replaceAll('\r\n ', '')).toContain(
      'SUMMARY:Congresso\\; sangue\\, plasma \\\\ emocomponenti — città 🩸\r\n',
    );

    const parsed = parse(response.body);
    // X-WR-CALNAME is no property of RFC 5545, so the parser leaves its text as written.
    expect(response.body.replaceAll('\r\n ', '')).toContain(
      `X-WR-CALNAME:${acronym()} – Congresso\\; sangue\\, plasma \\\\ emocomponenti — città 🩸\r\n`,
    );
    expect(parsed.entries).toHaveLength(1);
    const base = staff.app.services.society.publicBaseUrl;
    expect(parsed.entries[0]).toMatchObject({
      uid: `evento-${winter.id}@${host()}`,
      summary: TRICKY_TITLE,
      location: 'Centro congressi, Via Roma 1, Bologna',
      url: `${base}/eventi/${winter.id}-congresso-sangue-plasma-emocomponenti-citta`,
      status: 'CONFIRMED',
      sequence: winter.version,
      startTimezone: 'Europe/Rome',
      // Rome is UTC+1 in January.
      start: '2027-01-28T08:00:00.000Z',
      end: '2027-01-30T12:00:00.000Z',
    });
    expect(parsed.entries[0]?.description).toContain(
      `Sessione & discussione; «${'parole accentate è à ù '.repeat(6)}»`,
    );
    expect(parsed.entries[0]?.description).toContain('Crediti ECM previsti');

    // Summer time (UTC+2), and an online event's place.
    const summer = await createEvent({
      title: 'Webinar estivo',
      startsAt: '2027-07-10T09:30',
      endsAt: '2027-07-10T11:00',
      mode: 'online',
      onlineUrl: 'https://webinar.example.org/sala',
    });
    const online = parse((await get(eventPath(summer, 'webinar-estivo'))).body).entries[0];
    expect(online).toMatchObject({
      start: '2027-07-10T07:30:00.000Z',
      end: '2027-07-10T09:00:00.000Z',
      location: 'Online',
    });
    expect(online?.description).toContain('Collegamento: https://webinar.example.org/sala');
  });

  it('answers 304 while nothing changed, and a new SEQUENCE after an edit', async () => {
    const event = await createEvent({ title: 'Corso di aggiornamento' });
    const path = eventPath(event, 'corso-di-aggiornamento');
    const first = await get(path);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['last-modified']).toBe(new Date(event.updatedAt).toUTCString());
    expect((await get(path, { 'if-none-match': etag })).statusCode).toBe(304);
    expect(
      (await get(path, { 'if-modified-since': String(first.headers['last-modified']) })).statusCode,
    ).toBe(304);

    now = new Date('2026-11-23T11:00:00Z');
    const edited = await staff.ok<AdminEvent>(
      staff.call(
        'PUT',
        `/Events/${event.id}`,
        congress({ title: 'Corso di aggiornamento', startsAt: '2027-01-28T10:00' }),
        'segreteria',
        { 'if-match': `"${event.version}"` },
      ),
    );
    const second = await get(path, { 'if-none-match': etag });
    expect(second.statusCode).toBe(200);
    const entry = parse(second.body).entries[0];
    expect(entry?.sequence).toBe(edited.version);
    expect(edited.version).toBeGreaterThan(event.version);
    expect(entry?.start).toBe('2027-01-28T09:00:00.000Z');
  });

  it('moves another slug to the event’s own, and answers 404 for a draft or no event', async () => {
    const event = await createEvent({ title: 'Giornata di studio' });
    const moved = await get(`/eventi/${event.id}-vecchio-titolo/calendario.ics`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(eventPath(event, 'giornata-di-studio'));
    const draft = await createEvent({ title: 'Bozza', published: false });
    expect((await get(eventPath(draft, 'bozza'))).statusCode).toBe(404);
    expect((await get('/eventi/999999-nessuno/calendario.ics')).statusCode).toBe(404);
    expect((await get('/eventi/senza-numero/calendario.ics')).statusCode).toBe(404);
  });

  it('lists every event on the site in the feed, never a draft; not in the sitemap', async () => {
    const shown = await createEvent({ title: 'Evento del feed' });
    const draft = await createEvent({ title: 'Evento in bozza', published: false });
    const response = await get('/eventi/calendario.ics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBeUndefined();
    expectWellFormed(response.body);
    const parsed = parse(response.body);
    expect(parsed.name).toBe(`Eventi ${acronym()}`);
    const uids = parsed.entries.map((entry) => entry.uid);
    expect(uids).toContain(`evento-${shown.id}@${host()}`);
    expect(uids).not.toContain(`evento-${draft.id}@${host()}`);
    expect(new Set(uids).size).toBe(uids.length);

    const sitemap = await get('/sitemap.xml');
    expect(sitemap.body).toContain(`/eventi/${shown.id}-evento-del-feed<`);
    expect(sitemap.body).not.toContain('calendario.ics');
  });

  it('gives a person a private feed of their live registrations, regenerated on request', async () => {
    const person = await member();
    expect((await api('GET', '/MyCalendar', null)).statusCode).toBe(401);
    const feed = await myFeed(person.token);
    expect(feed.url).toMatch(/\/eventi\/iscrizioni\/[\w-]{43}\/calendario\.ics$/);
    expect(feed.webcalUrl).toBe(feed.url.replace(/^https?:/, 'webcal:'));
    // The same address until it is regenerated.
    expect(await myFeed(person.token)).toEqual(feed);
    const path = new URL(feed.url).pathname;

    const empty = await get(path);
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['cache-control']).toBe('private, no-cache');
    expect(empty.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(parse(empty.body)).toEqual({ name: `Le mie iscrizioni – ${acronym()}`, entries: [] });

    const held = await createEvent({ title: 'Congresso a pagamento' });
    const left = await createEvent({ title: 'Congresso lasciato' });
    const registered: RegistrationAnswer[] = [];
    for (const event of [held, left]) {
      const made = await staff.app.inject({
        method: 'POST',
        url: `/api/v1/Events/${event.id}/Registrations`,
        headers: { authorization: `Bearer ${person.token}` },
        payload: { requestKey: randomUUID().replaceAll('-', ''), typeId: await typeOf(event.id) },
      });
      expect(made.statusCode, made.body).toBe(201);
      registered.push((made.json() as { data: RegistrationAnswer }).data);
    }
    const cancelled = await api(
      'POST',
      `/Registrations/${registered[1]?.registration.id}/Cancel`,
      person.token,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const withOne = await get(path);
    expectWellFormed(withOne.body);
    const entries = parse(withOne.body).entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      uid: `iscrizione-evento-${held.id}@${host()}`,
      summary: 'Congresso a pagamento (In attesa di pagamento)',
      status: 'TENTATIVE',
      start: '2027-01-28T08:00:00.000Z',
    });
    expect(entries[0]?.description).toContain('Iscrizione: In attesa di pagamento');
    expect(entries[0]?.description).toContain('Tipo di iscrizione: Aperta');
    expect(entries[0]?.description).toContain('Da pagare entro il ');
    // Someone else's feed does not show it.
    const other = await member();
    const theirs = await get(new URL((await myFeed(other.token)).url).pathname);
    expect(parse(theirs.body).entries).toEqual([]);

    const renewed = await myFeed(person.token, '/MyCalendar/Regenerate');
    expect(renewed.url).not.toBe(feed.url);
    expect((await get(path)).statusCode).toBe(404);
    expect((await get(new URL(renewed.url).pathname)).statusCode).toBe(200);
    expect(await myFeed(person.token)).toEqual(renewed);
    expect((await get('/eventi/iscrizioni/nessuno/calendario.ics')).statusCode).toBe(404);
    expect((await get(`/eventi/iscrizioni/${'a'.repeat(43)}/calendario.ics`)).statusCode).toBe(404);
  });

  async function typeOf(eventId: number): Promise<number> {
    const response = await get(`/api/v1/Events/${eventId}`);
    const event = (response.json() as { data: { registrationTypes: { id: number }[] } }).data;
    const [type] = event.registrationTypes;
    if (type === undefined) throw new Error('evento senza tipi di iscrizione');
    return type.id;
  }
});
