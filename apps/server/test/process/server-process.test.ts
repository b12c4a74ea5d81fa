import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { makeTempDir } from '../helpers/test-app.js';

// Each test starts a real process (helpers/server-process.ts): slow on a loaded two-core machine.
describe('the server process', { timeout: 90_000 }, () => {
  const started: ServerProcess[] = [];
  const dirs: string[] = [];

  afterEach(() => {
    for (const server of started.splice(0)) server.child.kill('SIGKILL');
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  function start(env: Record<string, string>) {
    const dataDir = makeTempDir();
    dirs.push(dataDir);
    const server = startServerProcess({ DATA_DIR: dataDir, DEMO_CONTENT: 'false', ...env });
    started.push(server);
    return { server, dataDir };
  }

  it('finishes an in-flight request on SIGTERM, refuses new ones, closes the database and exits 0', async () => {
    const { server, dataDir } = start({});
    const baseUrl = await server.listening;
    const url = new URL('/api/v1/SharepointContent/GetArticoli', baseUrl);
    const body = JSON.stringify({ dataOffset: '4' });

    // A request whose body is still to come when the signal arrives. With `Expect:
    // 100-continue` the server answers "100 Continue" once it has the request's head, so the
    // request is in flight; the signal is sent then, and the body once the server says it is
    // stopping (conditions, not delays: a loaded machine only makes them later).
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            expect: '100-continue',
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on('error', reject);
      request.on('continue', () => {
        server.child.kill('SIGTERM');
        void until(() =>
          server.logLines().some((line) => String(line.msg).startsWith('arresto in corso')),
        ).then(() => request.end(body), reject);
      });
      request.flushHeaders();
    });

    const finished = await answer;
    expect(finished.status).toBe(200);
    expect(JSON.parse(finished.text)).toEqual({ data: { items: [] } });

    const exit = await server.exited;
    expect(exit.code).toBe(0);
    // better-sqlite3 removes the WAL file when the last connection closes cleanly.
    expect(fs.existsSync(path.join(dataDir, 'sodalis.db'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'sodalis.db-wal'))).toBe(false);
    await expect(fetch(url, { method: 'POST', body })).rejects.toThrow();
    expect(server.logLines().some((line) => line.msg === 'arresto completato')).toBe(true);
  });

  it('logs each request with its id and without tokens from the address', async () => {
    const { server } = start({});
    const baseUrl = await server.listening;
    const response = await fetch(new URL('/api/v1/Nulla?token=segretissimo&id=3', baseUrl), {
      headers: { 'x-request-id': 'prova-123' },
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('x-request-id')).toBe('prova-123');
    server.child.kill('SIGTERM');
    await server.exited;
    const logged = JSON.stringify(server.logLines());
    expect(logged).toContain('"reqId":"prova-123"');
    expect(logged).not.toContain('segretissimo');
    expect(logged).toContain('token=[nascosto]');
  });

  it.each([
    ['PORT', { PORT: 'tremila' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/db' }],
    ['JWT_SECRET', { JWT_SECRET: 'corto' }],
    ['DEMO_CONTENT', { DEMO_CONTENT: 'forse' }],
    ['SOCIETY_ACRONYM', { SOCIETY_ACRONYM: 'S I M T I' }],
  ])('stops at start with one line naming %s when it is wrong', async (variable, env) => {
    const { server } = start(env);
    const exit = await server.exited;
    expect(exit.code).toBe(1);
    const lines = server.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(variable);
    expect(lines[0]).toMatch(/^Configurazione non valida: /);
  });

  it('stops at start naming DATA_DIR and the cause when it cannot be used', async () => {
    const parent = makeTempDir();
    dirs.push(parent);
    const file = path.join(parent, 'dati');
    fs.writeFileSync(file, 'un file, non una cartella');
    const { server } = start({ DATA_DIR: file });
    const exit = await server.exited;
    expect(exit.code).toBe(1);
    expect(server.stderr().trim()).toBe(
      `Avvio non riuscito: La cartella dei dati ${file} non è utilizzabile: esiste già un file con questo nome, non una cartella (EEXIST).`,
    );
  });

  it('writes no log line per probe of /healthz and /readyz (ADR 028), one per other request', async () => {
    const { server, dataDir } = start({});
    const baseUrl = await server.listening;
    for (const probe of ['/healthz', '/readyz', '/healthz']) {
      expect((await fetch(new URL(probe, baseUrl))).status).toBe(200);
    }
    await fetch(new URL('/api/v1/SharepointContent/GetArticleCategories', baseUrl));
    server.child.kill('SIGTERM');
    await server.exited;
    const urls = server
      .logLines()
      .filter((line) => line.msg === 'richiesta completata')
      .map((line) => (line.req as { url?: string } | undefined)?.url);
    expect(urls).toEqual(['/api/v1/SharepointContent/GetArticleCategories']);
    // The process's umask keeps what it creates to the owner (ADR 028).
    expect(fs.statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(dataDir, 'sodalis.db')).mode & 0o777).toBe(0o600);
  });
});

/** Resolves once `condition` holds, looked at every 20 ms; rejects after 30 s. */
async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 30_000) throw new Error('condizione non raggiunta in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
