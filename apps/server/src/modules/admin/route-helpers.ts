import { ADMIN_LIMITS } from '@sodalis/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthenticatedMember } from '../accounts/service.js';
import type { Actor } from './audit.js';

/** `:id` of an admin address. */
export const IdParamsSchema = z.object({
  id: z.coerce
    .number({ message: 'Identificativo non valido.' })
    .int()
    .positive({ message: 'Identificativo non valido.' }),
});

/** Body limit of a form without files. */
export const FORM_BODY_LIMIT = 256 * 1024;

/** Room for the fields and JSON around the largest uploads of one save. */
export const UPLOAD_BODY_LIMIT =
  ADMIN_LIMITS.maxNewFilesPerSave * Math.ceil(ADMIN_LIMITS.maxFileBytes / 3) * 4 + 512 * 1024;

/** The staff member acting: set by adminRoutes' access hook before any handler runs. */
export function actorOf(request: FastifyRequest): Actor {
  const staff = request.staff as AuthenticatedMember;
  return { id: staff.id, email: staff.email };
}

/** A CSV export as a download. */
export function sendCsv(reply: FastifyReply, fileName: string, body: string): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(body);
}
