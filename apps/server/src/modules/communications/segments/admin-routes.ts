import { SegmentDefinitionSchema, SegmentInputSchema } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../../http/validation.js';
import { actorOf, IdParamsSchema } from '../../admin/route-helpers.js';
import type { SegmentsAdminService } from './admin-service.js';

/**
 * /api/v1/Admin/CommunicationSegments (ADR 062): the secretariat's saved segments and the live
 * preview of a definition. Registered inside `adminRoutes`, so its access hook checks session
 * and role first and the access-matrix test walks these routes too.
 */
export async function segmentsAdminRoutes(
  app: FastifyInstance,
  options: { segments: SegmentsAdminService },
) {
  const { segments } = options;

  app.get('/CommunicationSegments', async () => {
    const items = await segments.list();
    return { data: { items, total: items.length } };
  });
  // The events a condition may name, for the builder's choices.
  app.get('/CommunicationSegments/Events', async () => ({ data: await segments.events() }));
  app.post('/CommunicationSegments/Preview', async (request) => ({
    data: await segments.preview(parseInput(SegmentDefinitionSchema, request.body)),
  }));
  app.get('/CommunicationSegments/:id', async (request) => ({
    data: await segments.get(parseInput(IdParamsSchema, request.params).id),
  }));
  app.post('/CommunicationSegments', async (request, reply) => {
    const made = await segments.create(
      actorOf(request),
      parseInput(SegmentInputSchema, request.body),
    );
    return reply.status(201).send({ data: made });
  });
  app.put('/CommunicationSegments/:id', async (request) => ({
    data: await segments.update(
      actorOf(request),
      parseInput(IdParamsSchema, request.params).id,
      parseInput(SegmentInputSchema, request.body),
    ),
  }));
  app.post('/CommunicationSegments/:id/Duplicate', async (request, reply) => {
    const made = await segments.duplicate(
      actorOf(request),
      parseInput(IdParamsSchema, request.params).id,
    );
    return reply.status(201).send({ data: made });
  });
  app.delete('/CommunicationSegments/:id', async (request) => {
    await segments.remove(actorOf(request), parseInput(IdParamsSchema, request.params).id);
    return { data: null };
  });
}
