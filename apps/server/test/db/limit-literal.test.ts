import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestApp } from '../helpers/test-app.js';

describe.each(testEngines())('LIMIT of a list query on %s', (engine) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(engine, { demoContent: true });
  });

  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.app.services.db;
  const ids = (limit: number) =>
    db().selectFrom('articles').select('id').orderBy('id').limit(limit);

  it('is written into the SQL text on SQLite, so each page size keeps its prepared statement', () => {
    const { sql: text, parameters } = ids(5).compile();
    if (engine === 'sqlite') {
      expect(text).toMatch(/ limit 5$/);
      expect(parameters).toEqual([]);
    } else {
      expect(text).toMatch(/ limit \$1$/);
      expect(parameters).toEqual([5]);
    }
  });

  it('stays a parameter when it is not a whole number of zero or more', () => {
    const { sql: text } = db()
      .selectFrom('articles')
      .select('id')
      .limit(sql<number>`${2} + 1`)
      .compile();
    expect(text).not.toMatch(/ limit \d+$/);
  });

  it('answers each page size with its own rows, one after another', async () => {
    const all = await db().selectFrom('articles').select('id').orderBy('id').execute();
    for (const limit of [2, 5, 2, 0, 1]) {
      expect(await ids(limit).execute()).toEqual(all.slice(0, limit));
    }
  });
});
