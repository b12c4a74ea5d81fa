import type { MailUpConfig } from '../config.js';

/** How long one call to MailUp may take before the attempt counts as failed. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Tokens are renewed this long before MailUp says they expire. */
const TOKEN_MARGIN_MS = 60_000;

const CONSOLE_PATH = '/API/v1.1/Rest/ConsoleService.svc/Console';

export class MailUpError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'MailUpError';
  }
}

/**
 * The two MailUp calls the newsletter needs (REST API v1.1): add a recipient to the list as
 * subscribed (the double opt-in already happened on our site, so MailUp sends no confirmation
 * of its own) and unsubscribe it. OAuth 2 password grant; the token is kept in memory.
 */
export class MailUpClient {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly config: MailUpConfig,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Subscribes `email` to the configured list; answers MailUp's recipient id. */
  async subscribe(email: string): Promise<string> {
    const answer = await this.call(
      'POST',
      `/List/${this.config.listId}/Recipient?ConfirmEmail=false`,
      { Email: email, Name: '', Fields: [] },
    );
    const id = typeof answer === 'number' || typeof answer === 'string' ? String(answer) : '';
    if (!/^\d+$/.test(id))
      throw new MailUpError('MailUp non ha restituito l’id del destinatario', 0);
    return id;
  }

  /** Unsubscribes a recipient from the configured list. */
  async unsubscribe(recipientId: string): Promise<void> {
    await this.call(
      'DELETE',
      `/List/${this.config.listId}/Unsubscribe/${encodeURIComponent(recipientId)}`,
    );
  }

  private async call(method: 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
    const token = await this.accessToken();
    const response = await fetch(`${this.config.apiUrl}${CONSOLE_PATH}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    if (response.status === 401) this.token = null;
    if (!response.ok)
      throw new MailUpError(`MailUp ha risposto ${response.status}`, response.status);
    if (text.trim() === '') return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text.trim();
    }
  }

  private async accessToken(): Promise<string> {
    const now = this.now().getTime();
    if (this.token !== null && this.token.expiresAt > now) return this.token.value;
    const { clientId, clientSecret, username, password, apiUrl } = this.config;
    const response = await fetch(`${apiUrl}/Authorization/OAuth/Token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'password',
        username,
        password,
        client_id: clientId,
        client_secret: clientSecret,
      }).toString(),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) {
      throw new MailUpError(
        `autenticazione MailUp non riuscita (${response.status})`,
        response.status,
      );
    }
    const answer = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof answer.access_token !== 'string' || answer.access_token === '') {
      throw new MailUpError('MailUp non ha restituito un token di accesso', response.status);
    }
    const seconds = typeof answer.expires_in === 'number' ? answer.expires_in : 900;
    this.token = {
      value: answer.access_token,
      expiresAt: now + Math.max(0, seconds * 1000 - TOKEN_MARGIN_MS),
    };
    return this.token.value;
  }
}
