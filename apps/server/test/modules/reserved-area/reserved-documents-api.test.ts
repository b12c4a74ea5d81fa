import type { FileContent } from '@sodalis/contracts';
import { describe, expect, it } from 'vitest';
import { demoSite, MEMBER_ROLES, memberApi } from '../../helpers/member-api.js';
import { testEngines } from '../../helpers/test-app.js';

describe.each(testEngines())('reserved-area documents on %s', (engine) => {
  const site = demoSite(engine);
  const { download } = memberApi(site);

  /** A stored attachment of an owner kind whose owner has the given audience. */
  async function attachmentOf(
    ownerKind: 'recommendation' | 'assembly',
    audience: string,
  ): Promise<{ url: string; fileName: string; sha256: string }> {
    const db = site.app.services.db;
    const owners =
      ownerKind === 'recommendation'
        ? await db.selectFrom('recommendations').select(['id', 'audience']).execute()
        : await db.selectFrom('assemblies').select(['id', 'audience']).execute();
    const ownerIds = new Set(owners.filter((o) => o.audience === audience).map((o) => o.id));
    const rows = await db
      .selectFrom('attachments')
      .select(['server_relative_url', 'file_name', 'file_sha256', 'owner_id'])
      .where('owner_kind', '=', ownerKind)
      .orderBy('id')
      .execute();
    const row = rows.find((candidate) => ownerIds.has(candidate.owner_id));
    if (row === undefined) throw new Error(`nessun allegato ${ownerKind} per ${audience}`);
    return { url: row.server_relative_url, fileName: row.file_name, sha256: row.file_sha256 };
  }

  it('answers a readable attachment as base64 with its name, never cached', async () => {
    const document = await attachmentOf('recommendation', 'all');
    for (const role of MEMBER_ROLES) {
      const response = await download(role, document.url);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const { data } = response.json() as { data: FileContent };
      expect(data.fileName).toBe(document.fileName);
      const bytes = Buffer.from(data.content, 'base64');
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(bytes.equals(await site.app.services.files.read(document.sha256))).toBe(true);
    }
  });

  it("answers another audience's document exactly as an unknown one: 404, revealing nothing (ADR 027)", async () => {
    const sectionDocument = await attachmentOf('assembly', 'Affiliati tecnici');
    const socioResponse = await download('socio', sectionDocument.url);
    expect(socioResponse.statusCode).toBe(404);
    expect(socioResponse.body).not.toContain('%PDF');
    const unknown = await download('socio', '/Documenti/Assemblee/999999/nulla.pdf');
    expect(unknown.statusCode).toBe(404);
    expect(socioResponse.body).toBe(unknown.body);
    expect(socioResponse.headers['content-type']).toBe(unknown.headers['content-type']);
    expect(socioResponse.headers['cache-control']).toBe('no-store');
    expect((await download('affiliato', sectionDocument.url)).statusCode).toBe(200);
    expect((await download('segreteria', sectionDocument.url)).statusCode).toBe(200);

    const socioOnly = await attachmentOf('recommendation', 'socio');
    expect((await download('affiliato', socioOnly.url)).statusCode).toBe(404);
    expect((await download('socio', socioOnly.url)).statusCode).toBe(200);

    expect(
      (await download('socio', '/Documenti/Raccomandazioni/999999/nulla.pdf')).statusCode,
    ).toBe(404);
    const news = await site.app.services.db
      .selectFrom('attachments')
      .select('server_relative_url')
      .where('owner_kind', 'not in', [
        'recommendation',
        'assembly',
        'press_review',
        'magazine_issue',
        'magazine_article',
      ])
      .executeTakeFirst();
    if (news !== undefined) {
      expect((await download('segreteria', news.server_relative_url)).statusCode).toBe(404);
    }
    const magazine = await site.app.services.db
      .selectFrom('attachments')
      .select('server_relative_url')
      .where('owner_kind', 'in', ['magazine_issue', 'magazine_article'])
      .executeTakeFirst();
    if (magazine !== undefined) {
      expect((await download('socio', magazine.server_relative_url)).statusCode).toBe(200);
    }
    const missing = await site.app.inject({
      method: 'GET',
      url: '/api/v1/ReservedArea/DownloadDoc',
      headers: { authorization: `Bearer ${site.tokens.socio}` },
    });
    expect(missing.statusCode).toBe(400);
  });

  it('serves no bytes to 60 traversal and encoding variants', async () => {
    const document = await attachmentOf('recommendation', 'all');
    const url = document.url;
    const name = url.split('/').pop() ?? '';
    const base = url.slice(0, url.length - name.length);
    const variants = [
      '../../../../etc/passwd',
      '/etc/passwd',
      '/../../etc/passwd',
      '..%2f..%2f..%2fetc%2fpasswd',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '%252e%252e%252fetc%252fpasswd',
      '....//....//etc/passwd',
      '..\\..\\..\\windows\\win.ini',
      '..%5c..%5cwindows%5cwin.ini',
      'C:\\Windows\\win.ini',
      'file:///etc/passwd',
      '\\\\server\\share\\file.pdf',
      `${base}../../../package.json`,
      `${base}..%2f..%2fpackage.json`,
      `${base}%2e%2e/%2e%2e/package.json`,
      `${base}${name}/../${name}`,
      `${base}./${name}`,
      `${base}/${name}`,
      `/${url}`,
      `${url}/`,
      `${url}.`,
      `${url}%00`,
      `${url}%00.pdf`,
      `${url}?x=1`,
      `${url}#frag`,
      ` ${url}`,
      `${url} `,
      url.toUpperCase(),
      url.toLowerCase() === url ? url.replace('/Documenti', '/documenti') : url.toLowerCase(),
      url.replace(/\//g, '\\'),
      url.replace(/\//g, '%2f'),
      url.replace(/\//g, '%2F'),
      url.replace(/\//g, '//'),
      decodeURIComponent(url),
      encodeURIComponent(url),
      encodeURIComponent(encodeURIComponent(url)),
      url.replace('/Documenti/', '/Documenti/./'),
      url.replace('/Documenti/', '/Documenti/x/../'),
      url.replace('/Documenti/', '/Documenti/%2e%2e/Documenti/'),
      `${base}*`,
      `${base}%`,
      `${base}_${name.slice(1)}`,
      `%${url.slice(1)}`,
      url.slice(0, -1),
      url.slice(0, -4),
      base,
      '/Documenti/',
      '/',
      '.',
      '..',
      '%2e%2e',
      `/data/files/${document.sha256.slice(0, 2)}/${document.sha256}`,
      document.sha256,
      `../files/${document.sha256}`,
      `/Documenti/Raccomandazioni/1/..%c0%af..%c0%afetc%c0%afpasswd`,
      '/Documenti/Raccomandazioni/1/%u002e%u002e/etc/passwd',
      "/Documenti/' or '1'='1",
      '/Documenti/Raccomandazioni/1/x.pdf; drop table attachments',
      `${url}\u0000`,
      `${url}\u202e`,
      `${url.normalize('NFD')}é`,
      'x'.repeat(501),
    ];
    expect(new Set(variants).size).toBeGreaterThanOrEqual(60);
    for (const variant of variants) {
      if (variant === url) continue;
      for (const call of ['DownloadDoc', 'DownloadDocStream']) {
        const response = await download('segreteria', variant, call);
        expect(response.statusCode, `${call} ${variant}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${call} ${variant}`).toBeLessThan(500);
        expect(response.body).not.toContain('%PDF');
        expect(response.body).not.toContain('root:');
        expect(response.headers['content-type']).toMatch(/json/);
      }
    }
    // The exact address still works, so the refusals above are not an accident.
    expect((await download('segreteria', url)).statusCode).toBe(200);
  });

  it('streams a readable document with type, name and byte ranges', async () => {
    const document = await attachmentOf('assembly', 'all');
    const bytes = await site.app.services.files.read(document.sha256);
    const whole = await download('socio', document.url, 'DownloadDocStream');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toBe('no-store');
    expect(String(whole.headers['content-disposition'])).toMatch(/^inline; filename="/);
    expect(String(whole.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent(document.fileName)}`,
    );
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const attachment = await site.app.inject({
      method: 'GET',
      url: `/api/v1/ReservedArea/DownloadDocStream?download=1&serverRelativeUrl=${encodeURIComponent(document.url)}`,
      headers: { authorization: `Bearer ${site.tokens.socio}` },
    });
    expect(String(attachment.headers['content-disposition'])).toMatch(/^attachment;/);

    const head = await download('socio', document.url, 'DownloadDocStream', { range: 'bytes=0-4' });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-4/${bytes.length}`);
    expect(head.rawPayload.toString()).toBe('%PDF-');

    const tail = await download('socio', document.url, 'DownloadDocStream', { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);

    const middle = await download('socio', document.url, 'DownloadDocStream', {
      range: `bytes=10-`,
    });
    expect(middle.statusCode).toBe(206);
    expect(middle.rawPayload.equals(bytes.subarray(10))).toBe(true);

    const beyond = await download('socio', document.url, 'DownloadDocStream', {
      range: `bytes=${bytes.length}-`,
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect(beyond.rawPayload.length).toBe(0);

    const forbidden = await attachmentOf('assembly', 'Affiliati tecnici');
    const refused = await download('socio', forbidden.url, 'DownloadDocStream', {
      range: 'bytes=0-4',
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('%PDF');
    expect((await download(null, document.url, 'DownloadDocStream')).statusCode).toBe(401);
  });
});
