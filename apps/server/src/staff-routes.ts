import {
  AdminAuditListQuerySchema,
  AdminRichTextPreviewSchema,
  AUDIT_ENTITY_NAMES,
  rolesOfStaffRoute,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from './http/validation.js';
import type { AppServices } from './services.js';
import { spreadsheetDateTime, toCsv } from './text/csv.js';
import { sanitizeRichText } from './text/rich-text.js';
import { accountsAdminRoutes } from './modules/accounts/admin-routes.js';
import { enforceStaffTwoFactor } from './modules/accounts/two-factor-admin-routes.js';
import { contentAdminRoutes } from './modules/content/admin-routes.js';
import { magazineAdminRoutes } from './modules/magazine/admin-routes.js';
import { membershipAdminRoutes } from './modules/membership/admin-routes.js';
import { bankAdminRoutes } from './modules/membership/admin-bank-routes.js';
import { duesReminderAdminRoutes } from './modules/membership/admin-reminder-routes.js';
import { duesReportAdminRoutes } from './modules/membership/admin-dues-report-routes.js';
import { feeYearsAdminRoutes } from './modules/membership/dues/admin-fee-years-routes.js';
import { newsAdminRoutes } from './modules/news/admin-routes.js';
import { newsletterAdminRoutes } from './modules/newsletter/admin-routes.js';
import { outboxAdminRoutes } from './modules/outbox/admin-routes.js';
import { paymentsAdminRoutes } from './modules/payments/admin-routes.js';
import { flaggedPaymentRoutes } from './modules/payments/admin-flagged-routes.js';
import { reservedAreaAdminRoutes } from './modules/reserved-area/admin-routes.js';
import { searchAdminRoutes } from './modules/search/admin-routes.js';
import { searchPendingWork } from './modules/search/admin-service.js';
import { sponsorshipAdminRoutes } from './modules/sponsorship/admin-routes.js';
import { transparencyAdminRoutes } from './modules/transparency/admin-routes.js';
import { membershipDashboardWork } from './modules/membership/admin-service.js';
import { newsPendingWork } from './modules/news/admin-service.js';
import { magazinePendingWork } from './modules/magazine/admin-service.js';
import { reservedPendingWork } from './modules/reserved-area/admin-service.js';
import { outboxPendingWork } from './modules/outbox/admin-service.js';
import { paymentsPendingWork } from './modules/payments/admin-service.js';
import { sponsorshipPendingWork } from './modules/sponsorship/admin-service.js';
import { transparencyDashboardWork } from './modules/transparency/admin-service.js';
import { requireStaff } from './modules/accounts/staff-guard.js';
import { dashboard, type PendingWorkProvider } from './modules/admin/dashboard.js';
import { allAudit, listAudit } from './modules/admin/audit.js';
import { FORM_BODY_LIMIT, sendCsv, staffOf } from './modules/admin/route-helpers.js';

export interface AdminRoutesOptions {
  services: AppServices;
  /** Filled with every admin route as it is registered (the access matrix test walks it). */
  routeTable?: { method: string; url: string }[];
}

/**
 * What waits for the secretariat on the back office's home, one provider per domain, in the
 * order shown (ADR 023): a new domain adds its own line here.
 */
const PENDING_WORK: readonly PendingWorkProvider[] = [
  sponsorshipPendingWork,
  paymentsPendingWork,
  outboxPendingWork,
  newsPendingWork,
  reservedPendingWork,
  magazinePendingWork,
  membershipDashboardWork,
  transparencyDashboardWork,
  searchPendingWork,
];

/** Most audit entries in one export. */
const AUDIT_EXPORT_LIMIT = 50_000;

/**
 * /api/v1/Admin: the secretariat's back office (ADR 013). One hook checks the session
 * and the role before any route of this plugin runs: 401 without a valid session, 403 for
 * roles other than `segreteria`. Answers are never cached.
 *
 * The staff route registry sits beside `app.ts`, not in the staff kit (`modules/admin/`): it
 * names every domain, and the kit that every domain uses may name none (ADR 044).
 */
export async function adminRoutes(app: FastifyInstance, options: AdminRoutesOptions) {
  const { accounts, twoFactor, staff, files, db, clock } = options.services;
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
    await enforceStaffTwoFactor(request, twoFactor);
  });

  // Each domain's staff routes, under the hook above (ADR 013).
  // News and their categories
  await app.register(newsAdminRoutes, { news: staff.news });

  // Members and staff security (two-factor sign-in)
  await app.register(accountsAdminRoutes, { members: staff.members, twoFactor });

  // The bulletin: issues and their articles
  await app.register(magazineAdminRoutes, { magazine: staff.magazine });

  // Page texts, the board, contacts, legal data, supporters, past presidents and cookie policy
  await app.register(contentAdminRoutes, { content: staff.content });
  // The rich text as the site will show it (the same allowlist), for the editors' preview.
  app.post('/RichTextPreview', { bodyLimit: FORM_BODY_LIMIT * 2 }, async (request) => ({
    data: { html: sanitizeRichText(parseInput(AdminRichTextPreviewSchema, request.body).bodyHtml) },
  }));

  // Sponsorship requests, newsletter subscribers, messages that could not be delivered
  await app.register(sponsorshipAdminRoutes, { sponsorship: staff.sponsorship, files });
  await app.register(newsletterAdminRoutes, { newsletter: staff.newsletter });
  await app.register(outboxAdminRoutes, { outbox: staff.outbox });

  // Fee payments and fees
  await app.register(paymentsAdminRoutes, { payments: staff.payments });
  await app.register(flaggedPaymentRoutes, {
    flagged: staff.flaggedPayments,
    payments: staff.payments,
  });
  // Memberships: dues by year, standing, exemptions (ADR 024), the fee of each year (ADR 029)
  await app.register(membershipAdminRoutes, { membership: staff.membership });
  await app.register(feeYearsAdminRoutes, { feeYears: staff.feeYears });
  // Dues by bank transfer: statements and the rows to review (ADR 029)
  await app.register(bankAdminRoutes, { bank: staff.bank, handPayments: staff.handPayments });
  // Dues reminders: who gets which next, pauses (ADR 030)
  await app.register(duesReminderAdminRoutes, {
    reminders: options.services.duesReminders,
    texts: staff.reminderTexts,
  });
  // The year's dues for the treasury and the accountant's exports (ADR 024, 029)
  await app.register(duesReportAdminRoutes, {
    report: { db, clock, rules: options.services.membership.rules },
  });

  // Reserved area: recommendations, assemblies, press review and the board's opinions, each
  // with its audience
  await app.register(reservedAreaAdminRoutes, { reserved: staff.reserved });

  // Società trasparente: publications, public contributions and the yearly deadlines (ADR 026)
  await app.register(transparencyAdminRoutes, { transparency: staff.transparency });
  // Site search: PDFs whose text cannot be searched (ADR 025)
  await app.register(searchAdminRoutes, { search: staff.search });
  // The home: pending work from every domain and the latest activity (ADR 023)
  app.get('/Dashboard', async (request) => {
    const home = await dashboard(db, PENDING_WORK, clock());
    // The latest activity is the audit log's: only for roles that may read it (ADR 031).
    const mayReadLog = rolesOfStaffRoute('GET', '/AuditLog').some(
      (role) => role === staffOf(request).role,
    );
    return { data: mayReadLog ? home : { ...home, latest: [] } };
  });

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
    // Italian words and Rome-time dates Excel reads as dates (toCsv: ";", BOM, CRLF).
    const csv = toCsv([
      ['Data e ora', 'Chi', 'Azione', 'Elemento', 'Numero', 'Descrizione', 'Prima', 'Dopo'],
      ...entries.map((entry) => [
        spreadsheetDateTime(entry.at),
        entry.actorEmail,
        capitalised(entry.action),
        (AUDIT_ENTITY_NAMES as Record<string, string>)[entry.entity] ?? entry.entity,
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
    const staff = staffOf(request);
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

/** "crea" → "Crea": an action as a word at the start of a spreadsheet cell. */
function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
