import type {
  AdminFeeYear,
  AdminPage,
  BankStatementPreview,
  DuesReport,
  MemberDuesView,
} from '@sodalis/contracts';
import { FEE_MESSAGES, FEE_YEAR_MESSAGES, romeYear } from '@sodalis/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { dueCausale } from '../../../src/modules/membership/bank-causale.js';
import { bareMembership } from '../../../src/modules/membership/repository.js';
import { feeYearsMigration } from '../../../src/db/migrations/0029a-fee-years.js';
import { feesOfYears } from '../../../src/modules/membership/dues/year-fees.js';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

const NOW = '2026-06-05T10:00:00.000Z';

/** ADR 029 (2026-11-24): arrears are charged at their own year's fee, set by staff per year. */
describe.each(testEngines())('the fee of each year (%s)', (engine) => {
  const site = staffSite(engine, {
    roles: ['socio', 'tesoreria'],
    clock: fixedClock(NOW.slice(0, 10)),
  });
  let socio: number;

  beforeEach(async () => {
    const { db } = site.app.services;
    await db.deleteFrom('fee_years').execute();
    await db.deleteFrom('bank_rows').execute();
    await db.deleteFrom('bank_statements').execute();
    await db.deleteFrom('dues').execute();
    await db.deleteFrom('payment_items').execute();
    await db.deleteFrom('receipts').execute();
    await db.deleteFrom('payments').execute();
    await db.deleteFrom('memberships').execute();
    socio = (
      await db
        .selectFrom('members')
        .select('id')
        .where('email', '=', 'socio.demo@example.org')
        .executeTakeFirstOrThrow()
    ).id;
    // Tracked from 2024, nothing paid: 2024 and 2025 are arrears, 2026 is this year's.
    await db
      .insertInto('memberships')
      .values({ ...bareMembership(socio, 'Socio', 2024, NOW), member_number: '00042' })
      .execute();
  });

  const saveFeeYear = (body: object, id?: number, role: 'segreteria' | 'tesoreria' = 'tesoreria') =>
    site.call(
      id === undefined ? 'POST' : 'PUT',
      `/FeeYears${id === undefined ? '' : `/${id}`}`,
      body,
      role,
    );

  /** 2024 at 60 €, 2026 at 90 €; 2025 has no row: today's active fee (80 €). */
  async function setFees(): Promise<void> {
    await site.ok<AdminFeeYear>(saveFeeYear({ year: 2024, access: 'Socio', amount: '60' }));
    await site.ok<AdminFeeYear>(
      saveFeeYear({ year: 2026, access: 'Socio', amount: '90,00' }, undefined, 'segreteria'),
    );
  }

  it('is edited by the treasury and the secretariat with Italian messages, one per year and kind, audited', async () => {
    const created = await site.ok<AdminFeeYear>(
      saveFeeYear({ year: 2024, access: 'Socio', amount: '60,50' }),
    );
    expect(created).toMatchObject({ year: 2024, access: 'Socio', amount: '60.50' });

    for (const [body, message] of [
      [{ year: 1999, access: 'Socio', amount: '60' }, FEE_YEAR_MESSAGES.year],
      [{ year: 'duemila', access: 'Socio', amount: '60' }, FEE_YEAR_MESSAGES.year],
      [{ year: 2024, access: 'Ospite', amount: '60' }, FEE_MESSAGES.access],
      [{ year: 2024, access: 'Socio', amount: '0' }, FEE_MESSAGES.amount],
      [{ year: 2024, access: 'Socio', amount: '60,555' }, FEE_MESSAGES.amount],
      [{ year: 2024, access: 'Socio', amount: '70' }, FEE_YEAR_MESSAGES.taken],
    ] as const) {
      const refused = await saveFeeYear(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.body).toContain(message);
    }
    const other = await site.ok<AdminFeeYear>(
      saveFeeYear({ year: 2025, access: 'Socio', amount: '75' }),
    );
    // Moving a year onto one that has its fee already is refused too.
    const clash = await saveFeeYear({ year: 2024, access: 'Socio', amount: '75' }, other.id);
    expect(clash.statusCode).toBe(400);
    expect(clash.body).toContain(FEE_YEAR_MESSAGES.taken);

    const edited = await site.ok<AdminFeeYear>(
      saveFeeYear({ year: 2024, access: 'Socio', amount: '60' }, created.id, 'segreteria'),
    );
    expect(edited.amount).toBe('60.00');
    const list = await site.ok<AdminPage<AdminFeeYear>>(site.call('GET', '/FeeYears'));
    expect(list.items.map((row) => [row.year, row.access, row.amount])).toEqual([
      [2025, 'Socio', '75.00'],
      [2024, 'Socio', '60.00'],
    ]);
    expect((await site.call('GET', '/FeeYears/999999')).statusCode).toBe(404);
    expect((await site.lastAudit('fee_year'))?.summary).toBe(
      'Quota Socio del 2024 modificata: 60.00 €',
    );
    expect((await site.call('GET', '/FeeYears', undefined, 'socio')).statusCode).toBe(403);
  });

  it('charges each open year at its own fee on the fee page, the PayPal order, the ledger, the bank match and the dashboard', async () => {
    await setFees();
    const { db } = site.app.services;
    expect(await feesOfYears(db, 'Socio', [2024, 2025, 2026, 2027])).toEqual([
      6000, 8000, 9000, 8000,
    ]);

    const dues = await site.app.inject({
      method: 'GET',
      url: '/api/v1/Membership/MyDues',
      headers: { authorization: `Bearer ${site.tokens.socio}` },
    });
    expect(dues.statusCode, dues.body).toBe(200);
    const view = (dues.json() as { data: MemberDuesView }).data;
    expect(view.openYears).toEqual([
      { year: 2024, amountCents: 6000 },
      { year: 2025, amountCents: 8000 },
      { year: 2026, amountCents: 9000 },
    ]);
    expect(view.totalCents).toBe(23000);

    // The bank transfer of 2024 alone matches at 2024's fee, not at today's.
    const csv = (amount: string, reference: string) => ({
      fileName: 'estratto.csv',
      contentBase64: Buffer.from(
        `Data contabile;Data valuta;Importo;Divisa;Descrizione;Riferimento\n05/06/2026;05/06/2026;${amount};EUR;Bonifico ${dueCausale('00042', [2024])};${reference}\n`,
      ).toString('base64'),
    });
    const atYearFee = await site.ok<BankStatementPreview>(
      site.call('POST', '/BankStatements/Preview', csv('60,00', 'R-1')),
    );
    expect(atYearFee.rows.map((row) => row.outcome)).toEqual(['matched']);
    const atTodayFee = await site.ok<BankStatementPreview>(
      site.call('POST', '/BankStatements/Preview', csv('80,00', 'R-2')),
    );
    expect(atTodayFee.rows[0]?.reason).toBe('Importo 80,00 € invece di 60,00 €.');

    // The dashboard expects each year at its own fee.
    const report2024 = await site.ok<DuesReport>(site.call('GET', '/DuesReport?year=2024'));
    expect(report2024.expectedCents).toBe(6000);
    const report2026 = await site.ok<DuesReport>(site.call('GET', '/DuesReport?year=2026'));
    expect(report2026.expectedCents).toBe(9000);

    // One checkout of the three years: the order's total is the sum of the years' fees.
    const recorded = await site.app.inject({
      method: 'POST',
      url: '/api/v1/Payment/RegistraPagamento',
      headers: { authorization: `Bearer ${site.tokens.socio}` },
      payload: {
        orderId: 'ORDINE-TRE-ANNI',
        quotaId: view.fee?.id,
        anno: 2024,
        anni: [2024, 2025, 2026],
        nominativo: 'Socio Dimostrativo',
        importo: '230.00',
        valuta: 'EUR',
      },
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({ data: { stato: 'reported', importo: '230.00' } });
    const payment = await db
      .selectFrom('payments')
      .select(['expected_cents', 'status'])
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ expected_cents: 23000, status: 'reported' });
    const ledger = await db
      .selectFrom('dues')
      .select(['year', 'status', 'amount_cents'])
      .where('member_id', '=', socio)
      .orderBy('year')
      .execute();
    expect(ledger).toEqual([
      { year: 2024, status: 'reported', amount_cents: 6000 },
      { year: 2025, status: 'reported', amount_cents: 8000 },
      { year: 2026, status: 'reported', amount_cents: 9000 },
    ]);
  });

  it('flags a checkout of arrears reported at today’s fee', async () => {
    await setFees();
    const { db } = site.app.services;
    const fee = await db
      .selectFrom('fees')
      .select('id')
      .where('title', '=', 'Quota Socio ordinario')
      .executeTakeFirstOrThrow();
    const recorded = await site.app.inject({
      method: 'POST',
      url: '/api/v1/Payment/RegistraPagamento',
      headers: { authorization: `Bearer ${site.tokens.socio}` },
      payload: {
        orderId: 'ORDINE-PREZZO-DI-OGGI',
        quotaId: fee.id,
        anno: 2024,
        anni: [2024, 2026],
        nominativo: 'Socio Dimostrativo',
        importo: '160.00',
        valuta: 'EUR',
      },
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const payment = await db
      .selectFrom('payments')
      .select(['expected_cents', 'status', 'flag_reason'])
      .executeTakeFirstOrThrow();
    expect(payment.expected_cents).toBe(15000);
    expect(payment.status).toBe('flagged');
    expect(payment.flag_reason).toContain('150.00 EUR');
  });

  it('is seeded from the active fees for every year of the ledger and the current one (the migration)', async () => {
    const { db } = site.app.services;
    await db
      .insertInto('dues')
      .values({
        member_id: socio,
        year: 2023,
        status: 'paid',
        amount_cents: 5000,
        method: 'paypal',
        payment_id: null,
        exempt_reason: null,
        settled_on: '2023-02-01',
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
    await db.schema.dropTable('fee_years').execute();
    await feeYearsMigration(engine).up(db);
    const seeded = await db
      .selectFrom('fee_years')
      .select(['year', 'access', 'amount_cents'])
      .orderBy('access')
      .orderBy('year')
      .execute();
    // The migration runs at the real date, whatever the site's clock.
    const thisYear = romeYear();
    expect(seeded).toEqual([
      { year: 2023, access: 'Affiliato', amount_cents: 3000 },
      { year: thisYear, access: 'Affiliato', amount_cents: 3000 },
      { year: 2023, access: 'Socio', amount_cents: 8000 },
      { year: thisYear, access: 'Socio', amount_cents: 8000 },
    ]);
  });
});
