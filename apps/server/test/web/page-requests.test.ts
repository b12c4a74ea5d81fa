import fs from 'node:fs';
import net from 'node:net';
import { Writable } from 'node:stream';
import { API_ERRORS } from '@sodalis/contracts';
import type { InjectOptions } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { insertArticle } from '../helpers/fixtures.js';
import { createTestApp, makeTempDir, type TestApp } from '../helpers/test-app.js';
import { requireWebBuild } from '../helpers/web-pages.js';

// Odd requests to pages are the client's mistake: a clear 4xx, never a 500 (spec §8, ADR 028).
describe('requests the pages cannot answer', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    requireWebBuild();
    testApp = await createTestApp('sqlite', { demoContent: true, web: 'build' });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it.each(['TRACE', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const)(
    'answers %s /news with 405 and the methods allowed',
    async (method) => {
      // light-my-request's method type omits TRACE, which it sends all the same.
      const answer = await testApp.app.inject({
        method: method as string as NonNullable<InjectOptions['method']>,
        url: '/news',
      });
      expect(answer.statusCode).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD, POST');
      expect(answer.json()).toMatchObject({
        error: {
          code: 'metodo-non-permesso',
          message: 'Metodo non permesso per questo indirizzo.',
        },
      });
    },
  );

  // An empty Host is replaced by inject's default: the listening server's test below sends it.
  it.each(['%', 'a:b', '[::1', 'a@b', 'localhost:99999', 'due parole'])(
    'answers a page with Host "%s" with 400',
    async (host) => {
      const answer = await testApp.app.inject({ method: 'GET', url: '/news', headers: { host } });
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain('L’intestazione Host manca o non è valida.');
    },
  );

  it.each(['localhost', 'localhost:3000', 'www.esempio.it', '127.0.0.1:8080', '[::1]:3000'])(
    'serves a page with Host "%s"',
    async (host) => {
      const answer = await testApp.app.inject({ method: 'GET', url: '/news', headers: { host } });
      expect(answer.statusCode).toBe(200);
    },
  );

  it('moves a renamed news item with a redirect no browser keeps, so A → B → A never loops', async () => {
    const { db, files, contentCache } = testApp.app.services;
    const id = await insertArticle(db, files, {
      title: 'Titolo primo',
      publishedOn: '2020-01-15',
      categories: ['Concorsi'],
    });
    const rename = async (title: string) => {
      await db.updateTable('articles').set({ title }).where('id', '=', id).execute();
      await contentCache.contentChanged();
    };
    const get = (url: string) => testApp.app.inject({ method: 'GET', url });
    const first = `/news/${id}-titolo-primo`;
    const second = `/news/${id}-titolo-secondo`;
    expect((await get(first)).statusCode).toBe(200);

    await rename('Titolo secondo');
    const moved = await get(first);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(second);
    expect(moved.headers['cache-control']).toBe('no-store');
    expect((await get(second)).statusCode).toBe(200);

    await rename('Titolo primo');
    // A serves the page again; B now moves back to A, again without being kept.
    expect((await get(first)).statusCode).toBe(200);
    const back = await get(second);
    expect(back.statusCode).toBe(301);
    expect(back.headers.location).toBe(first);
    expect(back.headers['cache-control']).toBe('no-store');
  });
});

/** Sends `text` on a raw connection and answers what came back before the server closed it. */
function rawExchange(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    let received = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    socket.setTimeout(5_000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', () => undefined);
  });
}

// Requests only a real connection can send: an empty Host, a chunked body with a broken chunk
// size. The client's mistake, answered 400 and logged as such, never as an unhandled error.
describe('malformed requests on a listening server', () => {
  const logged: { level: number; msg: string }[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  let port = 0;
  let dataDir: string;

  beforeAll(async () => {
    requireWebBuild();
    dataDir = makeTempDir();
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
        done();
      },
    });
    app = await buildApp(loadConfig({ DATA_DIR: dataDir, DEMO_CONTENT: 'false' }), {
      logger: pino({ level: 'info' }, sink),
      web: 'build',
      outbox: 'manual',
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(address).port);
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a page with an empty Host with 400', async () => {
    const answer = await rawExchange(
      port,
      'GET /news HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n',
    );
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(answer).toContain('L’intestazione Host manca o non è valida.');
  });

  it.each([
    ['/api/v1/SharepointContent/InviaRichiestaPatrocinio', 'application/json'],
    ['/api/v1/Account/SubscribeMailUp', 'application/json'],
    ['/api/v1/Payment/RegistraPagamento', 'application/json'],
    ['/api/v1/Account/Login', 'application/json'],
    ['/area-riservata', 'application/x-www-form-urlencoded'],
  ])('answers a malformed chunked body on %s with 400 and logs no error', async (url, type) => {
    const before = logged.length;
    const answer = await rawExchange(
      port,
      `POST ${url} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${type}\r\n` +
        'Transfer-Encoding: chunked\r\n\r\n5\r\n{"a":\r\nzz\r\n',
    );
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(answer).toContain(`"code":"${API_ERRORS.invalidRequest.code}"`);
    // Anything logged for it after the answer: let the request's handling finish.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const errors = logged.slice(before).filter((line) => line.level >= 50);
    expect(errors).toEqual([]);
  });
});
