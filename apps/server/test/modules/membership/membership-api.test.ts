import type { AdminMembership } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { copyPaymentsIntoLedger } from '../../../src/db/migrations/0016-membership.js';
import { bareMembership } from '../../../src/modules/membership/repository.js';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

const TODAY = '2026-06-01';
const NOW = `${TODAY}T12:00:00.000Z`;
const RECOMMENDATIONS = '/api/v1/ReservedArea/GetRaccomandazioni';

async function memberId(app: FastifyInstance, email: string): Promise<number> {
  const row = await app.services.db
    .selectFrom('members')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function giveMembership(app: FastifyInstance, id: number, sinceYear: number) {
  await app.services.db
    .insertInto('memberships')
    .values(bareMembership(id, 'Socio', sinceYear, NOW))
    .execute();
}

async function setDue(app: FastifyInstance, id: number, year: number, status: 'paid' | 'unpaid') {
  await app.services.db
    .insertInto('dues')
    .values({
      member_id: id,
      year,
      status,
      amount_cents: 8000,
      method: status === 'paid' ? 'contanti' : null,
      payment_id: null,
      exempt_reason: null,
      settled_on: status === 'paid' ? TODAY : null,
      created_at: NOW,
      updated_at: NOW,
    })
    .execute();
}

async function resetLedger(app: FastifyInstance) {
  await app.services.db.deleteFrom('dues').execute();
  await app.services.db.deleteFrom('memberships').execute();
}

describe.each(testEngines())('membership: dues ledger and standing (%s)', (engine) => {
  const site = staffSite(engine, { roles: ['socio', 'affiliato'], clock: fixedClock(TODAY) });

  beforeEach(async () => {
    await resetLedger(site.app);
  });

  const reservedCall = (role: 'socio' | 'affiliato', url = RECOMMENDATIONS) =>
    site.app.inject({
      method: 'POST',
      url,
      payload: {},
      headers: { authorization: `Bearer ${site.tokens[role]}` },
    });

  it('refuses the reserved area to a lapsed member with the Italian reason, and lets them back once the arrears are paid', async () => {
    const socio = await memberId(site.app, 'socio.demo@example.org');
    await giveMembership(site.app, socio, 2025);
    for (const url of [
      RECOMMENDATIONS,
      '/api/v1/ReservedArea/GetAssemblee',
      '/api/v1/ReservedArea/GetPareriCD',
      '/api/v1/ReservedArea/GetRiviste',
      '/api/v1/SharepointContent/GetRassegneStampa',
    ]) {
      const refused = await reservedCall('socio', url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({
        error: { code: 'socio-decaduto', message: expect.stringContaining('decaduta') },
      });
    }
    const download = await site.app.inject({
      method: 'GET',
      url: '/api/v1/ReservedArea/DownloadDoc?serverRelativeUrl=/x.pdf',
      headers: { authorization: `Bearer ${site.tokens.socio}` },
    });
    expect(download.statusCode).toBe(403);

    // The affiliate has no membership yet (recorded before the ledger): not affected.
    expect((await reservedCall('affiliato')).statusCode).toBe(200);

    await setDue(site.app, socio, 2025, 'paid');
    expect((await reservedCall('socio')).statusCode).toBe(200);
  });

  it('lets a member in arrears (one year missed) in', async () => {
    const socio = await memberId(site.app, 'socio.demo@example.org');
    await giveMembership(site.app, socio, 2025);
    await setDue(site.app, socio, 2026, 'paid');
    expect((await reservedCall('socio')).statusCode).toBe(200);
    const view = await site.ok<AdminMembership>(site.call('GET', `/Memberships/${socio}`));
    expect(view).toMatchObject({ standing: 'arrears', openYears: [2025], sinceYear: 2025 });
  });

  it('shows staff each member’s years and records exemptions with their reason, audited', async () => {
    const socio = await memberId(site.app, 'socio.demo@example.org');
    await giveMembership(site.app, socio, 2025);
    const list = await site.ok<{ items: AdminMembership[]; total: number }>(
      site.call('GET', '/Memberships'),
    );
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      id: socio,
      email: 'socio.demo@example.org',
      standing: 'lapsed',
      openYears: [2025, 2026],
    });

    const missingReason = await site.call('PUT', `/Memberships/${socio}/Dues/2025/Exemption`, {
      exempt: true,
    });
    expect(missingReason.statusCode).toBe(400);
    expect(missingReason.json()).toMatchObject({
      error: { issues: [{ path: 'reason', message: 'Indica il motivo dell’esonero.' }] },
    });

    const exempted = await site.ok<AdminMembership>(
      site.call('PUT', `/Memberships/${socio}/Dues/2025/Exemption`, {
        exempt: true,
        reason: 'Socio onorario',
      }),
    );
    expect(exempted.standing).toBe('renewalDue');
    expect(exempted.years).toEqual([
      expect.objectContaining({ year: 2025, status: 'exempt', exemptReason: 'Socio onorario' }),
    ]);
    expect(await site.lastAudit('due')).toMatchObject({
      action: 'esonera',
      entityId: `${socio}:2025`,
      summary: expect.stringContaining('Socio onorario'),
    });
    expect((await reservedCall('socio')).statusCode).toBe(200);

    const revoked = await site.ok<AdminMembership>(
      site.call('PUT', `/Memberships/${socio}/Dues/2025/Exemption`, { exempt: false }),
    );
    expect(revoked.standing).toBe('lapsed');
    expect((await reservedCall('socio')).statusCode).toBe(403);

    await setDue(site.app, socio, 2026, 'paid');
    const paidYear = await site.call('PUT', `/Memberships/${socio}/Dues/2026/Exemption`, {
      exempt: true,
      reason: 'x',
    });
    expect(paidYear.statusCode).toBe(400);
    expect((await site.call('GET', '/Memberships/999999')).statusCode).toBe(404);
    expect(
      (await site.call('PUT', `/Memberships/${socio}/Dues/abc/Exemption`, { exempt: true }))
        .statusCode,
    ).toBe(400);
  });

  it('records a year reported by a signed-in member’s PayPal payment in the ledger', async () => {
    const { db } = site.app.services;
    const socio = await memberId(site.app, 'socio.demo@example.org');
    const fee = await db
      .selectFrom('fees')
      .select(['id', 'amount_cents'])
      .where('access', '=', 'Socio')
      .executeTakeFirstOrThrow();
    const response = await site.app.inject({
      method: 'POST',
      url: '/api/v1/Payment/RegistraPagamento',
      headers: { authorization: `Bearer ${site.tokens.socio}` },
      payload: {
        orderId: 'LEDGER-1',
        quotaId: fee.id,
        anno: 2026,
        nominativo: 'Socio Demo',
        importo: (fee.amount_cents / 100).toFixed(2),
        valuta: 'EUR',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const view = await site.ok<AdminMembership>(site.call('GET', `/Memberships/${socio}`));
    expect(view).toMatchObject({ sinceYear: 2026, standing: 'good', openYears: [] });
    expect(view.years).toEqual([
      expect.objectContaining({ year: 2026, status: 'reported', method: 'paypal' }),
    ]);
    await db.deleteFrom('dues').execute();
    await db.deleteFrom('payments').execute();
  });

  it('is closed to members and visitors', async () => {
    expect((await site.call('GET', '/Memberships', undefined, 'socio')).statusCode).toBe(403);
    expect((await site.call('GET', '/Memberships', undefined, null)).statusCode).toBe(401);
  });

  it('copies the fee payments recorded so far into the ledger (the migration)', async () => {
    const { db } = site.app.services;
    const socio = await memberId(site.app, 'socio.demo@example.org');
    const affiliato = await memberId(site.app, 'affiliato.demo@example.org');
    const fee = await db.selectFrom('fees').select('id').executeTakeFirstOrThrow();
    const payment = (orderId: string, year: number, status: string, memberId: number | null) => ({
      paypal_order_id: orderId,
      fee_id: fee.id,
      fee_title: 'Quota',
      fee_access: 'Socio',
      year,
      account_name: 'Nome',
      member_id: memberId,
      expected_cents: 8000,
      expected_currency: 'EUR',
      reported_amount: '80.00',
      reported_currency: 'EUR',
      paid_cents: null,
      paid_currency: null,
      paypal_capture_id: null,
      payer_email: memberId === null ? 'AFFILIATO.demo@example.org' : null,
      status: status as 'verified',
      flag_reason: null,
      receipt_year: null,
      receipt_number: null,
      verified_at: status === 'verified' ? '2024-02-03T10:00:00.000Z' : null,
      created_at: '2024-02-03T09:00:00.000Z',
      updated_at: NOW,
    });
    await db.deleteFrom('payments').execute();
    await db
      .insertInto('payments')
      .values([
        payment('MIG-1', 2024, 'reported', socio),
        payment('MIG-2', 2024, 'verified', socio),
        payment('MIG-3', 2025, 'flagged', socio),
        payment('MIG-4', 2023, 'rejected', socio),
        payment('MIG-5', 2025, 'verified', null),
      ])
      .execute();
    await copyPaymentsIntoLedger(db, NOW);
    const dues = await db
      .selectFrom('dues')
      .select(['member_id', 'year', 'status', 'settled_on'])
      .orderBy('member_id')
      .orderBy('year')
      .execute();
    expect(dues).toEqual(
      [
        { member_id: socio, year: 2024, status: 'paid', settled_on: '2024-02-03' },
        { member_id: socio, year: 2025, status: 'reported', settled_on: null },
        { member_id: affiliato, year: 2025, status: 'paid', settled_on: '2024-02-03' },
      ].sort((a, b) => a.member_id - b.member_id || a.year - b.year),
    );
    const memberships = await db
      .selectFrom('memberships')
      .select(['member_id', 'kind', 'since_year'])
      .orderBy('member_id')
      .execute();
    expect(memberships).toEqual(
      [
        { member_id: socio, kind: 'Socio', since_year: 2024 },
        { member_id: affiliato, kind: 'Affiliato', since_year: 2025 },
      ].sort((a, b) => a.member_id - b.member_id),
    );
    await db.deleteFrom('dues').execute();
    await db.deleteFrom('payments').execute();
  });
});
