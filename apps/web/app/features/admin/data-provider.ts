import { mayUseStaffArea, type AdminPage, type EditConflict } from '@sodalis/contracts';
import { HttpError, type DataProvider, type RaRecord } from 'react-admin';
import { SESSION_TOKEN_KEY } from '../../api/api-client';
import { conflictOf, saveAnswered, versionToSave } from './edit-conflict-state';
import { formErrorsOf } from './field-errors';
import { recordSaved } from './local-draft';
import { staffSignIn } from './session-renewal';
import { apiPathOf } from './staff-directory';
import { sendWithProgress, UPLOAD_PROGRESS_MIN_CHARS } from './upload-progress';
import { currentUser } from '../../shared/session/session';

/**
 * A react-admin resource's name: its address under /amministrazione. Each feature says where
 * its resources live under /api/v1/Admin (`admin/resources.tsx`, ADR 046).
 */
export type AdminResource = string;

const API_ROOT = '/api/v1/Admin';

/** Whether a staff role may use a resource: its API area's declared roles (ADR 031). */
export function mayUseResource(role: string | null | undefined, resource: string): boolean {
  const segment = apiPathOf(resource);
  return segment !== undefined && mayUseStaffArea(role, segment);
}

/** The signed-in staff member's role, from the session token (the server checks it again). */
export function staffRole(): string | null {
  return currentUser()?.role ?? null;
}

interface ApiErrorBody {
  error?: {
    message?: string;
    issues?: { path: string; message: string }[];
    conflict?: EditConflict;
  };
}

/** A call of the admin API: its method, JSON body and extra headers (`if-match`, ADR 041). */
interface AdminCall {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

function sendAdmin(url: string, init: AdminCall): Promise<Response> {
  const method = init.method ?? 'GET';
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...init.headers,
    ...bearer(),
    ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
  };
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  // A body that carries files shows its progress (fetch reports none for uploads).
  if (body !== undefined && body.length >= UPLOAD_PROGRESS_MIN_CHARS) {
    return sendWithProgress(url, method, headers, body);
  }
  return fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
}

function bearer(): Record<string, string> {
  const token = sessionStorage.getItem(SESSION_TOKEN_KEY);
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** The address of a resource (and record), from the features' table: never from user input. */
export function adminPath(resource: string, id?: string | number): string {
  const segment = apiPathOf(resource);
  if (segment === undefined) throw new Error(`Risorsa sconosciuta: ${resource}`);
  return id === undefined
    ? `${API_ROOT}/${segment}`
    : `${API_ROOT}/${segment}/${encodeURIComponent(String(id))}`;
}

/** Sign-ins one call waits for before it gives up and shows the 401's error. */
const SIGN_IN_ATTEMPTS = 3;

/**
 * Calls the admin API with the session's token. Errors become react-admin's HttpError with the
 * server's Italian message; field issues go in `errors`, so the form marks each field. A 401
 * means the session ended: the call waits for the sign-in dialog, then goes again with the new
 * session, so a save started after the session expired still goes through (ADR 023).
 */
export async function adminFetch(url: string, init: AdminCall = {}): Promise<Response> {
  let response = await sendAdmin(url, init);
  for (let attempt = 0; response.status === 401 && attempt < SIGN_IN_ATTEMPTS; attempt += 1) {
    await staffSignIn();
    response = await sendAdmin(url, init);
  }
  if (response.ok) return response;
  let body: ApiErrorBody | null = null;
  try {
    body = (await response.json()) as ApiErrorBody;
  } catch {
    body = null;
  }
  const issues = body?.error?.issues ?? [];
  const message = [body?.error?.message ?? 'Errore di comunicazione con il server.']
    .concat(issues.map((issue) => issue.message))
    .join(' ');
  // A stale save's 409 carries the record now and who changed it (ADR 041).
  const conflict = body?.error?.conflict;
  throw new HttpError(message, response.status, {
    errors: formErrorsOf(issues),
    ...(conflict === undefined ? {} : { conflict }),
  });
}

export async function adminJson<T>(url: string, init: AdminCall = {}): Promise<T> {
  const response = await adminFetch(url, init);
  return ((await response.json()) as { data: T }).data;
}

/** The query string of a list: page, size, sort and every filter that has a value. */
export function listQuery(params: {
  pagination?: { page: number; perPage: number } | undefined;
  sort?: { field: string; order: string } | undefined;
  filter?: Record<string, unknown>;
}): string {
  const query = new URLSearchParams();
  if (params.pagination) {
    query.set('page', String(params.pagination.page));
    query.set('perPage', String(params.pagination.perPage));
  }
  if (params.sort && params.sort.field !== '') {
    query.set('sort', params.sort.field);
    query.set('order', params.sort.order === 'ASC' ? 'ASC' : 'DESC');
  }
  for (const [key, value] of Object.entries(params.filter ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  return query.toString();
}

/** Hooks to turn a form's record into the API's body (files to base64, for instance). */
export type RecordTransforms = Partial<
  Record<AdminResource, (data: Record<string, unknown>) => Promise<Record<string, unknown>>>
>;

/** react-admin's data provider over /api/v1/Admin (ADR 013). */
export function adminDataProvider(transforms: RecordTransforms = {}): DataProvider {
  const toBody = async (resource: string, data: Record<string, unknown>) =>
    (await transforms[resource as AdminResource]?.(data)) ?? data;

  const getOne = async (resource: string, id: string | number) =>
    adminJson<RaRecord>(adminPath(resource, id));

  return {
    getList: async (resource, params) => {
      const page = await adminJson<AdminPage<RaRecord>>(
        `${adminPath(resource)}?${listQuery(params)}`,
      );
      // react-admin's generic record type: the admin API answers the records it asks for.
      return { data: page.items, total: page.total } as never;
    },
    getOne: async (resource, params) => ({ data: await getOne(resource, params.id) }) as never,
    getMany: async (resource, params) => {
      if (resource === 'categorie') {
        const page = await adminJson<AdminPage<RaRecord>>(adminPath(resource));
        return { data: page.items.filter((item) => params.ids.includes(item.id)) } as never;
      }
      return { data: await Promise.all(params.ids.map((id) => getOne(resource, id))) } as never;
    },
    getManyReference: async () => {
      throw new Error('Elenco collegato non disponibile.');
    },
    create: async (resource, params) => {
      const data = await adminJson<RaRecord>(adminPath(resource), {
        method: 'POST',
        body: await toBody(resource, params.data as Record<string, unknown>),
      });
      recordSaved(resource, undefined);
      return { data } as never;
    },
    // The save names the version its form was read at, as the record's ETag (ADR 041): one
    // over a newer version is refused and the form shows it in place, never "saved".
    update: async (resource, params) => {
      const version = versionToSave(resource, params.id, params.previousData);
      const sent = params.data as Record<string, unknown>;
      let data: RaRecord;
      try {
        data = await adminJson<RaRecord>(adminPath(resource, params.id), {
          method: 'PUT',
          body: await toBody(resource, sent),
          ...(version === undefined ? {} : { headers: { 'if-match': `"${version}"` } }),
        });
      } catch (error) {
        const conflict = conflictOf(error);
        if (conflict !== null) saveAnswered(resource, params.id, { conflict, sent });
        throw error;
      }
      saveAnswered(resource, params.id, null);
      recordSaved(resource, params.id);
      return { data } as never;
    },
    updateMany: async () => {
      throw new Error('Modifica multipla non disponibile.');
    },
    delete: async (resource, params) => {
      await adminFetch(adminPath(resource, params.id), { method: 'DELETE' });
      return { data: params.previousData } as never;
    },
    deleteMany: async (resource, params) => {
      for (const id of params.ids) await adminFetch(adminPath(resource, id), { method: 'DELETE' });
      return { data: params.ids };
    },
  };
}

/** Reads a chosen file as plain base64 (no `data:` prefix), as the API takes uploads. */
export function fileToBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = String(reader.result);
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.onerror = () => reject(new Error('Impossibile leggere il file.'));
    reader.readAsDataURL(file);
  });
}

/** Downloads an export (CSV) with the session's token and saves it under its name. */
export async function downloadExport(url: string, fallbackName: string): Promise<void> {
  const response = await adminFetch(url);
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(link.href);
}

/** A file of an attachments input: one already stored (with its id), or one just chosen. */
export interface AttachmentValue {
  id?: number;
  fileName?: string;
  sizeBytes?: number;
  rawFile?: File;
  title?: string;
  /** A stored file's new version (ADR 034): `rawFile` goes in its place, same address. */
  replacesId?: number;
}

/**
 * An attachments input as the API's body: kept files by id, in order (a file being replaced
 * keeps its place); new files as base64, a replacement with the id it replaces.
 */
export async function attachmentChanges(value: unknown): Promise<{
  keptAttachmentIds: number[];
  newAttachments: { fileName: string; content: string; replacesId?: number }[];
}> {
  const files = (Array.isArray(value) ? value : value ? [value] : []) as AttachmentValue[];
  const kept = files.filter(
    (file) =>
      typeof file.id === 'number' &&
      (!(file.rawFile instanceof File) || file.replacesId === file.id),
  );
  const added = files.filter(
    (file): file is AttachmentValue & { rawFile: File } => file.rawFile instanceof File,
  );
  return {
    keptAttachmentIds: kept.map((file) => file.id as number),
    newAttachments: await Promise.all(
      added.map(async (file) => ({
        fileName: file.rawFile.name,
        content: await fileToBase64(file.rawFile),
        ...(file.replacesId === undefined ? {} : { replacesId: file.replacesId }),
      })),
    ),
  };
}
