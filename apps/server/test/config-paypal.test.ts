import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { cspDirectives, PAYPAL_SDK_SOURCES } from '../src/plugins/security-headers.js';
import { expectConfigRefused } from './helpers/config-refusal.js';

describe('configuration of PayPal', () => {
  it('is off by default: no client id, no verification, no webhooks, the sandbox API', () => {
    expect(loadConfig({}).paypal).toEqual({
      clientId: null,
      env: 'sandbox',
      apiBaseUrl: 'https://api-m.sandbox.paypal.com',
      credentials: null,
      webhookId: null,
      reportsPerHour: 30,
    });
  });

  it('reads the client id alone (button only) or with the secret and webhook (verification)', () => {
    expect(loadConfig({ PAYPAL_CLIENT_ID: 'AbC-123_x' }).paypal).toMatchObject({
      clientId: 'AbC-123_x',
      credentials: null,
    });
    expect(
      loadConfig({
        PAYPAL_CLIENT_ID: 'AbC',
        PAYPAL_CLIENT_SECRET: 'segreto',
        PAYPAL_ENV: 'live',
        PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA',
        PAYMENT_RATE_LIMIT_PER_HOUR: '5',
      }).paypal,
    ).toEqual({
      clientId: 'AbC',
      env: 'live',
      apiBaseUrl: 'https://api-m.paypal.com',
      credentials: { clientId: 'AbC', clientSecret: 'segreto' },
      webhookId: '8PT597110X687430LKGECATA',
      reportsPerHour: 5,
    });
    expect(loadConfig({ PAYPAL_API_BASE_URL: 'http://127.0.0.1:4010/' }).paypal.apiBaseUrl).toBe(
      'http://127.0.0.1:4010',
    );
  });

  it.each([
    [{ PAYPAL_ENV: 'production' }, 'PAYPAL_ENV'],
    [{ PAYPAL_CLIENT_ID: 'id con spazi' }, 'PAYPAL_CLIENT_ID'],
    [{ PAYPAL_CLIENT_SECRET: 'segreto' }, 'PAYPAL_CLIENT_ID'],
    [{ PAYPAL_CLIENT_ID: 'AbC', PAYPAL_WEBHOOK_ID: 'WH-1' }, 'PAYPAL_CLIENT_SECRET'],
    [{ PAYPAL_API_BASE_URL: 'ftp://paypal' }, 'PAYPAL_API_BASE_URL'],
    [{ PAYMENT_RATE_LIMIT_PER_HOUR: '0' }, 'PAYMENT_RATE_LIMIT_PER_HOUR'],
  ])('stops the start on %o naming %s', (env, variable) => {
    expectConfigRefused(env, variable);
  });

  it('lets PayPal’s SDK into a page’s CSP only when asked', () => {
    const plain = cspDirectives({ https: true });
    const withPayPal = cspDirectives({ https: true, paypal: true });
    for (const directive of ['script-src', 'connect-src', 'frame-src', 'img-src', 'style-src']) {
      expect(plain[directive]).not.toEqual(expect.arrayContaining(PAYPAL_SDK_SOURCES));
      expect(withPayPal[directive]).toEqual(expect.arrayContaining(PAYPAL_SDK_SOURCES));
    }
    expect(withPayPal['default-src']).toEqual(["'self'"]);
    expect(withPayPal['script-src']).not.toContain("'unsafe-inline'");
  });
});
