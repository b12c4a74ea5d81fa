import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { useMemoryScratch } from './scripts/test-scratch';

useMemoryScratch();

// `.ci/run` sets TEST_TIMINGS_DIR: a JSON report beside the usual one, read by
// scripts/test-timings.ts to say where the run's time went.
const timingsDir = process.env.TEST_TIMINGS_DIR;

// One runner for the whole workspace, in two projects: `node` for the unit tests of contracts,
// scripts and the web app's logic and the server's API tests; `web` for the web app's component
// tests (`*.test.tsx` beside the components), in a simulated DOM (happy-dom) with their own setup
// file. The web project loads none of the server's setup files nor its base databases.
// The `sodalis-source` condition makes workspace packages resolve to their TypeScript sources.
export default defineConfig({
  resolve: { conditions: ['sodalis-source'] },
  ssr: { resolve: { conditions: ['sodalis-source'] } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/app/**/*.test.ts',
            'apps/server/test/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          // The database every API test starts from is built once per run (test/helpers/base-database.ts).
          // Whether the build is current decides how the process tests start the server
          // (scripts/vitest-build-state.ts).
          globalSetup: [
            'apps/server/test/setup/base-databases.ts',
            'scripts/vitest-build-state.ts',
          ],
          setupFiles: [
            'apps/server/test/setup/fail-on-console.ts',
            'apps/server/test/setup/cheap-password-hashing.ts',
          ],
          pool: 'forks',
          // The test files of a worker share their modules: loading the server's module graph afresh
          // for each of the 113 files took 168 of the run's 480 s on a 2-core machine. Every test builds
          // its own app and database, so nothing of one file's state reaches another through them;
          // mocks made in a setup file are made once per process (setup/cheap-password-hashing.ts).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['apps/web/app/**/*.test.tsx'],
          environment: 'happy-dom',
          // Each file gets a fresh document and fresh modules: the web app keeps state in modules
          // (toasts, the spinner's count, the archive's hydration address).
          setupFiles: ['apps/web/test/setup-dom.ts'],
        },
      },
    ],
    ...(timingsDir
      ? {
          reporters: ['default', 'json'],
          outputFile: { json: path.join(timingsDir, 'vitest.json') },
        }
      : {}),
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Vitest's default, one worker less than the cores, runs the files one at a time on a 2-core
    // CI machine, where the API tests spend much of their time waiting on PostgreSQL and sockets.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
