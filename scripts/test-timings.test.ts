import { describe, expect, it } from 'vitest';
import { readPlaywrightReport, readVitestReport, slowest } from './test-timings';

describe('test timings', () => {
  it('reads the wall time and every test of a Vitest JSON report', () => {
    const timings = readVitestReport(
      {
        startTime: 1_000,
        testResults: [
          {
            name: '/repo/apps/server/test/a.test.ts',
            startTime: 1_000,
            endTime: 61_000,
            assertionResults: [
              { fullName: 'a lento', duration: 40_000 },
              { fullName: 'a senza durata', duration: null },
            ],
          },
          {
            name: '/repo/apps/server/test/b.test.ts',
            startTime: 2_000,
            endTime: 91_000,
            assertionResults: [{ fullName: 'b', duration: 2_500 }],
          },
        ],
      },
      '/repo',
    );
    expect(timings.wallSeconds).toBe(90);
    expect(timings.tests.map((test) => [test.name, test.seconds])).toEqual([
      ['apps/server/test/a.test.ts › a lento', 40],
      ['apps/server/test/a.test.ts › a senza durata', 0],
      ['apps/server/test/b.test.ts › b', 2.5],
    ]);
  });

  it('sums a Playwright test’s tries and its time per project and per file', () => {
    const timings = readPlaywrightReport({
      stats: { duration: 300_000 },
      suites: [
        {
          title: 'admin.spec.ts',
          file: 'admin.spec.ts',
          suites: [
            {
              title: 'amministrazione',
              specs: [
                {
                  title: 'pubblica',
                  file: 'admin.spec.ts',
                  line: 13,
                  tests: [
                    {
                      projectName: 'amministrazione',
                      results: [
                        { duration: 90_000, retry: 0 },
                        { duration: 8_000, retry: 1 },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
        {
          title: 'home.spec.ts',
          file: 'home.spec.ts',
          specs: [
            {
              title: 'la home',
              file: 'home.spec.ts',
              line: 4,
              tests: [{ projectName: 'sito', results: [{ duration: 1_500, retry: 0 }] }],
            },
          ],
        },
      ],
    });
    expect(timings.wallSeconds).toBe(300);
    expect(timings.tests[0]).toEqual({
      runner: 'playwright',
      name: '[amministrazione] admin.spec.ts:13 › amministrazione › pubblica',
      seconds: 98,
    });
    expect(timings.groups.get('progetto amministrazione')).toBe(98);
    expect(timings.groups.get('progetto sito')).toBe(1.5);
    expect(timings.groups.get('home.spec.ts')).toBe(1.5);
  });

  it('lists the slowest tests first, at most the number asked', () => {
    const tests = [1, 5, 3, 9, 7, 2].map((seconds) => ({
      runner: 'vitest' as const,
      name: `t${seconds}`,
      seconds,
    }));
    expect(slowest(tests, 5).map((test) => test.seconds)).toEqual([9, 7, 5, 3, 2]);
  });
});
