import type { LoginResponse, MemberRole, SearchAnswer } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { DatabaseEngine } from '../../src/db/database.js';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-accounts.js';
import { findMemberByEmail } from '../../src/modules/accounts/repository.js';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.js';

export const MEMBER_ROLES: MemberRole[] = ['socio', 'affiliato', 'segreteria'];

/** An account's id by its e-mail (a demo account, or one the test made). */
export async function accountIdOf(app: FastifyInstance, email: string): Promise<number> {
  const account = await findMemberByEmail(app.services.db, email);
  if (account === undefined) throw new Error(`Nessun account ${email}.`);
  return account.id;
}

/** The session token of a demo account, signed in with the demo password. */
export async function signInDemoAccount(app: FastifyInstance, email: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/Account/Login',
    payload: { username: email, password: DEMO_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: LoginResponse }).data.token ?? '';
}

/** Session tokens of the demo accounts of each role (demo content must be on). */
export async function signInDemoMembers(
  app: FastifyInstance,
  roles: MemberRole[] = MEMBER_ROLES,
): Promise<Record<MemberRole, string>> {
  const tokens = {} as Record<MemberRole, string>;
  for (const role of roles) tokens[role] = await signInDemoAccount(app, `${role}.demo@example.org`);
  return tokens;
}

export interface PagedAnswer<T> {
  items: T[];
  pagingInfo?: string;
}

export interface DemoSite {
  /** The app under test: there from the suite's `beforeAll` to its `afterAll`. */
  readonly app: FastifyInstance;
  /** Session tokens of the demo accounts signed in. */
  readonly tokens: Record<MemberRole, string>;
}

/** The test app's options, and the roles whose demo accounts sign in. */
export type DemoSiteOptions = Omit<TestAppOptions, 'demoContent'> & { roles?: MemberRole[] };

/**
 * A demo site of `engine` for the enclosing suite, with the demo accounts of `roles` (every
 * role unless told) signed in: built before the suite's tests, closed after them.
 */
export function demoSite(engine: DatabaseEngine, options: DemoSiteOptions = {}): DemoSite {
  const { roles = MEMBER_ROLES, ...appOptions } = options;
  let testApp: TestApp | undefined;
  const tokens = {} as Record<MemberRole, string>;

  beforeAll(async () => {
    testApp = await createTestApp(engine, { demoContent: true, ...appOptions });
    Object.assign(tokens, await signInDemoMembers(testApp.app, roles));
  }, 120_000);

  afterAll(async () => {
    await testApp?.close();
  });

  return {
    get app() {
      if (testApp === undefined) throw new Error('Il sito di prova esiste solo durante la suite.');
      return testApp.app;
    },
    tokens,
  };
}

/** Calls of the members' area as a role (or without a session), as the client makes them. */
export function memberApi(site: DemoSite) {
  const authorization = (role: MemberRole | null): Record<string, string> =>
    role === null ? {} : { authorization: `Bearer ${site.tokens[role]}` };

  const post = (path: string, role: MemberRole | null, body: Record<string, unknown> = {}) =>
    site.app.inject({
      method: 'POST',
      url: `/api/v1/${path}`,
      payload: body,
      headers: authorization(role),
    });

  /** One page; fails unless 200 and not cacheable. */
  async function page<T = { id: number }>(
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
  async function walk<T = { id: number }>(
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

  /** A reserved document by its address (`call` DownloadDoc or DownloadDocStream). */
  const download = (
    role: MemberRole | null,
    serverRelativeUrl: string,
    call = 'DownloadDoc',
    headers: Record<string, string> = {},
  ) =>
    site.app.inject({
      method: 'GET',
      url: `/api/v1/ReservedArea/${call}?serverRelativeUrl=${encodeURIComponent(serverRelativeUrl)}`,
      headers: { ...headers, ...authorization(role) },
    });

  /** The titles the site search finds for `q`, as a role sees them. */
  async function searchTitles(q: string, role: MemberRole = 'socio'): Promise<string[]> {
    const response = await site.app.inject({
      method: 'GET',
      url: `/api/v1/Search?${new URLSearchParams({ q })}`,
      headers: authorization(role),
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: SearchAnswer }).data.groups.flatMap((group) =>
      group.results.map((result) => result.title),
    );
  }

  return { post, page, walk, download, searchTitles };
}
