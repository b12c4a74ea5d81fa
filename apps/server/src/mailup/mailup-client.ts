import type { MailUpConfig } from '../config.js';
import { OAuthTokenCache } from '../http/oauth-token-cache.js';

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
  private readonly token: OAuthTokenCache;

  constructor(
    private readonly config: MailUpConfig,
    now: () => Date = () => new Date(),
  ) {
    this.token = new OAuthTokenCache({
      service: 'MailUp',
      tokenUrl: `${config.apiUrl}/Authorization/OAuth/Token`,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      grant: {
        grant_type: 'password',
        username: config.username,
        password: config.password,
        client_id: config.clientId,
        client_secret: config.clientSecret,
      },
      error: (message, status) => new MailUpError(message, status),
      now,
    });
  }

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
    const response = await this.token.call(
      method,
      `${this.config.apiUrl}${CONSOLE_PATH}${path}`,
      body,
    );
    const text = await response.text();
    if (!response.ok)
      throw new MailUpError(`MailUp ha risposto ${response.status}`, response.status);
    if (text.trim() === '') return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text.trim();
    }
  }
}
