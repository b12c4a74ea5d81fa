import type {
  AdminAuditEntry,
  AdminMagazineArticle,
  AdminMagazineIssue,
  AdminPage,
  MagazineArticle,
  MagazineIssue,
} from '@sodalis/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApi, signInDemoMembers } from '../../helpers/member-api.js';
import { createTestApp, fixedClock, testEngines, type TestApp } from '../../helpers/test-app.js';

const TODAY = '2026-11-22';
const pdf = (label: string) => Buffer.from(`%PDF-1.4\n% ${label}\n%%EOF\n`).toString('base64');

describe.each(testEngines())('back office: the bulletin on %s', (engine) => {
  let site: TestApp;
  let staffToken: string;
  let api: ReturnType<typeof memberApi>;

  beforeAll(async () => {
    site = await createTestApp(engine, { demoContent: true, clock: fixedClock(TODAY) });
    const tokens = await signInDemoMembers(site.app);
    staffToken = tokens.segreteria;
    api = memberApi(site.app, tokens);
  }, 120_000);

  afterAll(async () => {
    await site?.close();
  });

  function admin(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> {
    return site.app.inject({
      method,
      url: `/api/v1/Admin${path}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { authorization: `Bearer ${staffToken}` },
    });
  }

  async function ok<T>(response: Promise<LightMyRequestResponse>): Promise<T> {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    return (answer.json() as { data: T }).data;
  }

  async function refused(response: Promise<LightMyRequestResponse>, message: string) {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.body).toContain(message);
  }

  const issueInput = (overrides: Record<string, unknown> = {}) => ({
    title: 'Il Servizio Trasfusionale - anno 2026, numero 9',
    year: 2026,
    publishedOn: TODAY,
    audience: 'all',
    published: true,
    keptAttachmentIds: [],
    newAttachments: [{ fileName: 'numero 9.pdf', content: pdf('numero 9') }],
    ...overrides,
  });

  const auditOf = async (entity: string, id: number) =>
    (
      await ok<AdminPage<AdminAuditEntry>>(admin('GET', `/AuditLog?entity=${entity}&perPage=200`))
    ).items.filter((entry) => entry.entityId === String(id));

  const entriesOf = async (title: string) =>
    (
      await api.page<MagazineArticle>('ReservedArea/GetArticoliRiviste', 'socio', {
        riviste: [title],
        dataOffset: '50',
      })
    ).items;

  it('publishes an issue with its PDF and an article with authors, both on the members’ screens at once', async () => {
    const issue = await ok<AdminMagazineIssue>(admin('POST', '/MagazineIssues', issueInput()));
    expect(issue).toMatchObject({ year: 2026, audience: 'all', published: true, articleCount: 0 });
    expect(issue.attachments.map((file) => file.fileName)).toEqual(['numero 9.pdf']);

    const latest = await api.page<MagazineIssue>('ReservedArea/GetRiviste', 'socio', {
      dataOffset: '1',
    });
    expect(latest.items[0]?.title).toBe(issue.title);

    const article = await ok<AdminMagazineArticle>(
      admin('POST', '/MagazineArticles', {
        issueId: issue.id,
        title: 'Plasma da convalescente: cosa resta',
        authors: ['Anna Rossi', 'Luca Bianchi'],
        sortOrder: 1,
        newAttachments: [{ fileName: 'plasma.pdf', content: pdf('plasma') }],
      }),
    );
    expect(article).toMatchObject({
      issueId: issue.id,
      issueTitle: issue.title,
      publishedOn: TODAY,
      testata: 'Il Servizio Trasfusionale',
    });

    const entries = await entriesOf(issue.title);
    expect(entries.map((entry) => entry.title)).toEqual([issue.title, article.title]);
    expect(entries[0]?.attachments[0]?.serverRelativeUrl).toBe(
      issue.attachments[0]?.serverRelativeUrl,
    );
    expect(entries[1]?.autore).toEqual({ 1: 'Anna Rossi', 2: 'Luca Bianchi' });
    const download = await api.download(
      'socio',
      entries[1]?.attachments[0]?.serverRelativeUrl ?? '',
    );
    expect(download.statusCode).toBe(200);
    const content = (download.json() as { data: { content: string } }).data.content;
    expect(Buffer.from(content, 'base64').toString()).toContain('% plasma');

    expect((await auditOf('magazine_issue', issue.id))[0]).toMatchObject({
      action: 'crea',
      actorEmail: 'segreteria.demo@example.org',
    });
    expect((await auditOf('magazine_article', article.id)).map((entry) => entry.action)).toEqual([
      'crea',
    ]);

    // Edit: the issue for Affiliati only; a Socio no longer sees it or its files.
    const edited = await ok<AdminMagazineIssue>(
      admin(
        'PUT',
        `/MagazineIssues/${issue.id}`,
        issueInput({
          audience: 'affiliato',
          keptAttachmentIds: issue.attachments.map((file) => file.id),
          newAttachments: [],
        }),
      ),
    );
    expect(edited).toMatchObject({ audience: 'affiliato', articleCount: 1 });
    expect(edited.attachments).toEqual(issue.attachments);
    const forbidden = await api.post('ReservedArea/GetArticoliRiviste', 'socio', {
      riviste: [issue.title],
    });
    expect(forbidden.statusCode).toBe(403);
    expect(
      (await api.download('socio', issue.attachments[0]?.serverRelativeUrl ?? '')).statusCode,
    ).toBe(403);
    const change = (await auditOf('magazine_issue', issue.id)).find(
      (entry) => entry.action === 'modifica',
    );
    expect(change?.before).toEqual({ pubblico: 'all' });
    expect(change?.after).toEqual({ pubblico: 'affiliato' });

    // Delete: the issue, its article and their documents are gone.
    await ok(admin('DELETE', `/MagazineIssues/${issue.id}`));
    expect(await entriesOf(issue.title)).toEqual([]);
    expect((await admin('GET', `/MagazineArticles/${article.id}`)).statusCode).toBe(404);
    expect(
      (await api.download('affiliato', issue.attachments[0]?.serverRelativeUrl ?? '')).statusCode,
    ).toBe(404);
    expect((await auditOf('magazine_issue', issue.id)).map((entry) => entry.action)).toContain(
      'elimina',
    );
  });

  it('orders an issue’s articles by the order given, and moves one', async () => {
    const issue = await ok<AdminMagazineIssue>(
      admin('POST', '/MagazineIssues', issueInput({ title: 'Numero di prova per l’ordine' })),
    );
    const titles = ['Primo', 'Secondo', 'Terzo'];
    const ids: number[] = [];
    for (const [index, title] of titles.entries()) {
      const article = await ok<AdminMagazineArticle>(
        admin('POST', '/MagazineArticles', { issueId: issue.id, title, sortOrder: index + 1 }),
      );
      ids.push(article.id);
    }
    await ok(
      admin('PUT', `/MagazineArticles/${ids[0]}`, {
        issueId: issue.id,
        title: 'Primo',
        sortOrder: 10,
      }),
    );
    expect((await entriesOf(issue.title)).map((entry) => entry.title)).toEqual([
      issue.title,
      'Secondo',
      'Terzo',
      'Primo',
    ]);
    const listed = await ok<AdminPage<AdminMagazineArticle>>(
      admin('GET', `/MagazineArticles?issueId=${issue.id}&sort=sortOrder&order=ASC`),
    );
    expect(listed.total).toBe(3);
    expect(listed.items.map((article) => article.title)).toEqual(['Secondo', 'Terzo', 'Primo']);

    await ok(admin('DELETE', `/MagazineArticles/${ids[1]}`));
    expect((await entriesOf(issue.title)).map((entry) => entry.title)).toEqual([
      issue.title,
      'Terzo',
      'Primo',
    ]);
    await ok(admin('DELETE', `/MagazineIssues/${issue.id}`));
  });

  it('lists issues by year and text with totals', async () => {
    const of2021 = await ok<AdminPage<AdminMagazineIssue>>(
      admin('GET', '/MagazineIssues?year=2021&perPage=2&sort=title&order=DESC'),
    );
    const rows = await site.app.services.db
      .selectFrom('magazine_issues')
      .select('title')
      .where('year', '=', 2021)
      .execute();
    expect(of2021.total).toBe(rows.length);
    expect(of2021.items).toHaveLength(Math.min(2, rows.length));
    expect(of2021.items.every((issue) => issue.year === 2021 && issue.articleCount >= 5)).toBe(
      true,
    );
    const found = await ok<AdminPage<AdminMagazineIssue>>(
      admin('GET', '/MagazineIssues?q=anno%202020%2C%20numero%201'),
    );
    expect(found.items.map((issue) => issue.title)).toEqual([
      'Il Servizio Trasfusionale - anno 2020, numero 1',
    ]);
  });

  it('refuses bad input with Italian messages, never a 500', async () => {
    const existing = (
      await ok<AdminPage<AdminMagazineIssue>>(admin('GET', '/MagazineIssues?perPage=1'))
    ).items[0];
    await refused(
      admin('POST', '/MagazineIssues', issueInput({ title: existing?.title.toUpperCase() })),
      'Esiste già un numero con questo titolo.',
    );
    await refused(
      admin('POST', '/MagazineIssues', issueInput({ title: 'Nuovo', year: 1999 })),
      'Indica un anno tra 2000 e 2100.',
    );
    await refused(
      admin('POST', '/MagazineIssues', issueInput({ title: 'Nuovo', publishedOn: '2026-02-30' })),
      'Indica una data valida (aaaa-mm-gg).',
    );
    await refused(
      admin('POST', '/MagazineIssues', issueInput({ title: 'Nuovo', audience: 'public' })),
      'Pubblico non valido.',
    );
    await refused(
      admin(
        'POST',
        '/MagazineIssues',
        issueInput({
          title: 'Nuovo',
          newAttachments: [
            { fileName: 'finto.pdf', content: Buffer.from('<html>no</html>').toString('base64') },
          ],
        }),
      ),
      'Il file non è un PDF.',
    );
    await refused(
      admin('POST', '/MagazineArticles', { issueId: existing?.id, title: 'X', sortOrder: 0 }),
      'Indica un numero d’ordine tra 1 e 9999.',
    );
    await refused(
      admin('POST', '/MagazineArticles', { issueId: 999_999, title: 'X', sortOrder: 1 }),
      'Numero della rivista sconosciuto.',
    );
    await refused(
      admin('POST', '/MagazineArticles', { issueId: existing?.id, title: '  ', sortOrder: 1 }),
      'Campo obbligatorio.',
    );
    expect(
      (await admin('PUT', '/MagazineIssues/999999', issueInput({ title: 'Altro' }))).statusCode,
    ).toBe(404);
    expect((await admin('DELETE', '/MagazineArticles/999999')).statusCode).toBe(404);
    expect((await admin('GET', '/MagazineIssues/abc')).statusCode).toBe(400);
  });
});
