import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.js';
import { IdParamsSchema } from '../admin/route-helpers.js';
import type { SearchAdminService } from './admin-service.js';

/**
 * /api/v1/Admin/UnsearchableDocuments: PDFs the site search cannot read (scans without a text
 * layer, unreadable files), so the secretariat can replace them or have them read again (ADR
 * 025). Registered inside `adminRoutes`, behind the staff guard.
 */
export async function searchAdminRoutes(
  app: FastifyInstance,
  options: { search: SearchAdminService },
) {
  const { search } = options;
  app.get('/UnsearchableDocuments', async () => ({ data: await search.listUnsearchable() }));
  app.post('/UnsearchableDocuments/:id/Retry', async (request) => {
    await search.retryExtraction(parseInput(IdParamsSchema, request.params).id);
    return { data: null };
  });
}
