import {
  EVENT_MESSAGES,
  type AdminAuditEntry,
  type AdminBinItem,
  type AdminEvent,
  type AdminEventInput,
  type AdminPage,
  type PublicEvent,
  type PublicEventList,
} from '@sodalis/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { editConflictOf, refused, staffSite } from '../../helpers/staff-api.js';
import { testEngines } from '../../helpers/test-app.js';

/** "Now", moved by the tests: a Monday of winter time (Rome is UTC+1). */
let now = new Date('2026-11-23T10:00:00Z');

/** An in-person event (ADR 047): the form's values, in Rome time. */
function congress(overrides: Partial<AdminEventInput> = {}): AdminEventInput {
  return {
    title: 'Congresso di prova',
    startsAt: '2027-01-28T09:00',
    endsAt: '2027-01-30T13:00',
    mode: 'in-presenza',
    venueName: 'Centro congressi',
    venueAddress: 'Via Roma 1',
    venueCity: 'Bologna',
    onlineUrl: null,
    descriptionHtml: '<p>Programma.</p><script>alert(1)</script>',
    organisers: 'Comitato scientifico',
    ecmCredits: true,
    registrationOpensAt: '2026-12-01T09:00',
    registrationClosesAt: '2027-01-20T23:59',
    places: 300,
    published: false,
    publishAt: null,
    ...overrides,
  };
}

describe.each(testEngines())('events: back office and public reads on %s', (engine) => {
  beforeAll(() => {
    now = new Date('2026-11-23T10:00:00Z');
  });
  const staff = staffSite(engine, { clock: () => now, roles: ['redazione', 'tesoreria'] });

  async function publicList(): Promise<PublicEventList> {
    const response = await staff.app.inject({ method: 'GET', url: '/api/v1/Events' });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: PublicEventList }).data;
  }

  async function publicEvent(id: number): Promise<PublicEvent | null> {
    const response = await staff.app.inject({ method: 'GET', url: `/api/v1/Events/${id}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: PublicEvent | null }).data;
  }

  const upcomingIds = async () => (await publicList()).upcoming.map((event) => event.id);

  const create = (input: AdminEventInput, role: 'segreteria' | 'redazione' = 'segreteria') =>
    staff.ok<AdminEvent>(staff.call('POST', '/Events', input, role));

  it('creates a draft in Rome time, stores UTC, and shows it once published', async () => {
    const draft = await create(congress({ title: 'Congresso bozza' }));
    expect(draft).toMatchObject({
      startsAt: '2027-01-28T09:00',
      endsAt: '2027-01-30T13:00',
      state: 'non-pubblicata',
      ecmCredits: true,
      places: 300,
      descriptionHtml: '<p>Programma.</p>',
    });
    expect(await upcomingIds()).not.toContain(draft.id);
    expect(await publicEvent(draft.id)).toBeNull();
    expect((await staff.lastAudit('event'))?.summary).toBe('Evento creato: Congresso bozza');

    const published = await staff.ok<AdminEvent>(
      staff.call(
        'PUT',
        `/Events/${draft.id}`,
        congress({ title: 'Congresso bozza', published: true }),
      ),
    );
    expect(published.state).toBe('pubblicata');
    const shown = await publicEvent(draft.id);
    expect(shown).toMatchObject({
      title: 'Congresso bozza',
      slug: 'congresso-bozza',
      // Rome is UTC+1 in January.
      startsAt: '2027-01-28T08:00:00.000Z',
      endsAt: '2027-01-30T12:00:00.000Z',
      venueCity: 'Bologna',
      ecmCredits: true,
      registrationOpensAt: '2026-12-01T08:00:00.000Z',
      places: 300,
    });
    expect(await upcomingIds()).toContain(draft.id);
  });

  it('refuses bad values with Italian messages naming the field, never a 500', async () => {
    await refused(
      staff.call('POST', '/Events', congress({ endsAt: '2027-01-27T09:00' })),
      'endsAt',
      EVENT_MESSAGES.endBeforeStart,
    );
    await refused(
      staff.call('POST', '/Events', congress({ registrationClosesAt: '2027-02-01T09:00' })),
      'registrationClosesAt',
      EVENT_MESSAGES.windowAfterEnd,
    );
    await refused(
      staff.call(
        'POST',
        '/Events',
        congress({
          registrationOpensAt: '2027-01-10T09:00',
          registrationClosesAt: '2027-01-05T09:00',
        }),
      ),
      'registrationClosesAt',
      EVENT_MESSAGES.windowOrder,
    );
    for (const places of [0, -3, 2.5]) {
      await refused(
        staff.call('POST', '/Events', congress({ places })),
        'places',
        EVENT_MESSAGES.places,
      );
    }
    await refused(
      staff.call('POST', '/Events', { ...congress(), places: 'molti' }),
      'places',
      EVENT_MESSAGES.places,
    );
    await refused(
      staff.call('POST', '/Events', congress({ mode: 'online', onlineUrl: 'non è un link' })),
      'onlineUrl',
      EVENT_MESSAGES.link,
    );
    await refused(
      staff.call('POST', '/Events', congress({ mode: 'online', onlineUrl: null })),
      'onlineUrl',
      EVENT_MESSAGES.linkRequired,
    );
    await refused(
      staff.call('POST', '/Events', congress({ venueName: null })),
      'venueName',
      EVENT_MESSAGES.venueRequired,
    );
    await refused(
      staff.call('POST', '/Events', congress({ startsAt: '28/01/2027' })),
      'startsAt',
      'Inizio: indica data e ora (gg/mm/aaaa hh:mm).',
    );
  });

  it('keeps one place or one link, and gives the area to segreteria and redazione only', async () => {
    const online = await create(
      congress({
        title: 'Webinar',
        mode: 'online',
        onlineUrl: 'www.example.org/webinar',
        published: true,
      }),
      'redazione',
    );
    expect(online).toMatchObject({
      onlineUrl: 'https://www.example.org/webinar',
      venueName: null,
      venueCity: null,
    });
    const refusedAnswer = await staff.call('POST', '/Events', congress(), 'tesoreria');
    expect(refusedAnswer.statusCode).toBe(403);
    expect((await staff.call('GET', '/Events', undefined, null)).statusCode).toBe(401);
  });

  it('schedules a publication: off the site until its Rome moment', async () => {
    const scheduled = await create(
      congress({ title: 'Evento programmato', published: true, publishAt: '2026-11-23T11:30' }),
    );
    expect(scheduled.state).toBe('programmata');
    expect(await upcomingIds()).not.toContain(scheduled.id);
    // 11:30 in Rome is 10:30 UTC in November.
    now = new Date('2026-11-23T10:29:00Z');
    expect(await upcomingIds()).not.toContain(scheduled.id);
    now = new Date('2026-11-23T10:30:00Z');
    expect(await upcomingIds()).toContain(scheduled.id);
    expect((await staff.ok<AdminEvent>(staff.call('GET', `/Events/${scheduled.id}`))).state).toBe(
      'pubblicata',
    );
  });

  it('lists upcoming soonest first and past events by year, newest year first', async () => {
    const later = await create(
      congress({
        title: 'Più tardi',
        startsAt: '2027-03-01T09:00',
        endsAt: '2027-03-01T18:00',
        published: true,
      }),
    );
    const sooner = await create(
      congress({
        title: 'Più presto',
        startsAt: '2026-12-01T09:00',
        endsAt: '2026-12-01T18:00',
        registrationOpensAt: null,
        registrationClosesAt: null,
        published: true,
      }),
    );
    const lastYear = await create(
      congress({
        title: 'Anno scorso',
        startsAt: '2025-05-10T09:00',
        endsAt: '2025-05-10T18:00',
        registrationOpensAt: null,
        registrationClosesAt: null,
        published: true,
      }),
    );
    const thisYear = await create(
      congress({
        title: 'Quest’anno',
        startsAt: '2026-03-10T09:00',
        endsAt: '2026-03-10T18:00',
        registrationOpensAt: null,
        registrationClosesAt: null,
        published: true,
      }),
    );
    const list = await publicList();
    const upcoming = list.upcoming.map((event) => event.id);
    expect(upcoming.indexOf(sooner.id)).toBeLessThan(upcoming.indexOf(later.id));
    expect(upcoming).not.toContain(lastYear.id);
    const years = list.past.map((group) => group.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(list.past.find((group) => group.year === 2026)?.events.map((e) => e.id)).toContain(
      thisYear.id,
    );
    expect(list.past.find((group) => group.year === 2025)?.events.map((e) => e.id)).toContain(
      lastYear.id,
    );
  });

  it('moves to the bin and back, and deletes for good', async () => {
    const item = await create(congress({ title: 'Da cestinare', published: true }));
    expect(await upcomingIds()).toContain(item.id);
    await staff.ok(staff.call('DELETE', `/Events/${item.id}`));
    expect(await upcomingIds()).not.toContain(item.id);
    expect(await publicEvent(item.id)).toBeNull();
    expect((await staff.call('GET', `/Events/${item.id}`)).statusCode).toBe(404);
    const bin = await staff.ok<AdminPage<AdminBinItem>>(staff.call('GET', '/Events/Bin'));
    const binned = bin.items.find((entry) => entry.id === item.id);
    expect(binned?.title).toBe('Da cestinare');
    expect(Date.parse(binned?.purgeAt ?? '') - Date.parse(binned?.deletedAt ?? '')).toBe(
      30 * 86_400_000,
    );
    expect((await staff.lastAudit('event'))?.summary).toBe(
      'Evento spostato nel cestino: Da cestinare',
    );

    const restored = await staff.ok<AdminEvent>(staff.call('POST', `/Events/${item.id}/Restore`));
    expect(restored.state).toBe('pubblicata');
    expect(await upcomingIds()).toContain(item.id);

    await staff.ok(staff.call('DELETE', `/Events/${item.id}`));
    await staff.ok(staff.call('DELETE', `/Events/Bin/${item.id}`));
    const after = await staff.ok<AdminPage<AdminBinItem>>(staff.call('GET', '/Events/Bin'));
    expect(after.items.map((entry) => entry.id)).not.toContain(item.id);
  });

  it('keeps the history, undoes a change, and refuses a stale save', async () => {
    const item = await create(congress({ title: 'Titolo primo', published: true }));
    const edited = await staff.ok<AdminEvent>(
      staff.call(
        'PUT',
        `/Events/${item.id}`,
        congress({ title: 'Titolo secondo', places: 120, published: true }),
      ),
    );
    expect(edited.version).toBe(item.version + 1);
    const history = await staff.ok<AdminAuditEntry[]>(
      staff.call('GET', `/Events/${item.id}/History`),
    );
    const change = history[0];
    expect(change?.action).toBe('modifica');
    expect(change?.before).toEqual({ titolo: 'Titolo primo', posti: 300 });
    expect(change?.after).toEqual({ titolo: 'Titolo secondo', posti: 120 });

    const undone = await staff.ok<AdminEvent>(
      staff.call('POST', `/Events/${item.id}/Rollback`, { auditId: change?.id }),
    );
    expect(undone).toMatchObject({ title: 'Titolo primo', places: 300 });
    expect((await publicEvent(item.id))?.title).toBe('Titolo primo');

    // A save read at the first version is refused now (ADR 041).
    const stale = await staff.call(
      'PUT',
      `/Events/${item.id}`,
      congress({ title: 'Vecchio modulo', published: true }),
      'segreteria',
      { 'if-match': `"${item.version}"` },
    );
    editConflictOf(stale);
  });

  it('withdraws and publishes in bulk', async () => {
    const one = await create(congress({ title: 'Bulk uno', published: true }));
    const two = await create(congress({ title: 'Bulk due', published: true }));
    await staff.ok(staff.call('POST', '/Events/Bulk', { ids: [one.id, two.id], action: 'ritira' }));
    expect(await upcomingIds()).not.toContain(one.id);
    expect((await staff.lastAudit('event'))?.action).toBe('ritira');
    await staff.ok(
      staff.call('POST', '/Events/Bulk', { ids: [one.id, two.id], action: 'pubblica' }),
    );
    expect(await upcomingIds()).toEqual(expect.arrayContaining([one.id, two.id]));
  });
});
