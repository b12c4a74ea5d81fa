import {
  AdminContributionInputSchema,
  AdminContributionListQuerySchema,
  AdminTransparencyListQuerySchema,
  AdminTransparencyPublicationInputSchema,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import {
  binAndHistoryRoutes,
  FORM_BODY_LIMIT,
  recordRoutes,
  UPLOAD_BODY_LIMIT,
  type BinHandlers,
  type HistoryHandlers,
} from '../admin/route-helpers.js';
import type { TransparencyAdminService } from './admin-service.js';

/** The two kinds with a bin and a history, as the service's method names spell them. */
const UNDO_KINDS = { Publication: 'publication', Contribution: 'contribution' } as const;

/**
 * The bin and history handlers of one kind: the service names the same five methods after the
 * kind (`listPublicationBin`, `restorePublication`, `publicationHistory`…).
 */
function undoHandlersOf(
  transparency: TransparencyAdminService,
  kind: keyof typeof UNDO_KINDS,
): BinHandlers & HistoryHandlers<number> {
  const noun = UNDO_KINDS[kind];
  return {
    listBin: () => transparency[`list${kind}Bin`](),
    restore: (actor, id) => transparency[`restore${kind}`](actor, id),
    emptyBin: (actor, id) => transparency[`empty${kind}Bin`](actor, id),
    history: (id) => transparency[`${noun}History`](id),
    rollback: (actor, id, auditId) => transparency[`rollback${kind}`](actor, id, auditId),
  };
}

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
      save: (actor, id, input, version) => transparency.savePublication(actor, id, input, version),
      remove: (actor, id) => transparency.removePublication(actor, id),
      history: (id) => transparency.publicationHistory(id),
    },
  );
  // The bin and the history (ADR 031); no bulk publishing: they have no published flag.
  binAndHistoryRoutes(
    app,
    '/TransparencyPublications',
    undoHandlersOf(transparency, 'Publication'),
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
      save: (actor, id, input, version) => transparency.saveContribution(actor, id, input, version),
      remove: (actor, id) => transparency.removeContribution(actor, id),
      history: (id) => transparency.contributionHistory(id),
    },
  );
  binAndHistoryRoutes(app, '/PublicContributions', undoHandlersOf(transparency, 'Contribution'));
  // The yearly publications missing or late today (the staff screen's warnings).
  app.get('/TransparencyWarnings', async () => ({ data: await transparency.pendingWork() }));
}
