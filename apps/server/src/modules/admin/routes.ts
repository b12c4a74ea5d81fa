import {
  ADMIN_LIMITS,
  AdminAuditListQuerySchema,
  AdminCategoryInputSchema,
  AdminNewsInputSchema,
  AdminMagazineArticleInputSchema,
  AdminMagazineArticleListQuerySchema,
  AdminMagazineIssueInputSchema,
  AdminMagazineIssueListQuerySchema,
  AdminNewsListQuerySchema,
  AdminNewsletterListQuerySchema,
  AdminAssemblyInputSchema,
  AdminRecommendationInputSchema,
  AdminReservedListQuerySchema,
  AdminOutboxListQuerySchema,
  AdminSponsorshipListQuerySchema,
  AdminSponsorshipUpdateSchema,
  AdminRichTextPreviewSchema,
  AdminSetupElementInputSchema,
  AdminSetupElementListQuerySchema,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../http/validation.js';
import type { AccountService, AuthenticatedMember } from '../accounts/service.js';
import { requireStaff } from './access.js';
import { allAudit, listAudit } from './audit.js';
import type { MembersAdminService } from '../accounts/members-admin-service.js';
import { toCsv } from '../../text/csv.js';
import type { MagazineAdminService } from '../magazine/admin-service.js';
import type { PaymentsAdminService } from '../payments/admin-service.js';
import { paymentsAdminRoutes } from '../payments/admin-routes.js';
import type { SocietyAdminService } from '../content/society-admin-service.js';
import { societyAdminRoutes } from '../content/society-admin-routes.js';
import type { PressOpinionsAdminService } from '../reserved-area/press-opinions-admin-service.js';
import { pressOpinionsAdminRoutes } from '../reserved-area/press-opinions-admin-routes.js';
import { accountsAdminRoutes } from '../accounts/admin-routes.js';
import { enforceStaffTwoFactor } from '../accounts/two-factor-admin-routes.js';
import type { TwoFactorService } from '../accounts/two-factor.js';
import { actorOf, FORM_BODY_LIMIT, IdParamsSchema, sendCsv } from './route-helpers.js';
import type { NewsAdminService } from '../news/admin-service.js';
import type { SetupAdminService } from '../content/setup-admin-service.js';
import type { InboxAdminService } from './inbox-admin.js';
import type { ReservedAdminService } from '../reserved-area/admin-service.js';
import { sendStoredFile } from '../../http/send-file.js';
import type { FileStore } from '../../files/file-store.js';
import { sanitizeRichText } from '../../text/rich-text.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../text/dates.js';

export interface AdminRoutesOptions {
  accounts: AccountService;
  news: NewsAdminService;
  members: MembersAdminService;
  magazine: MagazineAdminService;
  payments: PaymentsAdminService;
  society: SocietyAdminService;
  setup: SetupAdminService;
  inbox: InboxAdminService;
  reserved: ReservedAdminService;
  pressOpinions: PressOpinionsAdminService;
  twoFactor: TwoFactorService;
  files: FileStore;
  db: Kysely<Database>;
  clock: Clock;
  /** Filled with every admin route as it is registered (the access matrix test walks it). */
  routeTable?: { method: string; url: string }[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff member of an admin request, set by the access hook. */
    staff: AuthenticatedMember | null;
  }
}

const FileParamsSchema = IdParamsSchema.extend({
  fileId: z.coerce
    .number({ message: 'Identificativo non valido.' })
    .int()
    .positive({ message: 'Identificativo non valido.' }),
});

const KeyParamsSchema = z.object({
  key: z.string().regex(/^[a-z0-9-]{1,100}$/, { message: 'Chiave non valida.' }),
});

/** Room for the fields and JSON around the largest uploads of one save. */
const UPLOAD_BODY_LIMIT =
  ADMIN_LIMITS.maxNewFilesPerSave * Math.ceil(ADMIN_LIMITS.maxFileBytes / 3) * 4 + 512 * 1024;
/** Most audit entries in one export. */
const AUDIT_EXPORT_LIMIT = 50_000;

/**
 * /api/v1/Admin: the secretariat's back office (issue 10, ADR 013). One hook checks the session
 * and the role before any route of this plugin runs: 401 without a valid session, 403 for
 * roles other than `segreteria`. Answers are never cached.
 */
export async function adminRoutes(app: FastifyInstance, options: AdminRoutesOptions) {
  const { accounts, news, members, magazine, setup, inbox, reserved, files, db, clock } = options;
  app.decorateRequest('staff', null);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') options.routeTable?.push({ method, url: route.url });
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    request.staff = await requireStaff(request, accounts);
    await enforceStaffTwoFactor(request, options.twoFactor);
  });

  // News
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

  // Members and staff security (two-factor sign-in)
  await app.register(accountsAdminRoutes, { members, twoFactor: options.twoFactor });

  // The bulletin: issues and their articles
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

  // Setup elements (page texts by key, spec §3)
  app.get('/SetupElements', async (request) => ({
    data: await setup.list(parseInput(AdminSetupElementListQuerySchema, request.query)),
  }));
  app.get('/SetupElements/:key', async (request) => ({
    data: await setup.get(parseInput(KeyParamsSchema, request.params).key),
  }));
  app.put('/SetupElements/:key', { bodyLimit: UPLOAD_BODY_LIMIT }, async (request) => {
    const { key } = parseInput(KeyParamsSchema, request.params);
    return {
      data: await setup.save(
        actorOf(request),
        key,
        parseInput(AdminSetupElementInputSchema, request.body),
      ),
    };
  });
  // The rich text as the site will show it (the same allowlist), for the editors' preview.
  app.post('/RichTextPreview', { bodyLimit: FORM_BODY_LIMIT * 2 }, async (request) => ({
    data: { html: sanitizeRichText(parseInput(AdminRichTextPreviewSchema, request.body).bodyHtml) },
  }));

  // Inbox: sponsorship requests
  app.get('/SponsorshipRequests', async (request) => ({
    data: await inbox.listSponsorships(parseInput(AdminSponsorshipListQuerySchema, request.query)),
  }));
  app.get('/SponsorshipRequests/:id', async (request) => ({
    data: await inbox.getSponsorship(parseInput(IdParamsSchema, request.params).id),
  }));
  app.put('/SponsorshipRequests/:id', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    const { status } = parseInput(AdminSponsorshipUpdateSchema, request.body);
    return { data: await inbox.handleSponsorship(actorOf(request), id, status) };
  });
  app.get('/SponsorshipRequests/:id/Files/:fileId', async (request, reply) => {
    const { id, fileId } = parseInput(FileParamsSchema, request.params);
    return sendStoredFile(reply, files, await inbox.sponsorshipFile(id, fileId), 'attachment');
  });

  // Inbox: newsletter subscribers
  app.get('/NewsletterSubscribers', async (request) => ({
    data: await inbox.listSubscribers(parseInput(AdminNewsletterListQuerySchema, request.query)),
  }));
  app.get('/NewsletterSubscribers/Export', async (request, reply) => {
    const query = parseInput(AdminNewsletterListQuerySchema, request.query);
    return sendCsv(
      reply,
      'iscritti-newsletter.csv',
      await inbox.exportSubscribers(actorOf(request), query),
    );
  });
  app.delete('/NewsletterSubscribers/:id', async (request) => {
    await inbox.withdrawSubscriber(actorOf(request), parseInput(IdParamsSchema, request.params).id);
    return { data: null };
  });

  // Inbox: outbox messages that could not be delivered
  app.get('/OutboxMessages', async (request) => ({
    data: await inbox.listDeadMessages(parseInput(AdminOutboxListQuerySchema, request.query)),
  }));
  app.post('/OutboxMessages/:id/Retry', async (request) => {
    await inbox.retryMessage(actorOf(request), parseInput(IdParamsSchema, request.params).id);
    return { data: null };
  });
  app.delete('/OutboxMessages/:id', async (request) => {
    await inbox.discardMessage(actorOf(request), parseInput(IdParamsSchema, request.params).id);
    return { data: null };
  });

  // Fee payments and fees
  await app.register(paymentsAdminRoutes, { payments: options.payments });
  // The board, contacts, legal data, supporters, past presidents and cookie policy
  await app.register(societyAdminRoutes, { society: options.society });

  // Reserved area: recommendations and assemblies, each with its audience
  app.get('/Recommendations', async (request) => ({
    data: await reserved.listRecommendations(
      parseInput(AdminReservedListQuerySchema, request.query),
    ),
  }));
  app.get('/Recommendations/:id', async (request) => ({
    data: await reserved.getRecommendation(parseInput(IdParamsSchema, request.params).id),
  }));
  app.post('/Recommendations', { bodyLimit: UPLOAD_BODY_LIMIT }, async (request) => ({
    data: await reserved.saveRecommendation(
      actorOf(request),
      null,
      parseInput(AdminRecommendationInputSchema, request.body),
    ),
  }));
  app.put('/Recommendations/:id', { bodyLimit: UPLOAD_BODY_LIMIT }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    return {
      data: await reserved.saveRecommendation(
        actorOf(request),
        id,
        parseInput(AdminRecommendationInputSchema, request.body),
      ),
    };
  });
  app.delete('/Recommendations/:id', async (request) => {
    await reserved.removeRecommendation(
      actorOf(request),
      parseInput(IdParamsSchema, request.params).id,
    );
    return { data: null };
  });
  app.get('/Assemblies', async (request) => ({
    data: await reserved.listAssemblies(parseInput(AdminReservedListQuerySchema, request.query)),
  }));
  app.get('/Assemblies/:id', async (request) => ({
    data: await reserved.getAssembly(parseInput(IdParamsSchema, request.params).id),
  }));
  app.post('/Assemblies', { bodyLimit: UPLOAD_BODY_LIMIT }, async (request) => ({
    data: await reserved.saveAssembly(
      actorOf(request),
      null,
      parseInput(AdminAssemblyInputSchema, request.body),
    ),
  }));
  app.put('/Assemblies/:id', { bodyLimit: UPLOAD_BODY_LIMIT }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    return {
      data: await reserved.saveAssembly(
        actorOf(request),
        id,
        parseInput(AdminAssemblyInputSchema, request.body),
      ),
    };
  });
  app.delete('/Assemblies/:id', async (request) => {
    await reserved.removeAssembly(actorOf(request), parseInput(IdParamsSchema, request.params).id);
    return { data: null };
  });

  // Press review and the board's opinions, each with its audience
  await app.register(pressOpinionsAdminRoutes, { pressOpinions: options.pressOpinions });

  // Audit log
  app.get('/AuditLog', async (request) => ({
    data: await listAudit(db, parseInput(AdminAuditListQuerySchema, request.query)),
  }));
  app.get('/AuditLog/Export', async (request, reply) => {
    const entries = await allAudit(
      db,
      parseInput(AdminAuditListQuerySchema, request.query),
      AUDIT_EXPORT_LIMIT,
    );
    const csv = toCsv([
      ['quando', 'chi', 'azione', 'elemento', 'id', 'descrizione', 'prima', 'dopo'],
      ...entries.map((entry) => [
        entry.at,
        entry.actorEmail,
        entry.action,
        entry.entity,
        entry.entityId ?? '',
        entry.summary,
        entry.before === null ? '' : JSON.stringify(entry.before),
        entry.after === null ? '' : JSON.stringify(entry.after),
      ]),
    ]);
    return sendCsv(reply, `registro-attivita-${clock().toISOString().slice(0, 10)}.csv`, csv);
  });

  // The signed-in staff member (the admin screens greet by name and check the role with it).
  app.get('/Me', async (request) => {
    const staff = request.staff as AuthenticatedMember;
    return {
      data: {
        id: staff.id,
        email: staff.email,
        firstName: staff.firstName,
        lastName: staff.lastName,
        role: staff.role,
      },
    };
  });
}
