import { expect } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

/** `loadConfig(env)` stops the start with one line naming `variable` (one clear error per bad var). */
export function expectConfigRefused(env: Record<string, string>, variable: string): void {
  let error: unknown;
  try {
    loadConfig(env);
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as ConfigError).variable).toBe(variable);
  expect((error as ConfigError).message).toMatch(
    new RegExp(`^Configurazione non valida: ${variable} `),
  );
  expect((error as ConfigError).message).not.toContain('\n');
}
