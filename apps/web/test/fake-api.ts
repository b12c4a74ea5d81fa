import { vi } from 'vitest';

/** A call the page made to `/api/v1`, as the fake network received it. */
export interface ApiCall {
  path: string;
  method: string;
  body: unknown;
  headers: Headers;
}

/** What the fake server answers: a status and the API's envelope (ADR 002). */
export interface FakeAnswer {
  status: number;
  body: unknown;
}

export const answerData = (data: unknown): FakeAnswer => ({
  status: 200,
  body: { data, error: null },
});

export const answerError = (status: number, code: string, message: string): FakeAnswer => ({
  status,
  body: { data: null, error: { code, message } },
});

type Handler = (call: ApiCall) => FakeAnswer | Promise<FakeAnswer>;

/**
 * The network edge of a component test: `fetch` answers from the given handlers by path, and
 * every call is recorded. A path without a handler is an error the test sees (the page's own
 * error handling then runs, as for a failed call). Undone after each test (setup-dom.ts).
 */
export function fakeApi(handlers: Record<string, Handler>): ApiCall[] {
  const calls: ApiCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const text = typeof init.body === 'string' ? init.body : null;
    const call: ApiCall = {
      path: url.pathname,
      method: init.method ?? 'GET',
      body: text === null ? undefined : JSON.parse(text),
      headers: new Headers(init.headers),
    };
    calls.push(call);
    const handler = handlers[url.pathname];
    if (handler === undefined) throw new Error(`Chiamata non prevista: ${url.pathname}`);
    const { status, body } = await handler(call);
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

/** An answer that never comes, to see what a page shows while it waits. */
export const never = (): Promise<FakeAnswer> => new Promise(() => undefined);
