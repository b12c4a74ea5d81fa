import type {
  AdminMagazineArticle,
  AdminMagazineIssue,
  AdminPage,
  MagazineArticle,
  MagazineIssue,
} from '@sodalis/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MEMBER_ROLES, memberApi } from '../../helpers/member-api.js';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';
import { minimalPdf } from '../../helpers/pdf-corpus.js';

const TODAY = '2026-11-22';
const pdf = (label: string) => minimalPdf(label).toString('base64');

describe.each(testEngines())('back office: the bulletin on %s', (engine) => {
  const site = staffSite(engine, { clock: fixedClock(TODAY), roles: MEMBER_ROLES });
  const { call, ok, auditOf } = site;
  const api = memberApi(site);

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

  const entriesOf = async (title: string) =>
    (
      await api.page<MagazineArticle>('ReservedArea/GetArticoliRiviste', 'socio', {
        riviste: [title],
        dataOffset: '50',
      })
    ).items;

  it('publishes an issue with its PDF and an article with authors, both on the members’ screens at once', async () => {
    const issue = await ok<AdminMagazineIssue>(call('POST', '/MagazineIssues', issueInput()));
    expect(issue).toMatchObject({ year: 2026, audience: 'all', published: true, articleCount: 0 });
    expect(issue.attachments.map((file) => file.fileName)).toEqual(['numero 9.pdf']);

    const latest = await api.page<MagazineIssue>('ReservedArea/GetRiviste', 'socio', {
      dataOffset: '1',
    });
    expect(latest.items[0]?.title).toBe(issue.title);

    const article = await ok<AdminMagazineArticle>(
      call('POST', '/MagazineArticles', {
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
      call(
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
    // Another audience's document is answered as an unknown one (ADR 027).
    expect(
      (await api.download('socio', issue.attachments[0]?.serverRelativeUrl ?? '')).statusCode,
    ).toBe(404);
    const change = (await auditOf('magazine_issue', issue.id)).find(
      (entry) => entry.action === 'modifica',
    );
    expect(change?.before).toEqual({ pubblico: 'all' });
    expect(change?.after).toEqual({ pubblico: 'affiliato' });

    // Delete: the issue, its article and their documents are gone.
    await ok(call('DELETE', `/MagazineIssues/${issue.id}`));
    expect(await entriesOf(issue.title)).toEqual([]);
    expect((await call('GET', `/MagazineArticles/${article.id}`)).statusCode).toBe(404);
    expect(
      (await api.download('affiliato', issue.attachments[0]?.serverRelativeUrl ?? '')).statusCode,
    ).toBe(404);
    expect((await auditOf('magazine_issue', issue.id)).map((entry) => entry.action)).toContain(
      'elimina',
    );
  });

  it('orders an issue’s articles by the order given, and moves one', async () => {
    const issue = await ok<AdminMagazineIssue>(
      call('POST', '/MagazineIssues', issueInput({ title: 'Numero di prova per l’ordine' })),
    );
    const titles = ['Primo', 'Secondo', 'Terzo'];
    const ids: number[] = [];
    for (const [index, title] of titles.entries()) {
      const article = await ok<AdminMagazineArticle>(
        call('POST', '/MagazineArticles', { issueId: issue.id, title, sortOrder: index + 1 }),
      );
      ids.push(article.id);
    }
    await ok(
      call('PUT', `/MagazineArticles/${ids[0]}`, {
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
      call('GET', `/MagazineArticles?issueId=${issue.id}&sort=sortOrder&order=ASC`),
    );
    expect(listed.total).toBe(3);
    expect(listed.items.map((article) => article.title)).toEqual(['Secondo', 'Terzo', 'Primo']);

    await ok(call('DELETE', `/MagazineArticles/${ids[1]}`));
    expect((await entriesOf(issue.title)).map((entry) => entry.title)).toEqual([
      issue.title,
      'Terzo',
      'Primo',
    ]);
    await ok(call('DELETE', `/MagazineIssues/${issue.id}`));
  });

  it("numbers a new article after its issue's last one and keeps an edited one in its place", async () => {
    const issue = await ok<AdminMagazineIssue>(
      call('POST', '/MagazineIssues', issueInput({ title: 'Numero per la numerazione' })),
    );
    const orders: number[] = [];
    for (const title of ['Uno', 'Due', 'Tre']) {
      const article = await ok<AdminMagazineArticle>(
        call('POST', '/MagazineArticles', { issueId: issue.id, title, sortOrder: null }),
      );
      orders.push(article.sortOrder);
    }
    expect(orders).toEqual([1, 2, 3]);
    const listed = await ok<AdminPage<AdminMagazineArticle>>(
      call('GET', `/MagazineArticles?issueId=${issue.id}&sort=sortOrder&order=ASC`),
    );
    const first = listed.items[0];
    const edited = await ok<AdminMagazineArticle>(
      call('PUT', `/MagazineArticles/${first?.id}`, { issueId: issue.id, title: 'Uno bis' }),
    );
    expect(edited.sortOrder).toBe(1);
    await ok(call('DELETE', `/MagazineIssues/${issue.id}`));
  });

  it('takes the latest issue by year and number, not by title ("numero 10" after "numero 4")', async () => {
    const fourth = await ok<AdminMagazineIssue>(
      call(
        'POST',
        '/MagazineIssues',
        issueInput({ title: 'Bollettino - anno 2031, numero 4', year: 2031 }),
      ),
    );
    const tenth = await ok<AdminMagazineIssue>(
      call(
        'POST',
        '/MagazineIssues',
        issueInput({ title: 'Bollettino - anno 2031, numero 10', year: 2031 }),
      ),
    );
    const special = await ok<AdminMagazineIssue>(
      call(
        'POST',
        '/MagazineIssues',
        issueInput({ title: 'Bollettino speciale', year: 2031, number: 7 }),
      ),
    );
    expect([fourth.number, tenth.number, special.number]).toEqual([4, 10, 7]);

    const first = await api.page<MagazineIssue>('ReservedArea/GetRiviste', 'socio', {
      dataOffset: '1',
    });
    expect(first.items.map((item) => item.title)).toEqual([tenth.title]);
    const next = await api.page<MagazineIssue>('ReservedArea/GetRiviste', 'socio', {
      dataOffset: '2',
      pagingInfo: first.pagingInfo,
    });
    expect(next.items.map((item) => item.title)).toEqual([special.title, fourth.title]);
    for (const issue of [fourth, tenth, special]) {
      await ok(call('DELETE', `/MagazineIssues/${issue.id}`));
    }
  });

  it('lists issues by year and text with totals', async () => {
    const of2021 = await ok<AdminPage<AdminMagazineIssue>>(
      call('GET', '/MagazineIssues?year=2021&perPage=2&sort=title&order=DESC'),
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
      call('GET', '/MagazineIssues?q=anno%202020%2C%20numero%201'),
    );
    expect(found.items.map((issue) => issue.title)).toEqual([
      'Il Servizio Trasfusionale - anno 2020, numero 1',
    ]);
  });

  it('refuses bad input with Italian messages, never a 500', async () => {
    const existing = (
      await ok<AdminPage<AdminMagazineIssue>>(call('GET', '/MagazineIssues?perPage=1'))
    ).items[0];
    await refused(
      call('POST', '/MagazineIssues', issueInput({ title: existing?.title.toUpperCase() })),
      'Esiste già un numero con questo titolo.',
    );
    await refused(
      call('POST', '/MagazineIssues', issueInput({ title: 'Nuovo', year: 1999 })),
      'Indica un anno tra 2000 e 2100.',
    );
    await refused(
      call('POST', '/MagazineIssues', issueInput({ title: 'Nuovo', publishedOn: '2026-02-30' })),
      'Indica una data valida (aaaa-mm-gg).',
    );
    await refused(
      call('POST', '/MagazineIssues', issueInput({ title: 'Nuovo', audience: 'public' })),
      'Pubblico non valido.',
    );
    await refused(
      call(
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
      call('POST', '/MagazineArticles', { issueId: existing?.id, title: 'X', sortOrder: 0 }),
      'Indica un numero d’ordine tra 1 e 9999.',
    );
    await refused(
      call('POST', '/MagazineArticles', { issueId: 999_999, title: 'X', sortOrder: 1 }),
      'Numero della rivista sconosciuto.',
    );
    await refused(
      call('POST', '/MagazineArticles', { issueId: existing?.id, title: '  ', sortOrder: 1 }),
      'Campo obbligatorio.',
    );
    expect(
      (await call('PUT', '/MagazineIssues/999999', issueInput({ title: 'Altro' }))).statusCode,
    ).toBe(404);
    expect((await call('DELETE', '/MagazineArticles/999999')).statusCode).toBe(404);
    expect((await call('GET', '/MagazineIssues/abc')).statusCode).toBe(400);
  });
});
