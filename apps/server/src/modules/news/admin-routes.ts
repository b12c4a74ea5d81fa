import {
  AdminCategoryInputSchema,
  AdminNewsInputSchema,
  AdminNewsListQuerySchema,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.js';
import type { NewsAdminService } from './admin-service.js';
import {
  actorOf,
  FORM_BODY_LIMIT,
  IdParamsSchema,
  UPLOAD_BODY_LIMIT,
} from '../admin/route-helpers.js';

/**
 * /api/v1/Admin/News and /NewsCategories (ADR 013). Registered inside `adminRoutes`, so its
 * access hook checks session and role first (and sets no-store), and the access-matrix test
 * walks these routes too.
 */
export async function newsAdminRoutes(app: FastifyInstance, options: { news: NewsAdminService }) {
  const { news } = options;

  app.get('/News', async (request) => ({
    data: await news.list(parseInput(AdminNewsListQuerySchema, request.query)),
  }));
  app.get('/News/:id', async (request) => ({
    data: await news.get(parseInput(IdParamsSchema, request.params).id),
  }));
  app.post('/News', { bodyLimit: UPLOAD_BODY_LIMIT }, async (request) => ({
    data: await news.create(actorOf(request), parseInput(AdminNewsInputSchema, request.body)),
  }));
  app.put('/News/:id', { bodyLimit: UPLOAD_BODY_LIMIT }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    return {
      data: await news.update(actorOf(request), id, parseInput(AdminNewsInputSchema, request.body)),
    };
  });
  app.delete('/News/:id', async (request) => {
    await news.remove(actorOf(request), parseInput(IdParamsSchema, request.params).id);
    return { data: null };
  });

  app.get('/NewsCategories', async () => ({ data: await news.listCategories() }));
  app.post('/NewsCategories', { bodyLimit: FORM_BODY_LIMIT }, async (request) => ({
    data: await news.createCategory(
      actorOf(request),
      parseInput(AdminCategoryInputSchema, request.body),
    ),
  }));
  app.put('/NewsCategories/:id', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    return {
      data: await news.renameCategory(
        actorOf(request),
        id,
        parseInput(AdminCategoryInputSchema, request.body),
      ),
    };
  });
}
