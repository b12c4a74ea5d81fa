import type { FastifyInstance } from 'fastify';
import { IdParamsSchema, parseInput } from '../../../http/validation.js';
import { requireMember } from '../../accounts/guard.js';
import type { AccountService } from '../../accounts/service.js';
import type { AttendanceService } from './service.js';

/**
 * A person's own badge and certificate of a registration (ADR 051), under /api/v1/Events, as
 * files in the envelope the reserved area downloads (as receipts); never cached.
 */
export async function attendanceRoutes(
  app: FastifyInstance,
  options: { accounts: AccountService; attendance: AttendanceService },
) {
  const { accounts, attendance } = options;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.get('/Registrations/:id/Badge', async (request) => {
    const member = await requireMember(request, accounts);
    const { id } = parseInput(IdParamsSchema, request.params);
    return { data: await attendance.myBadgePdf(member.id, id) };
  });
  app.get('/Registrations/:id/Certificate', async (request) => {
    const member = await requireMember(request, accounts);
    const { id } = parseInput(IdParamsSchema, request.params);
    return { data: await attendance.myCertificatePdf(member.id, id) };
  });
}
