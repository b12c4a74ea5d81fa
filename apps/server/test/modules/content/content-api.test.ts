import type { BoardMember, SetupElement, SiteContent } from '@sodalis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fixedClock, testEngines, type TestApp } from '../../helpers/test-app.js';

const TODAY = '2026-11-22';

describe.each(testEngines())('society content API on %s', (engine) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(engine, { demoContent: true, clock: fixedClock(TODAY) });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  const post = (url: string, payload: unknown) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/v1/SharepointContent/${url}`,
      payload: payload as object,
    });
  const get = (url: string) =>
    testApp.app.inject({ method: 'GET', url: `/api/v1/SharepointContent/${url}` });

  it('answers setup elements in the order asked, with sanitised rich text and base64 attachments', async () => {
    await testApp.app.services.db
      .updateTable('setup_elements')
      .set({ body_html: '<p>Storia</p><script>alert(1)</script><img src=x onerror=alert(1)>' })
      .where('key', '=', 'chisiamo-organizzazione-storia')
      .execute();
    await testApp.app.services.contentCache.contentChanged();
    const response = await post('GetSetupData', {
      titles: ['pareri-intro', 'chiave-sconosciuta', 'chisiamo-organizzazione-storia'],
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as { data: SetupElement[] };
    expect(data.map((element) => element.title)).toEqual([
      'pareri-intro',
      'chisiamo-organizzazione-storia',
    ]);
    const history = data[1] as SetupElement;
    expect(history.corpo).toBe('<p>Storia</p><img src="x" />');
    expect(history.attachments).toHaveLength(1);
    const attachment = history.attachments[0] as SetupElement['attachments'][number];
    expect(attachment.fileName).toMatch(/\.pdf$/);
    expect(Buffer.from(attachment.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it.each([
    ['no body', undefined],
    ['no titles', {}],
    ['an empty list', { titles: [] }],
    ['titles not strings', { titles: [1, 2] }],
    ['too many titles', { titles: Array.from({ length: 51 }, (_, index) => `k${index}`) }],
  ])('refuses GetSetupData with %s', async (_label, body) => {
    const response = await post('GetSetupData', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ data: null, error: { code: 'richiesta-non-valida' } });
  });

  it('answers the board with names, roles and PNG photos', async () => {
    const response = await get('GetConsiglioDirettivo');
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as { data: BoardMember[] };
    expect(data.length).toBeGreaterThanOrEqual(5);
    expect(data[0]?.ruolo).toBe('Presidente');
    for (const member of data) {
      expect(member.title).not.toBe('');
      expect(Buffer.from(member.fotoProfilo, 'base64').subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('answers a CV as base64 PDF with its file name, and 404/400 otherwise', async () => {
    const { data: members } = (await get('GetConsiglioDirettivo')).json() as {
      data: BoardMember[];
    };
    const response = await get(`GetCVById?id=${members[0]?.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { data } = response.json() as { data: { content: string; fileName: string } };
    expect(data.fileName).toMatch(/\.pdf$/);
    expect(Buffer.from(data.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get('GetCVById?id=999999')).statusCode).toBe(404);
    const missing = await get('GetCVById');
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('the parameter cannot be null');
    expect((await get('GetCVById?id=-1')).statusCode).toBe(400);
  });

  it('answers the active fees with amounts in euros and their access (GetQuote)', async () => {
    const { db, contentCache } = testApp.app.services;
    await db
      .updateTable('fees')
      .set({ active: 0 })
      .where('title', '=', 'Quota Socio under 35')
      .execute();
    await contentCache.contentChanged();
    const response = await get('GetQuote');
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as {
      data: { title: string; quota: number; accesso: Record<string, string> }[];
    };
    expect(data.map((fee) => [fee.title, fee.quota, Object.values(fee.accesso)[0]])).toEqual([
      ['Quota Socio ordinario', 80, 'Socio'],
      ['Quota Affiliato tecnico', 30, 'Affiliato'],
      ['Quota Affiliato infermiere', 30, 'Affiliato'],
    ]);
    await db.updateTable('fees').set({ active: 1 }).execute();
    await contentCache.contentChanged();
  });

  it('answers the structured site contents by key, cookie policy included', async () => {
    const response = await post('GetContenuti', {
      chiavi: ['cookie-policy', 'contatti', 'presidenti'],
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as { data: SiteContent[] };
    expect(data.map((content) => content.chiave)).toEqual([
      'cookie-policy',
      'contatti',
      'presidenti',
    ]);
    const [cookie, contacts, presidents] = data;
    if (
      cookie?.chiave !== 'cookie-policy' ||
      contacts?.chiave !== 'contatti' ||
      presidents?.chiave !== 'presidenti'
    ) {
      throw new Error('ordine inatteso');
    }
    expect(cookie.contenuto.data).toBe('2024-09-23');
    expect(cookie.contenuto.corpo).toContain('cookie tecnici');
    expect(cookie.contenuto.corpo).toContain('affinità');
    expect(contacts.contenuto.email).toHaveLength(4);
    expect(presidents.contenuto.presidenti).toHaveLength(14);
  });

  it.each([
    ['an unknown key', { chiavi: ['password'] }],
    ['no keys', { chiavi: [] }],
    ['keys not a list', { chiavi: 'contatti' }],
  ])('refuses GetContenuti with %s', async (_label, body) => {
    expect((await post('GetContenuti', body)).statusCode).toBe(400);
  });

  it('streams public documents by their address, inline or as a download', async () => {
    const { data } = (
      await post('GetSetupData', { titles: ['chisiamo-organizzazione-statuto'] })
    ).json() as {
      data: SetupElement[];
    };
    const address = data[0]?.attachments[0]?.serverRelativeUrl ?? '';
    const inline = await get(`DownloadPublicDoc?serverRelativeUrl=${encodeURIComponent(address)}`);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename=".+\.pdf"/);
    expect(inline.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Number(inline.headers['content-length'])).toBe(inline.rawPayload.length);
    const download = await get(
      `DownloadPublicDoc?serverRelativeUrl=${encodeURIComponent(address)}&download=1`,
    );
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('never serves reserved-area documents, scheduled news files or made-up paths', async () => {
    const { db } = testApp.app.services;
    const reserved = await db
      .selectFrom('attachments')
      .select('server_relative_url')
      .where('owner_kind', '=', 'recommendation')
      .executeTakeFirstOrThrow();
    const scheduled = await db
      .selectFrom('attachments')
      .innerJoin('articles', 'articles.id', 'attachments.owner_id')
      .select('attachments.server_relative_url')
      .where('attachments.owner_kind', '=', 'article')
      .where('articles.published_on', '>', TODAY)
      .executeTakeFirst();
    const attempts = [
      reserved.server_relative_url,
      ...(scheduled ? [scheduled.server_relative_url] : []),
      '../../data/sodalis.db',
      '/etc/passwd',
      '..%2F..%2Fsodalis.db',
      '....//....//etc/passwd',
      '..\\..\\sodalis.db',
      '/Documenti/Setup/1/../../../sodalis.db',
    ];
    for (const address of attempts) {
      const response = await get(
        `DownloadPublicDoc?serverRelativeUrl=${encodeURIComponent(address)}`,
      );
      expect(response.statusCode, address).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
    }
    expect((await get('DownloadPublicDoc?serverRelativeUrl=%00')).statusCode).toBe(400);
    expect((await get('DownloadPublicDoc')).statusCode).toBe(400);
  });
});
