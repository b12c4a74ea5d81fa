import { romeDate } from '@sodalis/contracts';
import { sql, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runShape } from '../../src/db/query-shapes.js';
import {
  dateFilterBounds,
  keysetPosition,
  type KeysetPosition,
  type ListOrder,
} from '../../src/modules/listing/keyset.js';
import {
  findArticlePlaces,
  findArticles,
  type ArticleQuery,
} from '../../src/modules/news/repository.js';
import { createTestApp, testEngines, type TestApp } from '../helpers/test-app.js';

const byDate: ListOrder = {
  keys: [{ field: 'Datapubblicazione', column: 'articles.published_on', type: 'date' }],
  idColumn: 'articles.id',
  ascending: false,
};

/** The public news list by date, from its start, `limit` items. */
function newsQuery(limit: number): ArticleQuery {
  const now = new Date();
  return {
    visibleOn: romeDate(now),
    visibleAt: now.toISOString(),
    featuredOnly: false,
    categoryKeys: [],
    dates: null,
    text: null,
    order: byDate,
    position: null,
    limit,
  };
}

describe.each(testEngines())('queries compiled once per shape on %s', (engine) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(engine, { demoContent: true });
  });

  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.app.services.db;

  it('builds a shape once and answers each call with its own values', async () => {
    let builds = 0;
    const titlesOf = (ids: number[], from: string) =>
      runShape(db(), 'test: titles by id', { ids, from }, (value) => {
        builds += 1;
        return db()
          .selectFrom('articles')
          .select(['id', 'title'])
          .where('id', 'in', value('ids'))
          .where('published_on', '>=', value('from'))
          .where('published', '=', 1)
          .orderBy('id');
      });
    const unshaped = (ids: number[], from: string) =>
      db()
        .selectFrom('articles')
        .select(['id', 'title'])
        .where('id', 'in', ids)
        .where('published_on', '>=', from)
        .where('published', '=', 1)
        .orderBy('id')
        .execute();

    const cases: [number[], string][] = [
      [[1, 2, 3], '2000-01-01'],
      [[4, 5, 6], '2000-01-01'],
      [[1, 2, 3], '2999-01-01'],
      [[7, 8], '2000-01-01'],
      [[9, 10], '2000-01-01'],
    ];
    for (const [ids, from] of cases) {
      expect(await titlesOf(ids, from)).toEqual(await unshaped(ids, from));
    }
    expect((await titlesOf([4, 5, 6], '2000-01-01')).map((row) => row.id)).toEqual([4, 5, 6]);
    // One build per length of the id list: three ids, then two.
    expect(builds).toBe(2);
  });

  it('answers every page of the news list as the query built anew would', async () => {
    const byTitle: ListOrder = {
      keys: [{ field: 'Title', column: 'articles.title_search', type: 'text' }],
      idColumn: 'articles.id',
      ascending: true,
    };
    const base = newsQuery(3);
    // A condition always true: the same query, built and compiled on every call.
    const anew = (query: ArticleQuery) =>
      findArticles(db(), { ...query, text: sql<SqlBool>`1 = 1` });
    const variants: Partial<ArticleQuery>[] = [
      {},
      { order: byTitle },
      { featuredOnly: true },
      { categoryKeys: ['news'] },
      { categoryKeys: ['news', 'simti', 'formazione'] },
      { dates: dateFilterBounds([2025, 2026], null) },
      { dates: dateFilterBounds([2026], [1, 10, 11]) },
      { dates: dateFilterBounds(null, [3, 11]) },
      { articleId: 1, order: null },
    ];
    let pages = 0;
    for (const variant of variants) {
      let position: KeysetPosition | null = null;
      for (;;) {
        const query = { ...base, ...variant, position };
        const rows = await findArticles(db(), query);
        expect(rows).toEqual(await anew(query));
        // A list's places are the same articles, in the same order (ADR 038).
        expect(await findArticlePlaces(db(), query)).toEqual(
          rows.map(({ id, published_on, title_search }) => ({ id, published_on, title_search })),
        );
        pages += 1;
        const last = rows.at(-1);
        if (rows.length < query.limit || last === undefined || query.order === null) break;
        position = { id: last.id, sortValues: [last.published_on] };
        if (query.order === byTitle) position = { id: last.id, sortValues: [last.title_search] };
      }
    }
    // A token naming an ID only (spec §4 opinion detail) is a shape of its own.
    const idOnly = keysetPosition(byDate, 'Paged=TRUE&p_ID=20');
    expect(await findArticles(db(), { ...base, position: idOnly })).toEqual(
      await anew({ ...base, position: idOnly }),
    );
    expect(pages).toBeGreaterThan(variants.length);
  });

  it('answers each page size with its own number of items (the LIMIT is part of the shape)', async () => {
    for (const limit of [3, 7, 3, 1]) {
      expect(await findArticlePlaces(db(), newsQuery(limit))).toHaveLength(limit);
      expect(await findArticles(db(), newsQuery(limit))).toHaveLength(limit);
    }
  });
});
