import { ADMIN_LIMITS } from '@sodalis/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../http/validation.js';
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

/** The staff member of the request: set by adminRoutes' access hook before any handler runs. */
export function staffOf(request: FastifyRequest): AuthenticatedMember {
  return request.staff as AuthenticatedMember;
}

/** The staff member acting, as the audit log names them. */
export function actorOf(request: FastifyRequest): Actor {
  const staff = staffOf(request);
  return { id: staff.id, email: staff.email };
}

/** A CSV export as a download. */
export function sendCsv(reply: FastifyReply, fileName: string, body: string): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(body);
}

/** What the five routes of one kind of staff record call (ADR 013). */
export interface RecordHandlers<Query, Input, Item> {
  list: (query: Query) => Promise<unknown>;
  get: (id: number) => Promise<Item>;
  /** Creates (`id` null) or edits one record. */
  save: (actor: Actor, id: number | null, input: Input) => Promise<Item>;
  remove: (actor: Actor, id: number) => Promise<void>;
}

/**
 * List, read, create, edit and delete of one kind of record under `path` (`GET path`,
 * `GET path/:id`, `POST path`, `PUT path/:id`, `DELETE path/:id`), each answer in `data`.
 */
export function recordRoutes<Query, Input, Item>(
  app: FastifyInstance,
  path: string,
  schemas: {
    listQuery: z.ZodType<Query, unknown>;
    input: z.ZodType<Input, unknown>;
    /** Room for the files of a save, or for a form without files. */
    bodyLimit: number;
  },
  handlers: RecordHandlers<Query, Input, Item>,
): void {
  app.get(path, async (request) => ({
    data: await handlers.list(parseInput(schemas.listQuery, request.query)),
  }));
  app.get(`${path}/:id`, async (request) => ({
    data: await handlers.get(parseInput(IdParamsSchema, request.params).id),
  }));
  app.post(path, { bodyLimit: schemas.bodyLimit }, async (request) => ({
    data: await handlers.save(actorOf(request), null, parseInput(schemas.input, request.body)),
  }));
  app.put(`${path}/:id`, { bodyLimit: schemas.bodyLimit }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    return {
      data: await handlers.save(actorOf(request), id, parseInput(schemas.input, request.body)),
    };
  });
  app.delete(`${path}/:id`, async (request) => {
    await handlers.remove(actorOf(request), parseInput(IdParamsSchema, request.params).id);
    return { data: null };
  });
}
