import {
  AdminEventInputSchema,
  AdminEventListQuerySchema,
  EventSelection,
  RegistrationHandPaymentSchema,
} from '@sodalis/contracts';
import { parseInput } from '../../http/validation.js';
import type { EventRegistrations } from './registrations/service.js';
import type { FastifyInstance } from 'fastify';
import {
  actorOf,
  FORM_BODY_LIMIT,
  IdParamsSchema,
  recordRoutes,
  undoRoutes,
} from '../admin/route-helpers.js';
import type { EventsAdminService } from './admin-service.js';

/** /api/v1/Admin/Events (ADR 047), inside `adminRoutes`: session and role checked first. */
export async function eventsAdminRoutes(
  app: FastifyInstance,
  options: { events: EventsAdminService; registrations: EventRegistrations },
) {
  const { events, registrations } = options;
  // Cash or card at the desk for a registration (ADR 049): a verified payment and its receipt.
  app.post('/EventRegistrations/:id/HandPayment', async (request, reply) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    const body = parseInput(RegistrationHandPaymentSchema, request.body);
    const answer = await registrations.recordHandPayment(actorOf(request), id, body);
    return reply.status(201).send({ data: answer });
  });
  recordRoutes(
    app,
    '/Events',
    {
      listQuery: AdminEventListQuerySchema,
      input: AdminEventInputSchema,
      bodyLimit: FORM_BODY_LIMIT,
    },
    events,
  );
  undoRoutes(
    app,
    '/Events',
    {
      bulk: EventSelection.bulk,
      exportQuery: EventSelection.exportQuery,
      exportFileName: 'eventi-selezionati.csv',
    },
    {
      bulk: (actor, body) => events.bulk(actor, body),
      exportSelected: (actor, ids) => events.exportSelected(actor, ids),
      listBin: () => events.listBin(),
      restore: (actor, id) => events.restore(actor, id),
      emptyBin: (actor, id) => events.emptyBin(actor, id),
      history: (id) => events.history(id),
      rollback: (actor, id, auditId) => events.rollback(actor, id, auditId),
    },
  );
}
