import {
  API_ERRORS,
  type ApiErrorBody,
  type EditConflict,
  type AdminAuditEntry,
  type AdminPage,
  type MemberRole,
  type SiteContent,
  type SiteContentByKey,
} from '@sodalis/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { DatabaseEngine } from '../../src/db/database.js';
import { demoSite, type DemoSite, type DemoSiteOptions } from './member-api.js';

/** The `data` of an answer; fails unless 200 and never cached. */
export async function ok<T>(response: Promise<LightMyRequestResponse>): Promise<T> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['cache-control']).toBe('no-store');
  return (answer.json() as { data: T }).data;
}

/**
 * A save refused as stale (ADR 041): 409 `modificato-da-altri` with its Italian message; answers
 * the record as it is now and the changes made since.
 */
export function editConflictOf(answer: LightMyRequestResponse): EditConflict {
  expect(answer.statusCode, answer.body).toBe(409);
  const { error } = answer.json() as ApiErrorBody;
  expect(error.code).toBe('modificato-da-altri');
  expect(error.message).toBe(API_ERRORS.editConflict.message);
  expect(error.message).toMatch(/^Qualcun altro ha modificato questo elemento/);
  if (error.conflict === undefined) throw new Error('409 senza la versione attuale');
  return error.conflict;
}

/** A 400 whose issues name `path` with `message`. */
export async function refused(
  response: Promise<LightMyRequestResponse>,
  path: string,
  message: string,
): Promise<void> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(400);
  const issues = (answer.json() as { error: { issues: { path: string; message: string }[] } }).error
    .issues;
  expect(issues).toContainEqual({ path, message });
}

/** A site content as the public pages read it (GetContenuti, through the content cache). */
export async function publicSiteContent<K extends keyof SiteContentByKey>(
  app: FastifyInstance,
  key: K,
): Promise<SiteContentByKey[K]> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/SharepointContent/GetContenuti',
    payload: { chiavi: [key] },
  });
  expect(response.statusCode).toBe(200);
  const [content] = (response.json() as { data: SiteContent[] }).data;
  return content?.contenuto as SiteContentByKey[K];
}

/** A demo site signed in as `segreteria` and the `roles` asked for, with the back office's calls. */
export interface StaffSite extends DemoSite {
  /** A call to `/api/v1/Admin{path}` as the demo account of `role`, or without a session. */
  call(
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    path: string,
    payload?: object,
    role?: MemberRole | null,
    /** More request headers (`if-match` of a save, ADR 041). */
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  ok: typeof ok;
  /** The audit entries about `entity` (of one `entityId` if given), newest first. */
  auditOf(entity: string, entityId?: number | string): Promise<AdminAuditEntry[]>;
  /** The newest audit entry about `entity`. */
  lastAudit(entity: string): Promise<AdminAuditEntry | undefined>;
}

/**
 * A demo site of `engine` for the enclosing suite, with the back office as the demo
 * `segreteria` account sees it: built and signed in before the suite's tests, closed after them.
 */
export function staffSite(engine: DatabaseEngine, options: DemoSiteOptions = {}): StaffSite {
  const { roles = [], ...appOptions } = options;
  const demo = demoSite(engine, {
    ...appOptions,
    roles: [...new Set<MemberRole>(['segreteria', ...roles])],
  });
  const tokens = demo.tokens;

  const site: StaffSite = {
    get app() {
      return demo.app;
    },
    tokens,
    call(method, path, payload, role = 'segreteria', headers = {}) {
      const token = role === null ? undefined : (tokens[role] as string | undefined);
      if (role !== null && token === undefined) throw new Error(`Nessuna sessione per ${role}.`);
      return site.app.inject({
        method,
        url: `/api/v1/Admin${path}`,
        ...(payload === undefined ? {} : { payload }),
        headers: token === undefined ? headers : { ...headers, authorization: `Bearer ${token}` },
      });
    },
    ok,
    async auditOf(entity, entityId) {
      const page = await ok<AdminPage<AdminAuditEntry>>(
        site.call('GET', `/AuditLog?entity=${entity}&perPage=200`),
      );
      return page.items.filter(
        (entry) => entityId === undefined || entry.entityId === String(entityId),
      );
    },
    async lastAudit(entity) {
      return (await site.auditOf(entity))[0];
    },
  };
  return site;
}
