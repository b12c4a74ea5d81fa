import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCall {
  method: string;
  url: string;
  authorization: string;
  body: string;
}

/**
 * A third-party HTTP API stood in for on a free loopback port: it records every call, whole,
 * before the subclass answers it.
 */
export abstract class LoopbackStandIn {
  readonly calls: RecordedCall[] = [];
  private server: http.Server | null = null;

  get url(): string {
    const address = this.server?.address() as AddressInfo | undefined;
    if (!address) throw new Error(`${this.constructor.name} not started`);
    return `http://127.0.0.1:${address.port}`;
  }

  /** `port` 0 takes a free one; a fixed port when the address must be known beforehand. */
  async start(port = 0): Promise<void> {
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
        this.answer(call, response);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  protected abstract answer(call: RecordedCall, response: ServerResponse): void;
}
