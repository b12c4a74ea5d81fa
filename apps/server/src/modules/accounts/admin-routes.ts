import {
  ADMIN_LIMITS,
  AdminMemberCreateSchema,
  AdminMemberImportSchema,
  AdminMemberInviteImportedSchema,
  AdminMemberListQuerySchema,
  AdminMemberUpdateSchema,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.js';
import { assertMayGrantRole } from './staff-guard.js';
import {
  actorOf,
  BY_ID,
  FORM_BODY_LIMIT,
  historyRoutes,
  IdParamsSchema,
  saveAtVersion,
  sendCsv,
  staffOf,
} from '../admin/route-helpers.js';
import type { MembersAdminService } from './members-admin-service.js';
import { securityAdminRoutes } from './two-factor-admin-routes.js';
import type { TwoFactorService } from './two-factor.js';

/** Room for the largest CSV the import takes, in its JSON string. */
const IMPORT_BODY_LIMIT = ADMIN_LIMITS.maxCsvBytes * 2 + 4 * 1024;

/**
 * /api/v1/Admin/Members and /Security (ADR 013, ADR 017): accounts with the CLI's rules, their
 * CSV import and export, and staff two-factor sign-in. Registered inside `adminRoutes`, so its
 * access hook checks session and role first and the access-matrix test walks these routes too.
 */
export async function accountsAdminRoutes(
  app: FastifyInstance,
  options: { members: MembersAdminService; twoFactor: TwoFactorService },
) {
  const { members } = options;

  app.get('/Members', async (request) => ({
    data: await members.list(parseInput(AdminMemberListQuerySchema, request.query)),
  }));
  app.get('/Members/Export', async (request, reply) => {
    const csv = await members.exportCsv(parseInput(AdminMemberListQuerySchema, request.query));
    return sendCsv(reply, 'account.csv', csv);
  });
  app.get('/Members/:id', async (request) => ({
    data: await members.get(parseInput(IdParamsSchema, request.params).id),
  }));
  app.post('/Members', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const input = parseInput(AdminMemberCreateSchema, request.body);
    assertMayGrantRole(staffOf(request), [input.role]);
    return { data: await members.create(actorOf(request), input) };
  });
  app.put('/Members/:id', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    const input = parseInput(AdminMemberUpdateSchema, request.body);
    // Neither a staff role given nor a staff account changed, unless by the secretariat (ADR 031).
    assertMayGrantRole(staffOf(request), [input.role, (await members.get(id)).role]);
    return {
      data: await saveAtVersion(request, id, members, (version) =>
        members.update(actorOf(request), id, input, version),
      ),
    };
  });
  // Only the names go back from an account's history (ADR 031); a staff account's, like its
  // form, only by the secretariat. In a scope of their own, so the hook is theirs alone.
  await app.register(async (scope) => {
    scope.addHook('preHandler', async (request) => {
      if (request.method !== 'POST') return;
      const { id } = parseInput(IdParamsSchema, request.params);
      assertMayGrantRole(staffOf(request), [(await members.get(id)).role]);
    });
    historyRoutes(scope, '/Members', BY_ID, {
      history: (id) => members.history(id),
      rollback: (actor, id, auditId) => members.rollback(actor, id, auditId),
    });
  });
  app.post('/Members/:id/Invite', async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    // A password link to a staff account is the secretariat's to send (ADR 031).
    assertMayGrantRole(staffOf(request), [(await members.get(id)).role]);
    await members.invite(actorOf(request), id);
    return { data: null };
  });
  app.post('/Members/Import', { bodyLimit: IMPORT_BODY_LIMIT }, async (request) => {
    const body = parseInput(AdminMemberImportSchema, request.body);
    return { data: await members.importCsv(actorOf(request), body, body.apply) };
  });

  app.post('/Members/Import/Invite', { bodyLimit: IMPORT_BODY_LIMIT }, async (request) => {
    const body = parseInput(AdminMemberInviteImportedSchema, request.body);
    assertMayGrantRole(staffOf(request), await members.rolesOfEmails(body.emails));
    return { data: await members.inviteImported(actorOf(request), body.emails) };
  });

  // Staff security: two-factor sign-in (ADR 017)
  await app.register(securityAdminRoutes, { twoFactor: options.twoFactor });
}
