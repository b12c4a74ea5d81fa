import type { AdminAuditEntry, AdminMembership } from '@sodalis/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { bareMembership } from '../../../src/modules/membership/repository.js';
import { refused, staffSite } from '../../helpers/staff-api.js';
import { accountIdOf } from '../../helpers/member-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

const TODAY = '2026-06-05';
const NOW = `${TODAY}T08:00:00.000Z`;

/** Valid codici fiscali (check character right). */
const CF_ROSSI = 'RSSMRA85T10A562S';
const CF_BIANCHI = 'BNCLRA90A41F205I';

/**
 * Staff edit every fact of a member's position (ADR 042): names, number, codice fiscale, kind
 * and section, first year, region and work; an account without a membership is given one.
 */
describe.each(testEngines())('a member’s facts edited by the secretariat (%s)', (engine) => {
  const site = staffSite(engine, {
    clock: fixedClock(TODAY),
    roles: ['socio', 'affiliato', 'tesoreria'],
  });
  let socio: number;
  let affiliato: number;

  beforeEach(async () => {
    const { db } = site.app.services;
    await db.deleteFrom('dues').execute();
    await db.deleteFrom('memberships').execute();
    socio = await accountIdOf(site.app, 'socio.demo@example.org');
    affiliato = await accountIdOf(site.app, 'affiliato.demo@example.org');
    await db
      .insertInto('memberships')
      .values({ ...bareMembership(socio, 'Socio', 2024, NOW), member_number: '00042' })
      .execute();
    await db
      .insertInto('dues')
      .values({
        member_id: socio,
        year: 2024,
        status: 'paid',
        amount_cents: 8000,
        method: 'storico',
        payment_id: null,
        exempt_reason: null,
        settled_on: null,
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
  });

  const facts = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Mario',
    lastName: 'Rossi',
    memberNumber: '00042',
    codiceFiscale: CF_ROSSI.toLowerCase(),
    kind: 'Socio',
    section: null,
    sinceYear: 2024,
    region: 'Toscana',
    qualification: 'Medico trasfusionista',
    workplace: 'Ospedale di Arezzo',
    centre: 'SIMT',
    registerNumber: 'AR-1234',
    ...overrides,
  });

  it('saves every fact, audited with what it was; an affiliate’s kind changes the account’s role', async () => {
    const saved = await site.ok<AdminMembership>(
      site.call('PUT', `/Memberships/${socio}`, facts(), 'tesoreria'),
    );
    expect(saved).toMatchObject({
      memberNumber: '00042',
      firstName: 'Mario',
      lastName: 'Rossi',
      codiceFiscale: CF_ROSSI,
      region: 'Toscana',
      workplace: 'Ospedale di Arezzo',
      registerNumber: 'AR-1234',
    });
    const audit = await site.lastAudit('membership');
    expect(audit?.summary).toBe('Dati del socio socio.demo@example.org (numero 00042) modificati');

    const moved = await site.ok<AdminMembership>(
      site.call(
        'PUT',
        `/Memberships/${socio}`,
        facts({ kind: 'Affiliato', section: 'infermieri', memberNumber: 'A-7', sinceYear: 2023 }),
      ),
    );
    expect(moved).toMatchObject({
      kind: 'Affiliato',
      section: 'infermieri',
      memberNumber: 'A-7',
      sinceYear: 2023,
    });
    const account = await site.app.services.db
      .selectFrom('members')
      .select('role')
      .where('id', '=', socio)
      .executeTakeFirstOrThrow();
    expect(account.role).toBe('affiliato');
  });

  it('puts back the facts a save replaced, from the position’s history, with the checks of any save', async () => {
    await site.ok(site.call('PUT', `/Memberships/${socio}`, facts(), 'tesoreria'));
    await site.ok(
      site.call(
        'PUT',
        `/Memberships/${socio}`,
        facts({ lastName: 'Rossini', region: 'Umbria', workplace: 'Ospedale di Perugia' }),
      ),
    );
    const history = await site.ok<AdminAuditEntry[]>(
      site.call('GET', `/Memberships/${socio}/History`, undefined, 'tesoreria'),
    );
    expect(history[0]?.after).toMatchObject({ cognome: 'Rossini', regione: 'Umbria' });
    const restored = await site.ok<AdminMembership>(
      site.call('POST', `/Memberships/${socio}/Rollback`, { auditId: history[0]?.id }, 'tesoreria'),
    );
    expect(restored).toMatchObject({
      firstName: 'Mario',
      lastName: 'Rossi',
      region: 'Toscana',
      workplace: 'Ospedale di Arezzo',
      memberNumber: '00042',
    });
    const after = await site.ok<AdminAuditEntry[]>(
      site.call('GET', `/Memberships/${socio}/History`, undefined, 'tesoreria'),
    );
    expect(after).toHaveLength(history.length + 1);
    expect(after[0]?.before).toMatchObject({ cognome: 'Rossini' });

    // The number the entry held went to another member since: the rollback is refused.
    await site.ok(site.call('PUT', `/Memberships/${socio}`, facts({ memberNumber: '00050' })));
    const renumbered = await site.ok<AdminAuditEntry[]>(
      site.call('GET', `/Memberships/${socio}/History`, undefined, 'tesoreria'),
    );
    await site.ok(
      site.call('POST', `/Memberships/${affiliato}`, {
        firstName: 'Marco',
        lastName: 'Lanza',
        memberNumber: '00042',
        kind: 'Affiliato',
        section: 'tecnici',
        sinceYear: 2025,
      }),
    );
    await refused(
      site.call('POST', `/Memberships/${socio}/Rollback`, { auditId: renumbered[0]?.id }),
      'memberNumber',
      'Il numero socio 00042 è già di un altro socio.',
    );
    expect(
      (await site.ok<AdminMembership>(site.call('GET', `/Memberships/${socio}`))).memberNumber,
    ).toBe('00050');
    expect((await site.call('GET', '/Memberships/999999/History')).statusCode).toBe(404);
  });

  it('refuses a number or codice fiscale of another member, a wrong check character and a first year after a paid one', async () => {
    await site.ok(
      site.call('POST', `/Memberships/${affiliato}`, {
        ...facts({ firstName: 'Laura', lastName: 'Bianchi', codiceFiscale: CF_BIANCHI }),
        memberNumber: '00050',
        kind: 'Affiliato',
        section: 'tecnici',
        sinceYear: 2025,
      }),
    );
    await refused(
      site.call('PUT', `/Memberships/${socio}`, facts({ memberNumber: '00050' })),
      'memberNumber',
      'Il numero socio 00050 è già di un altro socio.',
    );
    await refused(
      site.call('PUT', `/Memberships/${socio}`, facts({ codiceFiscale: CF_BIANCHI })),
      'codiceFiscale',
      'Questo codice fiscale è già di un altro socio.',
    );
    await refused(
      site.call('PUT', `/Memberships/${socio}`, facts({ codiceFiscale: 'RSSMRA85T10A562X' })),
      'codiceFiscale',
      'Il codice fiscale non è valido: controlla lettere e cifre.',
    );
    await refused(
      site.call('PUT', `/Memberships/${socio}`, facts({ sinceYear: 2025 })),
      'sinceYear',
      'Il primo anno dovuto non può essere dopo un anno già pagato o esonerato (2024).',
    );
    await refused(
      site.call('PUT', `/Memberships/${socio}`, facts({ firstName: ' ', kind: 'Presidente' })),
      'kind',
      'Scegli Socio o Affiliato.',
    );
    const unchanged = await site.ok<AdminMembership>(site.call('GET', `/Memberships/${socio}`));
    expect(unchanged).toMatchObject({
      memberNumber: '00042',
      codiceFiscale: null,
      sinceYear: 2024,
    });
  });

  it('gives an account without a position one, with the next number; never twice, never to staff', async () => {
    const given = await site.ok<AdminMembership>(
      site.call('POST', `/Memberships/${affiliato}`, {
        ...facts({ firstName: 'Laura', lastName: 'Bianchi', codiceFiscale: null }),
        memberNumber: '',
        kind: 'Affiliato',
        section: 'tecnici',
        sinceYear: 2026,
      }),
    );
    expect(given.memberNumber).toMatch(/^\d{5}$/);
    expect(given.standing).toBe('renewalDue');
    await refused(
      site.call('POST', `/Memberships/${affiliato}`, facts({ memberNumber: '' })),
      'memberNumber',
      'Questo account ha già una posizione di socio.',
    );
    const staff = await accountIdOf(site.app, 'tesoreria.demo@example.org');
    await refused(
      site.call('POST', `/Memberships/${staff}`, facts({ memberNumber: '' })),
      'kind',
      'Un account del personale non è un socio.',
    );
  });
});
