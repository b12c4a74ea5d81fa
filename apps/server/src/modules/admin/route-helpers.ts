import { contentDisposition } from '../../http/send-file.js';
import {
  ADMIN_IMAGE_LIMITS,
  ADMIN_LIMITS,
  AdminRollbackSchema,
  type AdminAuditEntry,
  type AdminBulk,
  type MemberRole,
} from '@sodalis/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import { IdParamsSchema, parseInput } from '../../http/validation.js';
import type { Actor } from './audit.js';
import { editConflict } from './versions.js';

/** `:id` of an admin address: the one schema of every address's id. */
export { IdParamsSchema };

/** Body limit of a form without files. */
export const FORM_BODY_LIMIT = 256 * 1024;

/** A form's limit with room for a cover image as base64 (news items, events; ADR 034, 052). */
export const withCoverImage = (formLimit: number): number =>
  formLimit + Math.ceil(ADMIN_IMAGE_LIMITS.maxBytes / 3) * 4;

/** Room for the fields and JSON around the largest uploads of one save. */
export const UPLOAD_BODY_LIMIT =
  ADMIN_LIMITS.maxNewFilesPerSave * Math.ceil(ADMIN_LIMITS.maxFileBytes / 3) * 4 + 512 * 1024;

/**
 * The signed-in staff member as the staff kit sees them. The kit sits below every domain and
 * imports none (ADR 044): accounts' session (`AuthenticatedMember`) has this shape, and its
 * staff guard sets it on the request.
 */
export interface StaffMember {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: MemberRole;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff member of a staff request, set by the staff guard's hook (`staff-routes.ts`). */
    staff: StaffMember | null;
  }
}

/** The staff member of the request: set by the staff guard's hook before any handler runs. */
export function staffOf(request: FastifyRequest): StaffMember {
  return request.staff as StaffMember;
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

/** A file the staff download (a PDF, an XML report), never sniffed as something else. */
export function sendDownload(
  reply: FastifyReply,
  file: { fileName: string; type: string; body: Uint8Array | string },
): FastifyReply {
  return reply
    .type(file.type)
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .header('x-content-type-options', 'nosniff')
    .send(typeof file.body === 'string' ? file.body : Buffer.from(file.body));
}

/** A PDF as a download (badges, certificates). */
export function sendPdf(
  reply: FastifyReply,
  pdf: { fileName: string; content: Uint8Array },
): FastifyReply {
  return sendDownload(reply, {
    fileName: pdf.fileName,
    type: 'application/pdf',
    body: pdf.content,
  });
}

/**
 * The version a save was read at (ADR 041): the `If-Match` header the back office sends, the
 * ETag of the record's `version` (`"3"`). Null without it (or `*`): the save names no version.
 */
export function versionOfRequest(request: FastifyRequest): number | null {
  const header = request.headers['if-match'];
  if (header === undefined || header.trim() === '*') return null;
  const match = /^\s*(?:W\/)?"(\d{1,15})"\s*$/.exec(header);
  if (match === null) {
    throw new AppError('invalidRequest', [
      { path: 'If-Match', message: 'La versione indicata per il salvataggio non è valida.' },
    ]);
  }
  return Number(match[1]);
}

/** What a versioned record's edit route needs to answer a stale save (ADR 041). */
export interface VersionedRecord<Item, Key = number> {
  get: (id: Key) => Promise<Item>;
  /** The record's history (its audit entries, newest first): who changed what since. */
  history?: (id: Key) => Promise<AdminAuditEntry[]>;
}

/**
 * An edit that names the version it was read at (ADR 041): `save` gets it from `If-Match`. A
 * save refused as stale (`editConflict`) is answered 409 with the record as it is now and the
 * saves made since that version, so the screen can say who changed which fields and when.
 */
export async function saveAtVersion<Item, Key = number>(
  request: FastifyRequest,
  id: Key,
  record: VersionedRecord<Item, Key>,
  save: (version: number | null) => Promise<Item>,
): Promise<Item> {
  const version = versionOfRequest(request);
  try {
    return await save(version);
  } catch (error) {
    if (!(error instanceof AppError) || error.kind !== 'editConflict' || version === null) {
      throw error;
    }
    const current = (await record.get(id)) as Item & { version: number };
    const history = record.history === undefined ? [] : await record.history(id);
    throw new AppError(
      'editConflict',
      undefined,
      undefined,
      editConflict(current, version, history),
    );
  }
}

/** What the five routes of one kind of staff record call (ADR 013). */
export interface RecordHandlers<Query, Input, Item> extends VersionedRecord<Item> {
  list: (query: Query) => Promise<unknown>;
  /**
   * Creates (`id` null) or edits one record. `version`: the one the form was read at, for a
   * kind whose saves name it (ADR 041); null otherwise. Kinds without versions ignore it.
   */
  save: (actor: Actor, id: number | null, input: Input, version: number | null) => Promise<Item>;
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
    data: await handlers.save(
      actorOf(request),
      null,
      parseInput(schemas.input, request.body),
      null,
    ),
  }));
  app.put(`${path}/:id`, { bodyLimit: schemas.bodyLimit }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    const input = parseInput(schemas.input, request.body);
    return {
      data: await saveAtVersion(request, id, handlers, (version) =>
        handlers.save(actorOf(request), id, input, version),
      ),
    };
  });
  app.delete(`${path}/:id`, async (request) => {
    await handlers.remove(actorOf(request), parseInput(IdParamsSchema, request.params).id);
    return { data: null };
  });
}

/** What the bin routes of one kind of record call (ADR 023, ADR 031). */
export interface BinHandlers {
  listBin: () => Promise<unknown>;
  restore: (actor: Actor, id: number) => Promise<unknown>;
  /** Deletes for good one binned item (`id`) or the whole bin (null). */
  emptyBin: (actor: Actor, id: number | null) => Promise<void>;
}

/** What the history routes of one kind of record call: `Key` is its id, or its key. */
export interface HistoryHandlers<Key> {
  history: (key: Key) => Promise<unknown>;
  rollback: (actor: Actor, key: Key, auditId: number) => Promise<unknown>;
}

/** What the undo routes of one kind of content with a published flag call. */
export interface UndoHandlers extends BinHandlers, HistoryHandlers<number> {
  bulk: (actor: Actor, body: AdminBulk) => Promise<void>;
  exportSelected: (actor: Actor, ids: readonly number[]) => Promise<string>;
}

/**
 * The bin of one kind of record under `path`: `GET path/Bin`, `POST path/:id/Restore`,
 * `DELETE path/Bin/:id`, `DELETE path/Bin`. Static addresses: Fastify matches them before
 * `path/:id`.
 */
export function binRoutes(app: FastifyInstance, path: string, handlers: BinHandlers): void {
  const idOf = (request: FastifyRequest) => parseInput(IdParamsSchema, request.params).id;
  app.get(`${path}/Bin`, async () => ({ data: await handlers.listBin() }));
  app.post(`${path}/:id/Restore`, async (request) => ({
    data: await handlers.restore(actorOf(request), idOf(request)),
  }));
  app.delete(`${path}/Bin/:id`, async (request) => {
    await handlers.emptyBin(actorOf(request), idOf(request));
    return { data: null };
  });
  app.delete(`${path}/Bin`, async (request) => {
    await handlers.emptyBin(actorOf(request), null);
    return { data: null };
  });
}

/**
 * The history of one kind of record under `path`: `GET path/:param/History` and
 * `POST path/:param/Rollback`, the record named by its id (`:id`, IdParamsSchema) or by its key
 * (`:key` with the key's schema: page texts, site contents).
 */
export function historyRoutes<Key>(
  app: FastifyInstance,
  path: string,
  param: { name: string; schema: z.ZodType<Record<string, Key>, unknown> },
  handlers: HistoryHandlers<Key>,
): void {
  const keyOf = (request: FastifyRequest) =>
    parseInput(param.schema, request.params)[param.name] as Key;
  app.get(`${path}/:${param.name}/History`, async (request) => ({
    data: await handlers.history(keyOf(request)),
  }));
  app.post(`${path}/:${param.name}/Rollback`, { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const { auditId } = parseInput(AdminRollbackSchema, request.body);
    return { data: await handlers.rollback(actorOf(request), keyOf(request), auditId) };
  });
}

/** The history of a kind of record named by its numeric id (`path/:id/History`). */
export const BY_ID = { name: 'id', schema: IdParamsSchema };

/**
 * The bin and the history (by id) of a kind of record without a published flag, so without
 * bulk publishing (ADR 031): the board, the news categories, the bulletin's articles, the
 * transparency publications and contributions.
 */
export function binAndHistoryRoutes(
  app: FastifyInstance,
  path: string,
  handlers: BinHandlers & HistoryHandlers<number>,
): void {
  binRoutes(app, path, handlers);
  historyRoutes(app, path, BY_ID, handlers);
}

/**
 * The undo of one kind of content with a published flag under `path`: `POST path/Bulk`,
 * `GET path/Export?ids=`, its bin (`binRoutes`) and its history (`historyRoutes`).
 */
export function undoRoutes(
  app: FastifyInstance,
  path: string,
  schemas: {
    bulk: z.ZodType<AdminBulk, unknown>;
    exportQuery: z.ZodType<{ ids: number[] }, unknown>;
    /** The CSV's name: `notizie-selezionate.csv`. */
    exportFileName: string;
  },
  handlers: UndoHandlers,
): void {
  app.post(`${path}/Bulk`, { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    await handlers.bulk(actorOf(request), parseInput(schemas.bulk, request.body));
    return { data: null };
  });
  app.get(`${path}/Export`, async (request, reply) => {
    const { ids } = parseInput(schemas.exportQuery, request.query);
    return sendCsv(
      reply,
      schemas.exportFileName,
      await handlers.exportSelected(actorOf(request), ids),
    );
  });
  binRoutes(app, path, handlers);
  historyRoutes(app, path, BY_ID, handlers);
}
