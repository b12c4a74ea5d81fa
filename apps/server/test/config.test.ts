import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { expectConfigRefused } from './helpers/config-refusal.js';

describe('configuration from the environment', () => {
  it('has working defaults for the embedded database', () => {
    const config = loadConfig({}, '/srv/sodalis');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('/srv/sodalis/data'),
      databaseUrl: null,
      jwtSecret: null,
      smtpUrl: null,
      publicBaseUrl: 'http://localhost:3000',
      societyAcronym: 'SIMTI',
      demoContent: true,
    });
  });

  it('turns demo content off by default on PostgreSQL and reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/sodalis',
        DATABASE_URL: 'postgres://sodalis@db/sodalis',
        JWT_SECRET: 'x'.repeat(40),
        SMTP_URL: 'smtp://mail.example.org:587',
        PUBLIC_BASE_URL: 'https://www.example.org/',
        SOCIETY_ACRONYM: 'SIdEM',
      },
      '/',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/sodalis',
      databaseUrl: 'postgres://sodalis@db/sodalis',
      smtpUrl: 'smtp://mail.example.org:587',
      publicBaseUrl: 'https://www.example.org',
      societyAcronym: 'SIdEM',
      demoContent: false,
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/x', DEMO_CONTENT: 'on' }).demoContent).toBe(
      true,
    );
  });

  it.each([
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '-1' }],
    ['HOST', { HOST: 'local host' }],
    ['DATABASE_URL', { DATABASE_URL: 'non un indirizzo' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail' }],
    ['PUBLIC_BASE_URL', { PUBLIC_BASE_URL: 'ftp://example.org' }],
    ['JWT_SECRET', { JWT_SECRET: 'breve' }],
    ['DEMO_CONTENT', { DEMO_CONTENT: 'boh' }],
    ['SOCIETY_ACRONYM', { SOCIETY_ACRONYM: '1SIMTI' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'verbose' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'maybe' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.1, proxy.interno' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }],
  ])('refuses a bad %s with a message naming it', (variable, env) => {
    expectConfigRefused(env, variable);
  });

  it('trusts every proxy hop, none, or only the listed proxies (TRUST_PROXY)', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 192.168.1.0/24,::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '192.168.1.0/24',
      '::1',
    ]);
  });
});
