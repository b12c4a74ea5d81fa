import type { LightMyRequestResponse } from 'fastify';
import argon2 from 'argon2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo-accounts.js';
import { recordFigure } from '../../helpers/figures.js';
import { TestClock } from '../../helpers/mail-test-app.js';
import { createTestApp, testEngines, type TestApp } from '../../helpers/test-app.js';

/** Hundreds of sign-ins each: more than the default 20 s on a busy machine (no timing asserted). */
const MANY_SIGN_INS_MS = 120_000;

/**
 * Sign-in limits (ADR 021): per account across addresses with progressive delays, per client
 * address, the bounded argon2 queue, and the decoy hash on one code path. Figures the tests see
 * are printed for the record; no assertion is about durations.
 */

interface ErrorAnswer {
  data: null;
  error: { status: number; code: string; message: string };
}

describe.each(testEngines())('sign-in limits on %s', (engine) => {
  let testApp: TestApp | undefined;
  let time: TestClock;

  afterEach(async () => {
    vi.restoreAllMocks();
    await testApp?.close();
    testApp = undefined;
  });

  async function start(env: Record<string, string> = {}) {
    time = new TestClock('2026-11-22T09:00:00.000Z');
    testApp = await createTestApp(engine, { demoContent: true, clock: time.clock, env });
    return testApp.app;
  }

  const login = (username: string, password: string, remoteAddress: string) => {
    if (testApp === undefined) throw new Error('app non avviata');
    return testApp.app.inject({
      method: 'POST',
      url: '/api/v1/Account/Login',
      payload: { username, password },
      remoteAddress,
    }) as Promise<LightMyRequestResponse>;
  };
  const verifications = () => testApp?.app.services.passwords.verifications ?? 0;
  const statusesOf = (answers: LightMyRequestResponse[]) =>
    answers.reduce<Record<number, number>>((counts, answer) => {
      counts[answer.statusCode] = (counts[answer.statusCode] ?? 0) + 1;
      return counts;
    }, {});

  it(
    'checks 11 of 150 wrong passwords from 30 addresses on one account; the member waits 1 second, not longer',
    async () => {
      await start();
      const before = verifications();
      const answers = await Promise.all(
        Array.from({ length: 150 }, (_, index) =>
          login('socio.demo@example.org', `sbagliata-${index}`, `10.1.0.${(index % 30) + 1}`),
        ),
      );
      const counts = statusesOf(answers);
      recordFigure(`[${engine}] 150 tentativi da 30 indirizzi su un account:`, counts);
      expect(counts).toEqual({ 401: 11, 429: 139 });
      expect(verifications() - before).toBe(11);
      const refused = answers.find((answer) => answer.statusCode === 429);
      expect(refused?.headers['retry-after']).toBe('1');
      expect(refused?.json()).toEqual({
        data: null,
        error: {
          status: 429,
          code: 'accesso-rallentato',
          message:
            'Troppi tentativi di accesso non riusciti per questo account: attendi qualche secondo (al massimo un minuto) e riprova.',
        },
      } satisfies ErrorAnswer);
      // The member, from home: still the delay, then in; another account was never slowed.
      expect((await login('socio.demo@example.org', DEMO_PASSWORD, '192.0.2.10')).statusCode).toBe(
        429,
      );
      expect(
        (await login('affiliato.demo@example.org', DEMO_PASSWORD, '10.1.0.1')).statusCode,
      ).toBe(200);
      time.advance(1000);
      expect((await login('socio.demo@example.org', DEMO_PASSWORD, '192.0.2.10')).statusCode).toBe(
        200,
      );
    },
    MANY_SIGN_INS_MS,
  );

  it(
    'keeps a guesser trying every 10 seconds for an hour under 100 checks, with delays of at most a minute',
    async () => {
      await start();
      const before = verifications();
      const retryAfters = new Set<string>();
      let checked = 0;
      for (let attempt = 0; attempt < 360; attempt += 1) {
        const answer = await login(
          'affiliato.demo@example.org',
          `sbagliata-${attempt}`,
          `10.2.0.${(attempt % 30) + 1}`,
        );
        if (answer.statusCode === 401) checked += 1;
        else {
          expect(answer.statusCode).toBe(429);
          retryAfters.add(String(answer.headers['retry-after']));
        }
        time.advance(10_000);
      }
      recordFigure(
        `[${engine}] un'ora a un tentativo ogni 10 s: ${checked} di 360 verificati; Retry-After visti:`,
        [...retryAfters].sort((a, b) => Number(a) - Number(b)).join(', '),
      );
      expect(checked).toBe(verifications() - before);
      expect(checked).toBeLessThanOrEqual(100);
      expect(checked).toBeGreaterThan(10);
      expect(Math.max(...[...retryAfters].map(Number))).toBeLessThanOrEqual(60);
      // After the last refusal the member waits at most a minute.
      time.advance(60_000);
      expect(
        (await login('affiliato.demo@example.org', DEMO_PASSWORD, '192.0.2.20')).statusCode,
      ).toBe(200);
    },
    MANY_SIGN_INS_MS,
  );

  it(
    'stops a flood from one address after 30 failures, before any hashing, and lets everyone else in',
    async () => {
      await start();
      const before = verifications();
      const statuses: number[] = [];
      let lastRefusal: LightMyRequestResponse | undefined;
      for (let attempt = 0; attempt < 40; attempt += 1) {
        const answer = await login(`ignoto-${attempt}@example.org`, 'sbagliata', '203.0.113.5');
        statuses.push(answer.statusCode);
        if (answer.statusCode === 429) lastRefusal = answer;
      }
      recordFigure(
        `[${engine}] 40 tentativi da un indirizzo: ${statuses.filter((s) => s === 401).length} verificati, ${statuses.filter((s) => s === 429).length} rifiutati; argon2: ${verifications() - before}`,
      );
      expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
      expect(statuses.slice(30).every((status) => status === 429)).toBe(true);
      expect(verifications() - before).toBe(30);
      expect(lastRefusal?.headers['retry-after']).toBe('900');
      expect((lastRefusal?.json() as ErrorAnswer).error.code).toBe('troppe-richieste');
      expect((await login('socio.demo@example.org', DEMO_PASSWORD, '203.0.113.5')).statusCode).toBe(
        429,
      );
      expect(
        (await login('socio.demo@example.org', DEMO_PASSWORD, '198.51.100.7')).statusCode,
      ).toBe(200);
    },
    MANY_SIGN_INS_MS,
  );

  it(
    'does not count successful sign-ins against an address (an office behind one address)',
    async () => {
      await start();
      for (let attempt = 0; attempt < 32; attempt += 1) {
        const role = attempt % 2 === 0 ? 'socio' : 'affiliato';
        const answer = await login(`${role}.demo@example.org`, DEMO_PASSWORD, '198.51.100.20');
        expect(answer.statusCode, `accesso ${attempt + 1}`).toBe(200);
      }
    },
    MANY_SIGN_INS_MS,
  );

  it('answers 503 with Retry-After when the argon2 queue is full, instead of making sign-ins wait', async () => {
    const app = await start({ PASSWORD_HASHING_CONCURRENCY: '1', PASSWORD_HASHING_QUEUE: '1' });
    const hashing = app.services.passwords;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        login(`ignoto-${index}@example.org`, 'sbagliata', `10.3.0.${index + 1}`),
      ),
    );
    const counts = statusesOf(answers);
    recordFigure(
      `[${engine}] 12 accessi insieme con 1 calcolo e 1 in coda:`,
      counts,
      `verificati ${hashing.verifications}, rifiutati dalla coda ${hashing.refused}`,
    );
    expect((counts[401] ?? 0) + (counts[503] ?? 0)).toBe(12);
    expect(counts[503] ?? 0).toBeGreaterThan(0);
    expect(hashing.refused).toBe(counts[503]);
    const busy = answers.find((answer) => answer.statusCode === 503);
    expect(busy?.headers['retry-after']).toBe('5');
    expect(busy?.json()).toEqual({
      data: null,
      error: {
        status: 503,
        code: 'accesso-occupato',
        message: 'Troppe richieste di accesso in questo momento: riprova tra qualche secondo.',
      },
    } satisfies ErrorAnswer);
    // The flood over, sign-in works.
    expect((await login('socio.demo@example.org', DEMO_PASSWORD, '10.3.0.1')).statusCode).toBe(200);
  });

  it('refuses a sign-in at once, in Italian, while slow argon2 work fills the queue; signs in once it drains', async () => {
    const app = await start({ PASSWORD_HASHING_CONCURRENCY: '1', PASSWORD_HASHING_QUEUE: '1' });
    const hashing = app.services.passwords;
    // Slow fake work at the edge: each verification waits until the test lets it go.
    const verify = argon2.verify.bind(argon2);
    const held: (() => void)[] = [];
    let holding = true;
    vi.spyOn(argon2, 'verify').mockImplementation(async (hash, password) => {
      if (holding) await new Promise<void>((resolve) => held.push(resolve));
      return verify(hash, password);
    });
    const until = async (condition: () => boolean) => {
      for (let tries = 0; !condition(); tries += 1) {
        if (tries > 1000) throw new Error('condizione mai raggiunta');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const running = login('ignoto-a@example.org', 'sbagliata', '10.5.0.1');
    const waiting = login('ignoto-b@example.org', 'sbagliata', '10.5.0.2');
    await until(() => held.length === 1 && hashing.waiting === 1);

    const refused = await login('socio.demo@example.org', DEMO_PASSWORD, '10.5.0.3');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({
      data: null,
      error: {
        status: 503,
        code: 'accesso-occupato',
        message: 'Troppe richieste di accesso in questo momento: riprova tra qualche secondo.',
      },
    } satisfies ErrorAnswer);
    expect(hashing.refused).toBe(1);

    holding = false;
    for (const release of held.splice(0)) release();
    expect((await running).statusCode).toBe(401);
    expect((await waiting).statusCode).toBe(401);
    // The refused attempt was given back: the member signs in at once from the same address.
    expect((await login('socio.demo@example.org', DEMO_PASSWORD, '10.5.0.3')).statusCode).toBe(200);
  });

  it('runs the same argon2 verification for an unknown e-mail, an account without a password, a disabled one and a wrong password', async () => {
    const app = await start();
    const db = app.services.db;
    await db
      .insertInto('members')
      .values({
        email: 'invitata@example.org',
        first_name: 'Ida',
        last_name: 'Invitata',
        role: 'socio',
        status: 'active',
        password_hash: null,
        password_changed: 0,
        created_at: '2026-11-22T09:00:00.000Z',
        updated_at: '2026-11-22T09:00:00.000Z',
      })
      .execute();
    await db
      .updateTable('members')
      .set({ status: 'disabled' })
      .where('email', '=', 'affiliato.demo@example.org')
      .execute();
    const realHash =
      (
        await db
          .selectFrom('members')
          .select('password_hash')
          .where('email', '=', 'socio.demo@example.org')
          .executeTakeFirstOrThrow()
      ).password_hash ?? '';
    const verify = vi.spyOn(argon2, 'verify');
    const parametersOf = (hash: string) => hash.split('$').slice(1, 4).join('$');
    const bodies = new Set<string>();
    for (const [username, address] of [
      ['nessuno@example.org', '10.4.0.1'],
      ['invitata@example.org', '10.4.0.2'],
      ['affiliato.demo@example.org', '10.4.0.3'],
      ['socio.demo@example.org', '10.4.0.4'],
    ] as const) {
      const calls = verify.mock.calls.length;
      const answer = await login(username, 'Una-password-sbagliata-1', address);
      expect(answer.statusCode, username).toBe(401);
      bodies.add(answer.body);
      // Exactly one argon2 verification, against a hash of the real accounts' parameters.
      expect(verify.mock.calls.length - calls, username).toBe(1);
      const checkedHash = String(verify.mock.calls.at(-1)?.[0]);
      expect(parametersOf(checkedHash), username).toBe(parametersOf(realHash));
    }
    // The decoy, not a real account's hash, for the first two.
    expect(String(verify.mock.calls.at(-4)?.[0])).not.toBe(realHash);
    expect(String(verify.mock.calls.at(-1)?.[0])).toBe(realHash);
    expect(bodies.size).toBe(1);
  });
});
