import type { LoginResponse, MemberRole } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-accounts.js';

export const MEMBER_ROLES: MemberRole[] = ['socio', 'affiliato', 'segreteria'];

/** Session tokens of the demo accounts of each role (demo content must be on). */
export async function signInDemoMembers(
  app: FastifyInstance,
  roles: MemberRole[] = MEMBER_ROLES,
): Promise<Record<MemberRole, string>> {
  const tokens = {} as Record<MemberRole, string>;
  for (const role of roles) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/Account/Login',
      payload: { username: `${role}.demo@example.org`, password: DEMO_PASSWORD },
    });
    expect(response.statusCode, response.body).toBe(200);
    tokens[role] = (response.json() as { data: LoginResponse }).data.token ?? '';
  }
  return tokens;
}

export interface PagedAnswer<T> {
  items: T[];
  pagingInfo?: string;
}

/** POST list calls of the members' area as a role (or without a session), as the client does. */
export function memberApi(app: FastifyInstance, tokens: Record<MemberRole, string>) {
  const post = (path: string, role: MemberRole | null, body: Record<string, unknown> = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/${path}`,
      payload: body,
      headers: role === null ? {} : { authorization: `Bearer ${tokens[role]}` },
    });

  /** One page; fails unless 200 and not cacheable. */
  async function page<T>(
    path: string,
    role: MemberRole,
    body: Record<string, unknown> = {},
  ): Promise<PagedAnswer<T>> {
    const response = await post(path, role, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return (response.json() as { data: PagedAnswer<T> }).data;
  }

  /** Every page of a list, following the tokens; `sizeOf` gives each page's dataOffset. */
  async function walk<T>(
    path: string,
    role: MemberRole,
    body: Record<string, unknown> = {},
    sizeOf?: (pageIndex: number) => number,
  ): Promise<T[][]> {
    const pages: T[][] = [];
    let pagingInfo: string | undefined;
    do {
      const size = sizeOf?.(pages.length);
      const answer = await page<T>(path, role, {
        ...body,
        ...(size === undefined ? {} : { dataOffset: String(size) }),
        pagingInfo: pagingInfo ?? null,
      });
      pages.push(answer.items);
      pagingInfo = answer.pagingInfo;
      expect(pages.length).toBeLessThan(200);
    } while (pagingInfo !== undefined);
    return pages;
  }

  const download = (role: MemberRole, serverRelativeUrl: string) =>
    app.inject({
      method: 'GET',
      url: `/api/v1/ReservedArea/DownloadDoc?serverRelativeUrl=${encodeURIComponent(serverRelativeUrl)}`,
      headers: { authorization: `Bearer ${tokens[role]}` },
    });

  return { post, page, walk, download };
}
