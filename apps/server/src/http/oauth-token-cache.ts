/**
 * An OAuth 2 access token kept in memory for the services the server calls (PayPal, MailUp):
 * asked for once, reused until shortly before it expires, with one request in flight at a time
 * so concurrent callers share it. A failed request is not kept: the next caller asks again.
 * The services' calls go through `call`, which carries the token.
 */

/** How long one request (the token's or a call's) may take before it counts as failed. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Tokens are renewed this long before the service says they expire. */
const TOKEN_MARGIN_MS = 60_000;
/** Lifetime assumed when the answer does not say (seconds). */
const DEFAULT_EXPIRES_IN_S = 900;

export interface OAuthTokenCacheOptions {
  /** The service's name in the error messages ("autenticazione PayPal non riuscita"). */
  service: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** The grant's form fields, e.g. `{ grant_type: 'client_credentials' }`. */
  grant: Record<string, string>;
  /** The service's own error type, so callers keep catching what they caught. */
  error: (message: string, status: number) => Error;
  now?: () => Date;
}

export class OAuthTokenCache {
  private token: { value: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;
  private readonly now: () => Date;

  constructor(private readonly options: OAuthTokenCacheOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /** A valid access token, from memory or asked for now. */
  async accessToken(): Promise<string> {
    if (this.token !== null && this.token.expiresAt > this.now().getTime()) return this.token.value;
    this.pending ??= this.request().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /**
   * One JSON call to the service with the token, within the timeout. A 401 drops the kept token
   * (expired or revoked), so the next attempt asks for a new one; the caller reads the answer.
   */
  async call(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown): Promise<Response> {
    const token = await this.accessToken();
    const response = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (response.status === 401) this.forget();
    return response;
  }

  /** Drops the kept token (the service answered 401: expired or revoked). */
  forget(): void {
    this.token = null;
  }

  private async request(): Promise<string> {
    const { service, tokenUrl, clientId, clientSecret, grant, error } = this.options;
    const now = this.now().getTime();
    const response = await fetch(tokenUrl, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(grant).toString(),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) {
      throw error(`autenticazione ${service} non riuscita (${response.status})`, response.status);
    }
    const answer = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof answer.access_token !== 'string' || answer.access_token === '') {
      throw error(`${service} non ha restituito un token di accesso`, response.status);
    }
    const seconds =
      typeof answer.expires_in === 'number' ? answer.expires_in : DEFAULT_EXPIRES_IN_S;
    this.token = {
      value: answer.access_token,
      expiresAt: now + Math.max(0, seconds * 1000 - TOKEN_MARGIN_MS),
    };
    return this.token.value;
  }
}
