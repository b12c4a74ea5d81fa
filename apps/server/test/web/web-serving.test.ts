import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { romeDate, type AdminNewsItem } from '@sodalis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_ROOT } from '../../src/plugins/web-app.js';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-accounts.js';
import { insertArticle } from '../helpers/fixtures.js';
import { signInDemoMembers } from '../helpers/member-api.js';
import { createTestApp, fixedClock, testEngines, type TestApp } from '../helpers/test-app.js';
import { requireWebBuild } from '../helpers/web-pages.js';

// The web app's build as `npm run build` leaves it (ADR 020): pre-compressed assets, pages
// compressed on the fly and kept in the content cache.
const TODAY = '2026-11-22';
const CLIENT_BUILD = path.join(WEB_ROOT, 'build', 'client');
// A large, very compressible PDF: were PDFs compressed, this one would be.
const PDF = new TextEncoder().encode(`%PDF-1.4\n${'% riga di prova\n'.repeat(2000)}%%EOF\n`);

function decoded(raw: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  return raw.toString('utf8');
}

function nonceOf(csp: string): string {
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  if (nonce === undefined) throw new Error(`nessun nonce in ${csp}`);
  return nonce;
}

describe.each(testEngines())('the web app on %s', (engine) => {
  let testApp: TestApp;
  let pdfAddress = '';

  beforeAll(async () => {
    requireWebBuild();
    testApp = await createTestApp(engine, {
      demoContent: true,
      clock: fixedClock(TODAY),
      web: 'build',
    });
    const { db, files } = testApp.app.services;
    const id = await insertArticle(db, files, {
      title: 'Bando con allegato grande',
      publishedOn: TODAY,
      categories: ['Concorsi'],
      attachment: { fileName: 'bando.pdf', content: PDF },
    });
    await testApp.app.services.contentCache.contentChanged();
    const file = await db
      .selectFrom('attachments')
      .select('server_relative_url')
      .where('owner_kind', '=', 'article')
      .where('owner_id', '=', id)
      .executeTakeFirstOrThrow();
    pdfAddress = file.server_relative_url;
  });

  afterAll(async () => {
    await testApp?.close();
  });

  const get = (url: string, acceptEncoding?: string) =>
    testApp.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
    ['identity', undefined],
  ])('sends pages compressed by negotiation (Accept-Encoding: %s)', async (accept, encoding) => {
    const page = await get('/', accept);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe(encoding);
    if (encoding !== undefined) expect(page.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(page.rawPayload, encoding)).toMatch(/^<!DOCTYPE html>/i);
  });

  it('serves hashed assets pre-compressed from the build, immutable for a year', async () => {
    const html = decoded((await get('/')).rawPayload, undefined);
    // React's chunk (vite.config.ts): every page loads it, and it is well above the threshold.
    const script = /\/assets\/react-[\w-]+\.js/.exec(html)?.[0] ?? '';
    expect(script).not.toBe('');
    const original = fs.readFileSync(path.join(CLIENT_BUILD, script), 'utf8');
    expect(fs.existsSync(path.join(CLIENT_BUILD, `${script}.br`))).toBe(true);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const asset = await get(script, accept);
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-encoding']).toBe(encoding);
      expect(asset.headers['content-type']).toMatch(/javascript/);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(asset.rawPayload, encoding)).toBe(original);
    }
  });

  it('compresses API answers above the threshold and never PDFs', async () => {
    const list = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/SharepointContent/GetArticoli',
      headers: { 'accept-encoding': 'gzip' },
      payload: { paginated: true, dataOffset: '20' },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(list.rawPayload, 'gzip'))).toHaveProperty('data');

    const pdf = await get(
      `/api/v1/SharepointContent/DownloadPublicDoc?serverRelativeUrl=${encodeURIComponent(pdfAddress)}`,
      'br, gzip',
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(Buffer.compare(pdf.rawPayload, Buffer.from(PDF))).toBe(0);
  });

  it('serves a kept page again with a fresh nonce in the policy and in every script', async () => {
    const first = await get('/news');
    const second = await get('/news');
    const firstNonce = nonceOf(String(first.headers['content-security-policy']));
    const secondNonce = nonceOf(String(second.headers['content-security-policy']));
    expect(secondNonce).not.toBe(firstNonce);
    expect(first.body).toContain(`nonce="${firstNonce}"`);
    expect(second.body).toContain(`nonce="${secondNonce}"`);
    expect(second.body).not.toContain(firstNonce);
    expect(second.body.replaceAll(secondNonce, firstNonce)).toBe(first.body);
    const key = `page:${romeDate(testApp.app.services.clock())}:/news`;
    expect((await testApp.app.services.contentCache.lookup(key)).cached).toBeDefined();
  });

  it('shows a change to content at once after contentChanged', async () => {
    const { db, contentCache } = testApp.app.services;
    expect((await get('/news')).body).toContain('Bando con allegato grande');
    await db
      .updateTable('articles')
      .set({ title: 'Bando con allegato rinominato' })
      .where('title', '=', 'Bando con allegato grande')
      .execute();
    // Kept until content changes (a write that bypassed the services goes unseen)...
    expect((await get('/news')).body).not.toContain('Bando con allegato rinominato');
    await contentCache.contentChanged();
    // ...and rendered anew at once after contentChanged, as every staff change calls it.
    expect((await get('/news')).body).toContain('Bando con allegato rinominato');
  });

  it('never serves one reader’s page to another: a kept page holds nothing of the member who came first', async () => {
    const { token } = (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/Account/Login',
        payload: { username: 'socio.demo@example.org', password: DEMO_PASSWORD },
      })
    ).json<{ data: { token: string } }>().data;
    const asMember = (url: string) =>
      testApp.app.inject({ method: 'GET', url, headers: { cookie: `sodalis_sessione=${token}` } });
    await testApp.app.services.contentCache.contentChanged();
    // The member renders the home first (a sign-in posted without scripts keeps its cookie).
    const memberHome = await asMember('/');
    expect(memberHome.statusCode).toBe(200);
    const anonymous = await get('/');
    expect(anonymous.statusCode).toBe(200);
    // The copy kept from the member's render is the anonymous page, with its own nonce.
    const key = `page:${romeDate(testApp.app.services.clock())}:/`;
    expect((await testApp.app.services.contentCache.lookup(key)).cached).toBeDefined();
    for (const page of [memberHome.body, anonymous.body]) {
      expect(page).not.toContain(token);
      expect(page).not.toContain('socio.demo@example.org');
    }
    const anonymousNonce = nonceOf(String(anonymous.headers['content-security-policy']));
    const memberNonce = nonceOf(String(memberHome.headers['content-security-policy']));
    expect(anonymousNonce).not.toBe(memberNonce);
    expect(anonymous.body.replaceAll(anonymousNonce, memberNonce)).toBe(memberHome.body);
  });

  it('shows a staff edit of a news item at once on the kept pages', async () => {
    const list = await get('/news');
    const address = /href="(\/news\/\d+[^"]*)"/.exec(list.body)?.[1] ?? '';
    expect(address).not.toBe('');
    const page = await get(address);
    expect(page.statusCode).toBe(200);
    const id = Number(/\/news\/(\d+)/.exec(address)?.[1]);
    const { segreteria } = await signInDemoMembers(testApp.app, ['segreteria']);
    const asStaff = (method: 'GET' | 'PUT', payload?: object) =>
      testApp.app.inject({
        method,
        url: `/api/v1/Admin/News/${id}`,
        headers: { authorization: `Bearer ${segreteria}` },
        ...(payload === undefined ? {} : { payload }),
      });
    const item = (await asStaff('GET')).json<{ data: AdminNewsItem }>().data;
    const edited = await asStaff('PUT', {
      title: 'Titolo cambiato dalla segreteria',
      subtitleHtml: item.subtitleHtml,
      publishedOn: item.publishedOn,
      featured: item.featured,
      published: item.published,
      publishTime: item.publishTime,
      sourceName: item.sourceName,
      sourceUrl: item.sourceUrl,
      internalNote: item.internalNote,
      categoryIds: item.categoryIds,
      keptAttachmentIds: item.attachments.map((attachment) => attachment.id),
      newAttachments: [],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // The list, the home and the item's page (its address follows the new title) show it.
    const newList = (await get('/news')).body;
    expect(newList).toContain('Titolo cambiato dalla segreteria');
    expect((await get('/')).body).toContain('Titolo cambiato dalla segreteria');
    const newAddress = new RegExp(`href="(/news/${id}-[^"]*)"`).exec(newList)?.[1] ?? '';
    expect(newAddress).not.toBe(address);
    expect((await get(newAddress)).body).toContain('Titolo cambiato dalla segreteria');
  });

  it.each([
    '/area-riservata-homepage',
    '/area-riservata',
    '/newsletter/conferma?token=token-personale',
    '/patrocini',
    '/pagina-inesistente',
    '/news/999999',
  ])('never keeps %s, a page that depends on the reader or is not found', async (url) => {
    await get(url);
    await get(url);
    const key = `page:${romeDate(testApp.app.services.clock())}:${url}`;
    expect((await testApp.app.services.contentCache.lookup(key)).cached).toBeUndefined();
  });
});
