import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('configuration of staff sessions and two-factor sign-in', () => {
  it('defaults to 3-hour staff sessions and optional two-factor', () => {
    expect(loadConfig({}).staff).toEqual({ sessionMinutes: 180, twoFactorRequired: false });
  });

  it('reads the session length and the two-factor requirement', () => {
    expect(
      loadConfig({ STAFF_SESSION_MINUTES: '90', STAFF_TWO_FACTOR_REQUIRED: 'true' }).staff,
    ).toEqual({ sessionMinutes: 90, twoFactorRequired: true });
    expect(loadConfig({ STAFF_TWO_FACTOR_REQUIRED: 'no' }).staff.twoFactorRequired).toBe(false);
  });

  it.each(['30', '60', '89', '721', 'abc', '90.5', '-120'])(
    'refuses STAFF_SESSION_MINUTES=%s with one line naming the variable',
    (value) => {
      expect(() => loadConfig({ STAFF_SESSION_MINUTES: value })).toThrow(ConfigError);
      expect(() => loadConfig({ STAFF_SESSION_MINUTES: value })).toThrow(
        `Configurazione non valida: STAFF_SESSION_MINUTES deve essere un numero intero tra 90 e 720 (ricevuto "${value}").`,
      );
    },
  );

  it('refuses a STAFF_TWO_FACTOR_REQUIRED that is not a yes or no', () => {
    expect(() => loadConfig({ STAFF_TWO_FACTOR_REQUIRED: 'forse' })).toThrow(
      'Configurazione non valida: STAFF_TWO_FACTOR_REQUIRED deve essere true o false (ricevuto "forse").',
    );
  });
});
