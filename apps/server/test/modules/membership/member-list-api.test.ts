import type { AdminMembership, AdminPage } from '@sodalis/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { bareMembership } from '../../../src/modules/membership/repository.js';
import { staffSite } from '../../helpers/staff-api.js';
import { accountIdOf } from '../../helpers/member-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

const NOW = '2026-06-05T10:00:00.000Z';

/** "Soci e quote" (ADR 024, 2026-11-27): filters, the member picker's search, the exports. */
describe.each(testEngines())('the members’ list and its export (%s)', (engine) => {
  const site = staffSite(engine, {
    roles: ['socio', 'affiliato'],
    clock: fixedClock(NOW.slice(0, 10)),
  });
  let socio: number;
  let affiliato: number;

  beforeEach(async () => {
    const { db } = site.app.services;
    await db.deleteFrom('bank_rows').execute();
    await db.deleteFrom('dues').execute();
    await db.deleteFrom('memberships').execute();
    socio = await accountIdOf(site.app, 'socio.demo@example.org');
    affiliato = await accountIdOf(site.app, 'affiliato.demo@example.org');
    await db
      .insertInto('memberships')
      .values([
        {
          ...bareMembership(socio, 'Socio', 2025, NOW),
          member_number: '00042',
          region: 'Toscana',
          codice_fiscale: 'FRRGLI80A41G702X',
        },
        {
          ...bareMembership(affiliato, 'Affiliato', 2026, NOW),
          member_number: '00043',
          section: 'tecnici',
          region: 'Lazio',
        },
      ])
      .execute();
    const due = (member_id: number, year: number) => ({
      member_id,
      year,
      status: 'paid' as const,
      amount_cents: 3000,
      method: 'storico' as const,
      payment_id: null,
      exempt_reason: null,
      settled_on: `${year}-01-10`,
      created_at: NOW,
      updated_at: NOW,
    });
    await db
      .insertInto('dues')
      .values([due(socio, 2025), due(affiliato, 2026)])
      .execute();
  });

  const list = async (query: string) =>
    (
      await site.ok<AdminPage<AdminMembership>>(site.call('GET', `/Memberships?${query}`))
    ).items.map((member) => member.memberNumber);

  it('filters by text, standing, kind, section, region and year paid', async () => {
    expect(await list('')).toEqual(['00042', '00043']);
    // The member picker: a surname, a number, an e-mail, a name and surname, any case.
    expect(await list('q=ferri')).toEqual(['00042']);
    expect(await list('q=0043')).toEqual(['00043']);
    expect(await list('q=AFFILIATO.DEMO')).toEqual(['00043']);
    expect(await list(`q=${encodeURIComponent('Lanza Marco')}`)).toEqual(['00043']);
    expect(await list('q=nessuno')).toEqual([]);
    expect(await list('standing=good')).toEqual(['00043']);
    expect(await list('standing=renewalDue')).toEqual(['00042']);
    const page = await site.ok<AdminPage<AdminMembership>>(
      site.call('GET', '/Memberships?standing=renewalDue&perPage=1&page=2'),
    );
    expect(page).toEqual({ items: [], total: 1 });
    expect(await list('kind=Affiliato')).toEqual(['00043']);
    expect(await list('section=tecnici')).toEqual(['00043']);
    expect(await list('region=Toscana')).toEqual(['00042']);
    expect(await list('paidYear=2025')).toEqual(['00042']);
    expect(await list('paidYear=2026&kind=Socio')).toEqual([]);
    const wrong = await site.call('GET', '/Memberships?standing=ottimo');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Posizione non valida.');
  });

  it('exports what the list shows as CSV, the member number kept as text', async () => {
    const response = await site.call('GET', '/Memberships/Export?format=csv&region=Toscana');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Numero socio;Cognome;Nome;E-mail;Codice fiscale;Tipo;Sezione;Regione;Posizione;Anni pagati;Anni da pagare',
      '"=""00042""";Ferri;Giulia;socio.demo@example.org;FRRGLI80A41G702X;Socio;;Toscana;Quota dell’anno da pagare;2025;2026',
    ]);
  });

  it('exports the same as XLSX, the number column as text', async () => {
    const response = await site.call('GET', '/Memberships/Export?format=xlsx&kind=Affiliato');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('soci-2026-06-05.xlsx');
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Uint8Array.from(response.rawPayload).buffer);
    const sheet = workbook.getWorksheet('Soci');
    expect(sheet?.getRow(2).values).toEqual([
      undefined,
      '00043',
      'Lanza',
      'Marco',
      'affiliato.demo@example.org',
      '',
      'Affiliato',
      'Tecnici',
      'Lazio',
      'In regola',
      '2026',
      '',
    ]);
    expect(sheet?.getColumn(1).numFmt).toBe('@');
  });
});
