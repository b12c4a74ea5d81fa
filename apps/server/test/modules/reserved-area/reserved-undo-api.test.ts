import type {
  AdminAuditEntry,
  AdminBinItem,
  AdminDashboard,
  AdminOpinion,
  AdminPage,
  AdminRecommendation,
  MemberRole,
  Opinion,
  Recommendation,
} from '@sodalis/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_ROLES, memberApi } from '../../helpers/member-api.js';
import { staffSite } from '../../helpers/staff-api.js';
import { testEngines } from '../../helpers/test-app.js';

/** "Now", moved by the tests. */
let now = new Date('2026-11-23T10:00:00Z');
const DAY_MS = 86_400_000;

/**
 * Draft, schedule, bin, history and bulk actions of the reserved area's records (ADR 031), as
 * the news have them: two kinds, recommendations (with files) and opinions (plain text).
 */
describe.each(testEngines())('back office: undo for the reserved area on %s', (engine) => {
  beforeAll(() => {
    now = new Date('2026-11-23T10:00:00Z');
  });
  const site = staffSite(engine, { clock: () => now, roles: MEMBER_ROLES });
  const { call, ok } = site;
  const api = memberApi(site);

  const recommendationTitles = async (role: MemberRole) =>
    (
      await api.page<Recommendation>('ReservedArea/GetRaccomandazioni', role, {
        dataOffset: '100',
      })
    ).items.map((item) => item.title);
  const opinionTitles = async (role: MemberRole) =>
    (await api.page<Opinion>('ReservedArea/GetPareriCD', role, { dataOffset: '100' })).items.map(
      (item) => item.title,
    );
  const { searchTitles } = api;

  function recommendation(title: string, extra: object = {}) {
    return ok<AdminRecommendation>(
      call('POST', '/Recommendations', {
        title,
        publishedOn: '2026-11-20',
        audience: 'all',
        published: true,
        keptAttachmentIds: [],
        newAttachments: [],
        ...extra,
      }),
    );
  }
  function opinion(topic: string, extra: object = {}) {
    return ok<AdminOpinion>(
      call('POST', '/Opinions', {
        title: `Parere 20/11/2026 – ${topic}`,
        publishedOn: '2026-11-20',
        question: 'Domanda?',
        answer: 'Risposta.',
        audience: 'all',
        published: true,
        ...extra,
      }),
    );
  }

  it('keeps drafts and scheduled records from members until their Rome time', async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const draft = await recommendation('Bozza di raccomandazione irradiazione', {
      published: false,
    });
    expect(draft.state).toBe('non-pubblicata');
    const scheduled = await recommendation('Raccomandazione programmata irradiazione', {
      publishAt: '2026-11-23T12:30',
    });
    expect(scheduled).toMatchObject({ state: 'programmata', publishAt: '2026-11-23T12:30' });
    const later = await opinion('Programmato', { publishAt: '2026-11-23T12:30' });
    // The staff home counts them among the scheduled items, one line per kind.
    const home = await ok<AdminDashboard>(call('GET', '/Dashboard'));
    expect(home.pending.find((line) => line.key === 'raccomandazioni-programmate')?.count).toBe(1);
    expect(home.pending.find((line) => line.key === 'pareri-programmati')?.count).toBe(1);

    expect(await recommendationTitles('socio')).not.toContain(draft.title);
    expect(await recommendationTitles('socio')).not.toContain(scheduled.title);
    expect(await opinionTitles('socio')).not.toContain(later.title);
    expect(await searchTitles('irradiazione')).not.toContain(draft.title);

    // 12:30 in Rome is 11:30 UTC in November.
    now = new Date('2026-11-23T11:29:00Z');
    expect(await recommendationTitles('socio')).not.toContain(scheduled.title);
    now = new Date('2026-11-23T11:31:00Z');
    expect(await recommendationTitles('socio')).toContain(scheduled.title);
    expect(await opinionTitles('socio')).toContain(later.title);
    expect(
      (await ok<AdminRecommendation>(call('GET', `/Recommendations/${scheduled.id}`))).state,
    ).toBe('pubblicata');

    const refused = await call('POST', '/Opinions', {
      title: 'Parere 20/11/2026 – Ora sbagliata',
      publishedOn: '2026-11-20',
      question: 'Domanda?',
      answer: 'Risposta.',
      audience: 'all',
      publishAt: '30/11/2026 09:00',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Indica data e ora di pubblicazione');
  });

  it('bins a record off the members’ lists and search, restores it whole, purges after 30 days', async () => {
    now = new Date('2026-11-23T11:35:00Z');
    const item = await recommendation('Raccomandazione da cestinare plasmaferesi');
    const gone = await opinion('Da cestinare');
    expect(await searchTitles('plasmaferesi')).toContain(item.title);

    await ok(call('DELETE', `/Recommendations/${item.id}`));
    await ok(call('DELETE', `/Opinions/${gone.id}`));
    expect(await recommendationTitles('socio')).not.toContain(item.title);
    expect(await opinionTitles('socio')).not.toContain(gone.title);
    expect(await searchTitles('plasmaferesi')).not.toContain(item.title);
    expect((await call('GET', `/Recommendations/${item.id}`)).statusCode).toBe(404);
    const staffList = await ok<AdminPage<AdminRecommendation>>(
      call('GET', '/Recommendations?perPage=200'),
    );
    expect(staffList.items.map((entry) => entry.id)).not.toContain(item.id);
    const bin = await ok<AdminPage<AdminBinItem>>(call('GET', '/Recommendations/Bin'));
    expect(bin.items.find((entry) => entry.id === item.id)).toEqual({
      id: item.id,
      title: item.title,
      deletedAt: '2026-11-23T11:35:00.000Z',
      purgeAt: '2026-12-23T11:35:00.000Z',
    });
    expect((await site.lastAudit('recommendation'))?.summary).toBe(
      `Raccomandazione spostata nel cestino: ${item.title}`,
    );

    const restored = await ok<AdminRecommendation>(
      call('POST', `/Recommendations/${item.id}/Restore`),
    );
    expect(restored).toMatchObject({ title: item.title, state: 'pubblicata' });
    expect(await recommendationTitles('socio')).toContain(item.title);
    expect(await searchTitles('plasmaferesi')).toContain(item.title);
    expect((await call('POST', `/Recommendations/${item.id}/Restore`)).statusCode).toBe(404);

    // The opinion stays in its bin: 30 days later it is gone for good.
    const reserved = site.app.services.staff.reserved;
    now = new Date(Date.parse('2026-11-23T11:35:00Z') + 30 * DAY_MS - 60_000);
    expect(await reserved.purgeExpired()).toBe(0);
    now = new Date(Date.parse('2026-11-23T11:35:00Z') + 30 * DAY_MS + 60_000);
    // The hourly purge (one instance per slot) goes over every bin.
    expect(await site.app.services.binPurge.runOnce()).toBe(1);
    now = new Date('2026-11-23T11:36:00Z');
    const opinions = await ok<AdminPage<AdminBinItem>>(call('GET', '/Opinions/Bin'));
    expect(opinions.items.map((entry) => entry.id)).not.toContain(gone.id);

    // Emptied for good.
    await ok(call('DELETE', `/Recommendations/${item.id}`));
    await ok(call('DELETE', `/Recommendations/Bin/${item.id}`));
    expect((await call('POST', `/Recommendations/${item.id}/Restore`)).statusCode).toBe(404);
    expect((await site.lastAudit('recommendation'))?.action).toBe('elimina definitivamente');
  });

  it('undoes one change from the record’s history, as a new audited edit', async () => {
    now = new Date('2026-11-23T11:40:00Z');
    const item = await opinion('Versione giusta');
    await ok(
      call('PUT', `/Opinions/${item.id}`, {
        title: 'Parere 20/11/2026 – Versione sbagliata',
        publishedOn: '2026-11-20',
        question: 'Domanda?',
        answer: 'Risposta sbagliata.',
        audience: 'socio',
        published: true,
      }),
    );
    const history = await ok<AdminAuditEntry[]>(call('GET', `/Opinions/${item.id}/History`));
    const edit = history.find((entry) => entry.action === 'modifica');
    expect(edit?.before).toMatchObject({ risposta: 'Risposta.' });

    const rolledBack = await ok<AdminOpinion>(
      call('POST', `/Opinions/${item.id}/Rollback`, { auditId: edit?.id }),
    );
    expect(rolledBack).toMatchObject({
      title: item.title,
      answer: 'Risposta.',
      audience: 'all',
      sortOrder: 1,
    });
    expect(await opinionTitles('affiliato')).toContain(item.title);
    expect((await site.auditOf('opinion', item.id))[0]?.action).toBe('modifica');

    const creation = history.find((entry) => entry.action === 'crea');
    const refused = await call('POST', `/Opinions/${item.id}/Rollback`, {
      auditId: creation?.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('non ha una versione precedente');
  });

  it('publishes, withdraws, bins and exports the chosen records; all or none', async () => {
    now = new Date('2026-11-23T11:45:00Z');
    const first = await recommendation('Prima raccomandazione in blocco', { published: false });
    const second = await recommendation('Seconda raccomandazione in blocco', { published: false });
    const ids = [first.id, second.id];

    await ok(call('POST', '/Recommendations/Bulk', { ids, action: 'pubblica' }));
    expect(await recommendationTitles('socio')).toEqual(
      expect.arrayContaining([first.title, second.title]),
    );
    await ok(call('POST', '/Recommendations/Bulk', { ids, action: 'ritira' }));
    expect(await recommendationTitles('socio')).not.toContain(first.title);
    expect((await site.auditOf('recommendation', second.id))[0]?.after).toMatchObject({
      pubblicata: false,
    });

    // One unknown id: nothing changes, and the error names it.
    const auditBefore = (await site.auditOf('recommendation', first.id)).length;
    const refused = await call('POST', '/Recommendations/Bulk', {
      ids: [first.id, 999_999],
      action: 'pubblica',
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.body).toContain('Nessuna modifica fatta: tra i selezionati, n. 999999');
    expect(await recommendationTitles('socio')).not.toContain(first.title);
    expect(await site.auditOf('recommendation', first.id)).toHaveLength(auditBefore);
    // A record in the bin cannot be published from the list: nothing changes either.
    const binned = await recommendation('Raccomandazione nel cestino', { published: false });
    await ok(call('DELETE', `/Recommendations/${binned.id}`));
    const inBin = await call('POST', '/Recommendations/Bulk', {
      ids: [first.id, binned.id],
      action: 'pubblica',
    });
    expect(inBin.statusCode).toBe(400);
    expect(inBin.body).toContain(`n. ${binned.id} non esiste più o è nel cestino`);
    expect(await recommendationTitles('socio')).not.toContain(first.title);

    const exported = await call('GET', `/Recommendations/Export?ids=${second.id},${first.id}`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('titolo');
    expect(lines.slice(1).map((line) => line.split(/[;,]/)[0])).toEqual([
      second.title,
      first.title,
    ]);
    expect((await site.lastAudit('recommendation'))?.summary).toBe(
      'Esportati 2 elementi selezionati: Raccomandazioni',
    );

    await ok(call('POST', '/Recommendations/Bulk', { ids, action: 'elimina' }));
    const bin = await ok<AdminPage<AdminBinItem>>(call('GET', '/Recommendations/Bin'));
    expect(bin.items.map((entry) => entry.id)).toEqual(expect.arrayContaining(ids));

    const empty = await call('POST', '/Opinions/Bulk', { ids: [], action: 'butta' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Scegli almeno un documento.');
    expect(empty.body).toContain('Azione non valida.');
  });
});
