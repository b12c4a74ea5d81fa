import type { AdminFee, AdminMember, AdminPage, AdminPayment, Fee } from '@sodalis/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

const TODAY = '2026-11-22';

describe.each(testEngines())('back office: payments and fees on %s', (engine) => {
  const site = staffSite(engine, { clock: fixedClock(TODAY) });
  const { call, ok } = site;

  beforeAll(async () => {
    // Three payments as RegistraPagamento and the verification would leave them.
    const { db } = site.app.services;
    const fee = await db
      .selectFrom('fees')
      .selectAll()
      .where('access', '=', 'Socio')
      .executeTakeFirstOrThrow();
    const member = await db
      .selectFrom('members')
      .select('id')
      .where('email', '=', 'socio.demo@example.org')
      .executeTakeFirstOrThrow();
    const base = {
      fee_id: fee.id,
      fee_title: fee.title,
      fee_access: fee.access,
      expected_cents: fee.amount_cents,
      expected_currency: 'EUR',
      reported_amount: (fee.amount_cents / 100).toFixed(2),
      reported_currency: 'EUR',
      created_at: `${TODAY}T09:00:00.000Z`,
      updated_at: `${TODAY}T09:00:00.000Z`,
    };
    await db
      .insertInto('payments')
      .values([
        {
          ...base,
          paypal_order_id: 'ORDINE-VERIFICATO',
          year: 2026,
          account_name: 'Giulia Ferri',
          member_id: member.id,
          status: 'verified',
          paid_cents: fee.amount_cents,
          paid_currency: 'EUR',
          payer_email: 'giulia@example.org',
          receipt_year: 2026,
          receipt_number: 1,
          verified_at: `${TODAY}T09:01:00.000Z`,
        },
        {
          ...base,
          paypal_order_id: 'ORDINE-SOSPETTO',
          year: 2026,
          account_name: 'Mario Bianchi',
          status: 'flagged',
          flag_reason: 'Importo diverso dalla quota',
          created_at: `${TODAY}T10:00:00.000Z`,
        },
        {
          ...base,
          paypal_order_id: 'ORDINE-2025',
          year: 2025,
          account_name: 'Anna Verdi',
          status: 'reported',
          created_at: `${TODAY}T11:00:00.000Z`,
        },
      ])
      .execute();
  }, 120_000);

  const publicFees = async () => {
    const response = await site.app.inject({
      method: 'GET',
      url: '/api/v1/SharepointContent/GetQuote',
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: Fee[] }).data;
  };

  it('lists the payments newest first, with filters, the member and the receipt', async () => {
    const all = await ok<AdminPage<AdminPayment>>(call('GET', '/Payments'));
    expect(all.total).toBe(3);
    expect(all.items.map((payment) => payment.paypalOrderId)).toEqual([
      'ORDINE-2025',
      'ORDINE-SOSPETTO',
      'ORDINE-VERIFICATO',
    ]);
    const verified = all.items[2];
    expect(verified).toMatchObject({
      status: 'verified',
      memberEmail: 'socio.demo@example.org',
      receipt: '1/2026',
      currency: 'EUR',
    });
    expect(verified?.paidAmount).toBe(verified?.expectedAmount);

    const flagged = await ok<AdminPage<AdminPayment>>(call('GET', '/Payments?status=flagged'));
    expect(flagged.items.map((payment) => payment.flagReason)).toEqual([
      'Importo diverso dalla quota',
    ]);
    const of2025 = await ok<AdminPage<AdminPayment>>(call('GET', '/Payments?year=2025'));
    expect(of2025.items.map((payment) => payment.accountName)).toEqual(['Anna Verdi']);
    const byMember = await ok<AdminPage<AdminPayment>>(call('GET', '/Payments?q=SOCIO.DEMO'));
    expect(byMember.items.map((payment) => payment.paypalOrderId)).toEqual(['ORDINE-VERIFICATO']);
    const paged = await ok<AdminPage<AdminPayment>>(
      call('GET', '/Payments?perPage=2&page=2&sort=accountName&order=ASC'),
    );
    expect(paged).toMatchObject({ total: 3, items: [{ accountName: 'Mario Bianchi' }] });

    expect((await call('GET', '/Payments/999999')).statusCode).toBe(404);
    expect((await call('GET', '/Payments?status=pagato')).statusCode).toBe(400);
  });

  it('searches the ledger whatever the case and the accents, taking _ as text', async () => {
    const names = async (q: string) =>
      (
        await ok<AdminPage<AdminPayment>>(call('GET', `/Payments?q=${encodeURIComponent(q)}`))
      ).items.map((payment) => payment.accountName);
    expect(await names('FÉRRÌ')).toEqual(['Giulia Ferri']);
    const { db } = site.app.services;
    const renamed = (accountName: string) =>
      db
        .updateTable('payments')
        .set({ account_name: accountName })
        .where('paypal_order_id', '=', 'ORDINE-2025')
        .execute();
    await renamed('ANNA VERDÌ');
    try {
      expect(await names('verdi')).toEqual(['ANNA VERDÌ']);
      expect(await names('Verdì')).toEqual(['ANNA VERDÌ']);
      expect(await names('anna_')).toEqual([]);
    } finally {
      await renamed('Anna Verdi');
    }
  });

  it('exports the ledger as CSV with Italian statuses', async () => {
    const response = await call('GET', '/Payments/Export?year=2026');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toContain('pagamenti.csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]?.split(';').slice(0, 3)).toEqual([
      'registrato il',
      'incassato il',
      'ordine PayPal',
    ]);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('ORDINE-VERIFICATO');
    expect(lines[1]).toContain('Verificato');
    expect(lines[1]).toContain(';1/2026');
    expect(lines[2]).toContain('Da controllare');
  });

  it('creates, edits and retires a fee; the payment pages’ list follows at once', async () => {
    const created = await ok<AdminFee>(
      call('POST', '/Fees', { title: 'Quota giovani under 35', amount: '45,50', access: 'Socio' }),
    );
    expect(created).toMatchObject({ amount: '45.50', access: 'Socio', active: true });
    expect((await publicFees()).find((fee) => fee.title === created.title)?.quota).toBe(45.5);

    const edited = await ok<AdminFee>(
      call('PUT', `/Fees/${created.id}`, {
        title: created.title,
        amount: 50,
        access: 'Affiliato',
        active: true,
      }),
    );
    expect(edited).toMatchObject({ amount: '50.00', access: 'Affiliato' });
    const listed = (await publicFees()).find((fee) => fee.title === created.title);
    expect(listed?.quota).toBe(50);
    expect(Object.values(listed?.accesso ?? {})[0]).toBe('Affiliato');

    await ok(
      call('PUT', `/Fees/${created.id}`, {
        title: created.title,
        amount: '50',
        access: 'Affiliato',
        active: false,
      }),
    );
    expect((await publicFees()).some((fee) => fee.title === created.title)).toBe(false);
    const fees = await ok<AdminPage<AdminFee>>(call('GET', '/Fees'));
    expect(fees.items.find((fee) => fee.id === created.id)?.active).toBe(false);

    const audit = await ok<AdminPage<{ action: string; entityId: string; after: unknown }>>(
      call('GET', '/AuditLog?entity=fee&perPage=50'),
    );
    const entries = audit.items.filter((entry) => entry.entityId === String(created.id));
    expect(entries.map((entry) => entry.action).sort()).toEqual(['crea', 'modifica', 'modifica']);
  });

  it('refuses a bad fee with Italian messages', async () => {
    for (const amount of ['0', '-5', 'ottanta', '80,999', '']) {
      const response = await call('POST', '/Fees', { title: 'X', amount, access: 'Socio' });
      expect(response.statusCode, amount).toBe(400);
      expect(response.body).toContain('Indica un importo in euro maggiore di zero');
    }
    const access = await call('POST', '/Fees', { title: 'X', amount: '10', access: 'Ospite' });
    expect(access.statusCode).toBe(400);
    expect(access.body).toContain('Scegli Socio o Affiliato.');
    const title = await call('POST', '/Fees', { title: ' ', amount: '10', access: 'Socio' });
    expect(title.body).toContain('Campo obbligatorio.');
    expect(
      (await call('PUT', '/Fees/999999', { title: 'X', amount: '1', access: 'Socio' })).statusCode,
    ).toBe(404);
  });

  it('filters the ledger by fee', async () => {
    const { db } = site.app.services;
    const paidFee = await db
      .selectFrom('payments')
      .select('fee_id')
      .where('paypal_order_id', '=', 'ORDINE-VERIFICATO')
      .executeTakeFirstOrThrow();
    const otherFee = await db
      .selectFrom('fees')
      .select('id')
      .where('id', '!=', paidFee.fee_id)
      .executeTakeFirstOrThrow();
    const ofFee = await ok<AdminPage<AdminPayment>>(
      call('GET', `/Payments?feeId=${paidFee.fee_id}`),
    );
    expect(ofFee.total).toBe(3);
    const ofOther = await ok<AdminPage<AdminPayment>>(
      call('GET', `/Payments?feeId=${otherFee.id}`),
    );
    expect(ofOther.total).toBe(0);
    expect((await call('GET', '/Payments?feeId=quota')).statusCode).toBe(400);
  });

  it('tells each account’s fee of the year from the ledger, as a filter, a column and in the export', async () => {
    // The Affiliato paid without signing in: PayPal's payer address is the account's e-mail.
    const { db } = site.app.services;
    const { id, ...copy } = await db
      .selectFrom('payments')
      .selectAll()
      .where('paypal_order_id', '=', 'ORDINE-2025')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('payments')
      .values({
        ...copy,
        paypal_order_id: 'ORDINE-AFFILIATO',
        year: 2026,
        account_name: 'Affiliato Demo',
        payer_email: 'Affiliato.Demo@example.org',
        status: 'reported',
      })
      .execute();

    const emails = async (query: string) =>
      (await ok<AdminPage<AdminMember>>(call('GET', `/Members?perPage=100${query}`))).items.map(
        (member) => member.email,
      );
    const paid = await emails('&feeStatus=paid');
    expect(paid).toContain('socio.demo@example.org');
    expect(paid).not.toContain('affiliato.demo@example.org');
    expect(await emails('&feeStatus=toVerify')).toEqual(['affiliato.demo@example.org']);
    const unpaid = await emails('&feeStatus=unpaid');
    expect(unpaid).toContain('nuovo.demo@example.org');
    expect(unpaid).not.toContain('segreteria.demo@example.org');
    // An events' participant owes no dues (ADR 055): never on a list to remind.
    expect(unpaid).not.toContain('partecipante.demo@example.org');
    expect(unpaid).not.toContain('socio.demo@example.org');
    expect(unpaid).not.toContain('affiliato.demo@example.org');
    // The verified payment is for 2026: in 2025 the Socio has not paid.
    expect(await emails('&feeStatus=paid&feeYear=2025')).not.toContain('socio.demo@example.org');
    expect(await emails('&feeStatus=unpaid&feeYear=2025')).toContain('socio.demo@example.org');

    const all = await ok<AdminPage<AdminMember>>(call('GET', '/Members?perPage=100'));
    expect(all.items.find((member) => member.email === 'socio.demo@example.org')).toMatchObject({
      feeYear: 2026,
      feeStatus: 'paid',
    });
    const socio = all.items.find((member) => member.email === 'socio.demo@example.org');
    expect(await ok<AdminMember>(call('GET', `/Members/${socio?.id}`))).toMatchObject({
      feeStatus: 'paid',
    });

    const exported = await call('GET', '/Members/Export?feeStatus=paid');
    expect(exported.statusCode).toBe(200);
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('email;nome;cognome;ruolo;stato;quota 2026');
    expect(lines.find((line) => line.startsWith('socio.demo@example.org;'))).toMatch(/;Pagata$/);
    const everyone = await call('GET', '/Members/Export');
    expect(
      everyone.body.split('\r\n').find((line) => line.startsWith('partecipante.demo@example.org;')),
    ).toMatch(/;partecipante;attivo;$/);

    for (const query of ['feeStatus=pagata', 'feeYear=1999', 'feeYear=anno']) {
      const response = await call('GET', `/Members?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('sends a verified payment’s receipt again to the same address, audited; refuses others', async () => {
    const { db } = site.app.services;
    const idOf = async (orderId: string) =>
      (
        await db
          .selectFrom('payments')
          .select('id')
          .where('paypal_order_id', '=', orderId)
          .executeTakeFirstOrThrow()
      ).id;
    const verified = await idOf('ORDINE-VERIFICATO');
    const answer = await ok<{ sentTo: string }>(
      call('POST', `/Payments/${verified}/ResendReceipt`),
    );
    expect(answer).toEqual({ sentTo: 'socio.demo@example.org' });
    const mails = await db
      .selectFrom('outbox')
      .select('payload_json')
      .where('payload_json', 'like', '%ricevuta n. 1/2026%')
      .execute();
    expect(mails).toHaveLength(1);
    const mail = JSON.parse(mails[0]?.payload_json ?? '{}') as { to: string[]; text: string };
    expect(mail.to).toEqual(['socio.demo@example.org']);
    expect(mail.text).toContain('Nominativo: Giulia Ferri');

    const audit = await ok<AdminPage<{ action: string; entityId: string; summary: string }>>(
      call('GET', '/AuditLog?entity=payment'),
    );
    expect(audit.items[0]).toMatchObject({ action: 'invia ricevuta', entityId: String(verified) });
    expect(audit.items[0]?.summary).toContain('Ricevuta n. 1/2026 di Giulia Ferri');

    const flagged = await call('POST', `/Payments/${await idOf('ORDINE-SOSPETTO')}/ResendReceipt`);
    expect(flagged.statusCode).toBe(400);
    expect(flagged.body).toContain('Solo un pagamento verificato ha una ricevuta da inviare.');
    expect((await call('POST', '/Payments/999999/ResendReceipt')).statusCode).toBe(404);
  });
});
