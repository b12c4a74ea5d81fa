import type {
  AdminPage,
  AdminMembership,
  DueStatus,
  RegisterImportReport,
  Standing,
} from '@sodalis/contracts';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  computeStanding,
  DEFAULT_STANDING_RULES,
} from '../../../src/modules/membership/standing.js';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

const TODAY = '2026-06-05';
const MEMBERS = 2000;

const upload = (fileName: string, content: Buffer | string) => ({
  fileName,
  contentBase64: Buffer.from(content).toString('base64'),
});

/**
 * Member `index` of the generated register, and what the hand computation expects of it: first
 * year 2022–2024; every year paid except, by `index % 4`, none (good), this year (renewal due,
 * past 31 March), last year (arrears) or both (lapsed); some years exempt; dates and methods on
 * even rows; no number on every fifth row (numbered after the highest).
 */
function registerMember(index: number) {
  const sinceYear = 2022 + (index % 3);
  const unpaid = [[], [2026], [2025], [2025, 2026]][index % 4] as number[];
  const standing = (['good', 'renewalDue', 'arrears', 'lapsed'] as const)[index % 4] as Standing;
  const exempt = index % 10 === 5 ? [sinceYear] : [];
  const years = new Map<number, string>();
  for (let year = 2022; year <= 2026; year += 1) {
    if (year < sinceYear || unpaid.includes(year)) years.set(year, '');
    else if (exempt.includes(year)) years.set(year, 'esonero');
    else years.set(year, index % 2 === 0 ? `15/03/${year} bonifico` : 'x');
  }
  return {
    number: index % 5 === 0 ? '' : String(index + 1).padStart(5, '0'),
    email: `socio.${index}@registro.example`,
    kind: index % 7 === 0 ? 'Affiliato' : 'Socio',
    section: index % 7 === 0 ? 'Tecnici' : '',
    sinceYear,
    years,
    standing,
    paid: [...years].filter(([, cell]) => cell !== '' && cell !== 'esonero').map(([y]) => y),
    exempt,
  };
}

function registerCsv(count: number): string {
  const header =
    'Numero;Nome;Cognome;Email;Tipo;Sezione;Regione;Primo anno;2022;2023;2024;2025;2026';
  const lines = Array.from({ length: count }, (_, index) => {
    const member = registerMember(index);
    return [
      member.number,
      'Maria',
      `Rossi ${index}`,
      member.email,
      member.kind,
      member.section,
      'Toscana',
      String(member.sinceYear),
      ...[...member.years.values()],
    ].join(';');
  });
  return [header, ...lines].join('\r\n');
}

describe.each(testEngines())('the existing register taken over (%s)', (engine) => {
  const site = staffSite(engine, { clock: fixedClock(TODAY), roles: ['tesoreria'] });

  beforeEach(async () => {
    const { db } = site.app.services;
    await db.deleteFrom('dues').execute();
    await db.deleteFrom('memberships').execute();
    await db.deleteFrom('member_number_counter').execute();
    await db.deleteFrom('members').where('email', 'like', '%@registro.example').execute();
  });

  const preview = (body: object, role: 'segreteria' | 'tesoreria' = 'segreteria') =>
    site.ok<RegisterImportReport>(site.call('POST', '/Memberships/Register/Preview', body, role));
  const apply = (body: object, role: 'segreteria' | 'tesoreria' = 'segreteria') =>
    site.ok<RegisterImportReport>(site.call('POST', '/Memberships/Register', body, role));

  async function ledgerCounts() {
    const { db } = site.app.services;
    const count = async (table: 'dues' | 'memberships' | 'members' | 'payments' | 'receipts') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const counter = await db
      .selectFrom('member_number_counter')
      .select('last_number')
      .executeTakeFirst();
    return {
      dues: await count('dues'),
      memberships: await count('memberships'),
      members: await count('members'),
      payments: await count('payments'),
      receipts: await count('receipts'),
      counter: counter?.last_number ?? 0,
    };
  }

  it('imports 2,000 members with their years: numbers, standings, arrears and lapses as computed by hand; twice changes nothing', async () => {
    const file = upload('registro.csv', registerCsv(MEMBERS));
    const before = await ledgerCounts();
    const seen = await preview(file);
    expect(seen.counts).toEqual({ create: MEMBERS, update: 0, unchanged: 0, refused: 0 });
    expect(await ledgerCounts()).toEqual(before);

    const done = await apply(file, 'tesoreria');
    expect(done.applied).toBe(true);
    expect(done.counts).toEqual({ create: MEMBERS, update: 0, unchanged: 0, refused: 0 });
    expect(done.created).toHaveLength(MEMBERS);

    const { db } = site.app.services;
    const memberships = await db
      .selectFrom('memberships')
      .innerJoin('members', 'members.id', 'memberships.member_id')
      .select([
        'members.email',
        'members.role',
        'memberships.member_id',
        'memberships.member_number',
        'memberships.kind',
        'memberships.section',
        'memberships.since_year',
      ])
      .where('members.email', 'like', '%@registro.example')
      .execute();
    expect(memberships).toHaveLength(MEMBERS);
    const dues = await db.selectFrom('dues').selectAll().execute();
    const ledgerOf = new Map<number, Map<number, DueStatus>>();
    for (const due of dues) {
      const ledger = ledgerOf.get(due.member_id) ?? new Map<number, DueStatus>();
      ledger.set(due.year, due.status);
      ledgerOf.set(due.member_id, ledger);
    }
    const byEmail = new Map(memberships.map((row) => [row.email, row]));
    const tally: Record<Standing, number> = { good: 0, renewalDue: 0, arrears: 0, lapsed: 0 };
    // Rows without a number get the next ones after the highest given (02000), in file order.
    let nextNumber = MEMBERS + 1;
    for (let index = 0; index < MEMBERS; index += 1) {
      const expected = registerMember(index);
      const row = byEmail.get(expected.email);
      expect(row, expected.email).toBeDefined();
      if (row === undefined) continue;
      const number = expected.number || String(nextNumber++).padStart(5, '0');
      expect(row.member_number, expected.email).toBe(number);
      expect(row.kind).toBe(expected.kind);
      expect(row.role).toBe(expected.kind === 'Affiliato' ? 'affiliato' : 'socio');
      expect(row.section).toBe(expected.kind === 'Affiliato' ? 'tecnici' : null);
      expect(row.since_year).toBe(expected.sinceYear);
      const ledger = ledgerOf.get(row.member_id) ?? new Map<number, DueStatus>();
      expect(
        [...ledger]
          .filter(([, status]) => status === 'paid')
          .map(([year]) => year)
          .sort(),
        expected.email,
      ).toEqual(expected.paid);
      expect([...ledger].filter(([, status]) => status === 'exempt').map(([year]) => year)).toEqual(
        expected.exempt,
      );
      const { standing } = computeStanding(
        { sinceYear: row.since_year, dues: ledger },
        TODAY,
        DEFAULT_STANDING_RULES,
      );
      expect(standing, expected.email).toBe(expected.standing);
      tally[standing] += 1;
    }
    expect(tally).toEqual({ good: 500, renewalDue: 500, arrears: 500, lapsed: 500 });
    // Years paid with their date and method; no payment and no receipt issued for history.
    const dated = dues.find((due) => due.status === 'paid' && due.method === 'bonifico');
    expect(dated?.settled_on).toMatch(/^20\d\d-03-15$/);
    const after = await ledgerCounts();
    expect(after.payments).toBe(before.payments);
    expect(after.receipts).toBe(before.receipts);
    expect(after.counter).toBe(MEMBERS + MEMBERS / 5);
    // The staff list reads them with their standing.
    const page = await site.ok<AdminPage<AdminMembership>>(
      site.call('GET', '/Memberships?perPage=5'),
    );
    expect(page.total).toBe(MEMBERS);

    const again = await apply(file);
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: MEMBERS, refused: 0 });
    expect(await ledgerCounts()).toEqual(after);
    expect((await site.lastAudit('membership'))?.summary).toContain(
      `${MEMBERS} nuovi, 0 aggiornati`,
    );
  }, 240_000);

  it('refuses each wrong row with its line and reason in Italian, and applies the others', async () => {
    const { db } = site.app.services;
    await apply(
      upload(
        'primo.csv',
        'numero;nome;cognome;email;codice fiscale;tipo;primo anno;2025\n00007;Anna;Verdi;anna.verdi@registro.example;BNCLRA90A41F205I;Socio;2024;x',
      ),
    );
    const csv = [
      'Numero;Nome;Cognome;Email;Codice fiscale;Tipo;Primo anno;2024;2025;2026',
      // 2: codice fiscale with a wrong check character
      '00010;Luca;Bianchi;luca.bianchi@registro.example;RSSMRA85T10A562X;Socio;2024;x;x;',
      // 3: a number another member has
      '00007;Paolo;Neri;paolo.neri@registro.example;;Socio;2024;x;;',
      // 4: a first year after a paid year
      '00011;Sara;Gialli;sara.gialli@registro.example;;Socio;2025;x;x;',
      // 5: a payment dated in the future
      '00012;Marco;Blu;marco.blu@registro.example;;Socio;2024;;;01/12/2026',
      // 6: a payment dated before the first year
      '00013;Elena;Rosa;elena.rosa@registro.example;;Socio;2025;;10/05/2024 contanti;',
      // 7: not a kind
      '00014;Gino;Viola;gino.viola@registro.example;;Presidente;2024;x;;',
      // 8: the staff's account
      '00015;Seg;Reteria;segreteria.demo@example.org;;Socio;2024;x;;',
      // 9: fine, with a dated cash payment and an exemption
      '00016;Irene;Verde;irene.verde@registro.example;;Affiliato;2024;esonero;20/02/2025 contanti;',
      // 10: the same e-mail again
      '00017;Irene;Verde;irene.verde@registro.example;;Socio;2024;;;',
      // 11: Anna again: her 2024 and 2026 added, 2025 left as it was
      '00007;Anna;Verdi;anna.verdi@registro.example;BNCLRA90A41F205I;Socio;2024;x;;x',
    ].join('\n');
    const before = await db.selectFrom('members').select('id').execute();
    const report = await apply(upload('registro.csv', csv));
    const byLine = new Map(report.rows.map((row) => [row.line, row]));
    const reason = (line: number) => byLine.get(line)?.notes.join(' ') ?? '';
    expect(byLine.get(2)?.outcome).toBe('refused');
    expect(reason(2)).toContain('codice fiscale RSSMRA85T10A562X non è valido');
    expect(reason(3)).toContain('Il numero socio 00007 è già di un altro socio.');
    expect(reason(4)).toContain(
      'Il primo anno (2025) è dopo un anno già pagato o esonerato (2024).',
    );
    expect(reason(5)).toContain('la data di pagamento 2026-12-01 è nel futuro');
    expect(reason(6)).toContain('è prima del primo anno del socio (2025)');
    expect(reason(7)).toContain('Tipo "Presidente" non riconosciuto');
    expect(reason(8)).toContain('account del personale');
    expect(byLine.get(9)?.outcome).toBe('create');
    expect(reason(10)).toContain('già in una riga precedente');
    expect(byLine.get(11)?.outcome).toBe('update');
    expect(reason(11)).toContain('Quote pagate: 2024, 2026.');
    expect(report.counts).toEqual({ create: 1, update: 1, unchanged: 0, refused: 8 });
    // Only Irene is new; no refused row left anything behind.
    expect((await db.selectFrom('members').select('id').execute()).length).toBe(before.length + 1);
    const irene = await db
      .selectFrom('dues')
      .innerJoin('members', 'members.id', 'dues.member_id')
      .select(['dues.year', 'dues.status', 'dues.method', 'dues.settled_on', 'dues.exempt_reason'])
      .where('members.email', '=', 'irene.verde@registro.example')
      .orderBy('dues.year')
      .execute();
    expect(irene).toEqual([
      {
        year: 2024,
        status: 'exempt',
        method: null,
        settled_on: null,
        exempt_reason: 'Esonero (dal registro importato)',
      },
      {
        year: 2025,
        status: 'paid',
        method: 'contanti',
        settled_on: '2025-02-20',
        exempt_reason: null,
      },
    ]);
  });

  it('reads Windows-1252 CSVs and Excel files, numbers keeping their zeros; a file that is neither is refused', async () => {
    const windows = Buffer.from(
      'Numero;Nome;Cognome;Email;Tipo;Primo anno;2026\r\n00021;Niccolò;D’Amico;niccolo.damico@registro.example;Socio;2026;x\r\n',
      'latin1',
    );
    // "’" is 0x92 in Windows-1252, outside ISO-8859-1: written byte by byte.
    const apostrophe = windows.indexOf(Buffer.from('D', 'latin1')) + 1;
    windows[apostrophe] = 0x92;
    const read = await preview(upload('registro.csv', Buffer.from(windows)));
    expect(read.format).toBe('Windows-1252');
    expect(read.rows[0]).toMatchObject({ name: 'Niccolò D’Amico', outcome: 'create' });

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Soci');
    sheet.addRow([
      'Numero socio',
      'Cognome',
      'Nome',
      'E-mail',
      'Categoria',
      'Anno iscrizione',
      'Quota 2026',
    ]);
    sheet.addRow([
      42,
      'Ferri',
      'Giulia',
      'giulia.ferri@registro.example',
      'Socio',
      2025,
      new Date(Date.UTC(2026, 1, 10)),
    ]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const fromExcel = await apply(upload('registro.xlsx', xlsx));
    expect(fromExcel.format).toBe('XLSX');
    expect(fromExcel.rows[0]).toMatchObject({
      memberNumber: '00042',
      outcome: 'create',
      paidYears: [2026],
    });

    const refused = await site.call(
      'POST',
      '/Memberships/Register/Preview',
      upload('registro.csv', 'nome;cognome\nAnna;Verdi'),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Nella prima riga mancano le colonne: email');
  });
});
