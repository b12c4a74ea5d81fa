import {
  AdminMembershipListQuerySchema,
  DueExemptionBodySchema,
  DueYearParamsSchema,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.js';
import { actorOf, FORM_BODY_LIMIT, IdParamsSchema } from '../admin/route-helpers.js';
import type { MembershipAdminService } from './admin-service.js';

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
}
