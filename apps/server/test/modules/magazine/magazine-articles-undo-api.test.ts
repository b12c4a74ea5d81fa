import type {
  AdminAuditEntry,
  AdminBinItem,
  AdminMagazineArticle,
  AdminMagazineIssue,
  AdminPage,
  MagazineArticle,
} from '@sodalis/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_ROLES, memberApi } from '../../helpers/member-api.js';
import { minimalPdf } from '../../helpers/pdf-corpus.js';
import { staffSite } from '../../helpers/staff-api.js';
import { testEngines } from '../../helpers/test-app.js';

/** "Now", moved by the tests. */
let now = new Date('2026-11-24T09:00:00Z');
const DAY_MS = 86_400_000;

/**
 * The bin and the history of the bulletin's articles (ADR 031): "Elimina" takes one article off
 * its issue's page, its PDF and the search into the bin, the issue staying; an edit goes back
 * from the article's history. Articles of a binned issue stay in the issue's bin.
 */
describe.each(testEngines())('back office: undo for the bulletin’s articles on %s', (engine) => {
  beforeAll(() => {
    now = new Date('2026-11-24T09:00:00Z');
  });
  const site = staffSite(engine, { clock: () => now, roles: MEMBER_ROLES });
  const { call, ok } = site;
  const api = memberApi(site);

  const entriesOf = async (title: string) =>
    (
      await api.page<MagazineArticle>('ReservedArea/GetArticoliRiviste', 'socio', {
        riviste: [title],
        dataOffset: '50',
      })
    ).items.map((entry) => entry.title);
  const hashOf = async (attachmentId: number) =>
    (
      await site.app.services.db
        .selectFrom('attachments')
        .select('file_sha256')
        .where('id', '=', attachmentId)
        .executeTakeFirstOrThrow()
    ).file_sha256;
  const pdf = (label: string) => ({
    fileName: `${label}.pdf`,
    content: minimalPdf(label).toString('base64'),
  });

  function issue(number: number) {
    return ok<AdminMagazineIssue>(
      call('POST', '/MagazineIssues', {
        title: `Il Servizio Trasfusionale - anno 2028, numero ${number}`,
        year: 2028,
        publishedOn: '2026-11-20',
        audience: 'all',
        published: true,
        keptAttachmentIds: [],
        newAttachments: [],
      }),
    );
  }
  function article(issueId: number, title: string, pdfLabel: string, extra: object = {}) {
    return ok<AdminMagazineArticle>(
      call('POST', '/MagazineArticles', {
        issueId,
        title,
        authors: ['Anna Rossi'],
        sortOrder: null,
        newAttachments: [pdf(pdfLabel)],
        ...extra,
      }),
    );
  }

  it('bins an article off its issue’s page, its PDF and the search; restores it in its place', async () => {
    now = new Date('2026-11-24T09:00:00Z');
    const number = await issue(1);
    const first = await article(number.id, 'Aferesi terapeutica', 'aferesi');
    const second = await article(number.id, 'Criopreservazione dei globuli', 'crio');
    const third = await article(number.id, 'Emovigilanza regionale', 'emovig');
    const file = second.attachments[0]?.serverRelativeUrl ?? '';
    expect(await api.searchTitles('Criopreservazione')).toContain(second.title);

    await ok(call('DELETE', `/MagazineArticles/${second.id}`));
    expect(await entriesOf(number.title)).toEqual([number.title, first.title, third.title]);
    expect((await api.download('socio', file)).statusCode).toBe(404);
    expect(await api.searchTitles('Criopreservazione')).not.toContain(second.title);
    expect((await call('GET', `/MagazineArticles/${second.id}`)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/MagazineArticles/${second.id}`, { issueId: number.id, title: 'X' }))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/MagazineArticles/${second.id}`)).statusCode).toBe(404);
    const staffList = await ok<AdminPage<AdminMagazineArticle>>(
      call('GET', `/MagazineArticles?issueId=${number.id}`),
    );
    expect(staffList.items.map((item) => item.id).sort()).toEqual([first.id, third.id].sort());
    expect(
      (await ok<AdminMagazineIssue>(call('GET', `/MagazineIssues/${number.id}`))).articleCount,
    ).toBe(2);
    const bin = await ok<AdminPage<AdminBinItem>>(call('GET', '/MagazineArticles/Bin'));
    expect(bin.items).toEqual([
      {
        id: second.id,
        title: second.title,
        deletedAt: '2026-11-24T09:00:00.000Z',
        purgeAt: '2026-12-24T09:00:00.000Z',
      },
    ]);
    expect((await site.lastAudit('magazine_article'))?.summary).toBe(
      `Articolo della rivista spostato nel cestino: ${second.title}`,
    );

    // A new article goes after every article, the binned one included: no two share a place.
    const fourth = await article(number.id, 'Plasma iperimmune', 'plasma');
    expect(fourth.sortOrder).toBe(4);

    const restored = await ok<AdminMagazineArticle>(
      call('POST', `/MagazineArticles/${second.id}/Restore`),
    );
    expect(restored).toMatchObject({
      title: second.title,
      sortOrder: 2,
      attachments: second.attachments,
    });
    expect(await entriesOf(number.title)).toEqual([
      number.title,
      first.title,
      second.title,
      third.title,
      fourth.title,
    ]);
    expect((await api.download('socio', file)).statusCode).toBe(200);
    expect(await api.searchTitles('Criopreservazione')).toContain(second.title);
    expect((await site.lastAudit('magazine_article'))?.summary).toBe(
      `Articolo della rivista ripristinato dal cestino: ${second.title}`,
    );
    expect((await call('POST', `/MagazineArticles/${second.id}/Restore`)).statusCode).toBe(404);
    expect((await call('POST', '/MagazineArticles/999999/Restore')).statusCode).toBe(404);
    expect((await call('DELETE', '/MagazineArticles/Bin/999999')).statusCode).toBe(404);
  });

  it('refuses to restore an article while its issue is in the bin; the issue comes back first', async () => {
    now = new Date('2026-11-24T09:10:00Z');
    const number = await issue(2);
    const alone = await article(number.id, 'Trasfusione neonatale', 'neonatale');
    const kept = await article(number.id, 'Gruppi sanguigni rari', 'rari');
    await ok(call('DELETE', `/MagazineArticles/${alone.id}`));
    await ok(call('DELETE', `/MagazineIssues/${number.id}`));
    // The issue's articles are in its bin: not found on their own.
    expect((await call('DELETE', `/MagazineArticles/${kept.id}`)).statusCode).toBe(404);

    const refused = await call('POST', `/MagazineArticles/${alone.id}/Restore`);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(
      'Il numero di questo articolo è nel cestino: ripristina prima il numero, con i suoi articoli.',
    );
    expect(
      (await ok<AdminPage<AdminBinItem>>(call('GET', '/MagazineArticles/Bin'))).items.map(
        (item) => item.id,
      ),
    ).toContain(alone.id);

    // The issue comes back with the articles it had, the one binned alone still in the bin.
    await ok(call('POST', `/MagazineIssues/${number.id}/Restore`));
    expect(await entriesOf(number.title)).toEqual([number.title, kept.title]);
    await ok(call('POST', `/MagazineArticles/${alone.id}/Restore`));
    expect(await entriesOf(number.title)).toEqual([number.title, alone.title, kept.title]);
  });

  it('deletes an article for good with its unused PDF, keeping a file another one uses; purges after 30 days', async () => {
    now = new Date('2026-11-24T09:20:00Z');
    const { files } = site.app.services;
    const number = await issue(3);
    const alone = await article(number.id, 'Donazione di midollo', 'midollo');
    const shared = await article(number.id, 'Linee guida AIFA', 'aifa');
    const copy = await article(number.id, 'Linee guida AIFA (ristampa)', 'aifa');
    const aloneFile = await hashOf(alone.attachments[0]?.id ?? 0);
    const sharedFile = await hashOf(shared.attachments[0]?.id ?? 0);
    expect(await hashOf(copy.attachments[0]?.id ?? 0)).toBe(sharedFile);

    await ok(call('DELETE', `/MagazineArticles/${alone.id}`));
    await ok(call('DELETE', `/MagazineArticles/${shared.id}`));
    // In the bin the files stay: a restore brings them back.
    expect(await files.has(aloneFile)).toBe(true);
    await ok(call('DELETE', `/MagazineArticles/Bin/${alone.id}`));
    expect(await files.has(aloneFile)).toBe(false);
    expect((await site.lastAudit('magazine_article'))?.summary).toBe(
      `Articolo della rivista eliminato definitivamente: ${alone.title}`,
    );
    expect((await call('DELETE', `/MagazineArticles/Bin/${alone.id}`)).statusCode).toBe(404);
    expect((await call('POST', `/MagazineArticles/${alone.id}/Restore`)).statusCode).toBe(404);

    // The other waits its 30 days, then the hourly purge takes it; the copy keeps its file.
    now = new Date(Date.parse('2026-11-24T09:20:00Z') + 30 * DAY_MS - 60_000);
    expect(await site.app.services.staff.magazine.purgeExpired()).toBe(0);
    now = new Date(Date.parse('2026-11-24T09:20:00Z') + 30 * DAY_MS + 60_000);
    expect(await site.app.services.binPurge.runOnce()).toBe(1);
    // Back to today: the staff session lasts less than the bin.
    now = new Date('2026-11-24T09:25:00Z');
    const left = await ok<AdminPage<AdminBinItem>>(call('GET', '/MagazineArticles/Bin'));
    expect(left.items.map((item) => item.id)).not.toContain(shared.id);
    expect(await files.has(sharedFile)).toBe(true);
    expect(
      (await api.download('socio', copy.attachments[0]?.serverRelativeUrl ?? '')).statusCode,
    ).toBe(200);

    // "Svuota il cestino" empties the articles' bin.
    await ok(call('DELETE', `/MagazineArticles/${copy.id}`));
    await ok(call('DELETE', '/MagazineArticles/Bin'));
    expect((await ok<AdminPage<AdminBinItem>>(call('GET', '/MagazineArticles/Bin'))).total).toBe(0);
    expect(await files.has(sharedFile)).toBe(false);
  });

  it('undoes one change from the article’s history, as a new audited edit', async () => {
    now = new Date('2026-11-24T09:30:00Z');
    const number = await issue(4);
    const item = await article(number.id, 'Sicurezza trasfusionale', 'sicurezza');
    await ok(
      call('PUT', `/MagazineArticles/${item.id}`, {
        issueId: number.id,
        title: 'Sicurezza trasfusionale (rivisto)',
        authors: ['Marco Bianchi', 'Anna Rossi'],
        sortOrder: 7,
        testata: 'Altra testata',
        keptAttachmentIds: item.attachments.map((file) => file.id),
        newAttachments: [],
      }),
    );
    const history = await ok<AdminAuditEntry[]>(
      call('GET', `/MagazineArticles/${item.id}/History`),
    );
    const edit = history.find((entry) => entry.action === 'modifica');
    expect(edit?.before).toMatchObject({ titolo: 'Sicurezza trasfusionale', ordinamento: 1 });

    const rolledBack = await ok<AdminMagazineArticle>(
      call('POST', `/MagazineArticles/${item.id}/Rollback`, { auditId: edit?.id }),
    );
    expect(rolledBack).toMatchObject({
      title: 'Sicurezza trasfusionale',
      authors: ['Anna Rossi'],
      sortOrder: 1,
      testata: item.testata,
      attachments: item.attachments,
    });
    expect(await entriesOf(number.title)).toContain('Sicurezza trasfusionale');
    expect((await site.auditOf('magazine_article', item.id))[0]).toMatchObject({
      action: 'modifica',
      after: { titolo: 'Sicurezza trasfusionale' },
    });

    const creation = history.find((entry) => entry.action === 'crea');
    const refused = await call('POST', `/MagazineArticles/${item.id}/Rollback`, {
      auditId: creation?.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Questa voce del registro non ha una versione precedente.');
    expect((await call('GET', '/MagazineArticles/999999/History')).statusCode).toBe(404);
    await ok(call('DELETE', `/MagazineArticles/${item.id}`));
    expect((await call('GET', `/MagazineArticles/${item.id}/History`)).statusCode).toBe(404);
  });
});
