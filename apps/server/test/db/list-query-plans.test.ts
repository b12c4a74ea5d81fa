import { appendFileSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { fixedClock } from '../helpers/test-app.js';
import { memberApi } from '../helpers/member-api.js';
import { staffSite } from '../helpers/staff-api.js';
import { generateListData } from '../../bench/list-data.js';

// Every list query's plan on SQLite with a generated archive (ADR 003, ADR 020): paging, the
// filters and the staff lists run from an index, never a scan of the whole table. A plan hardly
// depends on how many rows there are once the tables have statistics, so a few thousand do.
const TODAY = '2026-11-22';
const NEWS = 3_000;
const MEMBERS = 1_000;

/** A step of a plan that reads a whole table without an index ("SCAN articles"). */
const FULL_SCAN = /^SCAN (\w+)$/;

const prepared = vi.spyOn(SQLite.prototype, 'prepare');

describe('list queries on a large archive (sqlite)', () => {
  const site = staffSite('sqlite', { clock: fixedClock(TODAY), roles: ['socio'] });
  const member = memberApi(site);

  afterAll(() => prepared.mockRestore());

  /** The plan steps of every SELECT prepared while `run` ran, by its SQL. */
  async function plansOf(run: () => Promise<unknown>): Promise<Map<string, string[]>> {
    const before = prepared.mock.calls.length;
    await run();
    const plans = new Map<string, string[]>();
    prepared.mock.calls.slice(before).forEach(([text], index) => {
      if (!/^\s*select/i.test(text)) return;
      const connection = prepared.mock.contexts[before + index] as SQLite.Database;
      // Unbound parameters read as null: the plan depends on the indexes, not on the values.
      const parameters = (text.match(/\?/g) ?? []).map(() => null);
      const steps = connection
        .prepare<unknown[], { detail: string }>(`explain query plan ${text}`)
        .all(...parameters)
        .map((row) => row.detail);
      plans.set(text, steps);
    });
    return plans;
  }

  it('generates the archive', async () => {
    await generateListData(site.app.services.db, { news: NEWS, members: MEMBERS });
    await site.app.services.contentCache.contentChanged();
  }, 120_000);

  const publicLists: [string, Record<string, unknown>][] = [
    ['first page', { paginated: true, dataOffset: '4' }],
    [
      'a later page',
      {
        paginated: true,
        dataOffset: '4',
        pagingInfo: 'Paged=TRUE&p_ID=1500&p_Datapubblicazione=2020-01-01',
      },
    ],
    ['a category', { paginated: true, dataOffset: '4', categorie: 'Congressi' }],
    ['a year and month', { paginated: true, dataOffset: '4', years: [2024], months: [3] }],
    ['featured', { paginated: true, dataOffset: '2', inEvidenza: true }],
  ];

  function expectNoFullScan(plans: Map<string, string[]>): void {
    expect(plans.size).toBeGreaterThan(0);
    for (const [text, steps] of plans) {
      // SHOW_PLANS=<file> writes every plan there, to read when adding a list or an index.
      if (process.env.SHOW_PLANS)
        appendFileSync(process.env.SHOW_PLANS, `${text}\n  ${steps.join('\n  ')}\n`);
      expect(
        steps.filter((step) => FULL_SCAN.test(step)),
        text,
      ).toEqual([]);
    }
  }

  it.each(publicLists)('GetArticoli, %s: no full scan', async (_name, body) => {
    expectNoFullScan(
      await plansOf(() =>
        site.app.inject({
          method: 'POST',
          url: '/api/v1/SharepointContent/GetArticoli',
          payload: body,
        }),
      ),
    );
  });

  it.each(publicLists.filter(([name]) => name === 'first page' || name === 'a later page'))(
    'GetArticoli, %s: where the items lie is read from the index alone (ADR 038)',
    async (_name, body) => {
      // Statements are kept prepared, so the list's is found among those run, not prepared.
      const connection = new SQLite(':memory:');
      const statementPrototype = Object.getPrototypeOf(connection.prepare('select 1')) as {
        all: (...parameters: unknown[]) => unknown[];
      };
      connection.close();
      const runs = vi.spyOn(statementPrototype, 'all');
      try {
        await site.app.services.contentCache.contentChanged();
        await site.app.inject({
          method: 'POST',
          url: '/api/v1/SharepointContent/GetArticoli',
          payload: body,
        });
        const places = runs.mock.contexts
          .map((statement) => statement as SQLite.Statement)
          .filter((statement) =>
            statement.source.startsWith(
              'select "articles"."id", "articles"."published_on", "articles"."title_search" from "articles"',
            ),
          );
        expect(places).toHaveLength(1);
        const place = places[0] as SQLite.Statement;
        const steps = place.database
          .prepare<unknown[], { detail: string }>(`explain query plan ${place.source}`)
          .all(...(place.source.match(/\?/g) ?? []).map(() => null))
          .map((row) => row.detail);
        expect(steps, place.source).toEqual([
          expect.stringMatching(/^SEARCH articles USING COVERING INDEX articles_by_date /),
        ]);
      } finally {
        runs.mockRestore();
      }
    },
  );

  it('GetArticoli, a later page: the date bound is where the page starts, so the index seeks there', async () => {
    const connection = new SQLite(':memory:');
    const statementPrototype = Object.getPrototypeOf(connection.prepare('select 1')) as {
      all: (...parameters: unknown[]) => unknown[];
    };
    connection.close();
    const runs = vi.spyOn(statementPrototype, 'all');
    try {
      await site.app.inject({
        method: 'POST',
        url: '/api/v1/SharepointContent/GetArticoli',
        payload: {
          paginated: true,
          dataOffset: '4',
          pagingInfo: 'Paged=TRUE&p_ID=1400&p_Datapubblicazione=2021-03-04',
        },
      });
      const listRuns = runs.mock.calls.filter((_parameters, index) =>
        /from "articles" where .*"articles"\."published_on" <= \?/.test(
          (runs.mock.contexts[index] as SQLite.Statement).source,
        ),
      );
      expect(listRuns).toHaveLength(1);
      // Not today (2026-11-22): SQLite would read every news item of the years in between.
      expect(listRuns[0]?.flat()).toContain('2021-03-04');
      expect(listRuns[0]?.flat()).not.toContain(TODAY);
    } finally {
      runs.mockRestore();
    }
  });

  it('indexes the archive for the site search', async () => {
    await site.app.services.searchIndex.rebuild('now');
  }, 120_000);

  /** Plans of a text-filtered list: the words from the search index (ADR 025), no LIKE, no scan. */
  function expectIndexedTextFilter(plans: Map<string, string[]>, table: string): void {
    expectNoFullScan(plans);
    const filtered = [...plans].filter(([text]) => text.includes('search_units'));
    expect(filtered.length).toBeGreaterThan(0);
    for (const [text, steps] of filtered) {
      // The words are looked up in the index (FTS5's MATCH), never by LIKE over a column…
      expect(text).not.toMatch(/ like /i);
      expect(
        steps.some((step) => /search_units_fts VIRTUAL TABLE INDEX \d+:M/.test(step)),
        text,
      ).toBe(true);
      // …and the list's table never scanned whole: its rows come in the list's order from its
      // date index, each checked against the matched set (a bloom filter), so paging still
      // stops at the page's last row.
      expect(
        steps.filter((step) => step.startsWith(`SCAN ${table}`)),
        text,
      ).toEqual([]);
    }
  }

  it.each([
    ['one word', { title: 'sommario' }],
    [
      'two words, a later page',
      { title: 'notizia 1234', pagingInfo: 'Paged=TRUE&p_ID=1500&p_Datapubblicazione=2020-01-01' },
    ],
    ['a word and a year', { title: 'generate', years: [2024] }],
  ])('GetArticoli, text filter (%s): read from the search index', async (_name, body) => {
    expectIndexedTextFilter(
      await plansOf(() =>
        site.app.inject({
          method: 'POST',
          url: '/api/v1/SharepointContent/GetArticoli',
          payload: { paginated: true, dataOffset: '4', ...body },
        }),
      ),
      'articles',
    );
  });

  it.each([
    ['ReservedArea/GetRaccomandazioni', 'recommendations'],
    ['ReservedArea/GetAssemblee', 'assemblies'],
    ['ReservedArea/GetPareriCD', 'opinions'],
    ['SharepointContent/GetRassegneStampa', 'press_reviews'],
  ])('%s, text filter: read from the search index', async (path, table) => {
    expectIndexedTextFilter(
      await plansOf(() => member.page(path, 'socio', { paginated: true, title: 'trasfusioni' })),
      table,
    );
  });

  it.each([
    ['ReservedArea/GetRaccomandazioni', {}],
    ['ReservedArea/GetRaccomandazioni', { years: [2024] }],
    ['ReservedArea/GetAssemblee', {}],
    ['ReservedArea/GetPareriCD', {}],
    ['SharepointContent/GetRassegneStampa', { years: [2025], months: [5] }],
  ])('%s %j: no full scan', async (path, body) => {
    expectNoFullScan(await plansOf(() => member.page(path, 'socio', { paginated: true, ...body })));
  });

  it.each([
    '/News?sort=publishedOn&order=DESC&page=3',
    '/News?sort=title&order=ASC&page=2',
    '/News?sort=updatedAt&page=1',
    '/News?state=pubblicata&page=2',
    '/News?featured=true',
    '/News?categoryId=2',
    '/Members?page=4',
    '/Members?sort=email&order=ASC',
    '/Members?sort=createdAt&page=2',
    '/Members?role=affiliato&sort=lastName',
    '/Members?status=disabled',
    '/Recommendations?page=1',
    '/PressReviews?page=1',
    '/MagazineIssues?page=1',
  ])('staff list %s: no full scan', async (path) => {
    expectNoFullScan(await plansOf(() => site.ok(site.call('GET', path))));
  });
});
