import { afterEach, describe, expect, it, vi } from 'vitest';
import { OAuthTokenCache } from '../../src/http/oauth-token-cache.js';

class ServiceError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** A token endpoint that answers `answers` in turn, counting the requests. */
function tokenEndpoint(answers: (() => Response)[]) {
  const fetchMock = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => {
    const next = answers.shift();
    if (next === undefined) throw new Error('richiesta di token inattesa');
    return next();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const token =
  (value: string, expiresIn = 3600) =>
  () =>
    Response.json({ access_token: value, expires_in: expiresIn });

function cache(now: () => Date) {
  return new OAuthTokenCache({
    service: 'Servizio',
    tokenUrl: 'http://127.0.0.1:9/token',
    clientId: 'id',
    clientSecret: 'segreto',
    grant: { grant_type: 'client_credentials' },
    error: (message, status) => new ServiceError(message, status),
    now,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OAuth token cache', () => {
  it('asks once with the client credentials and keeps the token until shortly before expiry', async () => {
    let now = Date.parse('2026-01-01T10:00:00Z');
    const fetchMock = tokenEndpoint([token('primo', 3600), token('secondo', 3600)]);
    const tokens = cache(() => new Date(now));

    expect(await tokens.accessToken()).toBe('primo');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('http://127.0.0.1:9/token');
    expect(init?.body).toBe('grant_type=client_credentials');
    expect(new Headers(init?.headers).get('authorization')).toBe(
      `Basic ${Buffer.from('id:segreto').toString('base64')}`,
    );

    now += 3600_000 - 61_000; // still more than a minute before expiry
    expect(await tokens.accessToken()).toBe('primo');
    now += 2_000; // within the last minute: renewed
    expect(await tokens.accessToken()).toBe('secondo');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('lets concurrent callers share one request', async () => {
    const fetchMock = tokenEndpoint([token('condiviso')]);
    const tokens = cache(() => new Date());
    const all = await Promise.all([
      tokens.accessToken(),
      tokens.accessToken(),
      tokens.accessToken(),
    ]);
    expect(all).toEqual(['condiviso', 'condiviso', 'condiviso']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failure: the next caller asks again', async () => {
    const fetchMock = tokenEndpoint([
      () => new Response('no', { status: 401 }),
      () => Response.json({}),
      token('buono'),
    ]);
    const tokens = cache(() => new Date());
    await expect(tokens.accessToken()).rejects.toThrow(
      new ServiceError('autenticazione Servizio non riuscita (401)', 401),
    );
    await expect(tokens.accessToken()).rejects.toThrow(
      'Servizio non ha restituito un token di accesso',
    );
    expect(await tokens.accessToken()).toBe('buono');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('asks again after forget (the service refused the token)', async () => {
    const fetchMock = tokenEndpoint([token('vecchio'), token('nuovo')]);
    const tokens = cache(() => new Date());
    expect(await tokens.accessToken()).toBe('vecchio');
    tokens.forget();
    expect(await tokens.accessToken()).toBe('nuovo');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
