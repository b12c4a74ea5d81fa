import {
  AdminArchiveListQuerySchema,
  AdminAssemblyInputSchema,
  AdminOpinionInputSchema,
  AdminPressReviewInputSchema,
  AdminRecommendationInputSchema,
  AdminReservedListQuerySchema,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { parseInput } from '../../http/validation.js';
import {
  actorOf,
  FORM_BODY_LIMIT,
  IdParamsSchema,
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

  /** List, read, create, edit and delete of one kind under `path`. */
  function recordRoutes<T extends ReservedTable, Input, Item>(
    path: string,
    kind: ReservedKind<T, Input, Item>,
    schemas: {
      listQuery: z.ZodType<ReservedRecordListQuery, unknown>;
      input: z.ZodType<Input, unknown>;
      /** Room for the PDFs of a save, or for a form without files. */
      bodyLimit: number;
    },
  ) {
    app.get(path, async (request) => ({
      data: await reserved.list(kind, parseInput(schemas.listQuery, request.query)),
    }));
    app.get(`${path}/:id`, async (request) => ({
      data: await reserved.get(kind, parseInput(IdParamsSchema, request.params).id),
    }));
    app.post(path, { bodyLimit: schemas.bodyLimit }, async (request) => ({
      data: await reserved.save(
        kind,
        actorOf(request),
        null,
        parseInput(schemas.input, request.body),
      ),
    }));
    app.put(`${path}/:id`, { bodyLimit: schemas.bodyLimit }, async (request) => {
      const { id } = parseInput(IdParamsSchema, request.params);
      return {
        data: await reserved.save(
          kind,
          actorOf(request),
          id,
          parseInput(schemas.input, request.body),
        ),
      };
    });
    app.delete(`${path}/:id`, async (request) => {
      await reserved.remove(kind, actorOf(request), parseInput(IdParamsSchema, request.params).id);
      return { data: null };
    });
  }

  recordRoutes('/Recommendations', RECOMMENDATIONS, {
    listQuery: AdminReservedListQuerySchema,
    input: AdminRecommendationInputSchema,
    bodyLimit: UPLOAD_BODY_LIMIT,
  });
  recordRoutes('/Assemblies', ASSEMBLIES, {
    listQuery: AdminReservedListQuerySchema,
    input: AdminAssemblyInputSchema,
    bodyLimit: UPLOAD_BODY_LIMIT,
  });
  recordRoutes('/PressReviews', PRESS_REVIEWS, {
    listQuery: AdminArchiveListQuerySchema,
    input: AdminPressReviewInputSchema,
    bodyLimit: FORM_BODY_LIMIT,
  });
  recordRoutes('/Opinions', OPINIONS, {
    listQuery: AdminArchiveListQuerySchema,
    input: AdminOpinionInputSchema,
    bodyLimit: FORM_BODY_LIMIT,
  });
}
