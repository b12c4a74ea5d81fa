import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

// Metrics are off unless a token is configured (ADR 028).
describe('METRICS_TOKEN', () => {
  it('is off by default and on with a long enough token', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    const token = 'a'.repeat(32);
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
  });

  it.each(['corto', `${'a'.repeat(20)} ${'b'.repeat(20)}`])(
    'refuses "%s" with one line naming the variable',
    (value) => {
      expect(() => loadConfig({ METRICS_TOKEN: value })).toThrow(ConfigError);
      expect(() => loadConfig({ METRICS_TOKEN: value })).toThrow(
        'Configurazione non valida: METRICS_TOKEN deve essere lungo almeno 32 caratteri, senza spazi.',
      );
    },
  );
});
