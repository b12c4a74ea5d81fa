import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOwnPostgres, type OwnPostgres } from '../helpers/own-postgres.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { makeTempDir } from '../helpers/test-app.js';
import { requireWebBuild } from '../helpers/web-pages.js';

/** The dedicated cluster's port: next to the suite's own PostgreSQL, never shared with it. */
const OWN_POSTGRES_PORT = 55486;
/** Requests in flight at any moment, so connections are in use when the database drops. */
const PARALLEL_CLIENTS = 8;
/** Longest wait for one answer: a request that never ends fails the test, never hangs it. */
const REQUEST_TIMEOUT_MS = 15_000;
/** Longest wait for each phase of the test to see what it waits for. */
const PHASE_TIMEOUT_MS = 60_000;

interface Answer {
  status: number;
  retryAfter: string | null;
  body: string;
}

async function ask(url: URL, init: RequestInit = {}): Promise<Answer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: await response.text(),
    };
  } catch (error) {
    // A reset, a refused connection or our own timeout: status 0, which every check refuses.
    return { status: 0, retryAfter: null, body: String(error) };
  }
}

/**
 * Waits until `condition` holds, polling; fails at once if `server` has ended, and with `what`
 * after PHASE_TIMEOUT_MS.
 */
async function until(server: ServerProcess, what: string, condition: () => boolean) {
  const deadline = Date.now() + PHASE_TIMEOUT_MS;
  while (!condition()) {
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      throw new Error(`il server è terminato aspettando: ${what}\n${server.stderr()}`);
    if (Date.now() > deadline) throw new Error(`atteso invano: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// PostgreSQL stopped and started under load (ADR 028): the process stays up, answers 503 with
// Retry-After while the database is away (the API in JSON, pages with the Italian outage page),
// and serves again once it is back. Only in the PostgreSQL run, on a cluster of its own.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL restart under load', () => {
  let postgres: OwnPostgres | undefined;
  let server: ServerProcess | undefined;
  let dataDir: string;

  beforeAll(() => {
    requireWebBuild();
    dataDir = makeTempDir();
    postgres = startOwnPostgres(OWN_POSTGRES_PORT);
  });

  afterAll(async () => {
    if (server !== undefined && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    postgres?.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'keeps the server up, answers 503 with Retry-After meanwhile and recovers',
    { timeout: 4 * PHASE_TIMEOUT_MS },
    async () => {
      const cluster = postgres as OwnPostgres;
      server = startServerProcess({
        DATA_DIR: dataDir,
        DEMO_CONTENT: 'true',
        DATABASE_URL: cluster.url,
        NODE_ENV: 'production',
        NEWSLETTER_RATE_LIMIT_PER_HOUR: '100000',
        NEWSLETTER_SIGNUPS_PER_HOUR: '100000',
      });
      const base = await server.listening;
      const articles = new URL('/api/v1/SharepointContent/GetArticoli', base);
      const newsletter = new URL('/api/v1/Account/SubscribeMailUp', base);
      type Phase = 'before' | 'down' | 'after';
      let phase = 'before' as Phase;
      let running = true;
      let sent = 0;
      const answers: Record<Phase, Answer[]> = { before: [], down: [], after: [] };
      // Reads and transactions: a different title filter each time misses the answer cache, and
      // each sign-up writes its row and its confirmation mail in one transaction, so connections
      // are checked out between statements when the database drops (the case that crashed).
      const client = async (index: number) => {
        while (running) {
          sent += 1;
          const body =
            index % 2 === 0
              ? { url: articles, json: { title: `carico ${sent}` } }
              : { url: newsletter, json: { email: `carico-${sent}@example.org` } };
          const answer = await ask(body.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body.json),
          });
          // Counted in the phase it ends in: a request cut by the stop is an answer "during".
          answers[phase].push(answer);
        }
      };
      const count = (list: Answer[], status: number) =>
        list.filter((answer) => answer.status === status).length;
      const clients = Promise.all(
        Array.from({ length: PARALLEL_CLIENTS }, (_, index) => client(index)),
      );
      let pageDuringOutage: Answer | undefined;
      let healthDuringOutage: Answer | undefined;
      let readinessDuringOutage: Answer | undefined;
      try {
        await until(server, '40 risposte prima dell’arresto', () => answers.before.length >= 40);
        phase = 'down';
        cluster.stop('fast');
        await until(
          server,
          '20 risposte 503 durante l’arresto',
          () => count(answers.down, 503) >= 20,
        );
        pageDuringOutage = await ask(new URL('/news', base));
        healthDuringOutage = await ask(new URL('/healthz', base));
        readinessDuringOutage = await ask(new URL('/readyz', base));
        cluster.start();
        phase = 'after';
        await until(
          server,
          '40 risposte 200 dopo il riavvio',
          () => count(answers.after, 200) >= 40,
        );
      } finally {
        running = false;
        await clients;
      }
      const pageAfter = await ask(new URL('/news', base));
      const readinessAfter = await ask(new URL('/readyz', base));

      expect(server.child.exitCode).toBeNull();
      const statuses = (list: Answer[]) => [...new Set(list.map((answer) => answer.status))];
      expect(statuses(answers.before)).toEqual([200]);
      // While it is away: 200 for a request that finished first, else 503, never 500 or a reset.
      expect(statuses(answers.down).every((status) => status === 200 || status === 503)).toBe(true);
      const unavailable = answers.down.filter((answer) => answer.status === 503);
      expect(unavailable.every((answer) => answer.retryAfter === '5')).toBe(true);
      expect(JSON.parse(unavailable[0]?.body ?? '{}')).toMatchObject({
        error: {
          code: 'servizio-non-disponibile',
          message: 'Il servizio è momentaneamente non disponibile, riprova tra qualche istante.',
        },
      });
      expect(statuses(answers.after).every((status) => status === 200 || status === 503)).toBe(
        true,
      );
      // A page meanwhile: the Italian outage page with 503, not the generic error page.
      expect(pageDuringOutage?.status).toBe(503);
      expect(pageDuringOutage?.retryAfter).toBe('5');
      expect(pageDuringOutage?.body).toContain('Servizio temporaneamente non disponibile');
      expect(pageAfter.status).toBe(200);
      // The process is alive but not ready: a load balancer sends its traffic elsewhere.
      expect(healthDuringOutage?.status).toBe(200);
      expect(readinessDuringOutage?.status).toBe(503);
      expect(JSON.parse(readinessDuringOutage?.body ?? '{}')).toMatchObject({
        data: { checks: { database: { ok: false, problem: 'database non raggiungibile' } } },
      });
      expect(readinessAfter.status).toBe(200);
      const logged = JSON.stringify(server.logLines());
      expect(logged).not.toContain('errore non gestito');
      expect(logged).not.toContain('errore durante il rendering della pagina');
    },
  );
});
