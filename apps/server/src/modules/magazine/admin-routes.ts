import {
  AdminMagazineArticleInputSchema,
  AdminMagazineArticleListQuerySchema,
  AdminMagazineIssueInputSchema,
  AdminMagazineIssueListQuerySchema,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.js';
import type { MagazineAdminService } from './admin-service.js';
import { actorOf, IdParamsSchema, UPLOAD_BODY_LIMIT } from '../admin/route-helpers.js';

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

  app.get('/MagazineIssues', async (request) => ({
    data: await magazine.listIssues(parseInput(AdminMagazineIssueListQuerySchema, request.query)),
  }));
  app.get('/MagazineIssues/:id', async (request) => ({
    data: await magazine.getIssue(parseInput(IdParamsSchema, request.params).id),
  }));
  app.post('/MagazineIssues', { bodyLimit: UPLOAD_BODY_LIMIT }, async (request) => ({
    data: await magazine.saveIssue(
      actorOf(request),
      null,
      parseInput(AdminMagazineIssueInputSchema, request.body),
    ),
  }));
  app.put('/MagazineIssues/:id', { bodyLimit: UPLOAD_BODY_LIMIT }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    return {
      data: await magazine.saveIssue(
        actorOf(request),
        id,
        parseInput(AdminMagazineIssueInputSchema, request.body),
      ),
    };
  });
  app.delete('/MagazineIssues/:id', async (request) => {
    await magazine.removeIssue(actorOf(request), parseInput(IdParamsSchema, request.params).id);
    return { data: null };
  });

  app.get('/MagazineArticles', async (request) => ({
    data: await magazine.listArticles(
      parseInput(AdminMagazineArticleListQuerySchema, request.query),
    ),
  }));
  app.get('/MagazineArticles/:id', async (request) => ({
    data: await magazine.getArticle(parseInput(IdParamsSchema, request.params).id),
  }));
  app.post('/MagazineArticles', { bodyLimit: UPLOAD_BODY_LIMIT }, async (request) => ({
    data: await magazine.saveArticle(
      actorOf(request),
      null,
      parseInput(AdminMagazineArticleInputSchema, request.body),
    ),
  }));
  app.put('/MagazineArticles/:id', { bodyLimit: UPLOAD_BODY_LIMIT }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    return {
      data: await magazine.saveArticle(
        actorOf(request),
        id,
        parseInput(AdminMagazineArticleInputSchema, request.body),
      ),
    };
  });
  app.delete('/MagazineArticles/:id', async (request) => {
    await magazine.removeArticle(actorOf(request), parseInput(IdParamsSchema, request.params).id);
    return { data: null };
  });
}
