import {
  ADMIN_IMAGE_LIMITS,
  AdminRollbackSchema,
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
  FORM_BODY_LIMIT,
  IdParamsSchema,
  recordRoutes,
  sendCsv,
  UPLOAD_BODY_LIMIT,
} from '../admin/route-helpers.js';

/** A news save: the PDFs of any upload form and a cover image (ADR 034), as base64. */
const NEWS_BODY_LIMIT = UPLOAD_BODY_LIMIT + Math.ceil(ADMIN_IMAGE_LIMITS.maxBytes / 3) * 4;

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

  // Bulk actions of the list and the bin (ADR 023). Static addresses: Fastify matches them
  // before `/News/:id`.
  app.post('/News/Bulk', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    await news.bulk(actorOf(request), parseInput(AdminNewsBulkSchema, request.body));
    return { data: null };
  });
  app.get('/News/Export', async (request, reply) => {
    const { ids } = parseInput(AdminNewsExportQuerySchema, request.query);
    return sendCsv(
      reply,
      'notizie-selezionate.csv',
      await news.exportSelected(actorOf(request), ids),
    );
  });
  app.get('/News/Bin', async () => ({ data: await news.listBin() }));
  app.post('/News/:id/Restore', async (request) => ({
    data: await news.restore(actorOf(request), parseInput(IdParamsSchema, request.params).id),
  }));
  app.delete('/News/Bin/:id', async (request) => {
    await news.emptyBin(actorOf(request), parseInput(IdParamsSchema, request.params).id);
    return { data: null };
  });
  app.delete('/News/Bin', async (request) => {
    await news.emptyBin(actorOf(request), null);
    return { data: null };
  });

  // An item's history, and undoing one of its changes (ADR 023).
  app.get('/News/:id/History', async (request) => ({
    data: await news.history(parseInput(IdParamsSchema, request.params).id),
  }));
  app.post('/News/:id/Rollback', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    const { auditId } = parseInput(AdminRollbackSchema, request.body);
    return { data: await news.rollback(actorOf(request), id, auditId) };
  });

  // The staff preview of any item, drafts and scheduled ones too (ADR 023).
  app.get('/News/:id/Preview', async (request) => ({
    data: await news.preview(parseInput(IdParamsSchema, request.params).id),
  }));

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
