import { AdminSponsorshipListQuerySchema, AdminSponsorshipUpdateSchema } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { FileStore } from '../../files/file-store.js';
import { sendStoredFile } from '../../http/send-file.js';
import { parseInput } from '../../http/validation.js';
import {
  actorOf,
  BY_ID,
  FORM_BODY_LIMIT,
  historyRoutes,
  IdParamsSchema,
} from '../admin/route-helpers.js';
import type { SponsorshipAdminService } from './admin-service.js';

const FileParamsSchema = IdParamsSchema.extend({
  fileId: z.coerce
    .number({ message: 'Identificativo non valido.' })
    .int()
    .positive({ message: 'Identificativo non valido.' }),
});

/**
 * /api/v1/Admin/SponsorshipRequests (ADR 013). Registered inside `adminRoutes`, so its access
 * hook checks session and role first and the access-matrix test walks these routes too.
 */
export async function sponsorshipAdminRoutes(
  app: FastifyInstance,
  options: { sponsorship: SponsorshipAdminService; files: FileStore },
) {
  const { sponsorship, files } = options;

  app.get('/SponsorshipRequests', async (request) => ({
    data: await sponsorship.listSponsorships(
      parseInput(AdminSponsorshipListQuerySchema, request.query),
    ),
  }));
  app.get('/SponsorshipRequests/:id', async (request) => ({
    data: await sponsorship.getSponsorship(parseInput(IdParamsSchema, request.params).id),
  }));
  app.put('/SponsorshipRequests/:id', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    const decision = parseInput(AdminSponsorshipUpdateSchema, request.body);
    return { data: await sponsorship.handleSponsorship(actorOf(request), id, decision) };
  });
  // Each handling goes back from the request's history; a rollback sends no e-mail (ADR 031).
  historyRoutes(app, '/SponsorshipRequests', BY_ID, {
    history: (id) => sponsorship.sponsorshipHistory(id),
    rollback: (actor, id, auditId) => sponsorship.rollbackSponsorship(actor, id, auditId),
  });
  app.get('/SponsorshipRequests/:id/Files/:fileId', async (request, reply) => {
    const { id, fileId } = parseInput(FileParamsSchema, request.params);
    return sendStoredFile(
      reply,
      files,
      await sponsorship.sponsorshipFile(id, fileId),
      'attachment',
    );
  });
}
