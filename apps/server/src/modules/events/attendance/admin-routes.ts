import {
  BadgeFormatSchema,
  CertificateRevokeSchema,
  CheckInScansSchema,
  EventSessionInputSchema,
  isoDate,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../../http/validation.js';
import { actorOf, IdParamsSchema, sendPdf } from '../../admin/route-helpers.js';
import type { AttendanceAdmin } from './admin-service.js';

/** The staff API area of an event's attendance (ADR 051; its roles in `STAFF_AREA_ROLES`). */
const AREA = '/EventAttendance';

const sessionIdQuery = z.coerce
  .number({ message: 'Sessione non valida.' })
  .int({ message: 'Sessione non valida.' })
  .positive({ message: 'Sessione non valida.' })
  .optional();
const PresenceQuerySchema = z.object({ day: isoDate.optional(), sessionId: sessionIdQuery });
const PeopleQuerySchema = z.object({ sessionId: sessionIdQuery });
const BadgesQuerySchema = BadgeFormatSchema.extend({
  registrationId: z.coerce
    .number({ message: 'Iscrizione non valida.' })
    .int({ message: 'Iscrizione non valida.' })
    .positive({ message: 'Iscrizione non valida.' })
    .optional(),
});

/**
 * /api/v1/Admin/EventAttendance (ADR 051), inside the staff guard: the check-in page's people,
 * scans and presence; the event's sessions (ADR 054); the badges in bulk; the attendance report
 * and the certificates.
 */
export async function attendanceAdminRoutes(
  app: FastifyInstance,
  options: { attendance: AttendanceAdmin },
) {
  const { attendance } = options;
  const idOf = (params: unknown) => parseInput(IdParamsSchema, params).id;
  app.get(`${AREA}/Events`, async () => ({ data: await attendance.events() }));
  app.get(`${AREA}/Events/:id/People`, async (request) => {
    const { sessionId } = parseInput(PeopleQuerySchema, request.query);
    return { data: await attendance.people(idOf(request.params), sessionId) };
  });
  // The event's sessions within a day (ADR 054).
  app.get(`${AREA}/Events/:id/Sessions`, async (request) => ({
    data: await attendance.sessions.list(idOf(request.params)),
  }));
  app.post(`${AREA}/Events/:id/Sessions`, async (request) => {
    const input = parseInput(EventSessionInputSchema, request.body);
    return {
      data: await attendance.sessions.create(actorOf(request), idOf(request.params), input),
    };
  });
  app.put(`${AREA}/Sessions/:id`, async (request) => {
    const input = parseInput(EventSessionInputSchema, request.body);
    return {
      data: await attendance.sessions.update(actorOf(request), idOf(request.params), input),
    };
  });
  app.delete(`${AREA}/Sessions/:id`, async (request) => {
    await attendance.sessions.remove(actorOf(request), idOf(request.params));
    return { data: null };
  });
  // A device's scans, queued or not: each answered, each stored once (ADR 051).
  app.post(`${AREA}/Events/:id/Scans`, { bodyLimit: 128 * 1024 }, async (request) => {
    const { scans } = parseInput(CheckInScansSchema, request.body);
    return { data: await attendance.scan(actorOf(request), idOf(request.params), scans) };
  });
  app.get(`${AREA}/Events/:id/Presence`, async (request) => {
    const { day, sessionId } = parseInput(PresenceQuerySchema, request.query);
    return { data: await attendance.presence(idOf(request.params), day, sessionId) };
  });
  app.get(`${AREA}/Events/:id/Badges`, async (request, reply) => {
    const query = parseInput(BadgesQuerySchema, request.query);
    return sendPdf(
      reply,
      await attendance.badgesPdf(idOf(request.params), query.formato, query.registrationId),
    );
  });
  app.get(`${AREA}/Events/:id/Report`, async (request) => ({
    data: await attendance.report(idOf(request.params)),
  }));
  app.post(`${AREA}/Events/:id/Certificates`, async (request) => ({
    data: await attendance.issue(actorOf(request), idOf(request.params)),
  }));
  app.post(`${AREA}/Certificates/:id/Reissue`, async (request) => ({
    data: await attendance.reissue(actorOf(request), idOf(request.params)),
  }));
  app.post(`${AREA}/Certificates/:id/Revoke`, async (request) => {
    const { reason } = parseInput(CertificateRevokeSchema, request.body);
    return { data: await attendance.revoke(actorOf(request), idOf(request.params), reason) };
  });
  app.get(`${AREA}/Certificates/:id/Pdf`, async (request, reply) =>
    sendPdf(reply, await attendance.certificatePdf(idOf(request.params))),
  );
}
