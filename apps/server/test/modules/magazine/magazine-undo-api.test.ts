import type {
  AdminAuditEntry,
  AdminBinItem,
  AdminDashboard,
  AdminMagazineIssue,
  AdminPage,
  MagazineArticle,
  MagazineIssue,
  MemberRole,
} from '@sodalis/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_ROLES, memberApi } from '../../helpers/member-api.js';
import { staffSite } from '../../helpers/staff-api.js';
import { testEngines } from '../../helpers/test-app.js';
import { minimalPdf } from '../../helpers/pdf-corpus.js';

/** "Now", moved by the tests. */
let now = new Date('2026-11-23T10:00:00Z');
const DAY_MS = 86_400_000;

/**
 * Draft, schedule, bin, history and bulk actions of the bulletin's issues (ADR 031), as the
 * news and the reserved records have them; an issue's articles and files follow their issue.
 */
describe.each(testEngines())('back office: undo for the bulletin on %s', (engine) => {
  beforeAll(() => {
    now = new Date('2026-11-23T10:00:00Z');
  });
  const site = staffSite(engine, { clock: () => now, roles: MEMBER_ROLES });
  const { call, ok } = site;
  const api = memberApi(site);

  const issueTitles = async (role: MemberRole) =>
    (
      await api.page<MagazineIssue>('ReservedArea/GetRiviste', role, { dataOffset: '100' })
    ).items.map((item) => item.title);
  const entriesOf = async (title: string) =>
    (
      await api.page<MagazineArticle>('ReservedArea/GetArticoliRiviste', 'socio', {
        riviste: [title],
        dataOffset: '50',
      })
    ).items;

  function issue(number: number, extra: object = {}) {
    return ok<AdminMagazineIssue>(
      call('POST', '/MagazineIssues', {
        title: `Il Servizio Trasfusionale - anno 2027, numero ${number}`,
        year: 2027,
        publishedOn: '2026-11-20',
        audience: 'all',
        published: true,
        keptAttachmentIds: [],
        newAttachments: [
          { fileName: `numero ${number}.pdf`, content: minimalPdf('n').toString('base64') },
        ],
        ...extra,
      }),
    );
  }
  const fileOf = (item: AdminMagazineIssue) => item.attachments[0]?.serverRelativeUrl ?? '';

  it('keeps drafts and scheduled issues, their articles and files from members until their Rome time', async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const draft = await issue(41, { published: false });
    expect(draft.state).toBe('non-pubblicata');
    const scheduled = await issue(42, { publishAt: '2026-11-23T12:30' });
    expect(scheduled).toMatchObject({ state: 'programmata', publishAt: '2026-11-23T12:30' });
    // The staff home counts it among the scheduled items.
    const home = await ok<AdminDashboard>(call('GET', '/Dashboard'));
    expect(home.pending.find((line) => line.key === 'numeri-rivista-programmati')).toMatchObject({
      count: 1,
      href: '/amministrazione/riviste',
    });
    await ok(
      call('POST', '/MagazineArticles', {
        issueId: scheduled.id,
        title: 'Emovigilanza programmata',
        authors: ['Anna Rossi'],
        sortOrder: 1,
        newAttachments: [],
      }),
    );

    expect(await issueTitles('socio')).not.toContain(draft.title);
    expect(await issueTitles('socio')).not.toContain(scheduled.title);
    expect(await entriesOf(scheduled.title)).toEqual([]);
    expect((await api.download('socio', fileOf(draft))).statusCode).toBe(404);
    expect((await api.download('socio', fileOf(scheduled))).statusCode).toBe(404);
    // Search finds a scheduled issue from the Rome day of its moment (ADR 031), a draft never.
    await ok(
      call('POST', '/MagazineArticles', {
        issueId: draft.id,
        title: 'Emovigilanza in bozza',
        authors: [],
        sortOrder: 1,
        newAttachments: [],
      }),
    );
    expect(await api.searchTitles('Emovigilanza')).not.toContain('Emovigilanza in bozza');

    // 12:30 in Rome is 11:30 UTC in November.
    now = new Date('2026-11-23T11:29:00Z');
    expect(await issueTitles('socio')).not.toContain(scheduled.title);
    now = new Date('2026-11-23T11:31:00Z');
    expect(await issueTitles('socio')).toContain(scheduled.title);
    expect((await entriesOf(scheduled.title)).map((entry) => entry.title)).toContain(
      'Emovigilanza programmata',
    );
    expect((await api.download('socio', fileOf(scheduled))).statusCode).toBe(200);
    expect(
      (await ok<AdminMagazineIssue>(call('GET', `/MagazineIssues/${scheduled.id}`))).state,
    ).toBe('pubblicata');
    expect(await issueTitles('socio')).not.toContain(draft.title);
  });

  it('bins an issue with its articles off the members’ screens, restores it whole, purges after 30 days', async () => {
    now = new Date('2026-11-23T11:35:00Z');
    const item = await issue(43);
    const article = await ok<{ id: number }>(
      call('POST', '/MagazineArticles', {
        issueId: item.id,
        title: 'Plasmaferesi nel cestino',
        authors: [],
        sortOrder: 1,
        newAttachments: [],
      }),
    );
    const gone = await issue(44);
    expect(await api.searchTitles('Plasmaferesi')).toContain('Plasmaferesi nel cestino');

    await ok(call('DELETE', `/MagazineIssues/${item.id}`));
    await ok(call('DELETE', `/MagazineIssues/${gone.id}`));
    expect(await issueTitles('socio')).not.toContain(item.title);
    expect(await entriesOf(item.title)).toEqual([]);
    expect((await api.download('socio', fileOf(item))).statusCode).toBe(404);
    expect(await api.searchTitles('Plasmaferesi')).not.toContain('Plasmaferesi nel cestino');
    expect((await call('GET', `/MagazineIssues/${item.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/MagazineArticles/${article.id}`)).statusCode).toBe(404);
    const staffList = await ok<AdminPage<AdminMagazineIssue>>(
      call('GET', '/MagazineIssues?perPage=200'),
    );
    expect(staffList.items.map((entry) => entry.id)).not.toContain(item.id);
    const bin = await ok<AdminPage<AdminBinItem>>(call('GET', '/MagazineIssues/Bin'));
    expect(bin.items.find((entry) => entry.id === item.id)).toEqual({
      id: item.id,
      title: item.title,
      deletedAt: '2026-11-23T11:35:00.000Z',
      purgeAt: '2026-12-23T11:35:00.000Z',
    });
    expect((await site.lastAudit('magazine_issue'))?.summary).toBe(
      `Numero della rivista spostato nel cestino: ${gone.title}`,
    );

    const restored = await ok<AdminMagazineIssue>(
      call('POST', `/MagazineIssues/${item.id}/Restore`),
    );
    expect(restored).toMatchObject({ title: item.title, state: 'pubblicata', articleCount: 1 });
    expect(await issueTitles('socio')).toContain(item.title);
    expect((await entriesOf(item.title)).map((entry) => entry.title)).toContain(
      'Plasmaferesi nel cestino',
    );
    expect((await api.download('socio', fileOf(item))).statusCode).toBe(200);
    expect(await api.searchTitles('Plasmaferesi')).toContain('Plasmaferesi nel cestino');
    expect((await call('POST', `/MagazineIssues/${item.id}/Restore`)).statusCode).toBe(404);

    // The other issue stays in its bin: 30 days later the hourly purge takes it for good.
    now = new Date(Date.parse('2026-11-23T11:35:00Z') + 30 * DAY_MS - 60_000);
    expect(await site.app.services.staff.magazine.purgeExpired()).toBe(0);
    now = new Date(Date.parse('2026-11-23T11:35:00Z') + 30 * DAY_MS + 60_000);
    expect(await site.app.services.binPurge.runOnce()).toBe(1);
    now = new Date('2026-11-23T11:36:00Z');
    const left = await ok<AdminPage<AdminBinItem>>(call('GET', '/MagazineIssues/Bin'));
    expect(left.items.map((entry) => entry.id)).not.toContain(gone.id);

    // Emptied for good, with its article.
    await ok(call('DELETE', `/MagazineIssues/${item.id}`));
    await ok(call('DELETE', '/MagazineIssues/Bin'));
    expect((await call('POST', `/MagazineIssues/${item.id}/Restore`)).statusCode).toBe(404);
    expect((await site.lastAudit('magazine_issue'))?.action).toBe('elimina definitivamente');
    const articles = await site.app.services.db
      .selectFrom('magazine_articles')
      .select('id')
      .where('id', '=', article.id)
      .execute();
    expect(articles).toEqual([]);
  });

  it('undoes one change from the issue’s history, as a new audited edit', async () => {
    now = new Date('2026-11-23T11:40:00Z');
    const item = await issue(45);
    await ok(
      call('PUT', `/MagazineIssues/${item.id}`, {
        title: 'Il Servizio Trasfusionale - anno 2027, numero 46',
        year: 2027,
        publishedOn: '2026-11-21',
        audience: 'affiliato',
        published: true,
        keptAttachmentIds: item.attachments.map((file) => file.id),
        newAttachments: [],
      }),
    );
    const history = await ok<AdminAuditEntry[]>(call('GET', `/MagazineIssues/${item.id}/History`));
    const edit = history.find((entry) => entry.action === 'modifica');
    expect(edit?.before).toMatchObject({ titolo: item.title, pubblico: 'all' });

    const rolledBack = await ok<AdminMagazineIssue>(
      call('POST', `/MagazineIssues/${item.id}/Rollback`, { auditId: edit?.id }),
    );
    expect(rolledBack).toMatchObject({
      title: item.title,
      number: 45,
      publishedOn: '2026-11-20',
      audience: 'all',
      attachments: item.attachments,
    });
    expect(await issueTitles('socio')).toContain(item.title);
    expect((await site.auditOf('magazine_issue', item.id))[0]?.action).toBe('modifica');

    const creation = history.find((entry) => entry.action === 'crea');
    const refused = await call('POST', `/MagazineIssues/${item.id}/Rollback`, {
      auditId: creation?.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('non ha una versione precedente');
  });

  it('publishes, withdraws, bins and exports the chosen issues; all or none', async () => {
    now = new Date('2026-11-23T11:45:00Z');
    const first = await issue(47, { published: false });
    const second = await issue(48, { published: false });
    const ids = [first.id, second.id];

    await ok(call('POST', '/MagazineIssues/Bulk', { ids, action: 'pubblica' }));
    expect(await issueTitles('socio')).toEqual(expect.arrayContaining([first.title, second.title]));
    await ok(call('POST', '/MagazineIssues/Bulk', { ids, action: 'ritira' }));
    expect(await issueTitles('socio')).not.toContain(first.title);
    expect((await site.auditOf('magazine_issue', second.id))[0]?.after).toMatchObject({
      pubblicato: false,
    });

    // One id in the bin: nothing changes, and the error names it.
    const binned = await issue(49, { published: false });
    await ok(call('DELETE', `/MagazineIssues/${binned.id}`));
    const auditBefore = (await site.auditOf('magazine_issue', first.id)).length;
    const refused = await call('POST', '/MagazineIssues/Bulk', {
      ids: [first.id, binned.id],
      action: 'pubblica',
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.body).toContain(`n. ${binned.id} non esiste più o è nel cestino`);
    expect(await issueTitles('socio')).not.toContain(first.title);
    expect(await site.auditOf('magazine_issue', first.id)).toHaveLength(auditBefore);

    const exported = await call('GET', `/MagazineIssues/Export?ids=${second.id},${first.id}`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.body).toContain(second.title);
    expect((await site.lastAudit('magazine_issue'))?.summary).toBe(
      'Esportati 2 elementi selezionati: Numeri della rivista',
    );

    await ok(call('POST', '/MagazineIssues/Bulk', { ids, action: 'elimina' }));
    const bin = await ok<AdminPage<AdminBinItem>>(call('GET', '/MagazineIssues/Bin'));
    expect(bin.items.map((entry) => entry.id)).toEqual(expect.arrayContaining(ids));

    const empty = await call('POST', '/MagazineIssues/Bulk', { ids: [], action: 'butta' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Scegli almeno un numero.');
  });
});
