import type { AdminAuditEntry, AdminPage } from '@sodalis/contracts';
import { describe, expect, it } from 'vitest';
import { MEMBER_ROLES } from '../../helpers/member-api.js';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

const TODAY = '2026-11-22';

describe.each(testEngines())('back office API on %s', (engine) => {
  const staff = staffSite(engine, { clock: fixedClock(TODAY), roles: MEMBER_ROLES });
  const { call, ok } = staff;

  it('refuses every admin call without a session (401) and for members who are not staff (403)', async () => {
    const routes = staff.app.adminRouteTable;
    // News, categories, members, import/export, audit log, Me: the table is not empty by accident.
    expect(routes.length).toBeGreaterThanOrEqual(16);
    const areas = new Set(routes.map((route) => route.url.split('/')[4]));
    for (const area of [
      'News',
      'NewsCategories',
      'Members',
      'SetupElements',
      'Recommendations',
      'Assemblies',
      'PressReviews',
      'Opinions',
      'SponsorshipRequests',
      'NewsletterSubscribers',
      'OutboxMessages',
      'AuditLog',
      'BoardMembers',
      'SiteContents',
      'Security',
    ]) {
      expect(areas, area).toContain(area);
    }
    for (const route of routes) {
      const url = route.url.replace('/api/v1/Admin', '').replace(/:[A-Za-z]+/g, '1');
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      const anonymous = await call(method, url, body, null);
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(anonymous.json()).toMatchObject({ data: null, error: { code: 'non-autenticato' } });
      for (const role of ['socio', 'affiliato'] as const) {
        const refused = await call(method, url, body, role);
        expect(refused.statusCode, `${role} ${route.method} ${route.url}`).toBe(403);
        expect(refused.json()).toMatchObject({ error: { message: 'Operazione non permessa.' } });
      }
    }
    const forged = await staff.app.inject({
      method: 'GET',
      url: '/api/v1/Admin/News',
      headers: { authorization: 'Bearer abc.def.ghijklmnop' },
    });
    expect(forged.statusCode).toBe(401);
    const me = await ok<{ email: string; role: string }>(call('GET', '/Me'));
    expect(me).toMatchObject({ email: 'segreteria.demo@example.org', role: 'segreteria' });
  });

  it('sorts staff lists only by their own fields: inherited names such as __proto__ fall back to the default order', async () => {
    const lists = staff.app.adminRouteTable.filter(
      (route) => route.method === 'GET' && !route.url.includes(':'),
    );
    expect(lists.length).toBeGreaterThanOrEqual(10);
    for (const route of lists) {
      const url = route.url.replace('/api/v1/Admin', '');
      const plain = await call('GET', url);
      for (const sort of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
        const sorted = await call('GET', `${url}?sort=${sort}&order=ASC`);
        expect(sorted.statusCode, `${url}?sort=${sort}`).toBe(plain.statusCode);
      }
    }
  });

  it('reads the audit log with filters and exports it', async () => {
    // An account entry of its own (the members' tests are in accounts/members-admin-api.test.ts).
    await ok(
      call('POST', '/Members', {
        email: 'registro.prova@example.org',
        firstName: 'Registro',
        lastName: 'Prova',
        role: 'socio',
      }),
    );
    const members = await ok<AdminPage<AdminAuditEntry>>(call('GET', '/AuditLog?entity=member'));
    expect(members.total).toBeGreaterThan(0);
    expect(members.items.every((entry) => entry.entity === 'member')).toBe(true);
    const byActor = await ok<AdminPage<AdminAuditEntry>>(
      call('GET', '/AuditLog?actor=nessuno@example.org'),
    );
    expect(byActor.total).toBe(0);
    const byDay = await ok<AdminPage<AdminAuditEntry>>(
      call('GET', `/AuditLog?from=${TODAY}&to=${TODAY}`),
    );
    const everything = await ok<AdminPage<AdminAuditEntry>>(call('GET', '/AuditLog'));
    expect(byDay.total).toBe(everything.total);
    expect((await call('GET', '/AuditLog?from=ieri')).statusCode).toBe(400);
    const exported = await call('GET', '/AuditLog/Export?entity=member');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain(members.items[0]?.summary);
    // Italian Excel's CSV: BOM, ";" and CRLF, Italian column names and words, Rome-time dates
    // written dd/mm/yyyy hh:mm (no comma) so Excel reads them as dates.
    expect(exported.body.startsWith('\uFEFF')).toBe(true);
    const [header, first] = exported.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('Data e ora;Chi;Azione;Elemento;Numero;Descrizione;Prima;Dopo');
    const entry = members.items.at(-1);
    const cells = first?.split(';') ?? [];
    expect(cells[0]).toBe(
      new Intl.DateTimeFormat('it-IT', {
        timeZone: 'Europe/Rome',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      })
        .format(new Date(entry?.at ?? ''))
        .replace(',', ''),
    );
    expect(cells[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(cells[2]).toMatch(/^[A-Z][a-zà-ù ]+$/);
    expect(cells[3]).toBe('Account');
  });
});
