import {
  EVENT_MESSAGES,
  type AdminAuditEntry,
  type AdminEvent,
  type AdminEventInput,
  type PublicEvent,
  type RegistrationTypeInput,
} from '@sodalis/contracts';
import { describe, expect, it } from 'vitest';
import { refused, staffSite } from '../../helpers/staff-api.js';
import { testEngines } from '../../helpers/test-app.js';

const NOW = new Date('2026-11-23T10:00:00Z');

/** A member type, a public one and a speakers' one, priced in three windows (ADR 048). */
const MEMBER: RegistrationTypeInput = {
  name: 'Socio in regola',
  description: 'Per i soci in regola.',
  eligibility: 'iscritti-in-regola',
  memberRoles: ['socio'],
  // Kept only for a code type: dropped here.
  accessCode: 'IGNORATO',
  earlyCents: 15000,
  standardCents: 20000,
  onsiteCents: 25000,
  places: null,
};
const NON_MEMBER: RegistrationTypeInput = {
  name: 'Non socio',
  eligibility: 'tutti',
  earlyCents: null,
  standardCents: 38000,
  onsiteCents: null,
  places: 100,
};
const SPEAKER: RegistrationTypeInput = {
  name: 'Relatore',
  eligibility: 'codice',
  memberRoles: ['socio'],
  accessCode: 'RELATORI',
  standardCents: 0,
};
const TYPES = [MEMBER, NON_MEMBER, SPEAKER];

function congress(overrides: Partial<AdminEventInput> = {}): AdminEventInput {
  return {
    title: 'Congresso con quote',
    startsAt: '2027-01-28T09:00',
    endsAt: '2027-01-30T13:00',
    mode: 'in-presenza',
    venueName: 'Centro congressi',
    venueCity: 'Bologna',
    places: 300,
    earlyBirdUntil: '2026-12-15T23:59',
    onsiteFrom: '2027-01-28T00:00',
    registrationTypes: TYPES,
    addons: [{ name: 'Cena sociale', priceCents: 6000, places: 200 }],
    published: true,
    ...overrides,
  };
}

describe.each(testEngines())('events: registration types, prices and add-ons on %s', (engine) => {
  const staff = staffSite(engine, { clock: () => NOW, roles: ['redazione'] });

  async function publicEvent(id: number): Promise<PublicEvent | null> {
    const response = await staff.app.inject({ method: 'GET', url: `/api/v1/Events/${id}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: PublicEvent | null }).data;
  }

  it('keeps the types with their prices, windows and who may choose them; the page never shows a code', async () => {
    const saved = await staff.ok<AdminEvent>(staff.call('POST', '/Events', congress()));
    expect(saved).toMatchObject({
      earlyBirdUntil: '2026-12-15T23:59',
      onsiteFrom: '2027-01-28T00:00',
    });
    expect(saved.registrationTypes.map(({ id: _id, ...type }) => type)).toEqual([
      {
        name: 'Socio in regola',
        description: 'Per i soci in regola.',
        eligibility: 'iscritti-in-regola',
        memberRoles: ['socio'],
        accessCode: null,
        earlyCents: 15000,
        standardCents: 20000,
        onsiteCents: 25000,
        places: null,
        requiresApproval: false,
      },
      {
        name: 'Non socio',
        description: null,
        eligibility: 'tutti',
        memberRoles: [],
        accessCode: null,
        earlyCents: null,
        standardCents: 38000,
        onsiteCents: null,
        places: 100,
        requiresApproval: false,
      },
      {
        name: 'Relatore',
        description: null,
        eligibility: 'codice',
        memberRoles: [],
        accessCode: 'RELATORI',
        earlyCents: null,
        standardCents: 0,
        onsiteCents: null,
        places: null,
        requiresApproval: false,
      },
    ]);
    expect(saved.addons).toEqual([
      {
        id: expect.any(Number),
        name: 'Cena sociale',
        description: null,
        priceCents: 6000,
        places: 200,
      },
    ]);

    const page = await publicEvent(saved.id);
    // The windows' limits as instants: Rome was UTC+1 on both days.
    expect(page).toMatchObject({
      earlyBirdUntil: '2026-12-15T22:59:00.000Z',
      onsiteFrom: '2027-01-27T23:00:00.000Z',
    });
    expect(
      page?.registrationTypes.map((type) => [type.name, type.eligibility, type.memberRoles]),
    ).toEqual([
      ['Socio in regola', 'iscritti-in-regola', ['socio']],
      ['Non socio', 'tutti', []],
      ['Relatore', 'codice', []],
    ]);
    expect(JSON.stringify(page)).not.toContain('RELATORI');
    // On 23 November the early-bird prices are in force (until 15 December).
    expect(page?.priceWindow).toBe('early');
    expect(page?.addons).toEqual([
      { id: expect.any(Number), name: 'Cena sociale', description: null, priceCents: 6000 },
    ]);
  });

  it('keeps each type’s id across edits, adds and removes in order, and undoes a change', async () => {
    const saved = await staff.ok<AdminEvent>(
      staff.call('POST', '/Events', congress({ title: 'Congresso da modificare' })),
    );
    const [member, nonMember, speaker] = saved.registrationTypes;
    const edited = await staff.ok<AdminEvent>(
      staff.call('PUT', `/Events/${saved.id}`, {
        ...congress({ title: 'Congresso da modificare' }),
        // The speakers' type is removed, the public one moves first with a new price, a daily
        // ticket is added at the end.
        registrationTypes: [
          { ...NON_MEMBER, id: nonMember?.id, standardCents: 40000 },
          { ...MEMBER, id: member?.id },
          { name: 'Giornaliera', eligibility: 'tutti', standardCents: 12000 },
        ],
        // The add-on named by its id, unchanged.
        addons: saved.addons,
      }),
    );
    expect(
      edited.registrationTypes.map((type) => [type.id, type.name, type.standardCents]),
    ).toEqual([
      [nonMember?.id, 'Non socio', 40000],
      [member?.id, 'Socio in regola', 20000],
      [expect.any(Number), 'Giornaliera', 12000],
    ]);
    expect(edited.registrationTypes.map((type) => type.id)).not.toContain(speaker?.id);

    const [change] = await staff.ok<AdminAuditEntry[]>(
      staff.call('GET', `/Events/${saved.id}/History`),
    );
    expect(Object.keys(change?.after ?? {})).toEqual(['tipiDiIscrizione']);
    const undone = await staff.ok<AdminEvent>(
      staff.call('POST', `/Events/${saved.id}/Rollback`, { auditId: change?.id }),
    );
    // The types as they were, the two kept under their ids; the speakers' type comes back new.
    expect(undone.registrationTypes.map((type) => [type.name, type.standardCents])).toEqual([
      ['Socio in regola', 20000],
      ['Non socio', 38000],
      ['Relatore', 0],
    ]);
    expect(undone.registrationTypes[0]?.id).toBe(member?.id);
    expect(undone.registrationTypes[1]?.id).toBe(nonMember?.id);
  });

  it('never lets an edit take another event’s type', async () => {
    const first = await staff.ok<AdminEvent>(
      staff.call('POST', '/Events', congress({ title: 'Primo' })),
    );
    const second = await staff.ok<AdminEvent>(
      staff.call('POST', '/Events', {
        ...congress({ title: 'Secondo' }),
        registrationTypes: [{ ...NON_MEMBER, id: first.registrationTypes[0]?.id }],
      }),
    );
    expect(second.registrationTypes[0]?.id).not.toBe(first.registrationTypes[0]?.id);
    expect((await publicEvent(first.id))?.registrationTypes).toHaveLength(3);
  });

  it('refuses bad prices and windows with Italian messages naming the field', async () => {
    const withType = (type: Partial<RegistrationTypeInput>, event: Partial<AdminEventInput> = {}) =>
      staff.call(
        'POST',
        '/Events',
        congress({ ...event, registrationTypes: [{ ...NON_MEMBER, ...type }] }),
      );
    await refused(
      withType({ earlyCents: 1000 }, { earlyBirdUntil: null }),
      'registrationTypes.0.earlyCents',
      EVENT_MESSAGES.earlyWithoutDate,
    );
    await refused(
      withType({ onsiteCents: 1000 }, { onsiteFrom: null }),
      'registrationTypes.0.onsiteCents',
      EVENT_MESSAGES.onsiteWithoutDate,
    );
    await refused(
      withType({}, { earlyBirdUntil: '2027-01-28T00:00' }),
      'earlyBirdUntil',
      EVENT_MESSAGES.earlyAfterOnsite,
    );
    await refused(
      withType({ places: 301 }),
      'registrationTypes.0.places',
      EVENT_MESSAGES.typePlacesOverEvent,
    );
    await refused(
      withType({ eligibility: 'iscritti-in-regola', memberRoles: [] }),
      'registrationTypes.0.memberRoles',
      EVENT_MESSAGES.rolesRequired,
    );
    await refused(
      withType({ eligibility: 'codice', accessCode: null }),
      'registrationTypes.0.accessCode',
      EVENT_MESSAGES.codeRequired,
    );
    await refused(
      withType({ standardCents: -100 }),
      'registrationTypes.0.standardCents',
      'Quota standard: l’importo non può essere negativo.',
    );
    await refused(
      staff.call('POST', '/Events', {
        ...congress(),
        registrationTypes: [{ ...NON_MEMBER, standardCents: 'gratis' }],
      }),
      'registrationTypes.0.standardCents',
      'Quota standard: indica un importo in euro (0 se gratuita).',
    );
    await refused(
      staff.call(
        'POST',
        '/Events',
        congress({
          registrationTypes: [NON_MEMBER, { ...NON_MEMBER, name: 'NON SOCIO' }],
        }),
      ),
      'registrationTypes.1.name',
      EVENT_MESSAGES.typeNameTwice,
    );
    await refused(
      staff.call(
        'POST',
        '/Events',
        congress({
          addons: [
            { name: 'Cena', priceCents: 1 },
            { name: 'cena', priceCents: 2 },
          ],
        }),
      ),
      'addons.1.name',
      EVENT_MESSAGES.addonNameTwice,
    );
  });
});
