import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveCall, liveSignIn, newsForm } from '../helpers/live-site.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { SmtpSink } from '../helpers/smtp-sink.js';
import { createPostgresDatabase, makeTempDir } from '../helpers/test-app.js';

/** A round-robin proxy on loopback: each request goes to the next instance in turn. */
async function roundRobinProxy(targets: string[]): Promise<{ url: string; close(): void }> {
  let next = 0;
  const server = http.createServer((request, response) => {
    const target = new URL(request.url ?? '/', targets[next++ % targets.length]);
    const forwarded = http.request(
      target,
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

// Two real processes on one PostgreSQL database and one DATA_DIR (ADR 033); PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two instances on one PostgreSQL behind a round-robin proxy (ADR 033)',
  { timeout: 180_000 },
  () => {
    const sink = new SmtpSink();
    const dataDir = makeTempDir('sodalis-two-');
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    let first: ServerProcess;
    let second: ServerProcess;
    let urls: [string, string];
    let proxy: { url: string; close(): void };

    beforeAll(async () => {
      await sink.start();
      database = await createPostgresDatabase();
      const env = {
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        DEMO_CONTENT: 'true',
        JWT_SECRET: 'segreto-condiviso-dalle-due-istanze-di-prova-0123456789',
        SMTP_URL: sink.url,
        NEWSLETTER_RATE_LIMIT_PER_HOUR: '1000',
      };
      // The first start migrates and loads the demo content; the second finds them done.
      first = startServerProcess(env);
      const firstUrl = await first.listening;
      second = startServerProcess(env);
      urls = [firstUrl, await second.listening];
      proxy = await roundRobinProxy(urls);
    }, 180_000);

    afterAll(async () => {
      proxy.close();
      for (const server of [first, second]) {
        if (server.child.exitCode === null) {
          server.child.kill('SIGTERM');
          await server.exited;
        }
      }
      await sink.stop();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('keeps a session valid on both instances, and ends it on both', async () => {
      const token = await liveSignIn(proxy.url, 'segreteria');
      for (const url of urls) {
        const answer = await liveCall(url, 'GET', '/api/v1/ReservedArea/GetRoles', { token });
        expect(answer.status, url).toBe(200);
        expect(answer.body.data).toEqual(['segreteria']);
      }
      expect((await liveCall(urls[0], 'POST', '/api/v1/Account/Logout', { token })).status).toBe(
        200,
      );
      const after = await liveCall(urls[1], 'GET', '/api/v1/ReservedArea/GetRoles', { token });
      expect(after.status).toBe(401);
    });

    it('shows a staff edit made on one instance on the other at once', async () => {
      const list = async (url: string) => {
        const answer = await liveCall<{ items: { title: string }[] }>(
          url,
          'POST',
          '/api/v1/SharepointContent/GetArticoli',
          { body: { dataOffset: '50' } },
        );
        expect(answer.status).toBe(200);
        return answer.body.data.items.map((item) => item.title);
      };
      const token = await liveSignIn(urls[0], 'segreteria');
      // The second instance has the list in its cache just before the edit.
      const title = 'Modifica vista da entrambe le istanze';
      expect(await list(urls[1])).not.toContain(title);
      expect(await list(urls[1])).not.toContain(title);
      const created = await liveCall(urls[0], 'POST', '/api/v1/Admin/News', {
        token,
        body: newsForm(title),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(await list(urls[1])).toContain(title);
    });

    // Last of the sign-ins: it closes the loopback address to sign-ins for 15 minutes.
    it('counts failed sign-ins of one address across both instances (ADR 021)', async () => {
      const statuses: number[] = [];
      // A different unknown account each time: only the address's count (30 allowed) applies.
      for (let attempt = 1; attempt <= 31; attempt += 1) {
        const answer = await liveCall(proxy.url, 'POST', '/api/v1/Account/Login', {
          body: { username: `sconosciuto${attempt}@example.org`, password: 'sbagliata-123' },
        });
        statuses.push(answer.status);
      }
      // Counted per instance, each would have seen 15 or 16 and let the 31st through.
      expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
      expect(statuses[30]).toBe(429);
    });

    it('sends each outbox message exactly once while both instances’ workers run', async () => {
      const addresses = Array.from({ length: 12 }, (_, index) => `iscritto${index}@example.org`);
      for (const email of addresses) {
        const answer = await liveCall(proxy.url, 'POST', '/api/v1/Account/SubscribeMailUp', {
          body: { email },
        });
        expect(answer.status, email).toBe(200);
      }
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        for (;;) {
          const { rows } = await client.query<{ waiting: number }>(
            "select count(*)::int as waiting from outbox where status <> 'sent'",
          );
          if (rows[0]?.waiting === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      } finally {
        await client.end();
      }
      // Stopping waits for any delivery in progress, so a second copy would be in the sink now.
      for (const server of [first, second]) {
        server.child.kill('SIGTERM');
        expect((await server.exited).code).toBe(0);
      }
      for (const email of addresses) {
        const received = sink.messages.filter((message) => message.to.includes(email));
        expect(received, email).toHaveLength(1);
      }
    });
  },
);
