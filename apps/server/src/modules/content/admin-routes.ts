import {
  ADMIN_IMAGE_LIMITS,
  ADMIN_LIMITS,
  AdminBoardMemberInputSchema,
  AdminBoardMemberListQuerySchema,
  AdminSetupElementInputSchema,
  AdminSetupElementListQuerySchema,
  SiteContentKeyParamsSchema,
  SiteTextKeyParamsSchema,
  SITE_TEXT_KEYS,
  type SiteContentKey,
  SHARE_IMAGE_RECORD_ID,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../http/validation.js';
import {
  actorOf,
  binAndHistoryRoutes,
  FORM_BODY_LIMIT,
  historyRoutes,
  recordRoutes,
  saveAtVersion,
  UPLOAD_BODY_LIMIT,
  type HistoryHandlers,
} from '../admin/route-helpers.js';
import type { ContentAdminService } from './admin-service.js';

const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

/** A board member's save: one photo and one CV, with the fields and JSON around them. */
const BOARD_BODY_LIMIT =
  base64Length(ADMIN_IMAGE_LIMITS.maxBytes) + base64Length(ADMIN_LIMITS.maxFileBytes) + 64 * 1024;
/** The share image's save: one image and its text. */
const IMAGE_BODY_LIMIT = base64Length(ADMIN_IMAGE_LIMITS.maxBytes) + 64 * 1024;
/** The supporters' save: a few new logos at most per save is the usual case; room for 4. */
const CONTENT_BODY_LIMIT = 4 * base64Length(ADMIN_IMAGE_LIMITS.maxBytes) + 512 * 1024;

/** `:key` of a setup element: the keys of spec §3 and any a former back end left. */
const SetupElementKeyParamsSchema = z.object({
  key: z.string().regex(/^[a-z0-9-]{1,100}$/, { message: 'Chiave non valida.' }),
});

/**
 * /api/v1/Admin/SetupElements, /BoardMembers, /SiteContents and /SiteTexts (docs/decisions/013-back-office.md,
 * 016). Registered inside `adminRoutes`, so its access hook checks session and role first and
 * the access-matrix test walks these routes too.
 */
export async function contentAdminRoutes(
  app: FastifyInstance,
  options: { content: ContentAdminService },
) {
  const { content } = options;
  // Site contents are never deleted; each edit can be rolled back (ADR 031).
  const siteContentVersions: HistoryHandlers<SiteContentKey> = {
    history: (key) => content.siteContentHistory(key),
    rollback: (actor, key, auditId) => content.rollbackSiteContent(actor, key, auditId),
  };

  // Setup elements (page texts by key, spec §3)
  app.get('/SetupElements', async (request) => ({
    data: await content.listSetupElements(
      parseInput(AdminSetupElementListQuerySchema, request.query),
    ),
  }));
  app.get('/SetupElements/:key', async (request) => ({
    data: await content.getSetupElement(
      parseInput(SetupElementKeyParamsSchema, request.params).key,
    ),
  }));
  app.put('/SetupElements/:key', { bodyLimit: UPLOAD_BODY_LIMIT }, async (request) => {
    const { key } = parseInput(SetupElementKeyParamsSchema, request.params);
    const input = parseInput(AdminSetupElementInputSchema, request.body);
    return {
      data: await saveAtVersion(
        request,
        key,
        {
          get: (textKey: string) => content.getSetupElement(textKey),
          history: (textKey: string) => content.setupElementHistory(textKey),
        },
        (version) => content.saveSetupElement(actorOf(request), key, input, version),
      ),
    };
  });

  // Each text's history and its rollback (ADR 031): page texts are never deleted.
  historyRoutes(
    app,
    '/SetupElements',
    { name: 'key', schema: SetupElementKeyParamsSchema },
    {
      history: (key) => content.setupElementHistory(key),
      rollback: (actor, key, auditId) => content.rollbackSetupElement(actor, key, auditId),
    },
  );

  // The board (Consiglio Direttivo), with its bin and each member's history (ADR 031)
  binAndHistoryRoutes(app, '/BoardMembers', {
    listBin: () => content.listBoardBin(),
    restore: (actor, id) => content.restoreBoardMember(actor, id),
    emptyBin: (actor, id) => content.emptyBoardBin(actor, id),
    history: (id) => content.boardMemberHistory(id),
    rollback: (actor, id, auditId) => content.rollbackBoardMember(actor, id, auditId),
  });
  recordRoutes(
    app,
    '/BoardMembers',
    {
      listQuery: AdminBoardMemberListQuerySchema,
      input: AdminBoardMemberInputSchema,
      bodyLimit: BOARD_BODY_LIMIT,
    },
    {
      list: (query) => content.listBoardMembers(query),
      get: (id) => content.getBoardMember(id),
      save: (actor, id, input, version) => content.saveBoardMember(actor, id, input, version),
      remove: (actor, id) => content.removeBoardMember(actor, id),
      history: (id) => content.boardMemberHistory(id),
    },
  );

  // Contacts, legal data, supporters, past presidents and cookie policy (GetContenuti, ADR 009)
  app.get('/SiteContents', async () => ({ data: await content.listSiteContents() }));
  app.get('/SiteContents/:key', async (request) => ({
    data: await content.getSiteContent(parseInput(SiteContentKeyParamsSchema, request.params).key),
  }));
  app.put('/SiteContents/:key', { bodyLimit: CONTENT_BODY_LIMIT }, async (request) => {
    const { key } = parseInput(SiteContentKeyParamsSchema, request.params);
    return { data: await content.saveSiteContent(actorOf(request), key, request.body) };
  });

  historyRoutes(
    app,
    '/SiteContents',
    { name: 'key', schema: SiteContentKeyParamsSchema },
    siteContentVersions,
  );

  // The home's hero, the /chi-siamo cards and the links to other sites (ADR 035): the same
  // contents' rules, on a screen of their own.
  app.get('/SiteTexts', async () => ({ data: await content.listSiteContents(SITE_TEXT_KEYS) }));
  app.get('/SiteTexts/:key', async (request) => ({
    data: await content.getSiteContent(parseInput(SiteTextKeyParamsSchema, request.params).key),
  }));
  app.put('/SiteTexts/:key', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const { key } = parseInput(SiteTextKeyParamsSchema, request.params);
    return { data: await content.saveSiteContent(actorOf(request), key, request.body) };
  });
  historyRoutes(
    app,
    '/SiteTexts',
    { name: 'key', schema: SiteTextKeyParamsSchema },
    siteContentVersions,
  );

  // The pages' share image (ADR 034, amended): one record, beside the site texts.
  const ShareImageParamsSchema = z.object({
    id: z.literal(SHARE_IMAGE_RECORD_ID, { message: 'Immagine non trovata.' }),
  });
  app.get('/ShareImage/:id', async (request) => {
    parseInput(ShareImageParamsSchema, request.params);
    return { data: await content.shareImage.get() };
  });
  app.put('/ShareImage/:id', { bodyLimit: IMAGE_BODY_LIMIT }, async (request) => {
    parseInput(ShareImageParamsSchema, request.params);
    return { data: await content.shareImage.save(actorOf(request), request.body) };
  });
  app.delete('/ShareImage/:id', async (request) => {
    parseInput(ShareImageParamsSchema, request.params);
    return { data: await content.shareImage.remove(actorOf(request)) };
  });
}
