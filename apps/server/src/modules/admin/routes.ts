import { AdminAuditListQuerySchema, AdminRichTextPreviewSchema } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.js';
import type { AccountService, AuthenticatedMember } from '../accounts/service.js';
import { requireStaff } from './access.js';
import { allAudit, listAudit } from './audit.js';
import type { MembersAdminService } from '../accounts/members-admin-service.js';
import { toCsv } from '../../text/csv.js';
import type { MagazineAdminService } from '../magazine/admin-service.js';
import { magazineAdminRoutes } from '../magazine/admin-routes.js';
import type { PaymentsAdminService } from '../payments/admin-service.js';
import { paymentsAdminRoutes } from '../payments/admin-routes.js';
import type { ContentAdminService } from '../content/admin-service.js';
import { contentAdminRoutes } from '../content/admin-routes.js';
import { reservedAreaAdminRoutes } from '../reserved-area/admin-routes.js';
import { accountsAdminRoutes } from '../accounts/admin-routes.js';
import { enforceStaffTwoFactor } from '../accounts/two-factor-admin-routes.js';
import type { TwoFactorService } from '../accounts/two-factor.js';
import { FORM_BODY_LIMIT, sendCsv } from './route-helpers.js';
import type { NewsAdminService } from '../news/admin-service.js';
import { newsAdminRoutes } from '../news/admin-routes.js';
import type { SponsorshipAdminService } from '../sponsorship/admin-service.js';
import { sponsorshipAdminRoutes } from '../sponsorship/admin-routes.js';
import type { NewsletterAdminService } from '../newsletter/admin-service.js';
import { newsletterAdminRoutes } from '../newsletter/admin-routes.js';
import type { OutboxAdminService } from '../outbox/admin-service.js';
import { outboxAdminRoutes } from '../outbox/admin-routes.js';
import type { ReservedAdminService } from '../reserved-area/admin-service.js';
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
  content: ContentAdminService;
  sponsorship: SponsorshipAdminService;
  newsletter: NewsletterAdminService;
  outbox: OutboxAdminService;
  reserved: ReservedAdminService;
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

/** Most audit entries in one export. */
const AUDIT_EXPORT_LIMIT = 50_000;

/**
 * /api/v1/Admin: the secretariat's back office (issue 10, ADR 013). One hook checks the session
 * and the role before any route of this plugin runs: 401 without a valid session, 403 for
 * roles other than `segreteria`. Answers are never cached.
 */
export async function adminRoutes(app: FastifyInstance, options: AdminRoutesOptions) {
  const { accounts, news, members, magazine, reserved, files, db, clock } = options;
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

  // News and their categories
  await app.register(newsAdminRoutes, { news });

  // Members and staff security (two-factor sign-in)
  await app.register(accountsAdminRoutes, { members, twoFactor: options.twoFactor });

  // The bulletin: issues and their articles
  await app.register(magazineAdminRoutes, { magazine });

  // Page texts, the board, contacts, legal data, supporters, past presidents and cookie policy
  await app.register(contentAdminRoutes, { content: options.content });
  // The rich text as the site will show it (the same allowlist), for the editors' preview.
  app.post('/RichTextPreview', { bodyLimit: FORM_BODY_LIMIT * 2 }, async (request) => ({
    data: { html: sanitizeRichText(parseInput(AdminRichTextPreviewSchema, request.body).bodyHtml) },
  }));

  // Sponsorship requests, newsletter subscribers, messages that could not be delivered
  await app.register(sponsorshipAdminRoutes, { sponsorship: options.sponsorship, files });
  await app.register(newsletterAdminRoutes, { newsletter: options.newsletter });
  await app.register(outboxAdminRoutes, { outbox: options.outbox });

  // Fee payments and fees
  await app.register(paymentsAdminRoutes, { payments: options.payments });

  // Reserved area: recommendations, assemblies, press review and the board's opinions, each
  // with its audience
  await app.register(reservedAreaAdminRoutes, { reserved });

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
