import { romeDate, type LoginResponse, type MemberRole } from '@sodalis/contracts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-accounts.js';

/** An answer of a server process: status and parsed body. */
export interface LiveAnswer<T = unknown> {
  status: number;
  body: { data: T; error?: unknown };
  headers: Headers;
}

/** A JSON call to a running server process (real HTTP, not inject). */
export async function liveCall<T = unknown>(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<LiveAnswer<T>> {
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  let body: { data: T; error?: unknown };
  try {
    body = JSON.parse(text) as { data: T; error?: unknown };
  } catch {
    throw new Error(`${method} ${path}: ${response.status} non JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, body, headers: response.headers };
}

/** Signs a demo account in on a running server (demo content on) and answers its token. */
export async function liveSignIn(baseUrl: string, role: MemberRole): Promise<string> {
  const answer = await liveCall<LoginResponse>(baseUrl, 'POST', '/api/v1/Account/Login', {
    body: { username: `${role}.demo@example.org`, password: DEMO_PASSWORD },
  });
  if (answer.status !== 200 || !answer.body.data.token)
    throw new Error(`accesso di ${role} non riuscito: ${answer.status}`);
  return answer.body.data.token;
}

/** A news item as the back office's form sends it, published today, with `attachments`. */
export function newsForm(
  title: string,
  attachments: { fileName: string; content: string }[] = [],
): Record<string, unknown> {
  return {
    title,
    subtitleHtml: '<p>Prova</p>',
    publishedOn: romeDate(),
    featured: false,
    published: true,
    sourceName: null,
    sourceUrl: null,
    categoryIds: [],
    keptAttachmentIds: [],
    newAttachments: attachments,
  };
}
