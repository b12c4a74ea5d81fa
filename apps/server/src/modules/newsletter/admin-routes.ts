import { AdminNewsletterListQuerySchema } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.js';
import { actorOf, IdParamsSchema, sendCsv } from '../admin/route-helpers.js';
import type { NewsletterAdminService } from './admin-service.js';

/**
 * /api/v1/Admin/NewsletterSubscribers (ADR 013). Registered inside `adminRoutes`, so its access
 * hook checks session and role first and the access-matrix test walks these routes too.
 */
export async function newsletterAdminRoutes(
  app: FastifyInstance,
  options: { newsletter: NewsletterAdminService },
) {
  const { newsletter } = options;

  app.get('/NewsletterSubscribers', async (request) => ({
    data: await newsletter.listSubscribers(
      parseInput(AdminNewsletterListQuerySchema, request.query),
    ),
  }));
  app.get('/NewsletterSubscribers/Export', async (request, reply) => {
    const query = parseInput(AdminNewsletterListQuerySchema, request.query);
    return sendCsv(
      reply,
      'iscritti-newsletter.csv',
      await newsletter.exportSubscribers(actorOf(request), query),
    );
  });
  app.delete('/NewsletterSubscribers/:id', async (request) => {
    await newsletter.withdrawSubscriber(
      actorOf(request),
      parseInput(IdParamsSchema, request.params).id,
    );
    return { data: null };
  });
}
