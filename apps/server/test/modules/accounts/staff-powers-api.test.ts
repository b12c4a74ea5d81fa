import type {
  AdminAuditEntry,
  AdminMember,
  MemberRole,
  TwoFactorEnrolment,
  TwoFactorStatus,
} from '@sodalis/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDemoMembers } from '../../helpers/member-api.js';
import { createTestApp, testEngines, type TestApp } from '../../helpers/test-app.js';

const STAFF: MemberRole[] = ['redazione', 'tesoreria', 'eventi', 'segreteria'];
const EVERY_ROLE: MemberRole[] = [...STAFF, 'socio', 'affiliato'];

/** A staff route that acts on one account, and who may call it on whom (ADR 031). */
interface AccountRoute {
  name: string;
  call(target: { id: number; email: string; member: AdminMember }): {
    method: 'GET' | 'PUT' | 'POST' | 'DELETE';
    path: string;
    payload?: object;
  };
  /** Whether `caller` may use it on the account of role `target` (its own when the same). */
  allowed(caller: MemberRole, target: MemberRole): boolean;
}

const isStaff = (role: MemberRole) => STAFF.includes(role);
/** Members and accounts: the treasury on members' accounts, the secretariat on every account. */
const manageAccount = (caller: MemberRole, target: MemberRole) =>
  caller === 'segreteria' || (caller === 'tesoreria' && !isStaff(target));

const ACCOUNT_ROUTES: AccountRoute[] = [
  {
    name: 'modifica dell’account',
    call: ({ id, member }) => ({
      method: 'PUT',
      path: `/Members/${id}`,
      payload: {
        firstName: member.firstName,
        lastName: member.lastName,
        role: member.role,
        status: member.status,
      },
    }),
    allowed: manageAccount,
  },
  {
    name: 'invito a scegliere la password',
    call: ({ id }) => ({ method: 'POST', path: `/Members/${id}/Invite` }),
    allowed: manageAccount,
  },
  {
    name: 'invito degli importati',
    call: ({ email }) => ({
      method: 'POST',
      path: '/Members/Import/Invite',
      payload: { emails: [email] },
    }),
    allowed: manageAccount,
  },
  {
    name: 'ritorno a una versione',
    call: ({ id }) => ({
      method: 'POST',
      path: `/Members/${id}/Rollback`,
      payload: { auditId: 999999 },
    }),
    allowed: manageAccount,
  },
  {
    name: 'stato della verifica in due passaggi',
    call: ({ id }) => ({ method: 'GET', path: `/Security/Members/${id}/TwoFactor` }),
    allowed: (caller) => caller === 'segreteria' || caller === 'tesoreria',
  },
  {
    name: 'disattivazione della verifica in due passaggi di un altro',
    call: ({ id }) => ({ method: 'DELETE', path: `/Security/Members/${id}/TwoFactor` }),
    allowed: (caller) => caller === 'segreteria',
  },
];

/**
 * Powers between staff roles (ADR 031, 2026-11-27): every staff route that acts on an account,
 * called by every staff role on every role's account and on its own. A refused call is 403 and
 * changes nothing; the others are past the role check (their own answer, never 403).
 */
describe.each(testEngines())('what each staff role may do to whose account (%s)', (engine) => {
  let testApp: TestApp;
  const tokens = {} as Record<MemberRole, string>;
  const accounts = {} as Record<MemberRole, { id: number; email: string; member: AdminMember }>;

  const admin = (
    role: MemberRole,
    request: { method: 'GET' | 'PUT' | 'POST' | 'DELETE'; path: string; payload?: object },
  ): Promise<LightMyRequestResponse> =>
    testApp.app.inject({
      method: request.method,
      url: `/api/v1/Admin${request.path}`,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
      headers: { authorization: `Bearer ${tokens[role]}` },
    });

  async function twoFactorOn(role: MemberRole): Promise<boolean> {
    const answer = await admin(role, { method: 'GET', path: '/Security/TwoFactor' });
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as { data: TwoFactorStatus }).data.enabled;
  }

  beforeAll(async () => {
    testApp = await createTestApp(engine, { demoContent: true });
    Object.assign(tokens, await signInDemoMembers(testApp.app, EVERY_ROLE));
    for (const role of EVERY_ROLE) {
      const { id } = await testApp.app.services.db
        .selectFrom('members')
        .select('id')
        .where('email', '=', `${role}.demo@example.org`)
        .executeTakeFirstOrThrow();
      const read = await admin('segreteria', { method: 'GET', path: `/Members/${id}` });
      expect(read.statusCode, read.body).toBe(200);
      accounts[role] = {
        id,
        email: `${role}.demo@example.org`,
        member: (read.json() as { data: AdminMember }).data,
      };
    }
    // Every staff account signs in with two-factor, as a careful society asks.
    for (const role of STAFF) {
      const start = await admin(role, { method: 'POST', path: '/Security/TwoFactor/Start' });
      expect(start.statusCode, start.body).toBe(200);
      const { secret } = (start.json() as { data: TwoFactorEnrolment }).data;
      const code = new TOTP({
        secret: Secret.fromBase32(secret),
        digits: 6,
        period: 30,
      }).generate();
      const confirm = await admin(role, {
        method: 'POST',
        path: '/Security/TwoFactor/Confirm',
        payload: { code },
      });
      expect(confirm.statusCode, confirm.body).toBe(200);
      expect(await twoFactorOn(role)).toBe(true);
    }
  }, 120_000);

  afterAll(async () => {
    await testApp.close();
  });

  // The secretariat last: what it may do (turn off someone's two-factor) must not hide whether
  // the others' refused calls changed anything.
  for (const caller of STAFF) {
    it(`lets ${caller} act only on the accounts its role may (every route, every account)`, async () => {
      const seen: string[] = [];
      for (const route of ACCOUNT_ROUTES) {
        for (const target of EVERY_ROLE) {
          const answer = await admin(caller, route.call(accounts[target]));
          const expected = route.allowed(caller, target);
          seen.push(
            `${route.name} → ${target}: ${answer.statusCode === 403 ? 'rifiutato' : 'permesso'}`,
          );
          if (expected) {
            expect(answer.statusCode, `${caller}: ${route.name} su ${target}`).not.toBe(403);
            expect(answer.statusCode, answer.body).toBeLessThan(500);
          } else {
            expect(answer.statusCode, `${caller}: ${route.name} su ${target}`).toBe(403);
            expect(answer.body).toContain('Operazione non permessa.');
          }
        }
      }
      expect(seen).toHaveLength(ACCOUNT_ROUTES.length * EVERY_ROLE.length);
      if (caller !== 'segreteria') {
        // Nobody's protection was lowered by a role that may not.
        for (const role of STAFF) expect(await twoFactorOn(role)).toBe(true);
      }
    });
  }

  it('never turns off one’s own two-factor without a code, and audits who turned off whose', async () => {
    for (const role of STAFF) {
      const own = await admin(role, {
        method: 'DELETE',
        path: `/Security/Members/${accounts[role].id}/TwoFactor`,
      });
      expect(own.statusCode).toBe(role === 'segreteria' ? 400 : 403);
    }
    expect(await twoFactorOn('segreteria')).toBe(true);
    const audit = await admin('segreteria', { method: 'GET', path: '/AuditLog?perPage=50' });
    expect(audit.statusCode, audit.body).toBe(200);
    const entries = (audit.json() as { data: { items: AdminAuditEntry[] } }).data.items;
    expect(entries.map((entry) => entry.summary)).toContain(
      'Verifica in due passaggi di redazione.demo@example.org disattivata da segreteria.demo@example.org',
    );
  });
});
