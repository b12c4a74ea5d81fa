import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendHashAddressedImage } from '../../http/send-image.js';
import { sendJson } from '../../http/send-json.js';
import { IdParamsSchema, parseInput } from '../../http/validation.js';
import type { EventsService } from './service.js';

const CoverParamsSchema = z.object({ file: z.string().max(80) });

/** /api/v1/Events (ADR 047): the public list and one event, `{ data }` answers. */
export async function eventsRoutes(app: FastifyInstance, options: { events: EventsService }) {
  const { events } = options;
  app.get('/', async (_request, reply) => sendJson(reply, await events.listJson()));
  /** An event cover's file (ADR 052), at the address of its hash, kept by caches for good. */
  app.get('/Cover/:file', async (request, reply) => {
    const { file } = parseInput(CoverParamsSchema, request.params);
    return sendHashAddressedImage(request, reply, await events.coverFile(file));
  });
  app.get('/:id', async (request, reply) =>
    sendJson(reply, await events.eventJson(parseInput(IdParamsSchema, request.params).id)),
  );
}
