import {
  AdminMagazineArticleInputSchema,
  AdminMagazineArticleListQuerySchema,
  AdminMagazineIssueInputSchema,
  AdminMagazineIssueListQuerySchema,
  MagazineIssueSelection,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import type { MagazineAdminService } from './admin-service.js';
import {
  binAndHistoryRoutes,
  recordRoutes,
  undoRoutes,
  UPLOAD_BODY_LIMIT,
} from '../admin/route-helpers.js';

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
  // Bulk actions, the bin and the history of the issues, as the news have them (ADR 031).
  undoRoutes(
    app,
    '/MagazineIssues',
    {
      bulk: MagazineIssueSelection.bulk,
      exportQuery: MagazineIssueSelection.exportQuery,
      exportFileName: 'numeri-selezionati.csv',
    },
    {
      bulk: (actor, body) => magazine.bulk(actor, body),
      exportSelected: (actor, ids) => magazine.exportSelected(actor, ids),
      listBin: () => magazine.listBin(),
      restore: (actor, id) => magazine.restore(actor, id),
      emptyBin: (actor, id) => magazine.emptyBin(actor, id),
      history: (id) => magazine.history(id),
      rollback: (actor, id, auditId) => magazine.rollback(actor, id, auditId),
    },
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
  // The articles' own bin and history, as the board's (ADR 031): no published flag, no bulk.
  binAndHistoryRoutes(app, '/MagazineArticles', {
    listBin: () => magazine.listArticleBin(),
    restore: (actor, id) => magazine.restoreArticle(actor, id),
    emptyBin: (actor, id) => magazine.emptyArticleBin(actor, id),
    history: (id) => magazine.articleHistory(id),
    rollback: (actor, id, auditId) => magazine.rollbackArticle(actor, id, auditId),
  });
}
