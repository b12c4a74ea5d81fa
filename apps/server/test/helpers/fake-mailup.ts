import type { ServerResponse } from 'node:http';
import { LoopbackStandIn, type RecordedCall } from './loopback-stand-in.js';

/**
 * A stand-in for MailUp's REST API on loopback: the OAuth token endpoint and the two console
 * calls the newsletter makes. It can be told to fail.
 */
export class FakeMailUp extends LoopbackStandIn {
  /** Status every console call answers with while set (e.g. 503). */
  failWith: number | null = null;
  private nextRecipientId = 1000;

  /** The environment that points the app at this stand-in. */
  env(): Record<string, string> {
    return {
      MAILUP_CLIENT_ID: 'client-id',
      MAILUP_CLIENT_SECRET: 'client-secret',
      MAILUP_USERNAME: 'm12345',
      MAILUP_PASSWORD: 'password-mailup',
      MAILUP_LIST_ID: '7',
      MAILUP_API_URL: this.url,
    };
  }

  protected answer(call: RecordedCall, response: ServerResponse): void {
    if (call.url === '/Authorization/OAuth/Token') {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({ access_token: 'token-di-prova', expires_in: 900, refresh_token: 'r' }),
      );
      return;
    }
    if (this.failWith !== null) {
      response.statusCode = this.failWith;
      response.end('{}');
      return;
    }
    response.setHeader('content-type', 'application/json');
    if (
      call.method === 'POST' &&
      call.url.startsWith('/API/v1.1/Rest/ConsoleService.svc/Console/List/7/Recipient')
    ) {
      response.end(JSON.stringify(this.nextRecipientId++));
      return;
    }
    if (
      call.method === 'DELETE' &&
      call.url.startsWith('/API/v1.1/Rest/ConsoleService.svc/Console/List/7/Unsubscribe/')
    ) {
      response.end('');
      return;
    }
    response.statusCode = 404;
    response.end('{}');
  }

  consoleCalls(): RecordedCall[] {
    return this.calls.filter((call) => call.url.startsWith('/API/'));
  }
}
