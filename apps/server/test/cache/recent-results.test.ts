import { describe, expect, it } from 'vitest';
import { RecentResults } from '../../src/cache/recent-results.js';

describe('RecentResults', () => {
  it('computes an input once, shared by callers asking while it runs', async () => {
    const recent = new RecentResults<string>(4);
    let computed = 0;
    const compute = async () => {
      computed += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 'testo';
    };
    const [first, second] = await Promise.all([recent.get('a', compute), recent.get('a', compute)]);
    expect([first, second, await recent.get('a', compute)]).toEqual(['testo', 'testo', 'testo']);
    expect(computed).toBe(1);
  });

  it('drops the input asked least recently beyond its capacity', async () => {
    const recent = new RecentResults<string>(2);
    const computed: string[] = [];
    const compute = (key: string) => async () => {
      computed.push(key);
      return key;
    };
    await recent.get('a', compute('a'));
    await recent.get('b', compute('b'));
    await recent.get('a', compute('a')); // asked again: now the most recent
    await recent.get('c', compute('c')); // drops b
    await recent.get('a', compute('a'));
    await recent.get('b', compute('b'));
    expect(computed).toEqual(['a', 'b', 'c', 'b']);
  });

  it('keeps no failure: the next caller computes again', async () => {
    const recent = new RecentResults<string>(2);
    await expect(
      recent.get('a', () => Promise.reject(new Error('PDF illeggibile'))),
    ).rejects.toThrow('PDF illeggibile');
    expect(await recent.get('a', async () => 'letto')).toBe('letto');
  });
});
