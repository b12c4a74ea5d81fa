import { EventEcmInputSchema } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../../http/validation.js';
import { actorOf, IdParamsSchema } from '../../admin/route-helpers.js';
import type { EcmAdmin } from './admin-service.js';

/**
 * /api/v1/Admin/Events/:id/Ecm (ADR 056), inside the staff guard: an event's ECM data, in the
 * events' area (its roles are the event's pages', `STAFF_AREA_ROLES.Events`).
 */
export async function ecmAdminRoutes(app: FastifyInstance, options: { ecm: EcmAdmin }) {
  const { ecm } = options;
  const idOf = (params: unknown) => parseInput(IdParamsSchema, params).id;
  app.get('/Events/:id/Ecm', async (request) => ({ data: await ecm.get(idOf(request.params)) }));
  app.put('/Events/:id/Ecm', async (request) => {
    const input = parseInput(EventEcmInputSchema, request.body);
    return { data: await ecm.save(actorOf(request), idOf(request.params), input) };
  });
}
