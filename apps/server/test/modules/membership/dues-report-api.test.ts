import type { DuesReport } from '@sodalis/contracts';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bareMembership } from '../../../src/modules/membership/repository.js';
import { parseCsv } from '../../../src/text/csv.js';
import { staffSite } from '../../helpers/staff-api.js';
import { accountIdOf } from '../../helpers/member-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

const NOW = '2026-06-05T10:00:00.000Z';

type Due = {
  year: number;
  status: 'paid' | 'reported' | 'unpaid' | 'exempt';
  cents?: number;
  method?: 'paypal' | 'bonifico' | 'carta' | 'storico';
};

/** Members made for the report, by surname: joined in `since`, with their ledger rows. */
const LEDGER: { lastName: string; since: number; dues: Due[] }[] = [
  {
    lastName: 'Bianchi',
    since: 2024,
    dues: [
      { year: 2024, status: 'paid', cents: 8000, method: 'paypal' },
      { year: 2025, status: 'paid', cents: 8000, method: 'bonifico' },
    ],
  },
  // Three years missed in a row: lapsed; no row for 2025, so its fee is expected.
  { lastName: 'Conti', since: 2023, dues: [{ year: 2023, status: 'unpaid' }] },
  // 2024 open: arrears even with 2025 paid.
  {
    lastName: 'Esposito',
    since: 2024,
    dues: [
      { year: 2024, status: 'unpaid', cents: 8000 },
      { year: 2025, status: 'paid', cents: 5000, method: 'carta' },
    ],
  },
  { lastName: 'Ferrari', since: 2025, dues: [{ year: 2025, status: 'exempt' }] },
  {
    lastName: 'Gallo',
    since: 2025,
    dues: [{ year: 2025, status: 'reported', cents: 8000, method: 'paypal' }],
  },
  {
    lastName: 'Greco',
    since: 2025,
    dues: [{ year: 2025, status: 'paid', cents: 7000, method: 'storico' }],
  },
];

describe.each(testEngines())('staff dashboard of dues and exports (%s)', (engine) => {
  const site = staffSite(engine, {
    roles: ['socio', 'affiliato', 'tesoreria', 'redazione'],
    clock: fixedClock(NOW.slice(0, 10)),
  });
  let socio: number;
  let socioFeeCents: number;

  beforeAll(async () => {
    const { db } = site.app.services;
    await db.deleteFrom('bank_rows').execute();
    await db.deleteFrom('bank_statements').execute();
    await db.deleteFrom('dues').execute();
    await db.deleteFrom('payment_items').execute();
    await db.deleteFrom('payments').execute();
    await db.deleteFrom('receipt_counters').execute();
    await db.deleteFrom('memberships').execute();
    socio = await accountIdOf(site.app, 'socio.demo@example.org');
    const affiliato = await accountIdOf(site.app, 'affiliato.demo@example.org');
    await db
      .insertInto('memberships')
      .values([
        { ...bareMembership(socio, 'Socio', 2025, NOW), member_number: '00042' },
        // Joined in 2026: not due in 2025.
        { ...bareMembership(affiliato, 'Affiliato', 2026, NOW), member_number: '00043' },
      ])
      .execute();
    for (const [index, member] of LEDGER.entries()) {
      const { id } = await db
        .insertInto('members')
        .values({
          email: `${member.lastName.toLowerCase()}@example.org`,
          first_name: 'Anna',
          last_name: member.lastName,
          role: 'socio',
          status: 'active',
          password_hash: null,
          password_changed: 0,
          created_at: NOW,
          updated_at: NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('memberships')
        .values({
          ...bareMembership(id, 'Socio', member.since, NOW),
          member_number: String(100 + index),
        })
        .execute();
      for (const due of member.dues) {
        await db
          .insertInto('dues')
          .values({
            member_id: id,
            year: due.year,
            status: due.status,
            amount_cents: due.cents ?? null,
            method: due.method ?? null,
            payment_id: null,
            exempt_reason: due.status === 'exempt' ? 'Socio onorario' : null,
            settled_on: due.status === 'paid' ? `${due.year}-03-15` : null,
            created_at: NOW,
            updated_at: NOW,
          })
          .execute();
      }
    }
    // Cash at the congress through the staff API: a verified payment with its receipt number.
    await site.ok(
      site.call('POST', `/Memberships/${socio}/Payments`, {
        years: [2025],
        amount: '80',
        method: 'contanti',
        paidOn: '2026-06-04',
      }),
    );
    const fee = await db
      .selectFrom('fees')
      .select('amount_cents')
      .where('access', '=', 'Socio')
      .where('active', '=', 1)
      .orderBy('sort_order')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    socioFeeCents = fee.amount_cents;
  });

  /** The ledger's own sum of what was paid, by method, for a year. */
  async function ledgerPaid(year: number) {
    const rows = await site.app.services.db
      .selectFrom('dues')
      .select(['method', 'amount_cents'])
      .where('year', '=', year)
      .where('status', '=', 'paid')
      .execute();
    const byMethod: Record<string, number> = {};
    for (const row of rows) {
      byMethod[row.method ?? ''] = (byMethod[row.method ?? ''] ?? 0) + (row.amount_cents ?? 0);
    }
    return { total: rows.reduce((sum, row) => sum + (row.amount_cents ?? 0), 0), byMethod };
  }

  it('counts a past year from the ledger with the one standing rule, and its money to the cent', async () => {
    const report = await site.ok<DuesReport>(site.call('GET', '/DuesReport?year=2025'));
    const socioDue = await site.app.services.db
      .selectFrom('dues')
      .select('amount_cents')
      .where('member_id', '=', socio)
      .where('year', '=', 2025)
      .executeTakeFirstOrThrow();
    expect(socioDue.amount_cents).toBe(8000);
    expect(report).toMatchObject({
      year: 2025,
      asOf: '2025-12-31',
      members: 7,
      byStanding: { good: 5, renewalDue: 0, arrears: 1, lapsed: 1 },
      byDueStatus: { paid: 4, reported: 1, unpaid: 1, exempt: 1 },
      collected: {
        totalCents: 28000,
        byMethod: { paypal: 0, bonifico: 8000, contanti: 8000, carta: 5000, storico: 7000 },
      },
      // Everyone but the exempt member: recorded amounts, the fee where no row exists.
      expectedCents: 8000 + 8000 + socioFeeCents + 5000 + 8000 + 7000,
      applicationsWaiting: 0,
      bankRowsToReview: 0,
    });
    const ledger = await ledgerPaid(2025);
    expect(report.collected.totalCents).toBe(ledger.total);
    for (const [method, cents] of Object.entries(ledger.byMethod)) {
      expect(report.collected.byMethod[method as 'paypal']).toBe(cents);
    }
    expect(report.collectedByYear.map((entry) => [entry.year, entry.totalCents])).toEqual([
      [2024, 8000],
      [2025, 28000],
    ]);
  });

  it('reads the current year on today, with the year still in its grace period over', async () => {
    const report = await site.ok<DuesReport>(site.call('GET', '/DuesReport?year=2026'));
    expect(report.asOf).toBe('2026-06-05');
    expect(report.members).toBe(8);
    // Nobody paid 2026, past 31 March: those with the past settled owe only this year; Conti's
    // run of missed years lapses; Esposito's 2024 and 2026 are not consecutive, so arrears.
    expect(report.byStanding).toEqual({ good: 0, renewalDue: 6, arrears: 1, lapsed: 1 });
    expect(report.byDueStatus).toEqual({ paid: 0, reported: 0, unpaid: 8, exempt: 0 });
    expect(report.collected.totalCents).toBe(0);
  });

  it('lets the treasury in, keeps the editors out, and refuses a bad year in Italian', async () => {
    expect(
      (await site.call('GET', '/DuesReport?year=2025', undefined, 'tesoreria')).statusCode,
    ).toBe(200);
    expect(
      (await site.call('GET', '/DuesReport?year=2025', undefined, 'redazione')).statusCode,
    ).toBe(403);
    for (const year of ['', 'duemila', '1999']) {
      const bad = await site.call('GET', `/DuesReport?year=${year}`);
      expect(bad.statusCode, year).toBe(400);
      expect(bad.body).toMatch(/anno/i);
    }
  });

  it('exports the year as CSV for Italian Excel, parsed back with the same figures', async () => {
    const response = await site.call('GET', '/DuesReport/Export.csv?year=2025');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('quote-2025.csv');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(response.body).toContain('\r\n');
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([
      'Numero socio',
      'Cognome',
      'Nome',
      'Tipo',
      'Anno',
      'Stato quota',
      'Posizione',
      'Importo (€)',
      'Metodo',
      'Data pagamento',
      'Ricevuta n.',
    ]);
    expect(rows).toHaveLength(7);
    // Keyed by the number a spreadsheet shows: `="00042"` is the text 00042 (the next test).
    const byNumber = new Map(rows.map((row) => [row[0]?.replace(/^="(.*)"$/, '$1'), row]));
    expect(byNumber.get('00042')).toEqual([
      '="00042"',
      expect.any(String),
      expect.any(String),
      'Socio',
      '2025',
      'Pagata',
      'In regola',
      '80,00',
      'Contanti',
      expect.stringMatching(/^\d{2}\/\d{2}\/2026$/),
      '1/2026',
    ]);
    expect(byNumber.get('100')?.slice(5, 10)).toEqual([
      'Pagata',
      'In regola',
      '80,00',
      'Bonifico',
      '15/03/2025',
    ]);
    expect(byNumber.get('103')?.slice(5, 9)).toEqual(['Esonerato', 'In regola', '', '']);
    expect(byNumber.get('101')?.slice(5, 8)).toEqual([
      'Da pagare',
      'Decaduto',
      (socioFeeCents / 100).toFixed(2).replace('.', ','),
    ]);
    const paidCents = rows
      .filter((row) => row[5] === 'Pagata')
      .reduce((sum, row) => sum + Math.round(Number(row[7]?.replace(',', '.')) * 100), 0);
    expect(paidCents).toBe((await ledgerPaid(2025)).total);
  });

  it('writes member numbers in the CSV as text a spreadsheet keeps, leading zeros and all', async () => {
    // Excel and LibreOffice read a bare 00042 as the number 42; ="00042" stays the text 00042,
    // as in the members' list export (textCode, ADR 024).
    const response = await site.call('GET', '/DuesReport/Export.csv?year=2025');
    expect(response.statusCode).toBe(200);
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    const cash = lines.find((line) => line.includes(';2025;Pagata;In regola;80,00;Contanti;'));
    expect(cash).toMatch(/^"=""00042""";/);
    const [, ...rows] = parseCsv(response.body);
    expect(rows.map((row) => row[0]).sort()).toEqual([
      '="00042"',
      '="100"',
      '="101"',
      '="102"',
      '="103"',
      '="104"',
      '="105"',
    ]);
  });

  it('exports the year as XLSX with number and date cells and Italian headers', async () => {
    const response = await site.call('GET', '/DuesReport/Export.xlsx?year=2025');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Uint8Array.from(response.rawPayload).buffer);
    const sheet = workbook.getWorksheet('Quote 2025');
    expect(sheet).toBeDefined();
    if (sheet === undefined) return;
    expect(sheet.getRow(1).getCell(8).value).toBe('Importo (€)');
    expect(sheet.rowCount).toBe(8);
    const rows = new Map<string, ExcelJS.Row>();
    sheet.eachRow((row, index) => {
      if (index > 1) rows.set(String(row.getCell(1).value), row);
    });
    const bianchi = rows.get('100');
    expect(bianchi?.getCell(5).value).toBe(2025);
    expect(bianchi?.getCell(8).value).toBe(80);
    expect(bianchi?.getCell(10).value).toEqual(new Date('2025-03-15T00:00:00.000Z'));
    expect(bianchi?.getCell(10).numFmt).toBe('dd/mm/yyyy');
    expect(rows.get('00042')?.getCell(11).value).toBe('1/2026');
    expect(rows.get('103')?.getCell(8).value).toBeNull();
    let paidCents = 0;
    for (const row of rows.values()) {
      if (row.getCell(6).value === 'Pagata')
        paidCents += Math.round(Number(row.getCell(8).value) * 100);
    }
    expect(paidCents).toBe((await ledgerPaid(2025)).total);
  });
});
