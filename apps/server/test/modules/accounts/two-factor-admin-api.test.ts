import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type {
  AdminAuditEntry,
  AdminMember,
  AdminPage,
  LoginResponse,
  MemberTwoFactorState,
  TwoFactorEnrolment,
  TwoFactorRecoveryCodes,
  TwoFactorStatus,
} from '@sodalis/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo-accounts.js';
import { hashPassword } from '../../../src/security/passwords.js';
import { TestClock } from '../../helpers/mail-test-app.js';
import { nodeArgumentsFor } from '../../helpers/server-process.js';
import { ok } from '../../helpers/staff-api.js';
import { createTestApp, testEngines, type TestApp } from '../../helpers/test-app.js';

const run = promisify(execFile);
const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const STAFF_PASSWORD = 'Emocomponenti-sicuri-77';
const STAFF_MINUTES = 90;

function claimsOf(token: string): Record<string, number | string> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    number | string
  >;
}

/** The code an authenticator app shows at `at` (otpauth, as the phone computes it). */
function codeAt(secret: string, at: Date): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  });
}

/** A 6-digit code that is not the valid one of these instants. */
function wrongCodeAt(secret: string, ...instants: Date[]): string {
  const valid = new Set(instants.map((at) => codeAt(secret, at)));
  let candidate = 123456;
  while (valid.has(String(candidate))) candidate += 1;
  return String(candidate);
}

function securitySuite(engine: 'sqlite' | 'postgres') {
  let testApp: TestApp;
  let time: TestClock;
  let staffToken = '';
  let staffId = 0;
  let demoStaffToken = '';

  const inject = (options: InjectOptions) =>
    testApp.app.inject(options) as Promise<LightMyRequestResponse>;
  const login = (username: string, password: string, remoteAddress = '127.0.0.1') =>
    inject({
      method: 'POST',
      url: '/api/v1/Account/Login',
      payload: { username, password },
      remoteAddress,
    });
  const loginOtp = (challenge: string, code: string, remoteAddress = '127.0.0.1') =>
    inject({
      method: 'POST',
      url: '/api/v1/Account/LoginOtp',
      payload: { challenge, code },
      remoteAddress,
    });
  const admin = (
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    token: string,
    payload?: object,
  ) =>
    inject({
      method,
      url: `/api/v1/Admin${path}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload }),
    });
  async function signIn(email: string, password = STAFF_PASSWORD): Promise<LoginResponse> {
    return ok<LoginResponse>(login(email, password));
  }

  /** A staff account with a password, created from the back office as the secretariat does. */
  async function newStaff(email: string): Promise<{ id: number; token: string }> {
    const member = await ok<AdminMember>(
      admin('POST', '/Members', demoStaffToken, {
        email,
        firstName: 'Lucia',
        lastName: 'Ferri',
        role: 'segreteria',
      }),
    );
    // The password the invitation link would let her choose.
    await testApp.app.services.db
      .updateTable('members')
      .set({ password_hash: await hashPassword(STAFF_PASSWORD), password_changed: 1 })
      .where('id', '=', member.id)
      .execute();
    const answer = await signIn(email);
    return { id: member.id, token: answer.token ?? '' };
  }

  /** Enrols an account: answers its secret and recovery codes. */
  async function enrol(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
    const enrolment = await ok<TwoFactorEnrolment>(
      admin('POST', '/Security/TwoFactor/Start', token),
    );
    const { recoveryCodes } = await ok<TwoFactorRecoveryCodes>(
      admin('POST', '/Security/TwoFactor/Confirm', token, {
        code: codeAt(enrolment.secret, time.clock()),
      }),
    );
    return { secret: enrolment.secret, recoveryCodes };
  }

  async function challengeOf(email: string): Promise<string> {
    const answer = await signIn(email);
    expect(answer).toMatchObject({ token: null, twoFactorRequired: true });
    return answer.challenge ?? '';
  }

  async function auditFor(memberId: number): Promise<AdminAuditEntry[]> {
    const page = await ok<AdminPage<AdminAuditEntry>>(
      admin('GET', '/AuditLog?entity=member&perPage=200', demoStaffToken),
    );
    return page.items.filter((entry) => entry.entityId === String(memberId));
  }

  beforeAll(async () => {
    time = new TestClock('2026-11-22T09:00:10.000Z');
    testApp = await createTestApp(engine, {
      demoContent: true,
      clock: time.clock,
      env: { STAFF_SESSION_MINUTES: String(STAFF_MINUTES) },
    });
    demoStaffToken = (await signIn('segreteria.demo@example.org', DEMO_PASSWORD)).token ?? '';
    ({ id: staffId, token: staffToken } = await newStaff('lucia.ferri@example.org'));
  }, 120_000);

  afterAll(async () => {
    await testApp?.close();
  });

  it('gives staff sessions the configured lifetime, shorter than members’, and refuses them after', async () => {
    const member = await signIn('socio.demo@example.org', DEMO_PASSWORD);
    const staff = await signIn('lucia.ferri@example.org');
    // Accounts without two-factor get the spec's login answer, unchanged.
    expect(Object.keys(staff).sort()).toEqual([
      'passwordChanged',
      'resetToken',
      'token',
      'username',
    ]);
    const memberClaims = claimsOf(member.token ?? '');
    const staffClaims = claimsOf(staff.token ?? '');
    expect(Number(memberClaims.exp) - Number(memberClaims.iat)).toBe(12 * 60 * 60);
    expect(Number(staffClaims.exp) - Number(staffClaims.iat)).toBe(STAFF_MINUTES * 60);
    // Two-factor is not required here: the back office opens without it.
    await ok(admin('GET', '/News', staff.token ?? ''));
    time.advance(STAFF_MINUTES * 60_000 + 1000);
    try {
      expect((await admin('GET', '/Me', staff.token ?? '')).statusCode).toBe(401);
      const roles = await inject({
        method: 'GET',
        url: '/api/v1/ReservedArea/GetRoles',
        headers: { authorization: `Bearer ${member.token ?? ''}` },
      });
      expect(roles.statusCode).toBe(200);
    } finally {
      // Later tests use sessions issued now.
      staffToken = (await signIn('lucia.ferri@example.org')).token ?? '';
      demoStaffToken = (await signIn('segreteria.demo@example.org', DEMO_PASSWORD)).token ?? '';
    }
  });

  it('ends an account’s sessions when its role changes (a member’s long token never reaches the back office)', async () => {
    const promoted = await newStaff('promossa.socia@example.org');
    // Back to socio through the back office, then signed in as a member (12-hour token).
    const asSocio = {
      firstName: 'Lucia',
      lastName: 'Ferri',
      role: 'socio',
      status: 'active',
    } as const;
    await ok(
      inject({
        method: 'PUT',
        url: `/api/v1/Admin/Members/${promoted.id}`,
        headers: { authorization: `Bearer ${demoStaffToken}` },
        payload: asSocio,
      }),
    );
    const memberToken = (await signIn('promossa.socia@example.org')).token ?? '';
    time.advance(2000);
    // A change of name only keeps the session.
    await ok(
      inject({
        method: 'PUT',
        url: `/api/v1/Admin/Members/${promoted.id}`,
        headers: { authorization: `Bearer ${demoStaffToken}` },
        payload: { ...asSocio, firstName: 'Lucia Maria' },
      }),
    );
    const roles = (token: string) =>
      inject({
        method: 'GET',
        url: '/api/v1/ReservedArea/GetRoles',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await roles(memberToken)).statusCode).toBe(200);
    // Promoted to the secretariat: the member's token ends; a new sign-in has the staff lifetime.
    await ok(
      inject({
        method: 'PUT',
        url: `/api/v1/Admin/Members/${promoted.id}`,
        headers: { authorization: `Bearer ${demoStaffToken}` },
        payload: { ...asSocio, role: 'segreteria' },
      }),
    );
    expect((await admin('GET', '/Me', memberToken)).statusCode).toBe(401);
    expect((await roles(memberToken)).statusCode).toBe(401);
    time.advance(1000);
    const staff = claimsOf((await signIn('promossa.socia@example.org')).token ?? '');
    expect(Number(staff.exp) - Number(staff.iat)).toBe(STAFF_MINUTES * 60);
  });

  it('enrols with a QR code and a confirming code, storing the secret encrypted and the audit without it', async () => {
    expect(await ok<TwoFactorStatus>(admin('GET', '/Security/TwoFactor', staffToken))).toEqual({
      enabled: false,
      pending: false,
      required: false,
      recoveryCodesLeft: 0,
      enabledAt: null,
    });
    const enrolment = await ok<TwoFactorEnrolment>(
      admin('POST', '/Security/TwoFactor/Start', staffToken),
    );
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUrl).toMatch(/^otpauth:\/\/totp\/SIMTI:lucia\.ferri%40example\.org\?/);
    expect(enrolment.otpauthUrl).toContain(`secret=${enrolment.secret}`);
    const prefix = 'data:image/svg+xml;base64,';
    expect(enrolment.qrCodeDataUrl.startsWith(prefix)).toBe(true);
    expect(Buffer.from(enrolment.qrCodeDataUrl.slice(prefix.length), 'base64').toString()).toMatch(
      /^<svg[\s\S]*<\/svg>\s*$/,
    );
    const stored = await testApp.app.services.db
      .selectFrom('member_two_factor')
      .selectAll()
      .where('member_id', '=', staffId)
      .executeTakeFirstOrThrow();
    expect(stored.secret_encrypted.startsWith('v1.')).toBe(true);
    expect(stored.secret_encrypted).not.toContain(enrolment.secret);
    expect(stored.enabled_at).toBeNull();
    expect(
      (await ok<TwoFactorStatus>(admin('GET', '/Security/TwoFactor', staffToken))).pending,
    ).toBe(true);

    const now = time.clock();
    const wrong = await admin('POST', '/Security/TwoFactor/Confirm', staffToken, {
      code: wrongCodeAt(
        enrolment.secret,
        now,
        new Date(now.getTime() - 30_000),
        new Date(now.getTime() + 30_000),
      ),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      error: {
        issues: [{ path: 'code', message: expect.stringMatching(/^Il codice non è corretto/) }],
      },
    });
    const malformed = await admin('POST', '/Security/TwoFactor/Confirm', staffToken, {
      code: '12ab',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      error: {
        issues: [
          { path: 'code', message: 'Inserisci il codice di 6 cifre dell’app di autenticazione.' },
        ],
      },
    });

    const { recoveryCodes } = await ok<TwoFactorRecoveryCodes>(
      admin('POST', '/Security/TwoFactor/Confirm', staffToken, {
        code: codeAt(enrolment.secret, now),
      }),
    );
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const hashes = await testApp.app.services.db
      .selectFrom('member_recovery_codes')
      .select('code_hash')
      .where('member_id', '=', staffId)
      .execute();
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) {
      expect(recoveryCodes.some((code) => code_hash.includes(code.replace('-', '')))).toBe(false);
    }
    const status = await ok<TwoFactorStatus>(admin('GET', '/Security/TwoFactor', staffToken));
    expect(status).toMatchObject({ enabled: true, pending: false, recoveryCodesLeft: 10 });
    // Confirming again, or starting over, is refused while it is on.
    expect((await admin('POST', '/Security/TwoFactor/Start', staffToken)).statusCode).toBe(400);

    const entries = await auditFor(staffId);
    const enabled = entries.find((entry) => entry.action === 'attiva verifica in due passaggi');
    expect(enabled).toMatchObject({
      actorEmail: 'lucia.ferri@example.org',
      before: { verifica_due_passaggi: 'non attiva' },
      after: { verifica_due_passaggi: 'attiva' },
    });
    const everything = JSON.stringify(entries);
    expect(everything).not.toContain(enrolment.secret);
    for (const code of recoveryCodes) expect(everything).not.toContain(code);

    // Sign-in now needs a code: the password answer carries a challenge and no token.
    const answer = await signIn('lucia.ferri@example.org');
    expect(answer).toMatchObject({
      passwordChanged: true,
      token: null,
      resetToken: null,
      username: 'lucia.ferri@example.org',
      twoFactorRequired: true,
    });
    expect(typeof answer.challenge).toBe('string');
    // The challenge is not a session.
    expect((await admin('GET', '/Me', answer.challenge ?? '')).statusCode).toBe(401);
    // The code used to confirm is spent (replay).
    expect((await loginOtp(answer.challenge ?? '', codeAt(enrolment.secret, now))).statusCode).toBe(
      401,
    );

    time.advance(30_000);
    const later = time.clock();
    const refused = await loginOtp(
      answer.challenge ?? '',
      wrongCodeAt(enrolment.secret, later, now, new Date(later.getTime() + 30_000)),
    );
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      data: null,
      error: { status: 401, code: 'non-autenticato', message: 'Accesso richiesto.' },
    });
    const code = codeAt(enrolment.secret, later);
    const signedIn = await ok<LoginResponse>(
      loginOtp(answer.challenge ?? '', ` ${code.slice(0, 3)} ${code.slice(3)} `),
    );
    expect(signedIn).toMatchObject({
      passwordChanged: true,
      resetToken: null,
      username: 'lucia.ferri@example.org',
    });
    const claims = claimsOf(signedIn.token ?? '');
    expect(Number(claims.exp) - Number(claims.iat)).toBe(STAFF_MINUTES * 60);
    expect(claims).toMatchObject({ role: 'segreteria', unique_name: 'Lucia' });
    await ok(admin('GET', '/Me', signedIn.token ?? ''));

    // The same code again, with a new challenge: a replay.
    expect((await loginOtp(await challengeOf('lucia.ferri@example.org'), code)).statusCode).toBe(
      401,
    );
    // The next step's code is accepted (±1 step), then one two steps old is not.
    const next = codeAt(enrolment.secret, new Date(later.getTime() + 30_000));
    await ok(loginOtp(await challengeOf('lucia.ferri@example.org'), next));
    time.advance(60_000);
    const old = codeAt(enrolment.secret, new Date(time.clock().getTime() - 60_000));
    expect((await loginOtp(await challengeOf('lucia.ferri@example.org'), old)).statusCode).toBe(
      401,
    );

    // A challenge ends after 5 minutes.
    const challenge = await challengeOf('lucia.ferri@example.org');
    time.advance(5 * 60_000 + 1000);
    const expired = await loginOtp(challenge, codeAt(enrolment.secret, time.clock()));
    expect(expired.statusCode).toBe(401);
    // A tampered challenge is refused as well.
    const [header, payload, signature] = challenge.split('.') as [string, string, string];
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claimsOf(challenge), sub: '1' })).toString('base64url')}.${signature}`;
    expect(payload).not.toBe(tampered.split('.')[1]);
    expect((await loginOtp(tampered, codeAt(enrolment.secret, time.clock()))).statusCode).toBe(401);
    const bad = await loginOtp('', 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'richiesta-non-valida' } });

    // Recovery codes: each works once, with or without the dash, in any case.
    const [first = '', second = ''] = recoveryCodes;
    const recovered = await ok<LoginResponse>(
      loginOtp(await challengeOf('lucia.ferri@example.org'), first),
    );
    expect(recovered.token).toEqual(expect.any(String));
    expect((await loginOtp(await challengeOf('lucia.ferri@example.org'), first)).statusCode).toBe(
      401,
    );
    await ok(
      loginOtp(await challengeOf('lucia.ferri@example.org'), second.replace('-', '').toUpperCase()),
    );
    expect(
      (await ok<TwoFactorStatus>(admin('GET', '/Security/TwoFactor', staffToken)))
        .recoveryCodesLeft,
    ).toBe(8);

    // Throttling: the 6th wrong code in 15 minutes blocks the account, even a right code and
    // from another address (a guesser changing address is limited as well).
    const throttled = await challengeOf('lucia.ferri@example.org');
    const at = time.clock();
    const wrongCode = wrongCodeAt(
      enrolment.secret,
      at,
      new Date(at.getTime() - 30_000),
      new Date(at.getTime() + 30_000),
    );
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await loginOtp(throttled, wrongCode, '10.0.0.9')).statusCode).toBe(401);
    }
    expect((await loginOtp(throttled, wrongCode, '10.0.0.9')).statusCode).toBe(429);
    expect((await loginOtp(throttled, codeAt(enrolment.secret, at), '10.0.0.9')).statusCode).toBe(
      429,
    );
    expect((await loginOtp(throttled, codeAt(enrolment.secret, at), '10.0.0.10')).statusCode).toBe(
      429,
    );
    time.advance(15 * 60_000 + 1000);
    await ok(
      loginOtp(
        await challengeOf('lucia.ferri@example.org'),
        codeAt(enrolment.secret, time.clock()),
        '10.0.0.10',
      ),
    );

    // Parallel guesses all count before any is judged: at most 5 are checked, the rest refused.
    const burst = await challengeOf('lucia.ferri@example.org');
    const burstWrong = wrongCodeAt(
      enrolment.secret,
      time.clock(),
      new Date(time.clock().getTime() - 30_000),
      new Date(time.clock().getTime() + 30_000),
    );
    const statuses = (
      await Promise.all(
        Array.from({ length: 20 }, (_, index) => loginOtp(burst, burstWrong, `10.0.1.${index}`)),
      )
    ).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(15);
    time.advance(15 * 60_000 + 1000);

    // A secret sealed with other key material (JWT_SECRET changed) matches no code: 401, not 500.
    const sealed = await testApp.app.services.db
      .selectFrom('member_two_factor')
      .select(['member_id', 'secret_encrypted'])
      .where('enabled_at', 'is not', null)
      .executeTakeFirstOrThrow();
    const corrupted = `${sealed.secret_encrypted.slice(0, -4)}AAAA`;
    await testApp.app.services.db
      .updateTable('member_two_factor')
      .set({ secret_encrypted: corrupted })
      .where('member_id', '=', sealed.member_id)
      .execute();
    time.advance(60_000);
    const unreadable = await loginOtp(
      await challengeOf('lucia.ferri@example.org'),
      codeAt(enrolment.secret, time.clock()),
      '10.0.0.11',
    );
    expect(unreadable.statusCode).toBe(401);
  });

  it(
    'turns off another staff member’s two-factor from the back office, never one’s own that way, each change logged',
    { timeout: 120_000 },
    async () => {
      const state = await ok<MemberTwoFactorState>(
        admin('GET', `/Security/Members/${staffId}/TwoFactor`, demoStaffToken),
      );
      expect(state).toEqual({ enabled: true, staff: true });
      const own = await admin('DELETE', `/Security/Members/${staffId}/TwoFactor`, staffToken);
      expect(own.statusCode).toBe(400);
      expect(own.json()).toMatchObject({
        error: {
          issues: [{ path: 'code', message: expect.stringContaining('Sicurezza dell’account') }],
        },
      });
      await ok(admin('DELETE', `/Security/Members/${staffId}/TwoFactor`, demoStaffToken));
      expect(
        await ok<MemberTwoFactorState>(
          admin('GET', `/Security/Members/${staffId}/TwoFactor`, demoStaffToken),
        ),
      ).toEqual({ enabled: false, staff: true });
      expect(
        await testApp.app.services.db
          .selectFrom('member_recovery_codes')
          .select('id')
          .where('member_id', '=', staffId)
          .execute(),
      ).toEqual([]);
      const again = await admin('DELETE', `/Security/Members/${staffId}/TwoFactor`, demoStaffToken);
      expect(again.statusCode).toBe(400);
      expect(
        (await admin('DELETE', '/Security/Members/999999/TwoFactor', demoStaffToken)).statusCode,
      ).toBe(404);
      const entry = (await auditFor(staffId)).find(
        (item) => item.action === 'disattiva verifica in due passaggi',
      );
      expect(entry).toMatchObject({
        actorEmail: 'segreteria.demo@example.org',
        summary:
          'Verifica in due passaggi di lucia.ferri@example.org disattivata da segreteria.demo@example.org',
        after: { verifica_due_passaggi: 'non attiva' },
      });
      // The password alone signs in again.
      expect((await signIn('lucia.ferri@example.org')).token).toEqual(expect.any(String));

      // One's own: with a current code only.
      const { secret } = await enrol(staffToken);
      time.advance(30_000);
      const now = time.clock();
      const wrong = await admin('POST', '/Security/TwoFactor/Disable', staffToken, {
        code: wrongCodeAt(
          secret,
          now,
          new Date(now.getTime() - 30_000),
          new Date(now.getTime() + 30_000),
        ),
      });
      expect(wrong.statusCode).toBe(400);
      await ok(
        admin('POST', '/Security/TwoFactor/Disable', staffToken, { code: codeAt(secret, now) }),
      );
      expect(
        (await ok<TwoFactorStatus>(admin('GET', '/Security/TwoFactor', staffToken))).enabled,
      ).toBe(false);
      const ownEntries = (await auditFor(staffId)).filter(
        (item) =>
          item.actorEmail === 'lucia.ferri@example.org' &&
          item.action === 'disattiva verifica in due passaggi',
      );
      expect(ownEntries).toHaveLength(1);

      // The command line's way (membri:2fa-disattiva), a real process on the same database.
      await enrol(staffToken);
      const cli = (...args: string[]) =>
        run(process.execPath, [...nodeArgumentsFor('cli/index'), ...args], {
          cwd: SERVER_ROOT,
          env: {
            ...process.env,
            DATA_DIR: testApp.config.dataDir,
            DATABASE_URL: testApp.config.databaseUrl ?? '',
            DEMO_CONTENT: 'false',
          },
        });
      const done = await cli('membri:2fa-disattiva', 'Lucia.Ferri@example.org');
      expect(done.stdout).toContain(
        'Verifica in due passaggi disattivata per lucia.ferri@example.org',
      );
      expect(await testApp.app.services.twoFactor.isEnabled(staffId)).toBe(false);
      expect((await cli('membri:2fa-disattiva', 'lucia.ferri@example.org')).stdout).toContain(
        'non era attiva',
      );
      await expect(cli('membri:2fa-disattiva', 'nessuno@example.org')).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('Errore: nessun account con e-mail nessuno@example.org'),
      });
      expect((await signIn('lucia.ferri@example.org')).token).toEqual(expect.any(String));
    },
  );
}

function enforcementSuite(engine: 'sqlite' | 'postgres') {
  let testApp: TestApp;
  const time = new TestClock('2026-11-22T10:00:10.000Z');

  beforeAll(async () => {
    testApp = await createTestApp(engine, {
      demoContent: true,
      clock: time.clock,
      env: { STAFF_TWO_FACTOR_REQUIRED: 'true' },
    });
  }, 120_000);

  afterAll(async () => {
    await testApp?.close();
  });

  it('lets staff without two-factor reach only its enrolment, then everything once it is on', async () => {
    const call = (
      method: 'GET' | 'POST' | 'DELETE',
      path: string,
      token: string,
      payload?: object,
    ) =>
      testApp.app.inject({
        method,
        url: `/api/v1/Admin${path}`,
        headers: { authorization: `Bearer ${token}` },
        ...(payload === undefined ? {} : { payload }),
      });
    const signIn = async (email: string) => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/Account/Login',
        payload: { username: email, password: DEMO_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as { data: LoginResponse }).data;
    };
    const staff = (await signIn('segreteria.demo@example.org')).token ?? '';
    const member = (await signIn('socio.demo@example.org')).token ?? '';

    for (const [method, path] of [
      ['GET', '/News'],
      ['GET', '/Members'],
      ['GET', '/AuditLog'],
      ['DELETE', '/Security/Members/1/TwoFactor'],
      ['POST', '/Security/TwoFactor/Disable'],
    ] as const) {
      const refused = await call(method, path, staff, method === 'POST' ? {} : undefined);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json()).toEqual({
        data: null,
        error: {
          status: 403,
          code: 'verifica-due-passaggi-richiesta',
          message:
            'Per usare l’amministrazione attiva prima la verifica in due passaggi da "Sicurezza dell’account".',
        },
      });
    }
    // Other roles still get the plain 403, and no session the 401.
    expect((await call('GET', '/News', member)).json()).toMatchObject({
      error: { message: 'Operazione non permessa.' },
    });
    expect((await call('GET', '/News', '')).statusCode).toBe(401);

    expect((await call('GET', '/Me', staff)).statusCode).toBe(200);
    const status = (await call('GET', '/Security/TwoFactor', staff)).json() as {
      data: TwoFactorStatus;
    };
    expect(status.data).toMatchObject({ enabled: false, required: true });
    const start = await call('POST', '/Security/TwoFactor/Start', staff);
    expect(start.statusCode).toBe(200);
    const { secret } = (start.json() as { data: TwoFactorEnrolment }).data;
    const confirm = await call('POST', '/Security/TwoFactor/Confirm', staff, {
      code: codeAt(secret, time.clock()),
    });
    expect(confirm.statusCode).toBe(200);
    expect((await call('GET', '/News', staff)).statusCode).toBe(200);
    expect((await call('GET', '/Members', staff)).statusCode).toBe(200);
  });
}

describe.each(testEngines())('staff security (two-factor, session length) on %s', (engine) => {
  securitySuite(engine);
});

describe.each(testEngines())('mandatory two-factor for staff on %s', (engine) => {
  enforcementSuite(engine);
});
