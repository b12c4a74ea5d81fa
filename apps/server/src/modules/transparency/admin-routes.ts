import {
  AdminContributionInputSchema,
  AdminContributionListQuerySchema,
  AdminTransparencyListQuerySchema,
  AdminTransparencyPublicationInputSchema,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { FORM_BODY_LIMIT, recordRoutes, UPLOAD_BODY_LIMIT } from '../admin/route-helpers.js';
import type { TransparencyAdminService } from './admin-service.js';

/**
 * /api/v1/Admin/TransparencyPublications, /PublicContributions and /TransparencyWarnings
 * (ADR 026). Registered inside `adminRoutes`, behind its staff guard.
 */
export async function transparencyAdminRoutes(
  app: FastifyInstance,
  options: { transparency: TransparencyAdminService },
) {
  const { transparency } = options;
  recordRoutes(
    app,
    '/TransparencyPublications',
    {
      listQuery: AdminTransparencyListQuerySchema,
      input: AdminTransparencyPublicationInputSchema,
      bodyLimit: UPLOAD_BODY_LIMIT,
    },
    {
      list: (query) => transparency.listPublications(query),
      get: (id) => transparency.getPublication(id),
      save: (actor, id, input) => transparency.savePublication(actor, id, input),
      remove: (actor, id) => transparency.removePublication(actor, id),
    },
  );
  recordRoutes(
    app,
    '/PublicContributions',
    {
      listQuery: AdminContributionListQuerySchema,
      input: AdminContributionInputSchema,
      bodyLimit: FORM_BODY_LIMIT,
    },
    {
      list: (query) => transparency.listContributions(query),
      get: (id) => transparency.getContribution(id),
      save: (actor, id, input) => transparency.saveContribution(actor, id, input),
      remove: (actor, id) => transparency.removeContribution(actor, id),
    },
  );
  // The yearly publications missing or late today (the staff screen's warnings).
  app.get('/TransparencyWarnings', async () => ({ data: await transparency.pendingWork() }));
}
