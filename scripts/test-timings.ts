/**
 * Where a test run's time went: reads the JSON reports that Vitest and Playwright write when
 * TEST_TIMINGS_DIR is set (vitest.config.ts, e2e/playwright.config.ts) and prints each runner's
 * wall time, the Playwright time of each project and spec file, and the five slowest tests.
 * `.ci/run` calls it at the end of every run, failed or not.
 *
 *   tsx scripts/test-timings.ts <folder>
 */
import fs from 'node:fs';
import path from 'node:path';

export const VITEST_REPORT = 'vitest.json';
export const PLAYWRIGHT_REPORT = 'playwright.json';

export interface TimedTest {
  runner: 'vitest' | 'playwright';
  name: string;
  seconds: number;
}

export interface RunnerTimings {
  wallSeconds: number;
  tests: TimedTest[];
  /** Summed test time per group (Playwright: per project and per spec file). */
  groups: Map<string, number>;
}

interface VitestReport {
  startTime: number;
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    assertionResults: { fullName: string; duration?: number | null }[];
  }[];
}

export function readVitestReport(report: VitestReport, root: string): RunnerTimings {
  const tests: TimedTest[] = [];
  let end = report.startTime;
  for (const file of report.testResults) {
    end = Math.max(end, file.endTime);
    const relative = path.relative(root, file.name);
    for (const result of file.assertionResults) {
      tests.push({
        runner: 'vitest',
        name: `${relative} › ${result.fullName}`,
        seconds: (result.duration ?? 0) / 1000,
      });
    }
  }
  return { wallSeconds: (end - report.startTime) / 1000, tests, groups: new Map() };
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: { projectName: string; results: { duration: number; retry: number }[] }[];
  }[];
}

interface PlaywrightReport {
  stats: { duration: number };
  suites: PlaywrightSuite[];
}

export function readPlaywrightReport(report: PlaywrightReport): RunnerTimings {
  const tests: TimedTest[] = [];
  const groups = new Map<string, number>();
  const add = (key: string, seconds: number) => groups.set(key, (groups.get(key) ?? 0) + seconds);
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        // Every try counts: a retry is time the run spent.
        const seconds = test.results.reduce((sum, result) => sum + result.duration, 0) / 1000;
        tests.push({
          runner: 'playwright',
          name: `[${test.projectName}] ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`,
          seconds,
        });
        add(`progetto ${test.projectName}`, seconds);
        add(spec.file, seconds);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites) walk(suite, []);
  return { wallSeconds: report.stats.duration / 1000, tests, groups };
}

export function slowest(tests: TimedTest[], count: number): TimedTest[] {
  return [...tests].sort((a, b) => b.seconds - a.seconds).slice(0, count);
}

function format(seconds: number): string {
  return `${seconds.toFixed(1).padStart(7)} s`;
}

function main(folder: string) {
  const root = path.resolve(import.meta.dirname, '..');
  const lines: string[] = [];
  const all: TimedTest[] = [];
  const vitestFile = path.join(folder, VITEST_REPORT);
  if (fs.existsSync(vitestFile)) {
    const vitest = readVitestReport(JSON.parse(fs.readFileSync(vitestFile, 'utf8')), root);
    lines.push(`Vitest: ${format(vitest.wallSeconds)} (${vitest.tests.length} test)`);
    all.push(...vitest.tests);
  }
  const playwrightFile = path.join(folder, PLAYWRIGHT_REPORT);
  if (fs.existsSync(playwrightFile)) {
    const playwright = readPlaywrightReport(JSON.parse(fs.readFileSync(playwrightFile, 'utf8')));
    lines.push(`Playwright: ${format(playwright.wallSeconds)} (${playwright.tests.length} test)`);
    const groups = [...playwright.groups].sort((a, b) => b[1] - a[1]);
    for (const [name, seconds] of groups.filter(([name]) => name.startsWith('progetto ')))
      lines.push(`  ${name}: ${format(seconds)} di test sommati`);
    lines.push('  file più lenti (tempo sommato dei test):');
    for (const [name, seconds] of groups
      .filter(([name]) => !name.startsWith('progetto '))
      .slice(0, 8))
      lines.push(`  ${format(seconds)}  ${name}`);
    all.push(...playwright.tests);
  }
  if (all.length === 0) {
    console.log(`Nessun rapporto dei test in ${folder}.`);
    return;
  }
  lines.push('I cinque test più lenti:');
  for (const test of slowest(all, 5))
    lines.push(`  ${format(test.seconds)}  ${test.runner}  ${test.name}`);
  console.log(lines.join('\n'));
}

if (process.argv[1] === import.meta.filename) {
  const folder = process.argv[2];
  if (!folder) {
    console.error('Uso: tsx scripts/test-timings.ts <cartella dei rapporti>');
    process.exit(2);
  }
  main(folder);
}
