import net from 'node:net';
import { API_ERRORS } from '@sodalis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CapturedLog, createMailTestSite, type MailTestSite } from '../helpers/mail-test-app.js';

/**
 * Requests the HTTP parser cannot read (ADR 028): a malformed chunked body, or one that stops
 * arriving, is the client's error, answered in the API's Italian error shape while the
 * connection can still be written, and logged as a client error without a stack, never as an
 * unhandled error.
 */

/**
 * Sends `parts` on a raw socket, `pause` milliseconds apart, and reads everything the server
 * answers until it closes the connection.
 */
function rawExchange(port: number, parts: string[], pause: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(5_000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may reset the connection after its answer: what arrived is what counts.
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    void (async () => {
      for (const part of parts) {
        if (socket.destroyed) return;
        socket.write(part);
        await new Promise((next) => setTimeout(next, pause));
      }
    })();
  });
}

const chunkedHead = (path: string) =>
  [
    `POST ${path} HTTP/1.1`,
    'Host: localhost',
    'Content-Type: application/json',
    'Transfer-Encoding: chunked',
    '',
    '',
  ].join('\r\n');

describe('client errors on a listening server', () => {
  let site: MailTestSite;
  const log = new CapturedLog();
  let port: number;

  beforeAll(async () => {
    site = await createMailTestSite('sqlite');
    const { app } = await site.build({ logger: log.logger });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
  });

  afterAll(async () => {
    await site.close();
  });

  it.each([
    ['a chunk size that is not hexadecimal', '5\r\n{"a":\r\nzz\r\n1\r\n}\r\n0\r\n\r\n', 0],
    ['a chunk longer than its size', '2\r\n{"username":"x"}\r\n0\r\n\r\n', 0],
    // The request already routed and its body awaited when the bad chunk arrives.
    ['a bad chunk after a good one', '5\r\n{"a":\r\n|zz\r\n', 100],
  ])(
    'answers %s with 400 in Italian and logs a client error without a stack',
    async (_case, body, pause) => {
      const from = log.lines.length;
      const [first = '', second] = body.split('|');
      const answer = await rawExchange(
        port,
        [chunkedHead('/api/v1/Account/Login') + first, ...(second === undefined ? [] : [second])],
        pause,
      );
      const [head = '', json = ''] = answer.split('\r\n\r\n');
      expect(head.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
      expect(head.toLowerCase()).toContain('content-type: application/json; charset=utf-8');
      expect(JSON.parse(json)).toEqual({
        data: null,
        error: {
          status: 400,
          code: API_ERRORS.invalidRequest.code,
          message: API_ERRORS.invalidRequest.message,
        },
      });
      // What the server logs for it once the socket is closed (pino writes after a tick).
      await new Promise((resolve) => setTimeout(resolve, 100));
      const lines = log.lines.slice(from);
      expect(lines.filter((line) => Number(line.level) >= 40)).toEqual([]);
      expect(JSON.stringify(lines)).not.toContain('stack');
      expect(lines).toContainEqual(
        expect.objectContaining({ level: 30, msg: 'richiesta illeggibile del client' }),
      );
    },
  );

  it('answers a body that stops arriving with 408 in Italian once the request time is over', async () => {
    // A second instance of the same installation, with the shortest request time (ADR 027).
    const { app } = await site.build({
      logger: log.logger,
      env: { REQUEST_TIMEOUT_SECONDS: '1' },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const slowPort = typeof address === 'object' && address !== null ? address.port : 0;
    const from = log.lines.length;
    const answer = await rawExchange(
      slowPort,
      [
        [
          'POST /api/v1/Account/Login HTTP/1.1',
          'Host: localhost',
          'Content-Type: application/json',
          'Content-Length: 100',
          '',
          '{"username":',
        ].join('\r\n'),
      ],
      0,
    );
    const [head = '', json = ''] = answer.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(JSON.parse(json)).toEqual({
      data: null,
      error: {
        status: 408,
        code: API_ERRORS.requestTimeout.code,
        message: API_ERRORS.requestTimeout.message,
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const lines = log.lines.slice(from);
    expect(lines.filter((line) => Number(line.level) >= 40)).toEqual([]);
    expect(JSON.stringify(lines)).not.toContain('stack');
  });
});
