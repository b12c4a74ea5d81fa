import type { TestProject } from 'vitest/node';
import { buildIsCurrent } from './build';

/**
 * Vitest global setup: tells the tests whether the build on disk is the sources' own (`npm run
 * build` ran since the last change, as `npm test` does first). The tests of real processes then
 * start the built server and command line, as `npm start` does, instead of compiling the sources
 * through tsx in every process (ADR 039).
 */
export default function setup(project: TestProject): void {
  project.provide('serverBuildCurrent', buildIsCurrent());
}
