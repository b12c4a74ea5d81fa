import type { FastifyInstance } from 'fastify';
import { sendJson } from '../../http/send-json.js';
import { IdParamsSchema, parseInput } from '../../http/validation.js';
import type { EventsService } from './service.js';

/** /api/v1/Events (ADR 047): the public list and one event, `{ data }` answers. */
export async function eventsRoutes(app: FastifyInstance, options: { events: EventsService }) {
  const { events } = options;
  app.get('/', async (_request, reply) => sendJson(reply, await events.listJson()));
  app.get('/:id', async (request, reply) =>
    sendJson(reply, await events.eventJson(parseInput(IdParamsSchema, request.params).id)),
  );
}
