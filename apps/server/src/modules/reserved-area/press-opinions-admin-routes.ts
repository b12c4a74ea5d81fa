import {
  AdminArchiveListQuerySchema,
  AdminOpinionInputSchema,
  AdminPressReviewInputSchema,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.js';
import type { PressOpinionsAdminService } from './press-opinions-admin-service.js';
import { actorOf, FORM_BODY_LIMIT, IdParamsSchema } from '../admin/route-helpers.js';

/**
 * /api/v1/Admin/PressReviews and /Opinions (issue 10, ADR 015). Registered inside
 * `adminRoutes`, so its access hook checks session and role first (and sets no-store), and the
 * access-matrix test walks these routes too.
 */
export async function pressOpinionsAdminRoutes(
  app: FastifyInstance,
  options: { pressOpinions: PressOpinionsAdminService },
) {
  const { pressOpinions: service } = options;

  app.get('/PressReviews', async (request) => ({
    data: await service.listPressReviews(parseInput(AdminArchiveListQuerySchema, request.query)),
  }));
  app.get('/PressReviews/:id', async (request) => ({
    data: await service.getPressReview(parseInput(IdParamsSchema, request.params).id),
  }));
  app.post('/PressReviews', { bodyLimit: FORM_BODY_LIMIT }, async (request) => ({
    data: await service.savePressReview(
      actorOf(request),
      null,
      parseInput(AdminPressReviewInputSchema, request.body),
    ),
  }));
  app.put('/PressReviews/:id', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    return {
      data: await service.savePressReview(
        actorOf(request),
        id,
        parseInput(AdminPressReviewInputSchema, request.body),
      ),
    };
  });
  app.delete('/PressReviews/:id', async (request) => {
    await service.removePressReview(
      actorOf(request),
      parseInput(IdParamsSchema, request.params).id,
    );
    return { data: null };
  });

  app.get('/Opinions', async (request) => ({
    data: await service.listOpinions(parseInput(AdminArchiveListQuerySchema, request.query)),
  }));
  app.get('/Opinions/:id', async (request) => ({
    data: await service.getOpinion(parseInput(IdParamsSchema, request.params).id),
  }));
  app.post('/Opinions', { bodyLimit: FORM_BODY_LIMIT }, async (request) => ({
    data: await service.saveOpinion(
      actorOf(request),
      null,
      parseInput(AdminOpinionInputSchema, request.body),
    ),
  }));
  app.put('/Opinions/:id', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    return {
      data: await service.saveOpinion(
        actorOf(request),
        id,
        parseInput(AdminOpinionInputSchema, request.body),
      ),
    };
  });
  app.delete('/Opinions/:id', async (request) => {
    await service.removeOpinion(actorOf(request), parseInput(IdParamsSchema, request.params).id);
    return { data: null };
  });
}
