import {
  ADMIN_IMAGE_LIMITS,
  ADMIN_LIMITS,
  AdminBoardMemberInputSchema,
  AdminBoardMemberListQuerySchema,
  SiteContentKeyParamsSchema,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.js';
import { actorOf, IdParamsSchema } from '../admin/route-helpers.js';
import type { SocietyAdminService } from './society-admin-service.js';

const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

/** A board member's save: one photo and one CV, with the fields and JSON around them. */
const BOARD_BODY_LIMIT =
  base64Length(ADMIN_IMAGE_LIMITS.maxBytes) + base64Length(ADMIN_LIMITS.maxFileBytes) + 64 * 1024;
/** The supporters' save: a few new logos at most per save is the usual case; room for 4. */
const CONTENT_BODY_LIMIT = 4 * base64Length(ADMIN_IMAGE_LIMITS.maxBytes) + 512 * 1024;

/**
 * /api/v1/Admin/BoardMembers and /SiteContents (issue 10, ADR 016). Registered inside
 * `adminRoutes`, so its access hook checks session and role first and the access-matrix test
 * walks these routes too.
 */
export async function societyAdminRoutes(
  app: FastifyInstance,
  options: { society: SocietyAdminService },
) {
  const { society } = options;

  app.get('/BoardMembers', async (request) => ({
    data: await society.listBoardMembers(
      parseInput(AdminBoardMemberListQuerySchema, request.query),
    ),
  }));
  app.get('/BoardMembers/:id', async (request) => ({
    data: await society.getBoardMember(parseInput(IdParamsSchema, request.params).id),
  }));
  app.post('/BoardMembers', { bodyLimit: BOARD_BODY_LIMIT }, async (request) => ({
    data: await society.saveBoardMember(
      actorOf(request),
      null,
      parseInput(AdminBoardMemberInputSchema, request.body),
    ),
  }));
  app.put('/BoardMembers/:id', { bodyLimit: BOARD_BODY_LIMIT }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    return {
      data: await society.saveBoardMember(
        actorOf(request),
        id,
        parseInput(AdminBoardMemberInputSchema, request.body),
      ),
    };
  });
  app.delete('/BoardMembers/:id', async (request) => {
    await society.removeBoardMember(
      actorOf(request),
      parseInput(IdParamsSchema, request.params).id,
    );
    return { data: null };
  });

  app.get('/SiteContents', async () => ({ data: await society.listSiteContents() }));
  app.get('/SiteContents/:key', async (request) => ({
    data: await society.getSiteContent(parseInput(SiteContentKeyParamsSchema, request.params).key),
  }));
  app.put('/SiteContents/:key', { bodyLimit: CONTENT_BODY_LIMIT }, async (request) => {
    const { key } = parseInput(SiteContentKeyParamsSchema, request.params);
    return { data: await society.saveSiteContent(actorOf(request), key, request.body) };
  });
}
