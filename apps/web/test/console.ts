import { vi } from 'vitest';

/**
 * What the component tests' console received (setup-dom.ts spies on it for every test): a test
 * fails on a message it did not take with `expectConsole`.
 */
export const consoleCalls = { error: vi.fn(), warn: vi.fn() };

/** The messages a test expected on the console (`error` or `warn`), taken off the stray list. */
export function expectConsole(method: 'error' | 'warn'): unknown[][] {
  const calls = [...consoleCalls[method].mock.calls];
  consoleCalls[method].mockClear();
  return calls;
}
