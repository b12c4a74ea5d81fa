import type {
  AdminAuditEntry,
  AdminPage,
  AdminSetupElement,
  AdminSetupElementSummary,
  LoginResponse,
  SetupElement,
} from '@sodalis/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo-accounts.js';
import { SETUP_ELEMENT_KEYS } from '../../../src/db/seed/demo-data.js';
import { createTestApp, fixedClock, testEngines, type TestApp } from '../../helpers/test-app.js';

const PDF = Buffer.from('%PDF-1.4\n% modulo\n%%EOF\n').toString('base64');

describe.each(testEngines())('back office: setup elements on %s', (engine) => {
  let testApp: TestApp;
  let token = '';

  beforeAll(async () => {
    testApp = await createTestApp(engine, { demoContent: true, clock: fixedClock('2026-11-22') });
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/Account/Login',
      payload: { username: 'segreteria.demo@example.org', password: DEMO_PASSWORD },
    });
    token = (login.json() as { data: LoginResponse }).data.token ?? '';
  }, 120_000);

  afterAll(async () => {
    await testApp?.close();
  });

  function call(method: 'GET' | 'PUT' | 'POST', path: string, payload?: object) {
    return testApp.app.inject({
      method,
      url: `/api/v1/Admin${path}`,
      ...(payload === undefined ? {} : { payload }),
      headers: { authorization: `Bearer ${token}` },
    });
  }

  async function ok<T>(response: Promise<LightMyRequestResponse>): Promise<T> {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as { data: T }).data;
  }

  async function publicSetup(key: string): Promise<SetupElement | undefined> {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/SharepointContent/GetSetupData',
      payload: { titles: [key] },
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: SetupElement[] }).data[0];
  }

  it('lists every key of the spec with where the site shows it, and searches them', async () => {
    const page = await ok<AdminPage<AdminSetupElementSummary>>(call('GET', '/SetupElements'));
    expect(page.items.map((item) => item.id)).toEqual([...SETUP_ELEMENT_KEYS]);
    expect(page.items.every((item) => item.exists)).toBe(true);
    expect(page.items.find((item) => item.id === 'patrocini-richiesta')).toMatchObject({
      place: 'Patrocini, scheda Richiesta',
      pagePath: '/patrocini',
    });
    expect(page.items.find((item) => item.id === 'chisiamo-organizzazione-statuto')?.pagePath).toBe(
      '/chi-siamo-simti',
    );
    const searched = await ok<AdminPage<AdminSetupElementSummary>>(
      call('GET', '/SetupElements?q=affiliati'),
    );
    expect(searched.items.length).toBeGreaterThan(0);
    expect(searched.items.every((item) => item.id.includes('affiliati'))).toBe(true);
  });

  it('saves a text sanitised with the allowlist, shows it on the site at once and logs it', async () => {
    const before = await publicSetup('patrocini-richiesta');
    expect(before?.corpo).not.toContain('Nuove regole');
    const element = await ok<AdminSetupElement>(call('GET', '/SetupElements/patrocini-richiesta'));
    const saved = await ok<AdminSetupElement>(
      call('PUT', '/SetupElements/patrocini-richiesta', {
        bodyHtml:
          '<h2>Nuove regole</h2><p onmouseover="x()">Invia la richiesta<script>alert(1)</script> entro 60 giorni.</p>',
        keptAttachmentIds: element.attachments.map((file) => file.id),
        newAttachments: [{ fileName: 'regolamento.pdf', content: PDF }],
      }),
    );
    expect(saved.bodyHtml).toBe('<h2>Nuove regole</h2><p>Invia la richiesta entro 60 giorni.</p>');
    expect(saved.attachments.map((file) => file.fileName)).toEqual([
      ...element.attachments.map((file) => file.fileName),
      'regolamento.pdf',
    ]);
    const after = await publicSetup('patrocini-richiesta');
    expect(after?.corpo).toBe(saved.bodyHtml);
    expect(after?.attachments.map((file) => file.fileName)).toContain('regolamento.pdf');

    const log = await ok<AdminPage<AdminAuditEntry>>(call('GET', '/AuditLog?entity=setup_element'));
    expect(log.items[0]).toMatchObject({
      action: 'modifica',
      entityId: 'patrocini-richiesta',
      summary: 'Testo "Patrocini, scheda Richiesta" modificato',
      actorEmail: 'segreteria.demo@example.org',
    });
    expect(log.items[0]?.after).toMatchObject({ testo: saved.bodyHtml });
  });

  it('creates the text of a key that has none yet on its first save', async () => {
    await testApp.app.services.db
      .deleteFrom('attachments')
      .where('owner_kind', '=', 'setup_element')
      .where('owner_id', 'in', (eb) =>
        eb.selectFrom('setup_elements').select('id').where('key', '=', 'rivista-intro'),
      )
      .execute();
    await testApp.app.services.db
      .deleteFrom('setup_elements')
      .where('key', '=', 'rivista-intro')
      .execute();
    const missing = await ok<AdminSetupElement>(call('GET', '/SetupElements/rivista-intro'));
    expect(missing).toMatchObject({ exists: false, bodyHtml: '', attachments: [] });
    const created = await ok<AdminSetupElement>(
      call('PUT', '/SetupElements/rivista-intro', { bodyHtml: '<p>Il notiziario.</p>' }),
    );
    expect(created).toMatchObject({ exists: true, bodyHtml: '<p>Il notiziario.</p>' });
    const log = await ok<AdminPage<AdminAuditEntry>>(call('GET', '/AuditLog?entity=setup_element'));
    expect(log.items[0]).toMatchObject({ action: 'crea', entityId: 'rivista-intro' });
  });

  it('refuses unknown keys, bad keys and files that are not PDFs', async () => {
    expect((await call('GET', '/SetupElements/chiave-inventata')).statusCode).toBe(404);
    expect(
      (await call('PUT', '/SetupElements/chiave-inventata', { bodyHtml: '' })).statusCode,
    ).toBe(404);
    const bad = await call('GET', '/SetupElements/..%2Fetc');
    expect(bad.statusCode).toBe(400);
    const notPdf = await call('PUT', '/SetupElements/pareri-intro', {
      bodyHtml: '<p>x</p>',
      newAttachments: [
        { fileName: 'foto.pdf', content: Buffer.from('\x89PNG\r\n').toString('base64') },
      ],
    });
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json()).toMatchObject({
      error: { issues: [{ message: 'Il file non è un PDF. (foto.pdf)' }] },
    });
  });

  it('previews rich text as the site will show it', async () => {
    const preview = await ok<{ html: string }>(
      call('POST', '/RichTextPreview', {
        bodyHtml: '<p>Ciao <a href="javascript:alert(1)">qui</a><iframe src="x"></iframe></p>',
      }),
    );
    expect(preview.html).toBe('<p>Ciao <a>qui</a></p>');
  });
});
