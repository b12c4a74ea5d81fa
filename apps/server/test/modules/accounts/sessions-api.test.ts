import type {
  AdminMember,
  AdminPage,
  LoginResponse,
  TwoFactorEnrolment,
  TwoFactorRecoveryCodes,
} from '@sodalis/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo-accounts.js';
import { hashPassword } from '../../../src/security/passwords.js';
import { recordFigure } from '../../helpers/figures.js';
import { TestClock } from '../../helpers/mail-test-app.js';
import { ok } from '../../helpers/staff-api.js';
import { createTestApp, testEngines, type TestApp } from '../../helpers/test-app.js';

/**
 * Sessions end on the server (ADR 021): signing out, disabling (and re-enabling), a new role
 * (from the form and the CSV import), a password change (the changer's session stays) and
 * turning on two-factor; and a password link works once even when used 8 times at once.
 */

const NEW_PASSWORD = 'Plasma-e-piastrine-42';

describe.each(testEngines())('sessions and single-use links on %s', (engine) => {
  let testApp: TestApp;
  let time: TestClock;
  let staffToken = '';

  const inject = (options: InjectOptions) =>
    testApp.app.inject(options) as Promise<LightMyRequestResponse>;
  const login = (username: string, password = DEMO_PASSWORD) =>
    inject({ method: 'POST', url: '/api/v1/Account/Login', payload: { username, password } });
  const signIn = async (username: string, password = DEMO_PASSWORD) =>
    (await ok<LoginResponse>(login(username, password))).token ?? '';
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const roles = async (token: string) =>
    (await inject({ method: 'GET', url: '/api/v1/ReservedArea/GetRoles', headers: bearer(token) }))
      .statusCode;
  const admin = (method: 'GET' | 'POST' | 'PUT', path: string, token: string, payload?: object) =>
    inject({
      method,
      url: `/api/v1/Admin${path}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload }),
    });
  const resetPassword = (username: string, token: string, headers: Record<string, string> = {}) =>
    inject({
      method: 'POST',
      url: '/api/v1/Account/ResetPassword',
      payload: { username, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, token },
      headers,
    });
  async function memberId(email: string): Promise<number> {
    const page = await ok<AdminPage<AdminMember>>(
      admin('GET', `/Members?q=${encodeURIComponent(email)}`, staffToken),
    );
    const found = page.items.find((member) => member.email === email);
    if (found === undefined) throw new Error(`nessun account ${email}`);
    return found.id;
  }

  beforeAll(async () => {
    time = new TestClock('2026-11-22T09:00:10.000Z');
    testApp = await createTestApp(engine, { demoContent: true, clock: time.clock });
    staffToken = await signIn('segreteria.demo@example.org');
  }, 120_000);

  afterAll(async () => {
    await testApp?.close();
  });

  it('ends one session on sign-out ("Esci"), and only that one', async () => {
    const laptop = await signIn('socio.demo@example.org');
    const phone = await signIn('socio.demo@example.org');
    expect(await roles(laptop)).toBe(200);
    const out = await inject({
      method: 'POST',
      url: '/api/v1/Account/Logout',
      headers: bearer(laptop),
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ data: null });
    expect(await roles(laptop)).toBe(401);
    expect(await roles(phone)).toBe(200);
    // Twice, or without a session: the same quiet answer.
    expect(
      (await inject({ method: 'POST', url: '/api/v1/Account/Logout', headers: bearer(laptop) }))
        .statusCode,
    ).toBe(200);
    expect((await inject({ method: 'POST', url: '/api/v1/Account/Logout' })).statusCode).toBe(200);
  });

  it('ends an account’s sessions when it is disabled, and re-enabling revives none', async () => {
    const token = await signIn('affiliato.demo@example.org');
    const id = await memberId('affiliato.demo@example.org');
    const edit = (status: 'active' | 'disabled') =>
      ok(
        admin('PUT', `/Members/${id}`, staffToken, {
          firstName: 'Demo',
          lastName: 'Affiliato',
          role: 'affiliato',
          status,
        }),
      );
    await edit('disabled');
    expect(await roles(token)).toBe(401);
    await edit('active');
    expect(await roles(token)).toBe(401);
    expect(await roles(await signIn('affiliato.demo@example.org'))).toBe(200);
  });

  it('ends an account’s sessions when the members’ CSV import gives it a new role', async () => {
    await ok(
      admin('POST', '/Members', staffToken, {
        email: 'import.ruolo@example.org',
        firstName: 'Ivo',
        lastName: 'Import',
        role: 'affiliato',
      }),
    );
    await testApp.app.services.db
      .updateTable('members')
      .set({ password_hash: await hashPassword(NEW_PASSWORD), password_changed: 1 })
      .where('email', '=', 'import.ruolo@example.org')
      .execute();
    const token = await signIn('import.ruolo@example.org', NEW_PASSWORD);
    const unchanged =
      'email,nome,cognome,ruolo\nimport.ruolo@example.org,Ivo,Import Nuovo,affiliato';
    await ok(admin('POST', '/Members/Import', staffToken, { csv: unchanged, apply: true }));
    // A new surname alone keeps the session.
    expect(await roles(token)).toBe(200);
    const promoted = 'email,nome,cognome,ruolo\nimport.ruolo@example.org,Ivo,Import Nuovo,socio';
    await ok(admin('POST', '/Members/Import', staffToken, { csv: promoted, apply: true }));
    expect(await roles(token)).toBe(401);
  });

  it('lets one of 8 parallel uses of a password link change the password; the 7 others get a clear Italian error', async () => {
    const first = await ok<LoginResponse>(login('nuovo.demo@example.org'));
    const link = first.resetToken ?? '';
    expect(link).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => resetPassword('nuovo.demo@example.org', link)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    recordFigure(`[${engine}] 8 usi insieme dello stesso collegamento:`, statuses.join(', '));
    expect(statuses).toEqual([200, 404, 404, 404, 404, 404, 404, 404]);
    const refused = answers.find((answer) => answer.statusCode === 404);
    const message =
      'Il collegamento per scegliere la password non è più valido: è già stato usato o è scaduto. Richiedine uno nuovo.';
    expect(refused?.json()).toEqual({
      data: null,
      error: {
        status: 404,
        code: 'link-non-valido',
        message,
        issues: [{ path: 'token', message }],
      },
    });
    expect((await login('nuovo.demo@example.org', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps the session of the member who changed the password and ends the others', async () => {
    const here = await signIn('socio.demo@example.org');
    const elsewhere = await signIn('socio.demo@example.org');
    await inject({
      method: 'POST',
      url: '/api/v1/Account/SendResetPasswordEmail',
      payload: { username: 'socio.demo@example.org' },
    });
    const outbox = await testApp.app.services.db
      .selectFrom('outbox')
      .select('payload_json')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const link = /token=([A-Za-z0-9_-]{43})/.exec(outbox.payload_json)?.[1] ?? '';
    expect((await resetPassword('socio.demo@example.org', link, bearer(here))).statusCode).toBe(
      200,
    );
    expect(await roles(here)).toBe(200);
    expect(await roles(elsewhere)).toBe(401);
  });

  it('ends a staff member’s other sessions when two-factor is turned on, keeping the one that turned it on', async () => {
    const staffId = (
      await ok<AdminMember>(
        admin('POST', '/Members', staffToken, {
          email: 'due.passaggi@example.org',
          firstName: 'Dora',
          lastName: 'Passaggi',
          role: 'segreteria',
        }),
      )
    ).id;
    await testApp.app.services.db
      .updateTable('members')
      .set({ password_hash: await hashPassword(NEW_PASSWORD), password_changed: 1 })
      .where('id', '=', staffId)
      .execute();
    const desk = await signIn('due.passaggi@example.org', NEW_PASSWORD);
    const forgotten = await signIn('due.passaggi@example.org', NEW_PASSWORD);
    const { secret } = await ok<TwoFactorEnrolment>(
      admin('POST', '/Security/TwoFactor/Start', desk),
    );
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
      timestamp: time.clock().getTime(),
    });
    await ok<TwoFactorRecoveryCodes>(admin('POST', '/Security/TwoFactor/Confirm', desk, { code }));
    expect((await admin('GET', '/Me', desk)).statusCode).toBe(200);
    expect((await admin('GET', '/Me', forgotten)).statusCode).toBe(401);
  });

  it('names its session in the token, and refuses a token whose session is gone', async () => {
    const token = await signIn('affiliato.demo@example.org');
    const claims = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString(),
    ) as Record<string, unknown>;
    expect(claims.sid).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await roles(token)).toBe(200);
    await testApp.app.services.db
      .deleteFrom('member_sessions')
      .where('id', '=', String(claims.sid))
      .execute();
    expect(await roles(token)).toBe(401);
  });
});
