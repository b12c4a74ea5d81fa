import {
  AdminEventInputSchema,
  AdminEventListQuerySchema,
  EventSelection,
  AdminRegistrationListQuerySchema,
  RegistrationHandPaymentSchema,
  RegistrationMailingSchema,
  RegistrationRecipientsQuerySchema,
  RegistrationRefusalSchema,
  RegistrationStaffCancelSchema,
  RegistrationInvoiceIssuedSchema,
} from '@sodalis/contracts';
import { z } from 'zod';
import { parseInput } from '../../http/validation.js';
import type { RegistrationsAdmin } from './registrations/admin-service.js';
import type { RegistrationMailings } from './registrations/mailings.js';
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
    mailings: RegistrationMailings;
  },
) {
  const { events, registrations, registrationsAdmin, mailings } = options;
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
  // Writing to an event's registrants (ADR 049, amendment): how many, send, what was sent.
  app.get('/EventRegistrations/Recipients', async (request) => ({
    data: await mailings.recipients(parseInput(RegistrationRecipientsQuerySchema, request.query)),
  }));
  app.get('/EventRegistrations/Mailings', async (request) => {
    const { eventId } = parseInput(SummaryQuerySchema, request.query);
    return { data: await mailings.history(eventId) };
  });
  app.post(
    '/EventRegistrations/Mailings',
    { bodyLimit: FORM_BODY_LIMIT },
    async (request, reply) => {
      const body = parseInput(RegistrationMailingSchema, request.body);
      const sent = await mailings.send(actorOf(request), body);
      return reply.status(sent.repeated ? 200 : 201).send({ data: sent });
    },
  );
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
  // A registration awaiting approval approved or refused with a reason (ADR 053).
  app.post('/EventRegistrations/:id/Approve', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    await registrations.approve(actorOf(request), id);
    return { data: await registrationsAdmin.get(id) };
  });
  app.post('/EventRegistrations/:id/Refuse', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    const { reason } = parseInput(RegistrationRefusalSchema, request.body ?? {});
    await registrations.refuse(actorOf(request), id, reason);
    return { data: await registrationsAdmin.get(id) };
  });
  // A registration's invoice marked as issued, with its number (ADR 049, "invoices").
  app.post('/EventRegistrations/:id/Invoice', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    const { number } = parseInput(RegistrationInvoiceIssuedSchema, request.body ?? {});
    return { data: await registrationsAdmin.issueInvoice(actorOf(request), id, number) };
  });
  // A live registration cancelled by the staff, a paid one recorded as to refund (ADR 049).
  app.post('/EventRegistrations/:id/Cancel', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    const { reason } = parseInput(RegistrationStaffCancelSchema, request.body ?? {});
    const refund = await registrations.cancelByStaff(actorOf(request), id, reason);
    return { data: { ...(await registrationsAdmin.get(id)), refund } };
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
