import { readFileSync } from 'node:fs';
import type {
  AdminBankRow,
  AdminDashboard,
  AdminPage,
  BankStatementApplied,
  BankStatementPreview,
  MemberDuesView,
} from '@sodalis/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { dueCausale, readCausale } from '../../../src/modules/membership/bank-causale.js';
import { bareMembership } from '../../../src/modules/membership/repository.js';
import { decodeUploadedText } from '../../../src/text/encoding.js';
import { staffSite } from '../../helpers/staff-api.js';
import { accountIdOf } from '../../helpers/member-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

const NOW = '2026-06-05T10:00:00.000Z';
const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/bank/${name}`, import.meta.url));
const upload = (fileName: string, content: Buffer | string) => ({
  fileName,
  contentBase64: Buffer.from(content).toString('base64'),
});
const CAMT = upload('estratto-camt053.xml', fixture('estratto-camt053.xml'));
const CSV = upload('estratto-banca.csv', fixture('estratto-banca.csv'));

describe('the causale of a dues transfer', () => {
  it('carries member number, years and a check that survives what banks do to it', () => {
    const causale = dueCausale('00042', [2026, 2025]);
    expect(causale).toBe('QUOTA 00042 ANNI 2025 2026 CK 46');
    for (const written of [
      causale,
      causale.toLowerCase(),
      'BONIFICO SEPA quota 00042/anni 2025-2026 ck.46 grazie',
      `Quota associativa ${causale}`,
      causale.replaceAll(' ', '\n'),
    ]) {
      expect(readCausale(written)).toEqual({
        kind: 'valid',
        memberKey: '00042',
        years: [2025, 2026],
      });
    }
    expect(readCausale('QUOTA 00042 ANNI 2025 2026 CK 47').kind).toBe('wrongCheck');
    expect(readCausale('QUOTA 00042 ANNI 2025 2027 CK 46').kind).toBe('wrongCheck');
    expect(readCausale('QUOTA 00024 ANNI 2025 2026 CK 46').kind).toBe('wrongCheck');
    expect(readCausale('Erogazione liberale').kind).toBe('none');
    // Member numbers with a year and punctuation (MEMBER_NUMBER_FORMAT).
    const withYear = dueCausale('2026/00042', [2026]);
    expect(readCausale(withYear.replace('/', '-'))).toMatchObject({
      kind: 'valid',
      memberKey: '202600042',
    });
  });

  it('reads a CSV export in Windows-1252 as well as in UTF-8', () => {
    const { text, encoding } = decodeUploadedText(fixture('estratto-banca.csv'));
    expect(encoding).toBe('Windows-1252');
    expect(text).toContain('Bonifico da Lanza Marco – quota affiliato è');
    expect(text).toContain('Bonifico D’Amico Niccolò – Università di Pisa “quota” ‘2026’ 1.080 €');
    expect(decodeUploadedText(Buffer.from('più €', 'utf8')).text).toBe('più €');
  });
});

describe.each(testEngines())('bank statements of dues (%s)', (engine) => {
  const site = staffSite(engine, {
    roles: ['socio', 'affiliato'],
    clock: fixedClock(NOW.slice(0, 10)),
  });
  let socio: number;
  let affiliato: number;

  beforeEach(async () => {
    const { db } = site.app.services;
    await db.deleteFrom('bank_rows').execute();
    await db.deleteFrom('bank_statements').execute();
    await db.deleteFrom('dues').execute();
    await db.deleteFrom('payment_items').execute();
    await db.deleteFrom('receipts').execute();
    await db.deleteFrom('payments').execute();
    await db.deleteFrom('receipt_counters').execute();
    await db.deleteFrom('memberships').execute();
    socio = await accountIdOf(site.app, 'socio.demo@example.org');
    affiliato = await accountIdOf(site.app, 'affiliato.demo@example.org');
    await db
      .insertInto('memberships')
      .values([
        { ...bareMembership(socio, 'Socio', 2025, NOW), member_number: '00042' },
        { ...bareMembership(affiliato, 'Affiliato', 2026, NOW), member_number: '00043' },
      ])
      .execute();
  });

  const preview = (body: object) =>
    site.ok<BankStatementPreview>(site.call('POST', '/BankStatements/Preview', body));
  const apply = (body: object) =>
    site.ok<BankStatementApplied>(site.call('POST', '/BankStatements', body));
  const duesOf = (memberId: number) =>
    site.app.services.db
      .selectFrom('dues')
      .select(['year', 'status', 'method'])
      .where('member_id', '=', memberId)
      .orderBy('year')
      .execute();
  const paymentsCount = async () =>
    (await site.app.services.db.selectFrom('payments').select('id').execute()).length;

  it('previews a camt.053 without changing anything, then applies it once', async () => {
    const seen = await preview(CAMT);
    expect(seen.format).toBe('camt053');
    expect(seen.alreadyImported).toBe(false);
    expect(
      seen.rows.map((row) => [row.reference, row.amountCents, row.outcome, row.memberNumber]),
    ).toEqual([
      ['camt:BANKREF-001', 16000, 'matched', '00042'],
      ['camt:BANKREF-002', 2500, 'mismatch', '00043'],
      ['camt:BANKREF-003', 5000, 'unknown', null],
      ['camt:BANKREF-004', 8000, 'unknown', null],
    ]);
    expect(seen.rows[1]?.reason).toBe('Importo 25,00 € invece di 30,00 €.');
    // The payer's account (DbtrAcct), upper case without spaces (ADR 029, 2026-11-27).
    expect(seen.rows.map((row) => row.payerIban)).toEqual([
      'IT60X0542811101000000654321',
      null,
      null,
      null,
    ]);
    expect(seen.rows[3]?.reason).toContain('codice di controllo');
    expect(await paymentsCount()).toBe(0);

    const done = await apply(CAMT);
    expect(done.applied).toBe(true);
    expect(done.counts).toMatchObject({ matched: 1, mismatch: 1, unknown: 2 });
    expect(await duesOf(socio)).toEqual([
      { year: 2025, status: 'paid', method: 'bonifico' },
      { year: 2026, status: 'paid', method: 'bonifico' },
    ]);
    const [payment] = await site.app.services.db.selectFrom('payments').selectAll().execute();
    expect(payment).toMatchObject({
      paypal_order_id: 'bonifico:camt:BANKREF-001',
      status: 'verified',
      paid_cents: 16000,
      member_id: socio,
      receipt_year: 2026,
      receipt_number: 1,
    });
    const standing = await site.app.inject({
      method: 'GET',
      url: '/api/v1/Membership/MyDues',
      headers: { authorization: `Bearer ${site.tokens.socio}` },
    });
    expect((standing.json() as { data: MemberDuesView }).data.standing).toBe('good');
    expect((await site.lastAudit('bank_statement'))?.summary).toContain('1 abbinati');

    // The same file again: nothing changes, and the preview says so.
    expect((await preview(CAMT)).alreadyImported).toBe(true);
    const again = await apply(CAMT);
    expect(again).toMatchObject({
      applied: false,
      message: 'Questo file è già stato importato: nulla è cambiato.',
    });
    expect(await paymentsCount()).toBe(1);
    // The same bank transactions in another file (a re-export): already imported.
    const reexport = upload(
      'ri-esportato.xml',
      `${fixture('estratto-camt053.xml').toString('utf8')}\n<!-- ri-esportato -->\n`,
    );
    const repeated = await apply(reexport);
    expect(repeated.applied).toBe(true);
    expect(repeated.counts).toMatchObject({ alreadyImported: 4, matched: 0 });
    expect(await paymentsCount()).toBe(1);
  });

  it('applies two simultaneous uploads of one file once', async () => {
    const results = await Promise.all([apply(CAMT), apply(CAMT)]);
    expect(results.map((result) => result.applied).sort()).toEqual([false, true]);
    expect(await paymentsCount()).toBe(1);
    const rows = await site.app.services.db.selectFrom('bank_rows').select('id').execute();
    expect(rows).toHaveLength(4);
  });

  it('reads the bank’s CSV: matched, repeated in the file, a year paid twice flagged for refund', async () => {
    await apply(CAMT);
    const seen = await preview(CSV);
    expect(seen.format).toBe('csv');
    expect(
      seen.rows.map((row) => [row.reference, row.bookedOn, row.amountCents, row.outcome]),
    ).toEqual([
      ['csv:CSV-0001', '2026-06-03', 3000, 'matched'],
      ['csv:CSV-0002', '2026-06-03', 16000, 'alreadyPaid'],
      ['csv:CSV-0001', '2026-06-03', 3000, 'repeatedInFile'],
      ['csv:CSV-0004', '2026-06-04', 108000, 'unknown'],
    ]);
    expect(seen.rows[0]?.remittance).toContain('Bonifico da Lanza Marco – quota affiliato è');
    // Windows-1252's 0x80–0x9F (€, quotes, dash) read as such, not as control characters.
    expect(seen.rows[3]?.remittance).toBe(
      'Bonifico D’Amico Niccolò – Università di Pisa “quota” ‘2026’ 1.080 €',
    );
    const done = await apply(CSV);
    expect(done.counts).toMatchObject({
      matched: 1,
      alreadyPaid: 1,
      repeatedInFile: 1,
      unknown: 1,
    });
    expect(await duesOf(affiliato)).toEqual([{ year: 2026, status: 'paid', method: 'bonifico' }]);
    // Never counted twice: the socio's years keep their one payment.
    expect(await paymentsCount()).toBe(2);
    const refunds = await site.ok<AdminPage<AdminBankRow>>(
      site.call('GET', '/BankRows?status=refund'),
    );
    expect(refunds.items.map((row) => [row.reference, row.reason])).toEqual([
      ['csv:CSV-0002', 'Quote 2025, 2026 già pagate: il bonifico va rimborsato.'],
    ]);
  });

  it('lets staff assign a waiting row to a member and years, or ignore it with a reason', async () => {
    await apply(CAMT);
    const waiting = await site.ok<AdminPage<AdminBankRow>>(site.call('GET', '/BankRows'));
    expect(waiting.items.map((row) => row.reference)).toEqual([
      'camt:BANKREF-002',
      'camt:BANKREF-003',
      'camt:BANKREF-004',
    ]);
    const home = await site.ok<AdminDashboard>(site.call('GET', '/Dashboard'));
    expect(home.pending.find((work) => work.key === 'bonifici-da-controllare')).toMatchObject({
      label: 'Bonifici da controllare',
      count: 3,
    });
    const [mismatch, donation] = waiting.items;
    // Suggested by the causale's number and the payer's name, the amount short of the fee.
    expect(mismatch?.suggestions).toEqual([
      {
        memberId: affiliato,
        memberNumber: '00043',
        name: 'Marco Lanza',
        email: 'affiliato.demo@example.org',
        reasons: ['memberNumber', 'payerName'],
        openYears: [2026],
        years: [2026],
        owedCents: 3000,
        amount: 'less',
      },
    ]);
    expect(donation?.suggestions).toEqual([]);
    const assigned = await site.ok<AdminBankRow>(
      site.call('POST', `/BankRows/${mismatch?.id}/Assign`, {
        memberId: affiliato,
        years: [2026],
      }),
    );
    expect(assigned).toMatchObject({ status: 'assigned', memberId: affiliato, years: [2026] });
    expect(await duesOf(affiliato)).toEqual([{ year: 2026, status: 'paid', method: 'bonifico' }]);
    expect((await site.lastAudit('bank_row'))?.action).toBe('assegna bonifico');

    const twice = await site.call('POST', `/BankRows/${mismatch?.id}/Assign`, {
      memberId: affiliato,
      years: [2026],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain(
      'La quota 2026 risulta già pagata o esonerata: il movimento va rimborsato o ignorato.',
    );

    const noReason = await site.call('POST', `/BankRows/${donation?.id}/Ignore`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Indica perché');
    const ignored = await site.ok<AdminBankRow>(
      site.call('POST', `/BankRows/${donation?.id}/Ignore`, { reason: 'Donazione, non quota' }),
    );
    expect(ignored).toMatchObject({ status: 'ignored', note: 'Donazione, non quota' });
    const left = await site.ok<AdminPage<AdminBankRow>>(site.call('GET', '/BankRows'));
    expect(left.items.map((row) => row.reference)).toEqual(['camt:BANKREF-004']);
    expect(await paymentsCount()).toBe(2);
  });

  it('suggests members by number in the remittance, payer’s name and an IBAN seen before; confirms one; ignores sponsors in bulk', async () => {
    await site.app.services.db
      .updateTable('memberships')
      .set({ member_number: '00003' })
      .where('member_id', '=', socio)
      .execute();
    const done = await apply(
      upload('estratto-suggerimenti.csv', fixture('estratto-suggerimenti.csv')),
    );
    expect(done.counts).toMatchObject({ matched: 1, unknown: 5 });
    const waiting = await site.ok<AdminPage<AdminBankRow>>(site.call('GET', '/BankRows'));
    const byRef = new Map(waiting.items.map((row) => [row.reference, row]));
    const brief = (reference: string) =>
      byRef
        .get(reference)
        ?.suggestions.map((suggestion) => [
          suggestion.memberId,
          suggestion.reasons,
          suggestion.years,
          suggestion.owedCents,
          suggestion.amount,
        ]);
    // "… VERDI GIUSEPPE SOCIO 00003": member 00003, the oldest open year the amount pays.
    expect(brief('csv:SUG-0002')).toEqual([[socio, ['memberNumber'], [2025], 8000, 'equal']]);
    expect(brief('csv:SUG-0003')).toEqual([[socio, ['payerName'], [2025, 2026], 16000, 'equal']]);
    // The IBAN of the matched SUG-0001, written in lower case: its member, who owes nothing now.
    expect(byRef.get('csv:SUG-0004')?.payerIban).toBe('IT02L1234512345123456789012');
    expect(brief('csv:SUG-0004')).toEqual([[affiliato, ['iban'], [], 0, 'nothingOwed']]);
    expect(brief('csv:SUG-0005')).toEqual([]);

    // One click: the assign route with the suggested member and years.
    const [suggestion] = byRef.get('csv:SUG-0002')?.suggestions ?? [];
    const assigned = await site.ok<AdminBankRow>(
      site.call('POST', `/BankRows/${byRef.get('csv:SUG-0002')?.id}/Assign`, {
        memberId: suggestion?.memberId,
        years: suggestion?.years,
      }),
    );
    expect(assigned).toMatchObject({ status: 'assigned', memberId: socio, suggestions: [] });
    expect(await duesOf(socio)).toEqual([{ year: 2025, status: 'paid', method: 'bonifico' }]);
    // The next row of the same member now suggests what is left.
    const again = await site.ok<AdminBankRow>(
      site.call('GET', `/BankRows/${byRef.get('csv:SUG-0003')?.id}`),
    );
    expect(again.suggestions.map((one) => [one.years, one.owedCents, one.amount])).toEqual([
      [[2026], 8000, 'more'],
    ]);

    const sponsors = ['csv:SUG-0005', 'csv:SUG-0006'].map((ref) => byRef.get(ref)?.id);
    const noReason = await site.call('POST', '/BankRows/Ignore', { ids: sponsors, reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Indica perché');
    const bulk = await site.ok<{ ignored: number; alreadyHandled: number; message: string }>(
      site.call('POST', '/BankRows/Ignore', {
        ids: [...sponsors, byRef.get('csv:SUG-0002')?.id],
        reason: 'Sponsor del congresso: non quota',
      }),
    );
    expect(bulk).toEqual({
      ignored: 2,
      alreadyHandled: 1,
      message: '2 movimenti ignorati; 1 era già stato gestito e non è cambiato nulla.',
    });
    expect((await site.lastAudit('bank_row'))?.action).toBe('ignora bonifico');
    const left = await site.ok<AdminPage<AdminBankRow>>(site.call('GET', '/BankRows'));
    expect(left.items.map((row) => row.reference)).toEqual(['csv:SUG-0003', 'csv:SUG-0004']);
    const ignored = await site.ok<AdminPage<AdminBankRow>>(
      site.call('GET', '/BankRows?status=ignored'),
    );
    expect(ignored.items.map((row) => row.note)).toEqual([
      'Sponsor del congresso: non quota',
      'Sponsor del congresso: non quota',
    ]);
  });

  it('records cash or card taken at a congress: years paid, receipt numbered, never twice', async () => {
    const body = {
      years: [2026, 2025],
      amount: '160,00',
      method: 'contanti',
      paidOn: '2026-06-04',
      note: 'Congresso nazionale, banco della segreteria',
    };
    const { paymentId } = await site.ok<{ paymentId: number }>(
      site.call('POST', `/Memberships/${socio}/Payments`, body),
    );
    expect(await duesOf(socio)).toEqual([
      { year: 2025, status: 'paid', method: 'contanti' },
      { year: 2026, status: 'paid', method: 'contanti' },
    ]);
    const payment = await site.app.services.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({
      status: 'verified',
      paid_cents: 16000,
      receipt_year: 2026,
      receipt_number: 1,
      flag_reason: 'Congresso nazionale, banco della segreteria',
    });
    expect((await site.lastAudit('payment'))?.summary).toContain('160,00 € (contanti, 2026-06-04)');

    const again = await site.call('POST', `/Memberships/${socio}/Payments`, {
      ...body,
      method: 'carta',
    });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('Le quote 2025, 2026 risultano già pagate o esonerate.');
    const wrong = await site.call('POST', `/Memberships/${affiliato}/Payments`, {
      ...body,
      method: 'assegno',
      amount: '0',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Scegli contanti o carta.');
    expect(wrong.body).toContain('maggiore di zero');
    expect(await paymentsCount()).toBe(1);
  });

  it('refuses what is not a statement with an Italian message, and changes nothing', async () => {
    const cases: [object, string][] = [
      [
        upload('foto.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2])),
        'non è un estratto conto',
      ],
      [upload('rotto.xml', '<Document><BkToCstmrStmt>'), 'non è un XML valido'],
      [
        upload(
          'pain.xml',
          '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn/></Document>',
        ),
        'camt.053',
      ],
      [
        upload('colonne.csv', fixture('estratto-colonne-mancanti.csv')),
        'non ha le colonne necessarie: importo',
      ],
      [upload('data.csv', 'Data contabile;Importo;Descrizione\n2026-06-01;80,00;x\n'), 'Riga 2'],
      [{ fileName: 'vuoto.csv', contentBase64: '' }, 'Carica il file'],
    ];
    for (const [body, message] of cases) {
      for (const path of ['/BankStatements/Preview', '/BankStatements']) {
        const answer = await site.call('POST', path, body);
        expect(answer.statusCode, answer.body).toBe(400);
        expect(answer.body).toContain(message);
      }
    }
    expect(await site.app.services.db.selectFrom('bank_statements').selectAll().execute()).toEqual(
      [],
    );
    expect((await site.call('POST', '/BankStatements', CAMT, 'socio')).statusCode).toBe(403);
  });

  it('refuses hostile XML (entities, deep nesting, reserved element names) with a 400 in Italian, reading nothing', async () => {
    const namespace = 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.02';
    const entry = (inner: string) =>
      `<Document xmlns="${namespace}"><BkToCstmrStmt><Stmt><Ntry><Amt>80.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-06-01</Dt></BookgDt>${inner}</Ntry></Stmt></BkToCstmrStmt></Document>`;
    const laughs = Array.from(
      { length: 9 },
      (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level === 0 ? '' : level};`.repeat(10)}">`,
    ).join('');
    const doctype =
      'Il file XML contiene una dichiarazione DOCTYPE o di entità: per sicurezza non è accettato.';
    const cases: [string, string, string][] = [
      [
        'entità esterna',
        `<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${entry('<AddtlNtryInf>&xxe;</AddtlNtryInf>')}`,
        doctype,
      ],
      [
        'DTD esterna',
        `<?xml version="1.0"?><!DOCTYPE Document SYSTEM "file:///etc/passwd">${entry('')}`,
        doctype,
      ],
      [
        'entità parametro',
        `<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY % remota SYSTEM "http://127.0.0.1:9/x.dtd"> %remota;]>${entry('')}`,
        doctype,
      ],
      [
        'miliardo di risate',
        `<?xml version="1.0"?><!doctype Document [<!ENTITY lol "lol">${laughs}]>${entry('<AddtlNtryInf>&lol9;</AddtlNtryInf>')}`,
        doctype,
      ],
      [
        'annidamento',
        entry(`${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}`),
        'Il file XML è annidato troppo in profondità: non è un estratto conto camt.053.',
      ],
      ...['__proto__', 'constructor', 'prototype'].map((name): [string, string, string] => [
        name,
        entry(`<${name}><polluted>sì</polluted></${name}>`),
        'Il file XML contiene elementi con nomi non ammessi (__proto__, constructor, prototype): non è un estratto conto camt.053.',
      ]),
    ];
    for (const [label, xml, message] of cases) {
      for (const path of ['/BankStatements/Preview', '/BankStatements']) {
        const answer = await site.call('POST', path, upload('estratto.xml', xml));
        expect(answer.statusCode, `${label} ${path}: ${answer.body.slice(0, 300)}`).toBe(400);
        expect(answer.json(), label).toMatchObject({
          data: null,
          error: {
            status: 400,
            code: 'richiesta-non-valida',
            issues: [{ path: 'file', message }],
          },
        });
        expect(answer.body, label).not.toContain('root:');
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await site.app.services.db.selectFrom('bank_statements').selectAll().execute()).toEqual(
      [],
    );
  });
});
