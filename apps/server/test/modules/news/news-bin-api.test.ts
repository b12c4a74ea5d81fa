import type {
  AdminAuditEntry,
  AdminBinItem,
  AdminNewsItem,
  AdminPage,
  Article,
  PagedList,
} from '@sodalis/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffSite } from '../../helpers/staff-api.js';
import { testEngines } from '../../helpers/test-app.js';

/** "Now", moved by the tests. */
let now = new Date('2026-11-23T10:00:00Z');
const DAY_MS = 86_400_000;

describe.each(testEngines())('back office: the bin and bulk actions on %s', (engine) => {
  // Each engine's suite starts its site (and its sessions) at the same moment.
  beforeAll(() => {
    now = new Date('2026-11-23T10:00:00Z');
  });
  const staff = staffSite(engine, { clock: () => now });

  async function publicTitles(): Promise<string[]> {
    const response = await staff.app.inject({
      method: 'POST',
      url: '/api/v1/SharepointContent/GetArticoli',
      payload: { dataOffset: '50' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: PagedList<Article> }).data.items.map((item) => item.title);
  }

  async function create(title: string, published = true): Promise<AdminNewsItem> {
    return staff.ok<AdminNewsItem>(
      staff.call('POST', '/News', {
        title,
        subtitleHtml: '<p>Testo.</p>',
        publishedOn: '2026-11-23',
        published,
        categoryIds: [],
        keptAttachmentIds: [],
        newAttachments: [],
      }),
    );
  }

  const bin = () => staff.ok<AdminPage<AdminBinItem>>(staff.call('GET', '/News/Bin'));

  it('moves a deleted item to the bin, restores it whole, and empties the bin for good', async () => {
    now = new Date('2026-11-23T10:00:00Z');
    const item = await create('Da cestinare e ripristinare');
    expect(await publicTitles()).toContain(item.title);

    await staff.ok(staff.call('DELETE', `/News/${item.id}`));
    expect(await publicTitles()).not.toContain(item.title);
    const listed = await staff.ok<AdminPage<AdminNewsItem>>(staff.call('GET', '/News?perPage=200'));
    expect(listed.items.map((entry) => entry.id)).not.toContain(item.id);
    const binned = (await bin()).items.find((entry) => entry.id === item.id);
    expect(binned).toEqual({
      id: item.id,
      title: item.title,
      deletedAt: '2026-11-23T10:00:00.000Z',
      purgeAt: '2026-12-23T10:00:00.000Z',
    });
    expect((await staff.lastAudit('news'))?.summary).toBe(
      `Notizia spostata nel cestino: ${item.title}`,
    );

    const restored = await staff.ok<AdminNewsItem>(staff.call('POST', `/News/${item.id}/Restore`));
    expect(restored).toMatchObject({ title: item.title, state: 'pubblicata' });
    expect(await publicTitles()).toContain(item.title);
    expect((await bin()).items.map((entry) => entry.id)).not.toContain(item.id);
    expect((await staff.call('POST', `/News/${item.id}/Restore`)).statusCode).toBe(404);

    // Emptied for good: gone from the bin, and its address answers 404.
    await staff.ok(staff.call('DELETE', `/News/${item.id}`));
    await staff.ok(staff.call('DELETE', '/News/Bin'));
    expect((await bin()).items.map((entry) => entry.id)).not.toContain(item.id);
    expect((await staff.call('GET', `/News/${item.id}`)).statusCode).toBe(404);
    expect((await staff.lastAudit('news'))?.action).toBe('elimina definitivamente');
  });

  it('keeps a deleted item 30 days, then it is gone for good', async () => {
    now = new Date('2026-11-23T11:00:00Z');
    const item = await create('Trenta giorni nel cestino');
    await staff.ok(staff.call('DELETE', `/News/${item.id}`));

    now = new Date(Date.parse('2026-11-23T11:00:00Z') + 30 * DAY_MS - 60_000);
    expect(await staff.app.services.staff.news.purgeExpired()).toBe(0);
    expect(
      (await staff.app.services.staff.news.listBin()).items.map((entry) => entry.id),
    ).toContain(item.id);

    now = new Date(Date.parse('2026-11-23T11:00:00Z') + 30 * DAY_MS + 60_000);
    expect(
      (await staff.app.services.staff.news.listBin()).items.map((entry) => entry.id),
    ).not.toContain(item.id);
    await expect(staff.app.services.staff.news.get(item.id)).rejects.toThrow();
    now = new Date('2026-11-23T12:00:00Z');
  });

  it('publishes, withdraws and deletes the chosen items in one go, each audited', async () => {
    now = new Date('2026-11-23T12:00:00Z');
    const first = await create('Prima in blocco', false);
    const second = await create('Seconda in blocco', false);
    const ids = [first.id, second.id];

    await staff.ok(staff.call('POST', '/News/Bulk', { ids, action: 'pubblica' }));
    expect(await publicTitles()).toEqual(expect.arrayContaining([first.title, second.title]));
    expect((await staff.auditOf('news', first.id))[0]?.after).toMatchObject({ pubblicata: true });

    await staff.ok(staff.call('POST', '/News/Bulk', { ids, action: 'ritira' }));
    expect(await publicTitles()).not.toContain(first.title);
    expect((await staff.auditOf('news', second.id))[0]?.action).toBe('ritira');

    await staff.ok(staff.call('POST', '/News/Bulk', { ids, action: 'elimina' }));
    expect((await bin()).items.map((entry) => entry.id)).toEqual(expect.arrayContaining(ids));

    const refused = await staff.call('POST', '/News/Bulk', { ids: [], action: 'butta' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Scegli almeno una notizia.');
    expect(refused.body).toContain('Azione non valida.');
  });

  it('changes all the chosen items or none: an unknown or binned id changes nothing', async () => {
    now = new Date('2026-11-23T11:50:00Z');
    const draft = await create('Bozza che resta bozza', false);
    const binned = await create('Già nel cestino', false);
    await staff.ok(staff.call('DELETE', `/News/${binned.id}`));
    const auditBefore = (await staff.auditOf('news', draft.id)).length;

    for (const ids of [
      [draft.id, 987_654],
      [draft.id, binned.id],
    ]) {
      const refused = await staff.call('POST', '/News/Bulk', { ids, action: 'pubblica' });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.body).toContain(`Nessuna modifica fatta: tra i selezionati, n. ${ids[1]}`);
    }
    expect(await publicTitles()).not.toContain(draft.title);
    expect((await staff.ok<AdminNewsItem>(staff.call('GET', `/News/${draft.id}`))).published).toBe(
      false,
    );
    expect(await staff.auditOf('news', draft.id)).toHaveLength(auditBefore);
  });

  it('exports the chosen items as CSV, audited, and refuses a bad choice in Italian', async () => {
    now = new Date('2026-11-23T12:00:00Z');
    const first = await create('Prima da esportare');
    const second = await create('Seconda; da esportare', false);
    await create('Non scelta');

    const response = await staff.call('GET', `/News/Export?ids=${second.id},${first.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('titolo');
    expect(lines.slice(1).map((line) => line.split(/[;,]/)[0])).toEqual([
      expect.stringContaining('Seconda'),
      'Prima da esportare',
    ]);
    expect(response.body).not.toContain('Non scelta');
    expect((await staff.lastAudit('news'))?.summary).toBe('Esportate 2 notizie selezionate');

    const refused = await staff.call('GET', '/News/Export?ids=uno,due');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Scegli da 1 a 200 notizie.');
    const missing = await staff.call('GET', '/News/Export');
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('Scegli almeno una notizia.');
  });

  it('undoes one change from the item’s history, as a new audited edit', async () => {
    now = new Date('2026-11-23T12:30:00Z');
    const item = await create('Titolo giusto');
    await staff.ok(
      staff.call('PUT', `/News/${item.id}`, {
        title: 'Titolo sbagliato',
        subtitleHtml: '<p>Testo cambiato.</p>',
        publishedOn: '2026-11-23',
        published: true,
        categoryIds: [],
        keptAttachmentIds: [],
        newAttachments: [],
      }),
    );
    const history = await staff.ok<AdminAuditEntry[]>(
      staff.call('GET', `/News/${item.id}/History`),
    );
    expect(history.map((entry) => entry.action)).toEqual(['modifica', 'crea']);
    const edit = history[0];

    const rolledBack = await staff.ok<AdminNewsItem>(
      staff.call('POST', `/News/${item.id}/Rollback`, { auditId: edit?.id }),
    );
    expect(rolledBack).toMatchObject({ title: 'Titolo giusto', subtitleHtml: '<p>Testo.</p>' });
    expect(await publicTitles()).toContain('Titolo giusto');
    const after = await staff.ok<AdminAuditEntry[]>(staff.call('GET', `/News/${item.id}/History`));
    expect(after[0]).toMatchObject({
      action: 'modifica',
      before: { titolo: 'Titolo sbagliato' },
      after: { titolo: 'Titolo giusto' },
    });

    // The creation has no earlier version; another item's entry is not this one's.
    const creation = history[1];
    const refused = await staff.call('POST', `/News/${item.id}/Rollback`, {
      auditId: creation?.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('non ha una versione precedente');
  });
});
