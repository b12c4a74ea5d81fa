import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { dropPlannerSamples } from '../../src/db/planner-samples.js';
import type { Database } from '../../src/db/schema.js';
import { createTestApp } from '../helpers/test-app.js';

const countOf = async (db: Kysely<Database>, table: string) =>
  Number(
    (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]
      ?.n,
  );

describe('index samples of the SQLite planner (sqlite_stat4, ADR 038)', () => {
  it('are dropped, the row counts kept, and the lists answer as before', async () => {
    const testApp = await createTestApp('sqlite', { demoContent: true });
    try {
      const { db } = testApp.app.services;
      const list = async () =>
        (
          await testApp.app.inject({
            method: 'POST',
            url: '/api/v1/SharepointContent/GetArticoli',
            payload: { paginated: true, dataOffset: '3' },
          })
        ).json<unknown>();
      const before = await list();
      await sql`analyze`.execute(db);
      expect(await countOf(db, 'sqlite_stat4')).toBeGreaterThan(0);
      await dropPlannerSamples(db);
      expect(await countOf(db, 'sqlite_stat4')).toBe(0);
      expect(await countOf(db, 'sqlite_stat1')).toBeGreaterThan(0);
      await testApp.app.services.contentCache.contentChanged();
      expect(await list()).toEqual(before);
    } finally {
      await testApp.close();
    }
  });

  it('written meanwhile (an operator’s ANALYZE) go at the next start', async () => {
    const testApp = await createTestApp('sqlite', { demoContent: true });
    await sql`analyze`.execute(testApp.app.services.db);
    expect(await countOf(testApp.app.services.db, 'sqlite_stat4')).toBeGreaterThan(0);
    await testApp.app.close();
    const restarted = await buildApp(testApp.config, {
      logger: pino({ level: 'silent' }),
      web: 'off',
      reminders: 'manual',
    });
    try {
      expect(await countOf(restarted.services.db, 'sqlite_stat4')).toBe(0);
    } finally {
      await restarted.close();
      fs.rmSync(testApp.config.dataDir, { recursive: true, force: true });
    }
  });
});
