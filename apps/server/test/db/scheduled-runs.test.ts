import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimScheduledRun, slotOf } from '../../src/db/scheduled-runs.js';
import { createTestApp, testEngines, type TestApp } from '../helpers/test-app.js';

const HOUR = 3_600_000;

describe.each(testEngines())(
  'scheduled work claimed once across instances on %s (ADR 033)',
  (engine) => {
    let site: TestApp;
    beforeAll(async () => {
      site = await createTestApp(engine);
    });
    afterAll(() => site.close());

    it('gives each slot to exactly one of many concurrent claimers', async () => {
      const db = site.app.services.db;
      const at = new Date('2026-06-01T10:15:00Z');
      const claims = await Promise.all(
        Array.from({ length: 8 }, () => claimScheduledRun(db, 'prova', at, HOUR)),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
      // Later in the same hour: already run; the next hour: a new run; another job: its own.
      expect(await claimScheduledRun(db, 'prova', new Date('2026-06-01T10:59:59Z'), HOUR)).toBe(
        false,
      );
      expect(await claimScheduledRun(db, 'prova', new Date('2026-06-01T11:00:00Z'), HOUR)).toBe(
        true,
      );
      expect(await claimScheduledRun(db, 'altro', at, HOUR)).toBe(true);
      expect(slotOf(at, HOUR)).toBe('2026-06-01T10:00:00.000Z');
    });

    it('forgets slots a hundred periods old when a new one is claimed', async () => {
      const db = site.app.services.db;
      const old = new Date('2026-01-01T00:00:00Z');
      expect(await claimScheduledRun(db, 'vecchio', old, HOUR)).toBe(true);
      expect(
        await claimScheduledRun(db, 'vecchio', new Date(old.getTime() + 101 * HOUR), HOUR),
      ).toBe(true);
      // The old slot's row is gone, so claiming it again succeeds.
      expect(await claimScheduledRun(db, 'vecchio', old, HOUR)).toBe(true);
    });
  },
);
