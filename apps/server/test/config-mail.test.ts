import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { sponsorshipBodyLimit } from '../src/modules/sponsorship/routes.js';
import { expectConfigRefused } from './helpers/config-refusal.js';

const MAILUP = {
  MAILUP_CLIENT_ID: 'id',
  MAILUP_CLIENT_SECRET: 'segreto',
  MAILUP_USERNAME: 'm1',
  MAILUP_PASSWORD: 'parola',
  MAILUP_LIST_ID: '3',
};

describe('configuration of mail, forms and MailUp', () => {
  it('has defaults that work offline', () => {
    const config = loadConfig({}, '/srv/sodalis');
    expect(config.mail).toEqual({
      from: 'SIMTI <noreply@localhost.localdomain>',
      secretariat: ['segreteria@localhost.localdomain'],
    });
    expect(config.outboxMaxAttempts).toBe(20);
    expect(config.sponsorship).toEqual({
      maxFileMb: 10,
      maxFileBytes: 10 * 1024 * 1024,
      requestsPerHour: 10,
    });
    expect(config.newsletter).toEqual({ requestsPerHour: 20 });
    expect(config.mailup).toBeNull();
  });

  it('derives sender and secretariat from the public address, and reads every variable', () => {
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://www.simti.it' }).mail).toEqual({
      from: 'SIMTI <noreply@simti.it>',
      secretariat: ['segreteria@simti.it'],
    });
    const config = loadConfig({
      MAIL_FROM: '"Segreteria SIMTI" <segreteria@simti.it>',
      SECRETARIAT_EMAIL: 'patrocini@simti.it, presidenza@simti.it',
      OUTBOX_MAX_ATTEMPTS: '5',
      SPONSORSHIP_MAX_FILE_MB: '2.5',
      SPONSORSHIP_RATE_LIMIT_PER_HOUR: '3',
      NEWSLETTER_RATE_LIMIT_PER_HOUR: '4',
      ...MAILUP,
    });
    expect(config.mail).toEqual({
      from: '"Segreteria SIMTI" <segreteria@simti.it>',
      secretariat: ['patrocini@simti.it', 'presidenza@simti.it'],
    });
    expect(config.outboxMaxAttempts).toBe(5);
    expect(config.sponsorship).toEqual({
      maxFileMb: 2.5,
      maxFileBytes: 2_621_440,
      requestsPerHour: 3,
    });
    expect(config.newsletter.requestsPerHour).toBe(4);
    expect(config.mailup).toEqual({
      clientId: 'id',
      clientSecret: 'segreto',
      username: 'm1',
      password: 'parola',
      listId: 3,
      apiUrl: 'https://services.mailup.com',
    });
  });

  it.each([
    ['MAIL_FROM', { MAIL_FROM: 'Segreteria' }],
    ['MAIL_FROM', { MAIL_FROM: 'Segreteria <non-un-indirizzo>' }],
    ['SECRETARIAT_EMAIL', { SECRETARIAT_EMAIL: 'a@simti.it,,b@simti.it' }],
    ['OUTBOX_MAX_ATTEMPTS', { OUTBOX_MAX_ATTEMPTS: '0' }],
    ['OUTBOX_MAX_ATTEMPTS', { OUTBOX_MAX_ATTEMPTS: 'tre' }],
    ['SPONSORSHIP_MAX_FILE_MB', { SPONSORSHIP_MAX_FILE_MB: '0' }],
    ['SPONSORSHIP_MAX_FILE_MB', { SPONSORSHIP_MAX_FILE_MB: '100' }],
    ['SPONSORSHIP_RATE_LIMIT_PER_HOUR', { SPONSORSHIP_RATE_LIMIT_PER_HOUR: '-1' }],
    ['NEWSLETTER_RATE_LIMIT_PER_HOUR', { NEWSLETTER_RATE_LIMIT_PER_HOUR: 'molti' }],
    ['MAILUP_PASSWORD', { ...MAILUP, MAILUP_PASSWORD: '' }],
    ['MAILUP_CLIENT_ID', { MAILUP_USERNAME: 'solo-questo' }],
    ['MAILUP_LIST_ID', { ...MAILUP, MAILUP_LIST_ID: 'lista' }],
    ['MAILUP_API_URL', { ...MAILUP, MAILUP_API_URL: 'ftp://mailup' }],
  ])('refuses a bad %s with one line naming it', (variable, env) => {
    expectConfigRefused(env, variable);
  });

  it('sizes the sponsorship body limit for five files of the largest size', () => {
    const limit = sponsorshipBodyLimit(10 * 1024 * 1024);
    expect(limit).toBeGreaterThan(5 * Math.ceil((10 * 1024 * 1024 * 4) / 3));
    expect(limit).toBeLessThan(5 * Math.ceil((10 * 1024 * 1024 * 4) / 3) + 1024 * 1024);
  });
});
