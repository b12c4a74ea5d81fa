import { EcmAdjustmentInputSchema, EventEcmInputSchema } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../../http/validation.js';
import { actorOf, IdParamsSchema } from '../../admin/route-helpers.js';
import type { AttendanceAdmin } from '../attendance/admin-service.js';
import type { EcmAdmin } from './admin-service.js';
import type { EcmAttendance } from './attendance-service.js';

/**
 * The staff's ECM routes (ADR 056), inside the staff guard: an event's ECM data in the events'
 * area (`/Events/:id/Ecm`, the roles of the event's pages), its attendance for ECM and its
 * corrections in the attendance's area (`/EventAttendance/…`, the check-in's roles).
 */
export async function ecmAdminRoutes(
  app: FastifyInstance,
  options: { ecm: EcmAdmin; ecmAttendance: EcmAttendance; attendance: AttendanceAdmin },
) {
  const { ecm, ecmAttendance, attendance } = options;
  const idOf = (params: unknown) => parseInput(IdParamsSchema, params).id;
  app.get('/Events/:id/Ecm', async (request) => ({ data: await ecm.get(idOf(request.params)) }));
  app.put('/Events/:id/Ecm', async (request) => {
    const input = parseInput(EventEcmInputSchema, request.body);
    return { data: await ecm.save(actorOf(request), idOf(request.params), input) };
  });
  app.get('/EventAttendance/Events/:id/Ecm', async (request) => ({
    data: await ecmAttendance.report(attendance, idOf(request.params)),
  }));
  app.post('/EventAttendance/Registrations/:id/EcmAdjustments', async (request) => {
    const input = parseInput(EcmAdjustmentInputSchema, request.body);
    await ecmAttendance.adjust(actorOf(request), idOf(request.params), input);
    return { data: null };
  });
}
