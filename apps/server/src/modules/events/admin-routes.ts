import {
  AdminEventInputSchema,
  AdminEventListQuerySchema,
  EventSelection,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { FORM_BODY_LIMIT, recordRoutes, undoRoutes } from '../admin/route-helpers.js';
import type { EventsAdminService } from './admin-service.js';

/** /api/v1/Admin/Events (ADR 047), inside `adminRoutes`: session and role checked first. */
export async function eventsAdminRoutes(
  app: FastifyInstance,
  options: { events: EventsAdminService },
) {
  const { events } = options;
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
