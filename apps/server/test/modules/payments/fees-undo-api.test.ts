import type { AdminAuditEntry, AdminFee, AdminFeeYear, AdminPage } from '@sodalis/contracts';
import { FEE_MESSAGES, feeYearPaidRollbackMessage } from '@sodalis/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { bareMembership } from '../../../src/modules/membership/repository.js';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

const NOW = '2026-06-05T10:00:00.000Z';

/**
 * "Annulla questa modifica" for the fees and the fees per year (ADR 031), with money first
 * (ADR 029): a rollback never changes the amount of a fee or a year that payments already used.
 */
describe.each(testEngines())('back office: undo for fees on %s', (engine) => {
  const site = staffSite(engine, {
    roles: ['socio', 'tesoreria', 'redazione'],
    clock: fixedClock(NOW.slice(0, 10)),
  });
  const { call, ok } = site;
  let socio: number;

  beforeEach(async () => {
    const { db } = site.app.services;
    await db.deleteFrom('fee_years').execute();
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
    await db
      .insertInto('memberships')
      .values({ ...bareMembership(socio, 'Socio', 2024, NOW), member_number: '00042' })
      .execute();
  });

  /** Cash taken at a congress for `years`, at the active Socio fee (ADR 029). */
  const payByHand = (years: number[], amount: string) =>
    ok(
      call(
        'POST',
        `/Memberships/${socio}/Payments`,
        { years, amount, method: 'contanti', paidOn: '2026-06-05' },
        'tesoreria',
      ),
    );
  const lastEdit = async (path: string) =>
    (await ok<AdminAuditEntry[]>(call('GET', `${path}/History`, undefined, 'tesoreria'))).find(
      (entry) => entry.action === 'modifica',
    );
  const rollback = (path: string, auditId: number | undefined) =>
    call('POST', `${path}/Rollback`, { auditId }, 'tesoreria');

  it('rolls back a fee no payment used, and refuses to change the amount of one already paid', async () => {
    const unused = await ok<AdminFee>(
      call('POST', '/Fees', {
        title: 'Quota sostenitore',
        amount: '150',
        access: 'Affiliato',
        sortOrder: 50,
        active: false,
      }),
    );
    await ok(call('PUT', `/Fees/${unused.id}`, { ...unused, title: 'Quota amici', amount: '175' }));
    const back = await ok<AdminFee>(
      rollback(`/Fees/${unused.id}`, (await lastEdit(`/Fees/${unused.id}`))?.id),
    );
    expect(back).toMatchObject({ title: 'Quota sostenitore', amount: '150.00' });
    expect((await site.auditOf('fee', unused.id))[0]).toMatchObject({
      action: 'modifica',
      after: { titolo: 'Quota sostenitore', importo: '150.00' },
    });

    // The active Socio fee takes a payment, then its amount changes from the form.
    const fees = await ok<AdminPage<AdminFee>>(call('GET', '/Fees'));
    const socioFee = fees.items.find((fee) => fee.active && fee.access === 'Socio');
    if (socioFee === undefined) throw new Error('nessuna quota Socio attiva nei dati di prova');
    await payByHand([2024], socioFee.amount);
    await ok(call('PUT', `/Fees/${socioFee.id}`, { ...socioFee, amount: '95' }));
    const amountEdit = await lastEdit(`/Fees/${socioFee.id}`);
    const refused = await rollback(`/Fees/${socioFee.id}`, amountEdit?.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(FEE_MESSAGES.paidRollback);
    expect((await ok<AdminFee>(call('GET', `/Fees/${socioFee.id}`))).amount).toBe('95.00');

    // Its title alone goes back: no amount changes.
    await ok(call('PUT', `/Fees/${socioFee.id}`, { ...socioFee, amount: '95', title: 'Socio' }));
    const titleBack = await ok<AdminFee>(
      rollback(`/Fees/${socioFee.id}`, (await lastEdit(`/Fees/${socioFee.id}`))?.id),
    );
    expect(titleBack).toMatchObject({ title: socioFee.title, amount: '95.00' });
    // The fee as it was, for the other tests.
    await ok(call('PUT', `/Fees/${socioFee.id}`, socioFee));
  });

  it('rolls back a year’s fee until the year is paid, then refuses with the year in the message', async () => {
    const year2024 = await ok<AdminFeeYear>(
      call('POST', '/FeeYears', { year: 2024, access: 'Socio', amount: '60' }, 'tesoreria'),
    );
    await ok(call('PUT', `/FeeYears/${year2024.id}`, { ...year2024, amount: '65' }, 'tesoreria'));
    const back = await ok<AdminFeeYear>(
      rollback(`/FeeYears/${year2024.id}`, (await lastEdit(`/FeeYears/${year2024.id}`))?.id),
    );
    expect(back).toMatchObject({ year: 2024, access: 'Socio', amount: '60.00' });

    // 2024 paid at 70 €: putting back the earlier 60 € would rewrite what the paid year cost.
    await ok(call('PUT', `/FeeYears/${year2024.id}`, { ...year2024, amount: '70' }, 'tesoreria'));
    await payByHand([2024], '70');
    const refused = await rollback(
      `/FeeYears/${year2024.id}`,
      (await lastEdit(`/FeeYears/${year2024.id}`))?.id,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(feeYearPaidRollbackMessage(2024, 'Socio'));
    expect((await ok<AdminFeeYear>(call('GET', `/FeeYears/${year2024.id}`))).amount).toBe('70.00');

    // A row moved onto the paid year is refused too; between unpaid years it goes back.
    const year2027 = await ok<AdminFeeYear>(
      call('POST', '/FeeYears', { year: 2027, access: 'Socio', amount: '90' }, 'tesoreria'),
    );
    await ok(call('PUT', `/FeeYears/${year2027.id}`, { ...year2027, year: 2028 }, 'tesoreria'));
    const moved = await ok<AdminFeeYear>(
      rollback(`/FeeYears/${year2027.id}`, (await lastEdit(`/FeeYears/${year2027.id}`))?.id),
    );
    expect(moved).toMatchObject({ year: 2027, amount: '90.00' });
    // A row taken off a year that is paid since: putting it back would set that year's fee.
    const year2025 = await ok<AdminFeeYear>(
      call('POST', '/FeeYears', { year: 2025, access: 'Socio', amount: '80' }, 'tesoreria'),
    );
    await ok(call('PUT', `/FeeYears/${year2025.id}`, { ...year2025, year: 2026 }, 'tesoreria'));
    await payByHand([2025], '85');
    const ontoPaid = await rollback(
      `/FeeYears/${year2025.id}`,
      (await lastEdit(`/FeeYears/${year2025.id}`))?.id,
    );
    expect(ontoPaid.statusCode).toBe(400);
    expect(ontoPaid.body).toContain(feeYearPaidRollbackMessage(2025, 'Socio'));
  });

  it('answers wrong ids and versions with Italian errors, and keeps the contents’ staff out', async () => {
    const item = await ok<AdminFeeYear>(
      call('POST', '/FeeYears', { year: 2025, access: 'Affiliato', amount: '40' }, 'tesoreria'),
    );
    const [creation] = await ok<AdminAuditEntry[]>(call('GET', `/FeeYears/${item.id}/History`));
    const refused = await rollback(`/FeeYears/${item.id}`, creation?.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Questa voce del registro non ha una versione precedente.');
    expect((await call('GET', '/FeeYears/999999/History')).statusCode).toBe(404);
    expect((await rollback('/Fees/999999', creation?.id)).statusCode).toBe(404);
    const badId = await call('POST', '/Fees/zero/Rollback', { auditId: 1 });
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toContain('Identificativo non valido.');
    const badVersion = await rollback(`/FeeYears/${item.id}`, undefined);
    expect(badVersion.statusCode).toBe(400);
    expect(badVersion.body).toContain('Versione non valida.');
    expect(
      (await call('GET', `/FeeYears/${item.id}/History`, undefined, 'redazione')).statusCode,
    ).toBe(403);
  });
});
