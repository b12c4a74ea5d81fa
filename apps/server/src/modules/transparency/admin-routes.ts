import {
  AdminContributionInputSchema,
  AdminContributionListQuerySchema,
  AdminTransparencyListQuerySchema,
  AdminTransparencyPublicationInputSchema,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import {
  binRoutes,
  FORM_BODY_LIMIT,
  BY_ID,
  historyRoutes,
  recordRoutes,
  UPLOAD_BODY_LIMIT,
} from '../admin/route-helpers.js';
import type { Actor } from '../admin/audit.js';
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
  // The bin and the history (ADR 031); no bulk publishing: they have no published flag.
  const publicationUndo = {
    listBin: () => transparency.listPublicationBin(),
    restore: (actor: Actor, id: number) => transparency.restorePublication(actor, id),
    emptyBin: (actor: Actor, id: number | null) => transparency.emptyPublicationBin(actor, id),
    history: (id: number) => transparency.publicationHistory(id),
    rollback: (actor: Actor, id: number, auditId: number) =>
      transparency.rollbackPublication(actor, id, auditId),
  };
  binRoutes(app, '/TransparencyPublications', publicationUndo);
  historyRoutes(app, '/TransparencyPublications', BY_ID, publicationUndo);
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
  const contributionUndo = {
    listBin: () => transparency.listContributionBin(),
    restore: (actor: Actor, id: number) => transparency.restoreContribution(actor, id),
    emptyBin: (actor: Actor, id: number | null) => transparency.emptyContributionBin(actor, id),
    history: (id: number) => transparency.contributionHistory(id),
    rollback: (actor: Actor, id: number, auditId: number) =>
      transparency.rollbackContribution(actor, id, auditId),
  };
  binRoutes(app, '/PublicContributions', contributionUndo);
  historyRoutes(app, '/PublicContributions', BY_ID, contributionUndo);
  // The yearly publications missing or late today (the staff screen's warnings).
  app.get('/TransparencyWarnings', async () => ({ data: await transparency.pendingWork() }));
}
