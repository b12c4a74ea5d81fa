import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContentCache } from '../../src/cache/content-cache.js';
import { createTestApp, testEngines, type TestApp } from '../helpers/test-app.js';

describe.each(testEngines())('the content cache on %s', (engine) => {
  let testApp: TestApp;
  let now = 0;
  const clock = () => now;

  beforeEach(async () => {
    testApp = await createTestApp(engine);
    now = 1_000_000;
  });

  afterEach(async () => {
    await testApp.close();
  });

  function counter() {
    let calls = 0;
    return {
      compute: async () => `risposta ${++calls}`,
      calls: () => calls,
    };
  }

  it('computes once per key and content version', async () => {
    const cache = new ContentCache(testApp.app.services.db, { now: clock });
    const load = counter();
    expect(await cache.get('a', load.compute)).toBe('risposta 1');
    expect(await cache.get('a', load.compute)).toBe('risposta 1');
    expect(await cache.get('b', load.compute)).toBe('risposta 2');
    await cache.contentChanged();
    expect(await cache.get('a', load.compute)).toBe('risposta 3');
  });

  it('sees a change made by another instance within the version check interval', async () => {
    const db = testApp.app.services.db;
    const here = new ContentCache(db, { now: clock, versionCheckMs: 1000 });
    const elsewhere = new ContentCache(db, { now: clock, versionCheckMs: 1000 });
    const load = counter();
    expect(await here.get('a', load.compute)).toBe('risposta 1');
    await elsewhere.contentChanged();
    now += 500;
    expect(await here.get('a', load.compute)).toBe('risposta 1');
    now += 600;
    expect(await here.get('a', load.compute)).toBe('risposta 2');
  });

  it('sees another instance’s change at the next lookup when checking every time (ADR 033)', async () => {
    const db = testApp.app.services.db;
    const here = new ContentCache(db, { now: clock, versionCheckMs: 0 });
    const elsewhere = new ContentCache(db, { now: clock, versionCheckMs: 0 });
    const load = counter();
    expect(await here.get('a', load.compute)).toBe('risposta 1');
    expect(await here.get('a', load.compute)).toBe('risposta 1');
    await elsewhere.contentChanged();
    // The clock has not moved: only a read of the version at this lookup can see the change.
    expect(await here.get('a', load.compute)).toBe('risposta 2');
  });

  it('does not keep an answer computed across a change', async () => {
    const cache = new ContentCache(testApp.app.services.db, { now: clock });
    let release: () => void = () => undefined;
    // The change lands while the answer is being computed: wait for the computation to start
    // (on PostgreSQL the version is read first, which a loaded machine can make slow).
    let computing: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (computing = resolve));
    const slow = cache.get(
      'a',
      () =>
        new Promise<string>((resolve) => {
          release = () => resolve('vecchia');
          computing();
        }),
    );
    await started;
    await cache.contentChanged();
    release();
    expect(await slow).toBe('vecchia');
    expect(await cache.get('a', async () => 'nuova')).toBe('nuova');
  });

  it('drops the least recently used answer when full', async () => {
    const cache = new ContentCache(testApp.app.services.db, { now: clock, maxEntries: 2 });
    await cache.get('a', async () => 'A');
    await cache.get('b', async () => 'B');
    await cache.get('a', async () => 'A2');
    await cache.get('c', async () => 'C');
    expect(await cache.get('a', async () => 'A3')).toBe('A');
    expect(await cache.get('b', async () => 'B2')).toBe('B2');
  });

  it('keeps answers within its memory bound, the least recently used going first', async () => {
    // Two bytes a character: 'a' and a 100-character answer weigh 202 bytes; two fit in 450.
    const cache = new ContentCache(testApp.app.services.db, { now: clock, maxBytes: 450 });
    const answer = (letter: string) => letter.repeat(100);
    await cache.get('a', async () => answer('A'));
    await cache.get('b', async () => answer('B'));
    await cache.get('a', async () => 'non usata');
    await cache.get('c', async () => answer('C'));
    expect(await cache.get('a', async () => 'ricalcolata')).toBe(answer('A'));
    expect(await cache.get('b', async () => 'ricalcolata')).toBe('ricalcolata');
    // An answer heavier than the whole bound is answered, never kept, and evicts nothing.
    const heavy = 'x'.repeat(300);
    expect(await cache.get('d', async () => heavy)).toBe(heavy);
    expect(await cache.get('d', async () => 'ricalcolata')).toBe('ricalcolata');
    expect(await cache.get('a', async () => 'di nuovo')).toBe(answer('A'));
  });

  /** Parts computed by id as `name<id>`, recording which ids each computation was asked for. */
  function partCounter(name: string) {
    const asked: number[][] = [];
    return {
      compute: async (missing: number[]) => {
        asked.push(missing);
        return new Map(missing.map((id) => [id, `${name}${id}`]));
      },
      asked,
    };
  }

  it('keeps shared parts until content changes here or on another instance (ADR 038)', async () => {
    const db = testApp.app.services.db;
    const here = new ContentCache(db, { now: clock, versionCheckMs: 1000 });
    const elsewhere = new ContentCache(db, { now: clock, versionCheckMs: 1000 });
    const parts = here.sharedParts<string>();
    const first = partCounter('a');
    expect([...(await parts.of([1, 2], first.compute))]).toEqual([
      [1, 'a1'],
      [2, 'a2'],
    ]);
    // Kept ones are not computed again.
    expect([...(await parts.of([3, 2], first.compute))]).toEqual([
      [2, 'a2'],
      [3, 'a3'],
    ]);
    expect(first.asked).toEqual([[1, 2], [3]]);

    await here.contentChanged();
    const second = partCounter('b');
    expect((await parts.of([1], second.compute)).get(1)).toBe('b1');

    // Another instance's change empties them once this one reads the version (an answer's lookup).
    await elsewhere.contentChanged();
    now += 1100;
    await here.get('risposta', async () => 'x');
    const third = partCounter('c');
    expect((await parts.of([1], third.compute)).get(1)).toBe('c1');
    expect(third.asked).toEqual([[1]]);
  });

  it('does not keep parts computed across a change, and drops the oldest when full', async () => {
    const cache = new ContentCache(testApp.app.services.db, { now: clock });
    const parts = cache.sharedParts<string>(2);
    const straddling = parts.of([1], async (missing) => {
      await cache.contentChanged();
      return new Map(missing.map((id) => [id, 'vecchia']));
    });
    expect((await straddling).get(1)).toBe('vecchia');
    const fresh = partCounter('n');
    expect((await parts.of([1, 2, 3], fresh.compute)).get(1)).toBe('n1');
    // At most 2 kept: 1 went first.
    await parts.of([1, 2, 3], fresh.compute);
    expect(fresh.asked).toEqual([[1, 2, 3], [1]]);
  });

  it('does not cache failures', async () => {
    const cache = new ContentCache(testApp.app.services.db, { now: clock });
    await expect(cache.get('a', async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await cache.get('a', async () => 'ok')).toBe('ok');
  });
});
