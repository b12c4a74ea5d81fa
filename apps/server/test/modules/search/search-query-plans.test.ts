import SQLite from 'better-sqlite3';
import type { Article, PagedList } from '@sodalis/contracts';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { generateListData } from '../../../bench/list-data.js';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock } from '../../helpers/test-app.js';

// The site search's and the list filters' plans on SQLite with a generated archive (ADR 025):
// FTS5 finds the words first, the units it matched are read through the index of their narrow
// columns, and a filtered list walks its own date index however rare or common the word.
const TODAY = '2026-11-22';
const NEWS = 3_000;

const prepared = vi.spyOn(SQLite.prototype, 'prepare');

describe('site search and list text filters on a large archive (sqlite)', () => {
  const site = staffSite('sqlite', { clock: fixedClock(TODAY), roles: ['socio'] });

  afterAll(() => prepared.mockRestore());

  /**
   * The plan steps of every SELECT on the search's tables prepared while `run` ran. `reread`
   * plans them on a new connection to the same file, which reads the statistics as they are now
   * (a connection reads them once, when it opens).
   */
  async function searchPlansOf(
    run: () => Promise<unknown>,
    reread: 'reread statistics' | 'as prepared' = 'as prepared',
  ): Promise<string[][]> {
    const before = prepared.mock.calls.length;
    await run();
    return prepared.mock.calls.slice(before).flatMap(([text], index) => {
      if (!/^\s*select/i.test(text) || !text.includes('search_units_fts')) return [];
      const connection = prepared.mock.contexts[before + index] as SQLite.Database;
      const planner =
        reread === 'reread statistics'
          ? new SQLite(connection.name, { readonly: true })
          : connection;
      try {
        // Unbound parameters read as null: the plan depends on the indexes, not on the values.
        const parameters = (text.match(/\?/g) ?? []).map(() => null);
        return [
          planner
            .prepare<unknown[], { detail: string }>(`explain query plan ${text}`)
            .all(...parameters)
            .map((row) => row.detail),
        ];
      } finally {
        if (planner !== connection) planner.close();
      }
    });
  }

  async function articleTitles(title: string): Promise<string[]> {
    const response = await site.app.inject({
      method: 'POST',
      url: '/api/v1/SharepointContent/GetArticoli',
      payload: { paginated: true, dataOffset: '4', title },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: PagedList<Article> }).data.items.map((item) => item.title);
  }

  it('generates and indexes the archive', async () => {
    await generateListData(site.app.services.db, { news: NEWS, members: 10 });
    await site.app.services.searchIndex.rebuild('now');
    await site.app.services.contentCache.contentChanged();
  }, 180_000);

  it('searches FTS5 first and reads the matched units through their narrow index', async () => {
    const plans = await searchPlansOf(() =>
      site.app.inject({ method: 'GET', url: '/api/v1/Search?q=notizia%20generata' }),
    );
    expect(plans.length).toBeGreaterThan(0);
    for (const steps of plans) {
      const match = steps.findIndex((step) =>
        /^SCAN search_units_fts VIRTUAL TABLE INDEX \d+:M/.test(step),
      );
      const units = steps.findIndex((step) =>
        /^SEARCH u USING COVERING INDEX search_units_narrow \(id=\?/.test(step),
      );
      expect(match, steps.join('\n')).toBeGreaterThanOrEqual(0);
      // FTS5 drives: each matched unit is then looked up, never the units scanned.
      expect(units, steps.join('\n')).toBeGreaterThan(match);
      expect(steps.filter((step) => /^SCAN (search_units|u)\b/.test(step))).toEqual([]);
    }
  });

  it('finds a rare word and a common one, walking the list by date even when statistics say the archive is large', async () => {
    // Statistics of 100,000 news (about 27 a day), as ANALYZE writes them for such an archive.
    // On the search bench's archive SQLite, left to its statistics, read every item a word
    // matched and sorted them: far slower for a word in most news than the date walk.
    const largeArchive: [string, string][] = [
      ['articles_by_date', '100000 100000 27 1 1 1 1'],
      ['articles_by_publication_date', '100000 27 1'],
      ['articles_featured_by_date', '100000 100000 100000 27 1'],
      ['articles_by_title', '100000 100000 1 1'],
      ['articles_live_by_title', '100000 100000 1 1'],
      ['articles_by_update', '100000 100000 1'],
    ];
    await sql`delete from sqlite_stat1 where tbl = 'articles'`.execute(site.app.services.db);
    for (const [index, stat] of largeArchive)
      await sql`insert into sqlite_stat1 (tbl, idx, stat) values ('articles', ${index}, ${stat})`.execute(
        site.app.services.db,
      );
    let rare: string[] = [];
    let common: string[] = [];
    const plans = await searchPlansOf(async () => {
      // "1234" is in the title and summary of one generated item only.
      rare = await articleTitles('1234');
      common = await articleTitles('generata');
    }, 'reread statistics');
    expect(rare).toEqual(['Notizia generata 1234']);
    expect(common).toHaveLength(4);
    expect(plans.length).toBeGreaterThan(0);
    for (const steps of plans) {
      // Covering since migration 0036 when the query reads only where the items lie (ADR 038).
      expect(steps[0]).toMatch(/^SEARCH articles USING (COVERING )?INDEX articles_by_date /);
      expect(steps).toContainEqual(
        expect.stringMatching(/^SCAN search_units_fts VIRTUAL TABLE INDEX \d+:M/),
      );
      expect(steps).toContainEqual(
        expect.stringMatching(/^SEARCH u USING COVERING INDEX search_units_narrow \(id=\?/),
      );
    }
  });
});
