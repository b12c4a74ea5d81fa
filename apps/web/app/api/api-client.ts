import { API_ERRORS, LAPSED_PAGE } from '@sodalis/contracts';
import { API_ERROR_COPY } from '../copy/site';
import { requestFinished, requestStarted } from '../state/loading';

/** Where the token of the signed-in user is kept (spec §3: session storage). */
export const SESSION_TOKEN_KEY = 'token';
/** Cookie and header of the cross-site request forgery token (spec §7). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Statuses the spec treats as known server errors (spec §8); others are unexpected. */
const KNOWN_ERROR_STATUSES = new Set([400, 401, 403, 404, 408, 500]);

/** "A server side error occurred." with what the server answered (spec §8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly rawBody: string,
    readonly headers: Headers,
    readonly body: unknown,
  ) {
    super(API_ERROR_COPY.serverSide);
    this.name = 'ApiError';
  }
}

/** "An unexpected server error occurred." (spec §8). */
export class UnexpectedApiError extends Error {
  constructor(readonly status: number) {
    super(API_ERROR_COPY.unexpected);
    this.name = 'UnexpectedApiError';
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

function sessionToken(): string | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(SESSION_TOKEN_KEY);
  } catch {
    return null;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Calls `/api/v1` from the browser (spec §7): JSON bodies, `data` unwrapped, null for 204 or an
 * empty body, the bearer token unless the address is a login call, the XSRF header on
 * state-changing relative requests, and the spinner shown while it runs.
 */
export async function apiRequest<T>(
  url: string,
  options: ApiRequestOptions = {},
): Promise<T | null> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const headers = new Headers({ accept: 'application/json' });
  if (options.body !== undefined) headers.set('content-type', 'application/json');
  const token = sessionToken();
  if (token && !url.toLowerCase().includes('login'))
    headers.set('authorization', `Bearer ${token}`);
  const relative = url.startsWith('/') && !url.startsWith('//');
  if (method !== 'GET' && relative) {
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
  }

  requestStarted();
  try {
    const response = await fetch(url, {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const text = await response.text();
    // 201: a record made (a registration, ADR 049), its `data` as for 200.
    if (response.status === 200 || response.status === 201 || response.status === 204) {
      if (response.status === 204 || text.trim() === '') return null;
      const parsed = parseJson(text) as { data?: T } | null;
      return parsed?.data ?? null;
    }
    const body = parseJson(text) as { error?: { code?: unknown } } | null;
    if (
      response.status === API_ERRORS.membershipLapsed.status &&
      body?.error?.code === API_ERRORS.membershipLapsed.code &&
      typeof window !== 'undefined'
    ) {
      // A lapsed member: the reserved area's page that says why and how to rejoin (ADR 024).
      window.location.assign(LAPSED_PAGE.path);
    }
    if (KNOWN_ERROR_STATUSES.has(response.status))
      throw new ApiError(response.status, text, response.headers, body);
    throw new UnexpectedApiError(response.status);
  } finally {
    requestFinished();
  }
}
