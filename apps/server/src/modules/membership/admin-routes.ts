import {
  AdminApplicationListQuerySchema,
  ApplicationApprovalBodySchema,
  ApplicationRefusalBodySchema,
  AdminMembershipExportQuerySchema,
  AdminMembershipListQuerySchema,
  AdminMembershipFactsSchema,
  DueExemptionBodySchema,
  DueYearParamsSchema,
  REGISTER_MAX_BYTES,
  RegisterImportBodySchema,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../../http/send-file.js';
import { parseInput } from '../../http/validation.js';
import {
  actorOf,
  BY_ID,
  FORM_BODY_LIMIT,
  historyRoutes,
  IdParamsSchema,
  saveAtVersion,
  sendCsv,
} from '../admin/route-helpers.js';
import type { MembershipAdminService } from './admin-service.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The register in base64 inside JSON, with room for the file's name. */
const REGISTER_BODY_LIMIT = Math.ceil((REGISTER_MAX_BYTES * 4) / 3) + 64 * 1024;

/**
 * /api/v1/Admin/Memberships (ADR 024): every member's years and standing, exemptions. Inside
 * `adminRoutes`, behind the staff guard.
 */
export async function membershipAdminRoutes(
  app: FastifyInstance,
  options: { membership: MembershipAdminService },
) {
  const { membership } = options;
  app.get('/Memberships', async (request) => ({
    data: await membership.list(parseInput(AdminMembershipListQuerySchema, request.query)),
  }));
  // What the list shows, as CSV or XLSX (ADR 024, 2026-11-27).
  app.get('/Memberships/Export', async (request, reply) => {
    const query = parseInput(AdminMembershipExportQuerySchema, request.query);
    const { fileName, body } = await membership.export(query);
    if (typeof body === 'string') return sendCsv(reply, fileName, body);
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', contentDisposition('attachment', fileName))
      .send(body);
  });
  // The existing register taken over (ADR 042): the same steps, rolled back or kept.
  for (const [path, apply] of [
    ['/Memberships/Register/Preview', false],
    ['/Memberships/Register', true],
  ] as const) {
    app.post(path, { bodyLimit: REGISTER_BODY_LIMIT }, async (request) => ({
      data: await membership.importRegister(
        actorOf(request),
        parseInput(RegisterImportBodySchema, request.body),
        apply,
      ),
    }));
  }
  // Every fact of a member's position (ADR 042); an account without one is given one.
  app.put('/Memberships/:id', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    const facts = parseInput(AdminMembershipFactsSchema, request.body);
    return {
      data: await saveAtVersion(request, id, membership, (version) =>
        membership.saveFacts(actorOf(request), id, facts, 'update', version),
      ),
    };
  });
  app.post('/Memberships/:id', { bodyLimit: FORM_BODY_LIMIT }, async (request) => ({
    data: await membership.saveFacts(
      actorOf(request),
      parseInput(IdParamsSchema, request.params).id,
      parseInput(AdminMembershipFactsSchema, request.body),
      'create',
    ),
  }));
  // Each save of a position's facts goes back from its history (ADR 031, ADR 042).
  historyRoutes(app, '/Memberships', BY_ID, {
    history: (id) => membership.history(id),
    rollback: (actor, id, auditId) => membership.rollbackFacts(actor, id, auditId),
  });
  app.get('/Memberships/:id', async (request) => ({
    data: await membership.get(parseInput(IdParamsSchema, request.params).id),
  }));
  app.put(
    '/Memberships/:id/Dues/:year/Exemption',
    { bodyLimit: FORM_BODY_LIMIT },
    async (request) => {
      const { id, year } = parseInput(DueYearParamsSchema, request.params);
      return {
        data: await membership.setExemption(
          actorOf(request),
          id,
          year,
          parseInput(DueExemptionBodySchema, request.body),
        ),
      };
    },
  );

  app.get('/MembershipApplications', async (request) => ({
    data: await membership.listApplications(
      parseInput(AdminApplicationListQuerySchema, request.query),
    ),
  }));
  app.get('/MembershipApplications/:id', async (request) => ({
    data: await membership.getApplication(parseInput(IdParamsSchema, request.params).id),
  }));
  app.get('/MembershipApplications/:id/Cv', async (request, reply) => {
    const cv = await membership.applicationCv(parseInput(IdParamsSchema, request.params).id);
    return reply
      .type('application/pdf')
      .header('content-disposition', contentDisposition('attachment', cv.fileName))
      .header('x-content-type-options', 'nosniff')
      .send(cv.content);
  });
  app.post(
    '/MembershipApplications/:id/Approve',
    { bodyLimit: FORM_BODY_LIMIT },
    async (request) => {
      const { id } = parseInput(IdParamsSchema, request.params);
      const { ratifiedOn } = parseInput(ApplicationApprovalBodySchema, request.body);
      return { data: await membership.approve(actorOf(request), id, ratifiedOn) };
    },
  );
  app.post(
    '/MembershipApplications/:id/Refuse',
    { bodyLimit: FORM_BODY_LIMIT },
    async (request) => {
      const { id } = parseInput(IdParamsSchema, request.params);
      const { reason } = parseInput(ApplicationRefusalBodySchema, request.body);
      return { data: await membership.refuse(actorOf(request), id, reason) };
    },
  );
}
