import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AdminMember, AdminMemberImportReport, AdminPage } from '@sodalis/contracts';
import { describe, expect, it } from 'vitest';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

const TODAY = '2026-11-22';

describe.each(testEngines())('back office: members on %s', (engine) => {
  const staff = staffSite(engine, { clock: fixedClock(TODAY) });
  const { call, ok, auditOf } = staff;

  it('creates, edits, invites and disables members with the CLI’s rules, each logged', async () => {
    const created = await ok<AdminMember>(
      call('POST', '/Members', {
        email: 'Anna.Rossi@Example.org',
        firstName: 'Anna',
        lastName: 'Rossi',
        role: 'socio',
        invite: true,
      }),
    );
    expect(created).toMatchObject({
      email: 'anna.rossi@example.org',
      status: 'active',
      hasPassword: false,
    });
    const invitations = await staff.app.services.db
      .selectFrom('outbox')
      .select('payload_json')
      .where('payload_json', 'like', '%anna.rossi@example.org%')
      .execute();
    expect(invitations).toHaveLength(1);

    /** A new member called A. R. */
    const createAR = (email: string, role: string) =>
      call('POST', '/Members', { email, firstName: 'A', lastName: 'R', role });
    const duplicate = await createAR('anna.rossi@example.org', 'socio');
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toMatchObject({
      error: {
        issues: [{ path: 'email', message: 'Esiste già un account anna.rossi@example.org.' }],
      },
    });
    const badRole = await createAR('x@example.org', 'admin');
    expect(badRole.statusCode).toBe(400);

    const edited = await ok<AdminMember>(
      call('PUT', `/Members/${created.id}`, {
        firstName: 'Anna Maria',
        lastName: 'Rossi',
        role: 'affiliato',
        status: 'disabled',
      }),
    );
    expect(edited).toMatchObject({
      firstName: 'Anna Maria',
      role: 'affiliato',
      status: 'disabled',
    });
    const invitingDisabled = await call('POST', `/Members/${created.id}/Invite`);
    expect(invitingDisabled.statusCode).toBe(400);
    expect(invitingDisabled.json()).toMatchObject({
      error: { issues: [{ message: "L'account anna.rossi@example.org è disattivato." }] },
    });

    const me = await ok<{ id: number }>(call('GET', '/Me'));
    const selfDisable = await call('PUT', `/Members/${me.id}`, {
      firstName: 'S',
      lastName: 'D',
      role: 'segreteria',
      status: 'disabled',
    });
    expect(selfDisable.statusCode).toBe(400);

    const entries = await auditOf('member', created.id);
    expect(entries.map((entry) => entry.action)).toEqual(['disattiva', 'crea']);
    expect(entries[0]?.before).toEqual({ nome: 'Anna', ruolo: 'socio', stato: 'active' });
    expect(JSON.stringify(entries)).not.toMatch(/password|hash|token/i);

    const socios = await ok<AdminPage<AdminMember>>(
      call('GET', '/Members?role=socio&status=active&perPage=200'),
    );
    expect(socios.items.length).toBeGreaterThan(0);
    expect(
      socios.items.every((member) => member.role === 'socio' && member.status === 'active'),
    ).toBe(true);
    const found = await ok<AdminPage<AdminMember>>(call('GET', '/Members?q=maria%20ross'));
    expect(found.items.map((member) => member.email)).toEqual(['anna.rossi@example.org']);
  });

  it('previews a CSV import with a bad row, applies it, and exports the members', async () => {
    const csv = [
      'email;nome;cognome;ruolo',
      'luca.bianchi@example.org;Luca;Bianchi;socio',
      'non-una-email;Mario;Verdi;socio',
      'sara.neri@example.org;Sara;Neri;presidente',
      'socio.demo@example.org;Giulia;Ferri;affiliato',
    ].join('\n');
    const preview = await ok<AdminMemberImportReport>(call('POST', '/Members/Import', { csv }));
    expect(preview).toMatchObject({
      applied: false,
      created: ['luca.bianchi@example.org'],
      updated: ['socio.demo@example.org'],
      rejected: [
        { line: 3, reason: 'e-mail "non-una-email" non valida' },
        { line: 4, reason: expect.stringContaining('ruolo "presidente" non valido') },
      ],
    });
    expect((await ok<AdminPage<AdminMember>>(call('GET', '/Members?q=luca.bianchi'))).total).toBe(
      0,
    );
    expect(
      await auditOf('member').then((entries) =>
        entries.filter((entry) => entry.action === 'importa'),
      ),
    ).toEqual([]);

    const applied = await ok<AdminMemberImportReport>(
      call('POST', '/Members/Import', { csv, apply: true }),
    );
    expect(applied.applied).toBe(true);
    expect((await ok<AdminPage<AdminMember>>(call('GET', '/Members?q=luca.bianchi'))).total).toBe(
      1,
    );
    const imports = (await auditOf('member')).filter((entry) => entry.action === 'importa');
    expect(imports).toHaveLength(1);

    const missingHeader = await call('POST', '/Members/Import', { csv: 'email;nome\na@b.it;A' });
    expect(missingHeader.statusCode).toBe(400);
    expect(missingHeader.json()).toMatchObject({
      error: { issues: [{ path: 'csv', message: 'Intestazione mancante: cognome, ruolo.' }] },
    });

    const exported = await call('GET', '/Members/Export?role=socio');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // The year's fee comes last, from the payments ledger (none in this database).
    expect(lines[0]).toBe(`email;nome;cognome;ruolo;stato;quota ${TODAY.slice(0, 4)}`);
    expect(lines).toContain('luca.bianchi@example.org;Luca;Bianchi;socio;attivo;Non pagata');
    expect(lines.slice(1).every((line) => line.split(';')[3] === 'socio')).toBe(true);
  });

  it('reads an Excel "CSV delimitato" in Windows-1252, previews every field and invites all the new accounts', async () => {
    const bytes = fs.readFileSync(
      fileURLToPath(new URL('../../fixtures/soci-excel-windows-1252.csv', import.meta.url)),
    );
    const preview = await ok<AdminMemberImportReport>(
      call('POST', '/Members/Import', { content: bytes.toString('base64') }),
    );
    expect(preview.encoding).toBe('Windows-1252');
    expect(preview.rows).toEqual([
      {
        line: 2,
        email: 'niccolo.pera@example.org',
        firstName: 'Niccolò',
        lastName: 'Perà',
        role: 'socio',
        outcome: 'crea',
      },
      {
        line: 3,
        email: 'lucia.sarti@example.org',
        firstName: 'Lucia',
        lastName: "D'Annunzio Sartì",
        role: 'affiliato',
        outcome: 'crea',
      },
      {
        line: 4,
        email: 'anna.damico@example.org',
        firstName: 'Anna Maria',
        // The typographic apostrophe is 0x92 in Windows-1252, where ISO-8859-1 has a control.
        lastName: 'D’Amico',
        role: 'socio',
        outcome: 'crea',
      },
    ]);
    // The same names saved as UTF-8, with a BOM and without, read alike.
    const utf8 = Buffer.from(
      [
        'email;nome;cognome;ruolo',
        'niccolo.pera@example.org;Niccolò;Perà;socio',
        "lucia.sarti@example.org;Lucia;D'Annunzio Sartì;affiliato",
        'anna.damico@example.org;Anna Maria;D’Amico;socio',
        '',
      ].join('\r\n'),
      'utf8',
    );
    for (const content of [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]), utf8]) {
      const fromUtf8 = await ok<AdminMemberImportReport>(
        call('POST', '/Members/Import', { content: content.toString('base64') }),
      );
      expect(fromUtf8.encoding).toBe('UTF-8');
      expect(fromUtf8.rows).toEqual(preview.rows);
    }

    const applied = await ok<AdminMemberImportReport>(
      call('POST', '/Members/Import', { content: bytes.toString('base64'), apply: true }),
    );
    expect(applied.created).toEqual([
      'niccolo.pera@example.org',
      'lucia.sarti@example.org',
      'anna.damico@example.org',
    ]);
    const found = await ok<AdminPage<AdminMember>>(call('GET', '/Members?q=niccolo.pera'));
    expect(found.items[0]).toMatchObject({ firstName: 'Niccolò', lastName: 'Perà' });
    const apostrophe = await ok<AdminPage<AdminMember>>(call('GET', '/Members?q=anna.damico'));
    expect(apostrophe.items[0]).toMatchObject({ firstName: 'Anna Maria', lastName: 'D’Amico' });

    const invited = await ok<{ invited: string[] }>(
      call('POST', '/Members/Import/Invite', {
        emails: [...applied.created, 'socio.demo@example.org', 'nessuno@example.org'],
      }),
    );
    // Only accounts without a password are invited: the demo member already has one.
    expect(invited.invited).toEqual(applied.created);
    const outbox = await staff.app.services.db
      .selectFrom('outbox')
      .select('payload_json')
      .where('payload_json', 'like', '%niccolo.pera@example.org%')
      .execute();
    expect(outbox).toHaveLength(1);
    const invitations = (await auditOf('member')).filter((entry) => entry.action === 'invita');
    expect(invitations.map((entry) => entry.summary)).toEqual(
      expect.arrayContaining([
        'Link per scegliere la password inviato a niccolo.pera@example.org',
        'Link per scegliere la password inviato a lucia.sarti@example.org',
      ]),
    );
  });
});
