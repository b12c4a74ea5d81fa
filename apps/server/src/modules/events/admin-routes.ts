import {
  AdminEventInputSchema,
  AdminEventListQuerySchema,
  EventSelection,
  AdminRegistrationListQuerySchema,
  RegistrationHandPaymentSchema,
} from '@sodalis/contracts';
import { z } from 'zod';
import { parseInput } from '../../http/validation.js';
import type { RegistrationsAdmin } from './registrations/admin-service.js';
import type { EventRegistrations } from './registrations/service.js';
import type { FastifyInstance } from 'fastify';
import {
  actorOf,
  FORM_BODY_LIMIT,
  IdParamsSchema,
  recordRoutes,
  withCoverImage,
  sendCsv,
  undoRoutes,
} from '../admin/route-helpers.js';
import type { EventsAdminService } from './admin-service.js';

const SummaryQuerySchema = z.object({
  eventId: z.coerce
    .number({ message: 'Scegli un evento.' })
    .int({ message: 'Scegli un evento.' })
    .positive({ message: 'Scegli un evento.' }),
});

/** /api/v1/Admin/Events (ADR 047), inside `adminRoutes`: session and role checked first. */
export async function eventsAdminRoutes(
  app: FastifyInstance,
  options: {
    events: EventsAdminService;
    registrations: EventRegistrations;
    registrationsAdmin: RegistrationsAdmin;
  },
) {
  const { events, registrations, registrationsAdmin } = options;
  // The registrations for the secretariat (ADR 049): list, export, an event's summary, one.
  app.get('/EventRegistrations', async (request) => ({
    data: await registrationsAdmin.list(
      parseInput(AdminRegistrationListQuerySchema, request.query),
    ),
  }));
  app.get('/EventRegistrations/Export', async (request, reply) => {
    const query = parseInput(AdminRegistrationListQuerySchema, request.query);
    return sendCsv(reply, 'iscrizioni.csv', await registrationsAdmin.exportCsv(query));
  });
  app.get('/EventRegistrations/Events', async () => ({ data: await registrationsAdmin.events() }));
  app.get('/EventRegistrations/Summary', async (request) => {
    const { eventId } = parseInput(SummaryQuerySchema, request.query);
    return { data: await registrationsAdmin.summary(eventId) };
  });
  app.get('/EventRegistrations/:id', async (request) => ({
    data: await registrationsAdmin.get(parseInput(IdParamsSchema, request.params).id),
  }));
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
      // The form's fields and a cover image (ADR 052).
      bodyLimit: withCoverImage(FORM_BODY_LIMIT),
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
