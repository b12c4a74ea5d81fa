import { createHmac } from 'node:crypto';
import type { LoginResponse } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo-accounts.js';
import { createMailTestSite, TestClock, type MailTestSite } from '../../helpers/mail-test-app.js';
import { SmtpSink } from '../../helpers/smtp-sink.js';
import { testEngines } from '../../helpers/test-app.js';

const NEW_PASSWORD = 'Plasma-e-piastrine-42';

function decodePart(part: string | undefined): Record<string, unknown> {
  return JSON.parse(Buffer.from(part ?? '', 'base64url').toString()) as Record<string, unknown>;
}

describe.each(testEngines())('sign-in and passwords on %s', (engine) => {
  let site: MailTestSite;
  let sink: SmtpSink;
  let time: TestClock;
  let app: FastifyInstance;

  beforeAll(async () => {
    sink = new SmtpSink();
    await sink.start();
  });

  afterAll(async () => {
    await sink.stop();
  });

  beforeEach(async () => {
    site = await createMailTestSite(engine);
    time = new TestClock('2026-11-22T09:00:00.000Z');
    ({ app } = await site.build({
      clock: time.clock,
      env: { DEMO_CONTENT: 'true', SMTP_URL: sink.url },
    }));
    sink.messages.length = 0;
  });

  afterEach(async () => {
    await site.close();
  });

  const login = (username: string, password: string, remoteAddress = '127.0.0.1') =>
    app.inject({
      method: 'POST',
      url: '/api/v1/Account/Login',
      payload: { username, password },
      remoteAddress,
    });
  const roles = (token: string) =>
    app.inject({
      method: 'GET',
      url: '/api/v1/ReservedArea/GetRoles',
      headers: { authorization: `Bearer ${token}` },
    });

  it('signs in each demo member with an HS256 token carrying the spec claims (12 hours; staff 3)', async () => {
    for (const [email, role, firstName] of [
      ['socio.demo@example.org', 'socio', 'Giulia'],
      ['AFFILIATO.demo@example.org', 'affiliato', 'Marco'],
      ['segreteria.demo@example.org', 'segreteria', 'Paola'],
    ] as const) {
      const response = await login(email, DEMO_PASSWORD);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const { data } = response.json() as { data: LoginResponse };
      expect(data).toMatchObject({
        passwordChanged: true,
        resetToken: null,
        username: email.toLowerCase(),
      });
      const [header, payload] = (data.token ?? '').split('.');
      expect(decodePart(header)).toMatchObject({ alg: 'HS256', typ: 'JWT' });
      const claims = decodePart(payload);
      expect(claims).toMatchObject({ unique_name: firstName, role });
      expect(typeof claims.family_name).toBe('string');
      // Staff sessions are shorter (STAFF_SESSION_MINUTES, default 180; ADR 017).
      expect((claims.exp as number) - (claims.iat as number)).toBe(
        role === 'segreteria' ? 180 * 60 : 12 * 60 * 60,
      );
      expect((await roles(data.token ?? '')).json()).toEqual({ data: [role] });
    }
  });

  it.each([
    ['a wrong password', 'socio.demo@example.org', 'sbagliata-123'],
    ['an unknown account', 'nessuno@example.org', DEMO_PASSWORD],
  ])('refuses %s with the generic 401', async (_label, email, password) => {
    const response = await login(email, password);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      data: null,
      error: { status: 401, code: 'non-autenticato', message: 'Accesso richiesto.' },
    });
  });

  it('refuses a disabled account and a malformed username', async () => {
    await app.services.db
      .updateTable('members')
      .set({ status: 'disabled' })
      .where('email', '=', 'socio.demo@example.org')
      .execute();
    expect((await login('socio.demo@example.org', DEMO_PASSWORD)).statusCode).toBe(401);
    const malformed = await login('non-una-email', DEMO_PASSWORD);
    expect(malformed.statusCode).toBe(400);
    expect(JSON.stringify(malformed.json())).toContain('Il formato email non è corretto');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/Account/Login',
          payload: { username: 'a@b.it' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('makes a first-time member choose a password with a single-use token', async () => {
    const first = (await login('nuovo.demo@example.org', DEMO_PASSWORD)).json() as {
      data: LoginResponse;
    };
    expect(first.data).toMatchObject({
      passwordChanged: false,
      token: null,
      username: 'nuovo.demo@example.org',
    });
    const resetToken = first.data.resetToken ?? '';
    expect(resetToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const reset = (token: string, password = NEW_PASSWORD, confirmPassword = password) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/Account/ResetPassword',
        payload: { username: 'nuovo.demo@example.org', password, confirmPassword, token },
      });
    const mismatch = await reset(resetToken, NEW_PASSWORD, 'Altra-password-42');
    expect(mismatch.statusCode).toBe(400);
    expect(JSON.stringify(mismatch.json())).toContain('Le password non corrispondono');
    for (const [weak, reason] of [
      ['corta-1', 'almeno 10 caratteri'],
      ['nuovo.demo@example.org', 'indirizzo e-mail'],
      ['Password-nuovo.demo-2026', 'indirizzo e-mail'],
      ['Password123', 'troppo comune'],
      ['SIMTI-SIMTI', 'nome della società'],
    ]) {
      const response = await reset(resetToken, weak);
      expect(response.statusCode, weak).toBe(400);
      expect(JSON.stringify(response.json())).toContain(reason);
    }
    const chosen = await reset(resetToken);
    expect(chosen.statusCode).toBe(200);
    // Signed in at once with the new password: no second sign-in.
    const session = (chosen.json() as { data: LoginResponse | null }).data;
    expect(session).toMatchObject({ passwordChanged: true, username: 'nuovo.demo@example.org' });
    expect((await roles(session?.token ?? '')).statusCode).toBe(200);
    expect((await reset(resetToken)).statusCode).toBe(404);
    expect((await login('nuovo.demo@example.org', DEMO_PASSWORD)).statusCode).toBe(401);
    const after = (await login('nuovo.demo@example.org', NEW_PASSWORD)).json() as {
      data: LoginResponse;
    };
    expect(after.data.passwordChanged).toBe(true);
    expect((await roles(after.data.token ?? '')).statusCode).toBe(200);
  });

  it('sends a recovery link by e-mail, the same answer for unknown addresses, and the link works once', async () => {
    const ask = (username: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/Account/SendResetPasswordEmail',
        payload: { username },
      });
    const known = await ask('socio.demo@example.org');
    const unknown = await ask('nessuno@example.org');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    await app.services.outbox.runOnce();
    expect(sink.messages).toHaveLength(1);
    const mail = sink.messages[0];
    expect(mail?.to).toEqual(['socio.demo@example.org']);
    const raw = (mail?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link =
      /https:\/\/www\.simti\.example\/area-riservata-resetpwd\?token=([A-Za-z0-9_-]{43})&username=([^\s]+)/.exec(
        raw,
      );
    expect(link).not.toBeNull();
    const token = link?.[1] ?? '';
    expect(decodeURIComponent(link?.[2] ?? '')).toBe('socio.demo@example.org');

    const session =
      ((await login('socio.demo@example.org', DEMO_PASSWORD)).json() as { data: LoginResponse })
        .data.token ?? '';
    expect((await roles(session)).statusCode).toBe(200);
    const reset = (username: string, tokenValue: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/Account/ResetPassword',
        payload: {
          username,
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
          token: tokenValue,
        },
      });
    expect((await reset('affiliato.demo@example.org', token)).statusCode).toBe(404);
    time.advance(1000);
    expect((await reset('socio.demo@example.org', token)).statusCode).toBe(200);
    expect((await reset('socio.demo@example.org', token)).statusCode).toBe(404);
    // The reset ended the sessions opened before it.
    expect((await roles(session)).statusCode).toBe(401);
    expect((await login('socio.demo@example.org', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers five recovery requests for one address from one client, and refuses the sixth with 429', async () => {
    const request = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/Account/SendResetPasswordEmail',
        payload: { username: 'affiliato.demo@example.org' },
      });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) statuses.push((await request()).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('lets a recovery link expire after 60 minutes', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/v1/Account/SendResetPasswordEmail',
      payload: { username: 'socio.demo@example.org' },
    });
    await app.services.outbox.runOnce();
    const raw = (sink.messages[0]?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = /token=([A-Za-z0-9_-]{43})/.exec(raw)?.[1] ?? '';
    time.advance(61 * 60_000);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/Account/ResetPassword',
      payload: {
        username: 'socio.demo@example.org',
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
        token,
      },
    });
    expect(response.statusCode).toBe(404);
  });

  it('throttles the 6th failure in 15 minutes for that account and address only', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1)
      expect((await login('socio.demo@example.org', 'sbagliata')).statusCode).toBe(401);
    expect((await login('socio.demo@example.org', 'sbagliata')).statusCode).toBe(429);
    expect((await login('socio.demo@example.org', DEMO_PASSWORD)).statusCode).toBe(429);
    // Another address, and another account from the same address, are not locked out.
    expect((await login('socio.demo@example.org', DEMO_PASSWORD, '10.0.0.7')).statusCode).toBe(200);
    expect((await login('affiliato.demo@example.org', DEMO_PASSWORD)).statusCode).toBe(200);
    time.advance(16 * 60_000);
    expect((await login('socio.demo@example.org', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('counts 20 parallel wrong attempts: at most 5 answered 401, the rest 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login('affiliato.demo@example.org', 'sbagliata')),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(15);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    expect((await login('affiliato.demo@example.org', DEMO_PASSWORD)).statusCode).toBe(429);
  });

  it('refuses forged, tampered and expired tokens on a protected call', async () => {
    const token =
      ((await login('socio.demo@example.org', DEMO_PASSWORD)).json() as { data: LoginResponse })
        .data.token ?? '';
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = decodePart(payload);
    const noneAlg = `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const wrongKey = (() => {
      const body = `${header}.${payload}`;
      return `${body}.${createHmac('sha256', 'una-chiave-diversa-lunga-almeno-32-caratteri').update(body).digest('base64url')}`;
    })();
    const tampered = `${header}.${encode({ ...claims, role: 'segreteria' })}.${signature}`;
    for (const forged of [noneAlg, wrongKey, tampered, 'non-un-token', `${header}.${payload}`]) {
      expect((await roles(forged)).statusCode, forged.slice(0, 30)).toBe(401);
    }
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/ReservedArea/GetRoles' })).statusCode,
    ).toBe(401);
    expect((await roles(token)).statusCode).toBe(200);
    time.advance(12 * 60 * 60_000 + 1000);
    expect((await roles(token)).statusCode).toBe(401);
  });
});
