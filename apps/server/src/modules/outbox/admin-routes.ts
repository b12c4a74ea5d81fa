import { AdminOutboxListQuerySchema } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.js';
import { actorOf, IdParamsSchema } from '../admin/route-helpers.js';
import type { OutboxAdminService } from './admin-service.js';

/**
 * /api/v1/Admin/OutboxMessages: messages that could not be delivered (ADR 013). Registered
 * inside `adminRoutes`, so its access hook checks session and role first and the access-matrix
 * test walks these routes too.
 */
export async function outboxAdminRoutes(
  app: FastifyInstance,
  options: { outbox: OutboxAdminService },
) {
  const { outbox } = options;

  app.get('/OutboxMessages', async (request) => ({
    data: await outbox.listDeadMessages(parseInput(AdminOutboxListQuerySchema, request.query)),
  }));
  app.post('/OutboxMessages/:id/Retry', async (request) => {
    await outbox.retryMessage(actorOf(request), parseInput(IdParamsSchema, request.params).id);
    return { data: null };
  });
  app.delete('/OutboxMessages/:id', async (request) => {
    await outbox.discardMessage(actorOf(request), parseInput(IdParamsSchema, request.params).id);
    return { data: null };
  });
}
