import type { AdminAuditEntry, AdminPage } from '@sodalis/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { signInDemoMembers } from './member-api.js';

export interface StaffApi {
  /** A call to `/api/v1/Admin{path}` as the demo secretariat. */
  call(
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    path: string,
    payload?: object,
  ): Promise<LightMyRequestResponse>;
  /** The `data` of an answer; fails unless 200 and never cached. */
  ok<T>(response: Promise<LightMyRequestResponse>): Promise<T>;
  /** The newest audit entry about `entity`. */
  lastAudit(entity: string): Promise<AdminAuditEntry | undefined>;
}

/** The back office as the demo `segreteria` account sees it (demo content must be on). */
export async function signInStaff(app: FastifyInstance): Promise<StaffApi> {
  const { segreteria: token } = await signInDemoMembers(app, ['segreteria']);
  const call: StaffApi['call'] = (method, path, payload) =>
    app.inject({
      method,
      url: `/api/v1/Admin${path}`,
      ...(payload === undefined ? {} : { payload }),
      headers: { authorization: `Bearer ${token}` },
    });
  async function ok<T>(response: Promise<LightMyRequestResponse>): Promise<T> {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    return (answer.json() as { data: T }).data;
  }
  async function lastAudit(entity: string): Promise<AdminAuditEntry | undefined> {
    return (await ok<AdminPage<AdminAuditEntry>>(call('GET', `/AuditLog?entity=${entity}`)))
      .items[0];
  }
  return { call, ok, lastAudit };
}
