import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestApp } from '../../helpers/test-app.js';

const METRICS_TOKEN = 'token-delle-metriche-di-prova-lungo-abbastanza';
const AT = '2026-11-22T10:00:00.000Z';

interface Readiness {
  data: {
    status: string;
    checks: Record<'database' | 'migrations' | 'files', { ok: boolean; problem?: string }>;
  };
}

// Health, readiness and metrics for load balancers and Prometheus (ADR 028).
describe.each(testEngines())('operations endpoints on %s', (engine) => {
  let testApp: TestApp;
  const inject = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });
  const metricsText = async () => {
    const answer = await inject('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(answer.statusCode).toBe(200);
    return answer.body;
  };

  beforeAll(async () => {
    testApp = await createTestApp(engine, {
      demoContent: true,
      env: { METRICS_TOKEN },
    });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('answers /healthz with a small JSON, every time: no limit turns probes into failures', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, () => inject('/healthz')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    expect(answers[0]?.json()).toEqual({ data: { status: 'ok' } });
    expect(answers[0]?.headers['cache-control']).toBe('no-store');
  });

  it('answers /readyz 200 when the database, its migrations and the files folder are fine', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => inject('/readyz')));
    expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([200]));
    expect(answers[0]?.json()).toEqual({
      data: {
        status: 'pronto',
        checks: { database: { ok: true }, migrations: { ok: true }, files: { ok: true } },
      },
    });
  });

  it('answers /readyz 503 naming the files folder when it cannot be written', async () => {
    const files = path.join(testApp.config.dataDir, 'files');
    const aside = `${files}.da-parte`;
    fs.renameSync(files, aside);
    // A regular file where the folder should be: refused even to root, unlike a mode.
    fs.writeFileSync(files, 'non una cartella');
    try {
      const answer = await inject('/readyz');
      expect(answer.statusCode).toBe(503);
      const { data } = answer.json<Readiness>();
      expect(data.status).toBe('non pronto');
      expect(data.checks.files).toEqual({ ok: false, problem: 'cartella dei file non scrivibile' });
      expect(data.checks.database).toEqual({ ok: true });
      // The public answer names no folder of the server.
      expect(answer.body).not.toContain(testApp.config.dataDir);
    } finally {
      fs.rmSync(files);
      fs.renameSync(aside, files);
    }
    expect((await inject('/readyz')).statusCode).toBe(200);
  });

  it('answers /readyz 503 naming the migrations the database has not run', async () => {
    const { db } = testApp.app.services;
    const name = '0009-article-internal-note';
    const [row] = (
      await sql<{
        name: string;
        timestamp: string;
      }>`select name, timestamp from kysely_migration where name = ${name}`.execute(db)
    ).rows;
    expect(row).toBeDefined();
    await sql`delete from kysely_migration where name = ${name}`.execute(db);
    try {
      const answer = await inject('/readyz');
      expect(answer.statusCode).toBe(503);
      expect(answer.json<Readiness>().data.checks.migrations).toEqual({
        ok: false,
        problem: `migrazioni da applicare: ${name}`,
      });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${row?.name}, ${row?.timestamp})`.execute(
        db,
      );
    }
    expect((await inject('/readyz')).statusCode).toBe(200);
  });

  it('refuses /metrics without the bearer token', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer sbagliato' },
      { authorization: METRICS_TOKEN },
    ]) {
      const answer = await inject('/metrics', headers);
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer');
      expect(answer.body).not.toContain('sodalis_');
    }
  });

  it('measures requests by route pattern, counts refused sign-ins and the outbox backlog', async () => {
    const { app } = testApp;
    for (const title of ['primo titolo', 'secondo titolo']) {
      await app.inject({
        method: 'POST',
        url: '/api/v1/SharepointContent/GetArticoli',
        payload: { title },
      });
    }
    await inject('/api/v1/SharepointContent/GetNewsFileById?id=987654');
    const before = await metricsText();
    const refusals = (text: string) =>
      Number(/^sodalis_login_failures_total\{reason="credenziali"\} (\d+)$/m.exec(text)?.[1] ?? 0);
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/Account/Login',
      payload: { username: 'socio.demo@example.org', password: 'password-sbagliata' },
    });
    expect(login.statusCode).toBe(401);
    const { db } = app.services;
    const row = (status: 'pending' | 'dead', attempts: number, lastError: string | null) => ({
      kind: 'mail',
      payload_json: '{}',
      status,
      attempts,
      next_attempt_at: AT,
      last_error: lastError,
      created_at: AT,
      sent_at: null,
    });
    await db
      .insertInto('outbox')
      .values([
        row('pending', 0, null),
        row('pending', 2, 'SMTP non raggiungibile'),
        row('dead', 20, 'SMTP non raggiungibile'),
      ])
      .execute();

    const text = await metricsText();
    expect(refusals(text)).toBe(refusals(before) + 1);
    expect(text).toMatch(
      /^sodalis_http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/SharepointContent\/GetArticoli",status_code="200"\} 2$/m,
    );
    // The pattern, not the address: the query string never becomes a label.
    expect(text).toContain('route="/api/v1/SharepointContent/GetNewsFileById"');
    expect(text).not.toContain('987654');
    expect(text).toMatch(/^sodalis_outbox_messages\{state="pending"\} 2$/m);
    expect(text).toMatch(/^sodalis_outbox_messages\{state="retrying"\} 1$/m);
    expect(text).toMatch(/^sodalis_outbox_messages\{state="dead"\} 1$/m);
    // The process's own figures, from prom-client's defaults.
    expect(text).toContain('sodalis_process_resident_memory_bytes');
  });
});

describe('metrics without a token', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp('sqlite');
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('has no /metrics at all: off by default', async () => {
    const answer = await testApp.app.inject({ method: 'GET', url: '/metrics' });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toContain('sodalis_');
  });
});
