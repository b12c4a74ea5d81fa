import {
  AdminArchiveListQuerySchema,
  AdminAssemblyInputSchema,
  AdminOpinionInputSchema,
  AdminPressReviewInputSchema,
  AdminRecommendationInputSchema,
  AdminReservedListQuerySchema,
  ReservedSelection,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  FORM_BODY_LIMIT,
  recordRoutes,
  undoRoutes,
  UPLOAD_BODY_LIMIT,
} from '../admin/route-helpers.js';
import type { ReservedTable } from './repository.js';
import {
  ASSEMBLIES,
  OPINIONS,
  PRESS_REVIEWS,
  RECOMMENDATIONS,
  type ReservedAdminService,
  type ReservedKind,
  type ReservedRecordInput,
  type ReservedRecordListQuery,
} from './admin-service.js';

/**
 * /api/v1/Admin/Recommendations, /Assemblies, /PressReviews and /Opinions (ADR 013, ADR 015):
 * the same five routes for each kind of reserved record. Registered inside `adminRoutes`, so
 * its access hook checks session and role first (and sets no-store), and the access-matrix
 * test walks these routes too.
 */
export async function reservedAreaAdminRoutes(
  app: FastifyInstance,
  options: { reserved: ReservedAdminService },
) {
  const { reserved } = options;

  /** The five routes of one kind under `path`. */
  function kindRoutes<T extends ReservedTable, Input extends ReservedRecordInput, Item>(
    path: string,
    kind: ReservedKind<T, Input, Item>,
    schemas: {
      listQuery: z.ZodType<ReservedRecordListQuery, unknown>;
      input: z.ZodType<Input, unknown>;
      bodyLimit: number;
    },
  ) {
    recordRoutes(app, path, schemas, {
      list: (query) => reserved.list(kind, query),
      get: (id) => reserved.get(kind, id),
      save: (actor, id, input, version) => reserved.save(kind, actor, id, input, version),
      remove: (actor, id) => reserved.remove(kind, actor, id),
      history: (id) => reserved.history(kind, id),
    });
    // Bulk actions, the bin and the history, as the news have them (ADR 031).
    undoRoutes(
      app,
      path,
      {
        bulk: ReservedSelection.bulk,
        exportQuery: ReservedSelection.exportQuery,
        exportFileName: 'documenti-selezionati.csv',
      },
      {
        bulk: (actor, body) => reserved.bulk(kind, actor, body),
        exportSelected: (actor, ids) => reserved.exportSelected(kind, actor, ids),
        listBin: () => reserved.listBin(kind),
        restore: (actor, id) => reserved.restore(kind, actor, id),
        emptyBin: (actor, id) => reserved.emptyBin(kind, actor, id),
        history: (id) => reserved.history(kind, id),
        rollback: (actor, id, auditId) => reserved.rollback(kind, actor, id, auditId),
      },
    );
  }

  kindRoutes('/Recommendations', RECOMMENDATIONS, {
    listQuery: AdminReservedListQuerySchema,
    input: AdminRecommendationInputSchema,
    bodyLimit: UPLOAD_BODY_LIMIT,
  });
  kindRoutes('/Assemblies', ASSEMBLIES, {
    listQuery: AdminReservedListQuerySchema,
    input: AdminAssemblyInputSchema,
    bodyLimit: UPLOAD_BODY_LIMIT,
  });
  kindRoutes('/PressReviews', PRESS_REVIEWS, {
    listQuery: AdminArchiveListQuerySchema,
    input: AdminPressReviewInputSchema,
    bodyLimit: FORM_BODY_LIMIT,
  });
  kindRoutes('/Opinions', OPINIONS, {
    listQuery: AdminArchiveListQuerySchema,
    input: AdminOpinionInputSchema,
    bodyLimit: FORM_BODY_LIMIT,
  });
}
