import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { useMemoryScratch } from './scripts/test-scratch';

useMemoryScratch();

// `.ci/run` sets TEST_TIMINGS_DIR: a JSON report beside the usual one, read by
// scripts/test-timings.ts to say where the run's time went.
const timingsDir = process.env.TEST_TIMINGS_DIR;

// One runner for the whole workspace: unit tests of contracts, API tests of the server.
// The `sodalis-source` condition makes workspace packages resolve to their TypeScript sources.
export default defineConfig({
  resolve: { conditions: ['sodalis-source'] },
  ssr: { resolve: { conditions: ['sodalis-source'] } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/web/app/**/*.test.ts',
      'apps/server/test/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    // The database every API test starts from is built once per run (test/helpers/base-database.ts).
    // Whether the build is current decides how the process tests start the server
    // (scripts/vitest-build-state.ts).
    globalSetup: ['apps/server/test/setup/base-databases.ts', 'scripts/vitest-build-state.ts'],
    setupFiles: [
      'apps/server/test/setup/fail-on-console.ts',
      'apps/server/test/setup/cheap-password-hashing.ts',
    ],
    ...(timingsDir
      ? {
          reporters: ['default', 'json'],
          outputFile: { json: path.join(timingsDir, 'vitest.json') },
        }
      : {}),
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The test files of a worker share their modules: loading the server's module graph afresh
    // for each of the 113 files took 168 of the run's 480 s on a 2-core machine. Every test builds
    // its own app and database, so nothing of one file's state reaches another through them;
    // mocks made in a setup file are made once per process (setup/cheap-password-hashing.ts).
    isolate: false,
    // Vitest's default, one worker less than the cores, runs the files one at a time on a 2-core
    // CI machine, where the API tests spend much of their time waiting on PostgreSQL and sockets.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
