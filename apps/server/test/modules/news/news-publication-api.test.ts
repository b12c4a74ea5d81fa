import type { AdminNewsItem, Article, PagedList } from '@sodalis/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffSite } from '../../helpers/staff-api.js';
import { testEngines } from '../../helpers/test-app.js';

/** "Now", moved by the tests: 08:00 in Rome on 30 November 2026 (UTC+1). */
let now = new Date('2026-11-30T07:00:00Z');

describe.each(testEngines())('back office: drafts, preview and scheduled news on %s', (engine) => {
  // Each engine's suite starts its site (and its sessions) at the same moment.
  beforeAll(() => {
    now = new Date('2026-11-30T07:00:00Z');
  });
  const staff = staffSite(engine, { clock: () => now, roles: ['socio'] });

  async function publicTitles(): Promise<string[]> {
    const response = await staff.app.inject({
      method: 'POST',
      url: '/api/v1/SharepointContent/GetArticoli',
      payload: { dataOffset: '50' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: PagedList<Article> }).data.items.map((item) => item.title);
  }

  function newsInput(overrides: Record<string, unknown>) {
    return {
      title: 'Notizia',
      subtitleHtml: '<p>Testo.</p>',
      publishedOn: '2026-11-30',
      featured: false,
      published: true,
      publishTime: null,
      sourceName: null,
      sourceUrl: null,
      categoryIds: [],
      keptAttachmentIds: [],
      newAttachments: [],
      ...overrides,
    };
  }

  it('shows a draft only to staff, through the preview, never on the public answers', async () => {
    now = new Date('2026-11-30T07:00:00Z');
    const title = 'Bozza riservata alla segreteria';
    const draft = await staff.ok<AdminNewsItem>(
      staff.call('POST', '/News', newsInput({ title, published: false })),
    );
    expect(draft.state).toBe('non-pubblicata');
    expect(await publicTitles()).not.toContain(title);

    const preview = await staff.ok<Article>(staff.call('GET', `/News/${draft.id}/Preview`));
    expect(preview.title).toBe(title);
    expect(preview.subtitle).toBe('<p>Testo.</p>');
    expect((await staff.call('GET', `/News/${draft.id}/Preview`, undefined, null)).statusCode).toBe(
      401,
    );
    expect(
      (await staff.call('GET', `/News/${draft.id}/Preview`, undefined, 'socio')).statusCode,
    ).toBe(403);
    expect((await staff.call('GET', '/News/999999/Preview')).statusCode).toBe(404);
  });

  it('publishes a scheduled item at its Rome time, without a restart, past the cached answers', async () => {
    now = new Date('2026-11-30T07:00:00Z');
    const title = 'Programmata per le nove';
    const scheduled = await staff.ok<AdminNewsItem>(
      staff.call('POST', '/News', newsInput({ title, publishTime: '09:00' })),
    );
    // 09:00 in Rome on 30 November is 08:00 UTC (winter time).
    expect(scheduled).toMatchObject({
      state: 'programmata',
      publishTime: '09:00',
      publishAt: '2026-11-30T08:00:00.000Z',
    });
    const audit = await staff.auditOf('news', scheduled.id);
    expect(audit[0]?.after).toMatchObject({ oraPubblicazione: '09:00' });

    // A minute before: hidden, and the answer is cached for the day.
    now = new Date('2026-11-30T07:59:00Z');
    expect(await staff.app.services.newsSchedule.runOnce()).toBe(0);
    expect(await publicTitles()).not.toContain(title);

    // Its time: the schedule drops the day's cached answers and the item is public.
    now = new Date('2026-11-30T08:00:30Z');
    expect(await staff.app.services.newsSchedule.runOnce()).toBe(1);
    expect(await publicTitles()).toContain(title);
    const item = await staff.ok<AdminNewsItem>(staff.call('GET', `/News/${scheduled.id}`));
    expect(item.state).toBe('pubblicata');
    // Counted once: the next look finds nothing new.
    now = new Date('2026-11-30T08:01:00Z');
    expect(await staff.app.services.newsSchedule.runOnce()).toBe(0);
  });

  it('lists scheduled items under "programmata" until their time, in summer time too', async () => {
    now = new Date('2026-11-30T08:02:00Z');
    const summer = await staff.ok<AdminNewsItem>(
      staff.call(
        'POST',
        '/News',
        newsInput({ title: 'Estate', publishedOn: '2027-07-01', publishTime: '09:00' }),
      ),
    );
    // 09:00 in Rome on 1 July is 07:00 UTC (summer time).
    expect(summer.publishAt).toBe('2027-07-01T07:00:00.000Z');
    const list = await staff.ok<{ items: AdminNewsItem[] }>(
      staff.call('GET', '/News?state=programmata&perPage=100'),
    );
    expect(list.items.map((entry) => entry.title)).toContain('Estate');
    expect(list.items.map((entry) => entry.title)).not.toContain('Programmata per le nove');
  });
});
