import {
  AdminMagazineArticleInputSchema,
  AdminMagazineArticleListQuerySchema,
  AdminMagazineIssueInputSchema,
  AdminMagazineIssueListQuerySchema,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import type { MagazineAdminService } from './admin-service.js';
import { recordRoutes, UPLOAD_BODY_LIMIT } from '../admin/route-helpers.js';

/**
 * /api/v1/Admin/MagazineIssues and /MagazineArticles (ADR 014). Registered inside
 * `adminRoutes`, so its access hook checks session and role first (and sets no-store), and the
 * access-matrix test walks these routes too.
 */
export async function magazineAdminRoutes(
  app: FastifyInstance,
  options: { magazine: MagazineAdminService },
) {
  const { magazine } = options;

  recordRoutes(
    app,
    '/MagazineIssues',
    {
      listQuery: AdminMagazineIssueListQuerySchema,
      input: AdminMagazineIssueInputSchema,
      bodyLimit: UPLOAD_BODY_LIMIT,
    },
    magazine.issues,
  );
  recordRoutes(
    app,
    '/MagazineArticles',
    {
      listQuery: AdminMagazineArticleListQuerySchema,
      input: AdminMagazineArticleInputSchema,
      bodyLimit: UPLOAD_BODY_LIMIT,
    },
    magazine.articles,
  );
}
