import type {
  AdminAuditEntry,
  AdminNewsItem,
  AdminPage,
  Article,
  LoginResponse,
  PagedList,
} from '@sodalis/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo-accounts.js';
import { createTestApp, fixedClock, testEngines, type TestApp } from '../../helpers/test-app.js';

const TODAY = '2026-11-22';
const TOMORROW = '2026-11-23';
const PDF = Buffer.from('%PDF-1.4\n% prova del back office\n%%EOF\n').toString('base64');
const ROLES = ['socio', 'affiliato', 'segreteria'] as const;
type Role = (typeof ROLES)[number];

describe.each(testEngines())('back office API on %s', (engine) => {
  let testApp: TestApp;
  const tokens = {} as Record<Role, string>;

  beforeAll(async () => {
    testApp = await createTestApp(engine, { demoContent: true, clock: fixedClock(TODAY) });
    for (const role of ROLES) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/Account/Login',
        payload: { username: `${role}.demo@example.org`, password: DEMO_PASSWORD },
      });
      expect(response.statusCode, response.body).toBe(200);
      tokens[role] = (response.json() as { data: LoginResponse }).data.token ?? '';
    }
  }, 120_000);

  afterAll(async () => {
    await testApp?.close();
  });

  function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: unknown,
    role: Role | null = 'segreteria',
  ): Promise<LightMyRequestResponse> {
    return testApp.app.inject({
      method,
      url: `/api/v1/Admin${path}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: role === null ? {} : { authorization: `Bearer ${tokens[role]}` },
    });
  }

  async function ok<T>(response: Promise<LightMyRequestResponse>): Promise<T> {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    return (answer.json() as { data: T }).data;
  }

  async function publicNews(body: Record<string, unknown> = {}): Promise<Article[]> {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/SharepointContent/GetArticoli',
      payload: { dataOffset: '50', ...body },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: PagedList<Article> }).data.items;
  }

  async function auditOf(entity: string, entityId: number | null) {
    const page = await ok<AdminPage<AdminAuditEntry>>(
      call('GET', `/AuditLog?entity=${entity}&perPage=200`),
    );
    return page.items.filter((entry) => entityId === null || entry.entityId === String(entityId));
  }

  function newsInput(overrides: Record<string, unknown> = {}) {
    return {
      title: 'Bando per borse di studio in medicina trasfusionale',
      subtitleHtml: '<p>Scadenza il <strong>15 dicembre</strong>.</p>',
      publishedOn: TODAY,
      featured: false,
      published: true,
      sourceName: null,
      sourceUrl: null,
      categoryIds: [],
      keptAttachmentIds: [],
      newAttachments: [],
      ...overrides,
    };
  }

  it('refuses every admin call without a session (401) and for members who are not staff (403)', async () => {
    const routes = testApp.app.adminRouteTable;
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
    const forged = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/Admin/News',
      headers: { authorization: 'Bearer abc.def.ghijklmnop' },
    });
    expect(forged.statusCode).toBe(401);
    const me = await ok<{ email: string; role: string }>(call('GET', '/Me'));
    expect(me).toMatchObject({ email: 'segreteria.demo@example.org', role: 'segreteria' });
  });

  it('publishes a news item with a PDF that shows on the public list at once, with its audit entry', async () => {
    const before = await publicNews();
    const categories = await ok<AdminPage<{ id: number; title: string }>>(
      call('GET', '/NewsCategories'),
    );
    const category = categories.items[0];
    expect(category).toBeDefined();
    const created = await ok<AdminNewsItem>(
      call(
        'POST',
        '/News',
        newsInput({
          title: 'Nuove linee guida sul plasma',
          subtitleHtml: '<p onclick="x()">Testo<script>alert(1)</script></p>',
          categoryIds: [category?.id],
          sourceName: 'Ministero della Salute',
          sourceUrl: 'https://www.salute.gov.it/',
          newAttachments: [{ fileName: 'Linee guida.pdf', content: PDF }],
        }),
      ),
    );
    expect(created).toMatchObject({
      title: 'Nuove linee guida sul plasma',
      subtitleHtml: '<p>Testo</p>',
      state: 'pubblicata',
      categoryIds: [category?.id],
    });
    expect(created.attachments).toHaveLength(1);
    expect(created.attachments[0]?.fileName).toBe('Linee guida.pdf');

    const after = await publicNews();
    expect(after[0]?.id).toBe(created.id);
    expect(after.length).toBe(Math.min(before.length + 1, 50));
    const file = await testApp.app.inject({
      method: 'GET',
      url: `/api/v1/SharepointContent/GetNewsFileById?id=${created.id}`,
    });
    expect(file.statusCode).toBe(200);

    const [entry] = await auditOf('news', created.id);
    expect(entry).toMatchObject({
      action: 'crea',
      actorEmail: 'segreteria.demo@example.org',
      summary: 'Notizia creata: Nuove linee guida sul plasma',
    });
    expect(entry?.after).toMatchObject({ allegati: ['Linee guida.pdf'], pubblicata: true });
  });

  it('keeps a news item dated tomorrow off the public site until its day (scheduled)', async () => {
    const scheduled = await ok<AdminNewsItem>(
      call(
        'POST',
        '/News',
        newsInput({
          title: 'Congresso programmato',
          publishedOn: TOMORROW,
          newAttachments: [{ fileName: 'p.pdf', content: PDF }],
        }),
      ),
    );
    expect(scheduled.state).toBe('programmata');
    expect((await publicNews()).some((item) => item.id === scheduled.id)).toBe(false);
    expect((await publicNews({ title: 'Congresso programmato' })).length).toBe(0);
    const file = await testApp.app.inject({
      method: 'GET',
      url: `/api/v1/SharepointContent/GetNewsFileById?id=${scheduled.id}`,
    });
    expect(file.statusCode).toBe(404);
    const listed = await ok<AdminPage<AdminNewsItem>>(call('GET', '/News?state=programmata'));
    expect(listed.items.map((item) => item.id)).toContain(scheduled.id);
    expect(listed.items.every((item) => item.state === 'programmata')).toBe(true);
  });

  it('edits, unpublishes and deletes a news item, each change visible at once and logged', async () => {
    const item = await ok<AdminNewsItem>(
      call(
        'POST',
        '/News',
        newsInput({
          title: 'Notizia da correggere',
          newAttachments: [
            { fileName: 'a.pdf', content: PDF },
            { fileName: 'a.pdf', content: PDF },
          ],
        }),
      ),
    );
    expect(item.attachments.map((attachment) => attachment.fileName)).toEqual(['a.pdf', 'a-2.pdf']);
    const edited = await ok<AdminNewsItem>(
      call(
        'PUT',
        `/News/${item.id}`,
        newsInput({
          title: 'Notizia corretta',
          featured: true,
          keptAttachmentIds: [item.attachments[1]?.id],
        }),
      ),
    );
    expect(edited).toMatchObject({ title: 'Notizia corretta', featured: true });
    expect(edited.attachments.map((attachment) => attachment.fileName)).toEqual(['a-2.pdf']);
    expect((await publicNews({ title: 'Notizia corretta' })).map((article) => article.id)).toEqual([
      item.id,
    ]);

    await ok(
      call('PUT', `/News/${item.id}`, newsInput({ title: 'Notizia corretta', published: false })),
    );
    expect(await publicNews({ title: 'Notizia corretta' })).toEqual([]);

    await ok(call('DELETE', `/News/${item.id}`));
    expect((await call('GET', `/News/${item.id}`)).statusCode).toBe(404);

    const entries = await auditOf('news', item.id);
    expect(entries.map((entry) => entry.action)).toEqual(['elimina', 'ritira', 'modifica', 'crea']);
    const edit = entries.find((entry) => entry.action === 'modifica');
    expect(edit?.before).toEqual({
      titolo: 'Notizia da correggere',
      inEvidenza: false,
      allegati: ['a.pdf', 'a-2.pdf'],
    });
    expect(edit?.after).toEqual({
      titolo: 'Notizia corretta',
      inEvidenza: true,
      allegati: ['a-2.pdf'],
    });
  });

  it('refuses bad news input with Italian messages, never a 500', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '' }, 'title', 'Campo obbligatorio.'],
      [{ publishedOn: '2026-02-30' }, 'publishedOn', 'Indica una data valida (aaaa-mm-gg).'],
      [
        { sourceUrl: 'javascript:alert(1)' },
        'sourceUrl',
        'Indica un indirizzo web valido (http:// o https://).',
      ],
      [{ categoryIds: [999_999] }, 'categoryIds', 'Categoria sconosciuta.'],
      [
        {
          newAttachments: [
            {
              fileName: 'virus.pdf',
              content: Buffer.from('MZ\x90\x00 non un pdf').toString('base64'),
            },
          ],
        },
        'newAttachments.0',
        'Il file non è un PDF. (virus.pdf)',
      ],
      [
        { newAttachments: [{ fileName: 'x.pdf', content: 'non base64!' }] },
        'newAttachments.0.content',
        'Il contenuto del file non è valido.',
      ],
    ];
    for (const [overrides, path, message] of cases) {
      const response = await call('POST', '/News', newsInput(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json()).toMatchObject({ error: { issues: [{ path, message }] } });
    }
    const tooLarge = Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(10 * 1024 * 1024)]).toString(
      'base64',
    );
    const large = await call(
      'POST',
      '/News',
      newsInput({ newAttachments: [{ fileName: 'grande.pdf', content: tooLarge }] }),
    );
    expect(large.statusCode).toBe(400);
    expect(JSON.stringify(large.json())).toContain('MB consentiti');
    expect((await call('GET', '/News/abc')).statusCode).toBe(400);
    expect((await call('GET', '/News?perPage=5000')).statusCode).toBe(400);
    expect((await call('PUT', '/News/999999', newsInput())).statusCode).toBe(404);
  });

  it('lists news with search, filters and paging', async () => {
    const all = await ok<AdminPage<AdminNewsItem>>(call('GET', '/News?perPage=10&page=1'));
    expect(all.items).toHaveLength(10);
    expect(all.total).toBeGreaterThan(10);
    const second = await ok<AdminPage<AdminNewsItem>>(call('GET', '/News?perPage=10&page=2'));
    expect(second.items.map((item) => item.id)).not.toContain(all.items[0]?.id);
    const dates = all.items.map((item) => item.publishedOn);
    expect([...dates].sort().reverse()).toEqual(dates);
    const featured = await ok<AdminPage<AdminNewsItem>>(
      call('GET', '/News?featured=true&perPage=200'),
    );
    expect(featured.items.length).toBeGreaterThan(0);
    expect(featured.items.every((item) => item.featured)).toBe(true);
    const searched = await ok<AdminPage<AdminNewsItem>>(call('GET', '/News?q=LINEE%20GUIDA'));
    expect(searched.items.map((item) => item.title)).toContain('Nuove linee guida sul plasma');
  });

  it('manages categories: create, rename, refuse duplicates', async () => {
    const created = await ok<{ id: number; title: string }>(
      call('POST', '/NewsCategories', { title: 'Eventi regionali' }),
    );
    const renamed = await ok<{ title: string }>(
      call('PUT', `/NewsCategories/${created.id}`, { title: 'Eventi sul territorio' }),
    );
    expect(renamed.title).toBe('Eventi sul territorio');
    const duplicate = await call('POST', '/NewsCategories', { title: 'eventi SUL territorio' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toMatchObject({
      error: { issues: [{ message: 'Esiste già una categoria con questo nome.' }] },
    });
    expect((await auditOf('category', created.id)).map((entry) => entry.action)).toEqual([
      'modifica',
      'crea',
    ]);
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
    const exported = await call('GET', '/AuditLog/Export?entity=news');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('Notizia creata: Nuove linee guida sul plasma');
  });
});
