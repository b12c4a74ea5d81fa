import type { AdminAuditEntry, AdminBinItem, AdminCategory, AdminPage } from '@sodalis/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { refused, staffSite } from '../../helpers/staff-api.js';
import { testEngines } from '../../helpers/test-app.js';

/** "Now", moved by the tests. */
let now = new Date('2026-11-24T09:40:00Z');
const DAY_MS = 86_400_000;

/**
 * The news categories' bin and history (ADR 031, amendment of 2026-11-24): a category no news
 * item has goes to the bin, off the menus and filters; a rename can be undone.
 */
describe.each(testEngines())('back office: the categories’ bin and history on %s', (engine) => {
  beforeAll(() => {
    now = new Date('2026-11-24T09:40:00Z');
  });
  const site = staffSite(engine, { clock: () => now });
  const { call, ok } = site;

  const publicCategories = async () => {
    const response = await site.app.inject({
      method: 'GET',
      url: '/api/v1/SharepointContent/GetArticleCategories',
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: { title: string }[] }).data.map(
      (category) => category.title,
    );
  };

  it('bins an unused category off the menus, refuses one a news item has, restores and deletes for good', async () => {
    now = new Date('2026-11-24T09:40:00Z');
    const unused = await ok<AdminCategory>(
      call('POST', '/NewsCategories', { title: 'Aferesi terapeutica' }),
    );
    expect(await publicCategories()).toContain('Aferesi terapeutica');
    expect(await ok<AdminCategory>(call('GET', `/NewsCategories/${unused.id}`))).toEqual(unused);

    await ok(call('DELETE', `/NewsCategories/${unused.id}`));
    expect(await publicCategories()).not.toContain('Aferesi terapeutica');
    const staffList = await ok<AdminPage<AdminCategory>>(call('GET', '/NewsCategories'));
    expect(staffList.items.map((category) => category.id)).not.toContain(unused.id);
    expect((await call('GET', `/NewsCategories/${unused.id}`)).statusCode).toBe(404);
    // No news item can be given it, and its name stays taken while it waits in the bin.
    await refused(
      call('POST', '/News', {
        title: 'Con una categoria nel cestino',
        subtitleHtml: '<p>Testo.</p>',
        publishedOn: '2026-11-24',
        featured: false,
        published: true,
        publishTime: null,
        sourceName: null,
        sourceUrl: null,
        internalNote: null,
        categoryIds: [unused.id],
        keptAttachmentIds: [],
        newAttachments: [],
      }),
      'categoryIds',
      'Categoria sconosciuta.',
    );
    await refused(
      call('POST', '/NewsCategories', { title: 'aferesi TERAPEUTICA' }),
      'title',
      'Esiste già una categoria con questo nome nel cestino: ripristinala dal cestino.',
    );
    const bin = await ok<AdminPage<AdminBinItem>>(call('GET', '/NewsCategories/Bin'));
    expect(bin.items).toContainEqual(
      expect.objectContaining({ id: unused.id, title: 'Aferesi terapeutica' }),
    );

    await ok(call('POST', `/NewsCategories/${unused.id}/Restore`));
    expect(await publicCategories()).toContain('Aferesi terapeutica');

    // A category a news item has stays: the news item would show it.
    const [used] = (await ok<AdminPage<AdminCategory>>(call('GET', '/NewsCategories'))).items;
    const refusal = await call('DELETE', `/NewsCategories/${used?.id ?? 0}`);
    expect(refusal.statusCode, refusal.body).toBe(400);
    expect(refusal.body).toMatch(
      /La categoria è usata da (una notizia|\d+ notizie) \(anche nel cestino\): toglila da quell(a notizia|e notizie) prima di eliminarla\./,
    );
    expect(await publicCategories()).toContain(used?.title);

    await ok(call('DELETE', `/NewsCategories/${unused.id}`));
    await ok(call('DELETE', `/NewsCategories/Bin/${unused.id}`));
    expect((await site.lastAudit('category'))?.summary).toBe(
      'Categoria eliminata definitivamente: Aferesi terapeutica',
    );
    expect((await call('POST', `/NewsCategories/${unused.id}/Restore`)).statusCode).toBe(404);
    // The name is free again.
    await ok(call('POST', '/NewsCategories', { title: 'Aferesi terapeutica' }));
  });

  it('purges a category binned 30 days ago and undoes a rename from the category’s history', async () => {
    now = new Date('2026-11-24T09:50:00Z');
    const old = await ok<AdminCategory>(call('POST', '/NewsCategories', { title: 'Archivio' }));
    await ok(call('DELETE', `/NewsCategories/${old.id}`));
    now = new Date(Date.parse('2026-11-24T09:50:00Z') + 30 * DAY_MS + 60_000);
    expect(await site.app.services.binPurge.runOnce()).toBeGreaterThanOrEqual(1);
    now = new Date('2026-11-24T09:51:00Z');
    const bin = await ok<AdminPage<AdminBinItem>>(call('GET', '/NewsCategories/Bin'));
    expect(bin.items.map((entry) => entry.id)).not.toContain(old.id);

    const category = await ok<AdminCategory>(
      call('POST', '/NewsCategories', { title: 'Donazioni' }),
    );
    await ok(call('PUT', `/NewsCategories/${category.id}`, { title: 'Donazioni di sangue' }));
    const history = await ok<AdminAuditEntry[]>(
      call('GET', `/NewsCategories/${category.id}/History`),
    );
    const rename = history.find((entry) => entry.action === 'modifica');
    expect(rename?.before).toEqual({ titolo: 'Donazioni' });
    expect(
      await ok<AdminCategory>(
        call('POST', `/NewsCategories/${category.id}/Rollback`, { auditId: rename?.id }),
      ),
    ).toMatchObject({ id: category.id, title: 'Donazioni' });
    expect(await publicCategories()).toContain('Donazioni');
    expect((await call('GET', '/NewsCategories/999999/History')).statusCode).toBe(404);
  });
});
