import type { FastifyInstance } from 'fastify';
import type { SearchAdminService } from './admin-service.js';

/**
 * /api/v1/Admin/UnsearchableDocuments: PDFs the site search cannot read (scans without a text
 * layer, unreadable files), so the secretariat can replace them (ADR 025). Registered inside
 * `adminRoutes`, behind the staff guard.
 */
export async function searchAdminRoutes(
  app: FastifyInstance,
  options: { search: SearchAdminService },
) {
  const { search } = options;
  app.get('/UnsearchableDocuments', async () => ({ data: await search.listUnsearchable() }));
}
