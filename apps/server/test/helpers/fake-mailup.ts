import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MailUpCall {
  method: string;
  url: string;
  authorization: string;
  body: string;
}

/**
 * A stand-in for MailUp's REST API on loopback: the OAuth token endpoint and the two console
 * calls the newsletter makes. It records every call and can be told to fail.
 */
export class FakeMailUp {
  readonly calls: MailUpCall[] = [];
  /** Status every console call answers with while set (e.g. 503). */
  failWith: number | null = null;
  private nextRecipientId = 1000;
  private server: http.Server | null = null;

  get url(): string {
    const address = this.server?.address() as AddressInfo | undefined;
    if (!address) throw new Error('FakeMailUp not started');
    return `http://127.0.0.1:${address.port}`;
  }

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

  async start(): Promise<void> {
    this.server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const call = {
          method: request.method ?? '',
          url: request.url ?? '',
          authorization: request.headers.authorization ?? '',
          body,
        };
        this.calls.push(call);
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
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  consoleCalls(): MailUpCall[] {
    return this.calls.filter((call) => call.url.startsWith('/API/'));
  }
}
