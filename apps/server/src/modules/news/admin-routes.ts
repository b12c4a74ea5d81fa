import {
  AdminNewsBulkSchema,
  AdminNewsExportQuerySchema,
  AdminCategoryInputSchema,
  AdminNewsInputSchema,
  AdminNewsListQuerySchema,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.js';
import type { NewsAdminService } from './admin-service.js';
import {
  actorOf,
  binAndHistoryRoutes,
  FORM_BODY_LIMIT,
  IdParamsSchema,
  recordRoutes,
  withCoverImage,
  saveAtVersion,
  undoRoutes,
  UPLOAD_BODY_LIMIT,
} from '../admin/route-helpers.js';

/** A news save: the PDFs of any upload form and a cover image (ADR 034), as base64. */
const NEWS_BODY_LIMIT = withCoverImage(UPLOAD_BODY_LIMIT);

/**
 * /api/v1/Admin/News and /NewsCategories (ADR 013). Registered inside `adminRoutes`, so its
 * access hook checks session and role first (and sets no-store), and the access-matrix test
 * walks these routes too.
 */
export async function newsAdminRoutes(app: FastifyInstance, options: { news: NewsAdminService }) {
  const { news } = options;

  recordRoutes(
    app,
    '/News',
    {
      listQuery: AdminNewsListQuerySchema,
      input: AdminNewsInputSchema,
      bodyLimit: NEWS_BODY_LIMIT,
    },
    news,
  );

  // Bulk actions, the bin and the history (ADR 023).
  undoRoutes(
    app,
    '/News',
    {
      bulk: AdminNewsBulkSchema,
      exportQuery: AdminNewsExportQuerySchema,
      exportFileName: 'notizie-selezionate.csv',
    },
    {
      bulk: (actor, body) => news.bulk(actor, body),
      exportSelected: (actor, ids) => news.exportSelected(actor, ids),
      listBin: () => news.listBin(),
      restore: (actor, id) => news.restore(actor, id),
      emptyBin: (actor, id) => news.emptyBin(actor, id),
      history: (id) => news.history(id),
      rollback: (actor, id, auditId) => news.rollback(actor, id, auditId),
    },
  );

  // The staff preview of any item, drafts and scheduled ones too (ADR 023).
  app.get('/News/:id/Preview', async (request) => ({
    data: await news.preview(parseInput(IdParamsSchema, request.params).id),
  }));

  app.get('/NewsCategories', async () => ({ data: await news.listCategories() }));
  // The categories' bin and each one's history (ADR 031); static addresses before `/:id`.
  binAndHistoryRoutes(app, '/NewsCategories', {
    listBin: () => news.listCategoryBin(),
    restore: (actor, id) => news.restoreCategory(actor, id),
    emptyBin: (actor, id) => news.emptyCategoryBin(actor, id),
    history: (id) => news.categoryHistory(id),
    rollback: (actor, id, auditId) => news.rollbackCategory(actor, id, auditId),
  });
  app.get('/NewsCategories/:id', async (request) => ({
    data: await news.getCategory(parseInput(IdParamsSchema, request.params).id),
  }));
  app.delete('/NewsCategories/:id', async (request) => {
    await news.removeCategory(actorOf(request), parseInput(IdParamsSchema, request.params).id);
    return { data: null };
  });
  app.post('/NewsCategories', { bodyLimit: FORM_BODY_LIMIT }, async (request) => ({
    data: await news.createCategory(
      actorOf(request),
      parseInput(AdminCategoryInputSchema, request.body),
    ),
  }));
  app.put('/NewsCategories/:id', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    const input = parseInput(AdminCategoryInputSchema, request.body);
    return {
      data: await saveAtVersion(
        request,
        id,
        {
          get: (categoryId) => news.getCategory(categoryId),
          history: (categoryId) => news.categoryHistory(categoryId),
        },
        (version) => news.renameCategory(actorOf(request), id, input, version),
      ),
    };
  });
}
