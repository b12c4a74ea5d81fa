import {
  rolesOfStaffRoute,
  STAFF_ROLES,
  type AdminAuditEntry,
  type AdminPage,
} from '@sodalis/contracts';
import { describe, expect, it } from 'vitest';
import { MEMBER_ROLES } from '../../helpers/member-api.js';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

const TODAY = '2026-11-22';

describe.each(testEngines())('back office API on %s', (engine) => {
  const staff = staffSite(engine, {
    clock: fixedClock(TODAY),
    roles: [...MEMBER_ROLES, 'redazione', 'tesoreria', 'eventi'],
  });
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

  it('checks every staff route against its declared roles: redazione contents, tesoreria members and payments, eventi the events, segreteria all (ADR 031, 050)', async () => {
    const routes = staff.app.adminRouteTable;
    for (const route of routes) {
      const path = route.url.replace('/api/v1/Admin', '');
      const declared = rolesOfStaffRoute(route.method, route.url);
      // A new route without declared roles fails here, before anyone is refused in use.
      expect(declared.length, `ruoli non dichiarati per ${route.method} ${path}`).toBeGreaterThan(
        0,
      );
      expect(declared, `${route.method} ${path}`).toContain('segreteria');
      // An id nothing has and empty bodies: the allowed calls change nothing of the suite's data.
      const url = path.replace(/:[A-Za-z]+/g, '987654');
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      for (const role of STAFF_ROLES) {
        // "Svuota il cestino" has no id to miss: its role check is seen through the refusals.
        const sideEffect = method === 'DELETE' && !route.url.includes(':');
        if (declared.includes(role) && sideEffect) continue;
        const answer = await call(method, url, body, role);
        if (declared.includes(role)) {
          // Past the role check: whatever the route answers (400, 404, 200), never the refusal.
          expect(answer.statusCode, `${role} ${route.method} ${path}: ${answer.body}`).not.toBe(
            403,
          );
        } else {
          expect(answer.statusCode, `${role} ${route.method} ${path}`).toBe(403);
          expect(answer.json()).toMatchObject({ error: { message: 'Operazione non permessa.' } });
        }
      }
    }
    // The map's areas as the brief names them.
    expect(rolesOfStaffRoute('GET', '/api/v1/Admin/Payments')).toEqual(['segreteria', 'tesoreria']);
    expect(rolesOfStaffRoute('GET', '/api/v1/Admin/News')).toEqual(['segreteria', 'redazione']);
    expect(rolesOfStaffRoute('GET', '/api/v1/Admin/Nuova')).toEqual([]);
    expect(rolesOfStaffRoute('GET', '/api/v1/Admin/__proto__')).toEqual([]);
    expect((await call('GET', '/Payments', undefined, 'redazione')).statusCode).toBe(403);
    expect((await call('GET', '/Payments', undefined, 'tesoreria')).statusCode).toBe(200);
    expect((await call('GET', '/News', undefined, 'tesoreria')).statusCode).toBe(403);
    expect((await call('GET', '/News', undefined, 'redazione')).statusCode).toBe(200);
    // The events' staff: its events and their registrations, never members, payments or news.
    expect(rolesOfStaffRoute('GET', '/api/v1/Admin/EventRegistrations')).toEqual([
      'segreteria',
      'tesoreria',
      'eventi',
    ]);
    expect((await call('GET', '/Events', undefined, 'eventi')).statusCode).toBe(200);
    expect((await call('GET', '/EventRegistrations', undefined, 'eventi')).statusCode).toBe(200);
    for (const area of ['/Members', '/Payments', '/News', '/AuditLog']) {
      expect((await call('GET', area, undefined, 'eventi')).statusCode, area).toBe(403);
    }
    // The home's latest activity is the audit log's: not for roles that may not read the log.
    const home = (role: 'segreteria' | 'redazione') =>
      ok<{ latest: unknown[] }>(call('GET', '/Dashboard', undefined, role));
    expect((await home('segreteria')).latest.length).toBeGreaterThan(0);
    expect((await home('redazione')).latest).toEqual([]);
  });

  it('lets only the secretariat give a staff role or change a staff account', async () => {
    const created = await ok<{ id: number; role: string }>(
      call(
        'POST',
        '/Members',
        { email: 'tesoreria.crea@example.org', firstName: 'Tea', lastName: 'Ruoli', role: 'socio' },
        'tesoreria',
      ),
    );
    expect(created.role).toBe('socio');
    const member = await ok<Record<string, unknown>>(call('GET', `/Members/${created.id}`));
    const update = {
      firstName: member.firstName,
      lastName: member.lastName,
      status: member.status,
    };
    const promoted = await call(
      'PUT',
      `/Members/${created.id}`,
      { ...update, role: 'segreteria' },
      'tesoreria',
    );
    expect(promoted.statusCode).toBe(403);
    const asStaff = await call(
      'POST',
      '/Members',
      {
        email: 'tesoreria.staff@example.org',
        firstName: 'No',
        lastName: 'Staff',
        role: 'redazione',
      },
      'tesoreria',
    );
    expect(asStaff.statusCode).toBe(403);
    // The secretariat gives the role; then tesoreria may no longer change that account.
    await ok(call('PUT', `/Members/${created.id}`, { ...update, role: 'redazione' }));
    const demoted = await call(
      'PUT',
      `/Members/${created.id}`,
      { ...update, role: 'socio' },
      'tesoreria',
    );
    expect(demoted.statusCode).toBe(403);
    expect((await ok<{ role: string }>(call('GET', `/Members/${created.id}`))).role).toBe(
      'redazione',
    );
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
