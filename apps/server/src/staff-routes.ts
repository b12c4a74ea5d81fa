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
import { SERVER_MODULES } from './modules/index.js';
import { dashboard, type PendingWorkProvider } from './modules/admin/dashboard.js';
import { allAudit, listAudit } from './modules/admin/audit.js';
import { FORM_BODY_LIMIT, sendCsv, staffOf } from './modules/admin/route-helpers.js';
import { capitalised } from './text/capitalised.js';

export interface AdminRoutesOptions {
  services: AppServices;
  /** Filled with every admin route as it is registered (the access matrix test walks it). */
  routeTable?: { method: string; url: string }[];
}

/**
 * What waits for the secretariat on the back office's home, from every module, in the list's
 * order (ADR 023, 046).
 */
const PENDING_WORK: readonly PendingWorkProvider[] = SERVER_MODULES.flatMap(
  (module) => module.pendingWork ?? [],
);

/** Most audit entries in one export. */
const AUDIT_EXPORT_LIMIT = 50_000;

/**
 * /api/v1/Admin: the secretariat's back office (ADR 013). One hook checks the session
 * and the role before any route of this plugin runs: 401 without a valid session, 403 for
 * roles other than `segreteria`. Answers are never cached.
 *
 * The staff route registry sits beside `app.ts`, not in the staff kit (`modules/admin/`): it
 * loops over every module (ADR 044, 046), and the kit that every domain uses may name none.
 */
export async function adminRoutes(app: FastifyInstance, options: AdminRoutesOptions) {
  const { services } = options;
  const { staffGuard, db, clock } = services;
  app.decorateRequest('staff', null);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') options.routeTable?.push({ method, url: route.url });
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    await staffGuard(request);
  });

  // Each module's staff routes, under the hook above, in the list's order (ADR 013, 046).
  for (const module of SERVER_MODULES) await module.staffRoutes?.(app, services);
  // The rich text as the site will show it (the same allowlist), for the editors' preview.
  app.post('/RichTextPreview', { bodyLimit: FORM_BODY_LIMIT * 2 }, async (request) => ({
    data: { html: sanitizeRichText(parseInput(AdminRichTextPreviewSchema, request.body).bodyHtml) },
  }));
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
