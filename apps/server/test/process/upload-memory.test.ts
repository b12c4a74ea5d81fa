import fs from 'node:fs';
import { API_ERRORS } from '@sodalis/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { sponsorshipBodyLimit } from '../../src/modules/sponsorship/routes.js';
import { minimalPdf } from '../helpers/pdf-corpus.js';
import { sendUpload, type UploadRequest } from '../helpers/upload-request.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { makeTempDir } from '../helpers/test-app.js';

/**
 * Upload bodies against a real server process (ADR 027): the gate refuses what passes the
 * bytes in flight with 503 and Retry-After, and twenty uploads of the largest size at once all
 * get a clean answer while the process lives. The memory figure is reported, never asserted;
 * UPLOAD_MEMORY_FILE_MB=10 measures with the production's largest file (the default run uses
 * smaller files, to stay light on a shared machine).
 */
const URL_PATH = '/api/v1/SharepointContent/InviaRichiestaPatrocinio';
const FILE_MB = Number(process.env.UPLOAD_MEMORY_FILE_MB ?? '2');
const MIB = 1024 * 1024;

/** A request body of the form's shape with five PDFs of `fileBytes` each (base64 in JSON). */
function sponsorshipBody(fileBytes: number): Buffer {
  const pdf = minimalPdf('grande', Math.max(0, fileBytes - 1024)).toString('base64');
  return Buffer.from(
    JSON.stringify({
      richiedente: 'Mario Rossi',
      email: null,
      ente: 'ASL Roma 1',
      tipoEvento: 'Nazionale',
      titoloEvento: 'Giornata di studio sul plasma',
      dataInizio: '2026-05-14',
      dataFine: '2026-05-15',
      luogo: 'Roma',
      accettaPrivacy: true,
      attachments: [1, 2, 3, 4, 5].map((n) => ({ fileName: `file-${n}.pdf`, content: pdf })),
    }),
  );
}

/** Sends `body` (or only its first `sendBytes`, keeping the request open) on its own connection. */
function post(baseUrl: string, body: Buffer, sendBytes = body.length): UploadRequest {
  return sendUpload(baseUrl, URL_PATH, body.subarray(0, sendBytes), body.length);
}

/** The process's resident and peak resident memory, in MiB (Linux /proc). */
function memoryOf(pid: number): { rssMib: number; peakMib: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMib: Math.round(kib('VmRSS') / 1024), peakMib: Math.round(kib('VmHWM') / 1024) };
}

describe('upload bodies on a real server process', { timeout: 300_000 }, () => {
  const started: ServerProcess[] = [];
  const dirs: string[] = [];

  afterEach(() => {
    for (const server of started.splice(0)) server.child.kill('SIGKILL');
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function start(fileMb: number) {
    const dataDir = makeTempDir();
    dirs.push(dataDir);
    const server = startServerProcess({
      DATA_DIR: dataDir,
      DEMO_CONTENT: 'false',
      SPONSORSHIP_MAX_FILE_MB: String(fileMb),
      SPONSORSHIP_RATE_LIMIT_PER_HOUR: '1000',
      SPONSORSHIP_REQUESTS_PER_HOUR: '1000',
      PUBLIC_UPLOADS_MB_PER_HOUR: '100000',
      // The budget of two sponsorship bodies, as in production where they are the largest: with
      // smaller test files the staff's upload routes would be the largest and set the default.
      UPLOADS_IN_FLIGHT_MB: String(Math.ceil((2 * sponsorshipBodyLimit(fileMb * MIB)) / MIB)),
    });
    started.push(server);
    return { server, baseUrl: await server.listening };
  }

  it('answers 503 with Retry-After beyond two uploads of the largest size in flight, without reading the body', async () => {
    const { baseUrl } = await start(1);
    const body = sponsorshipBody(1024 * 1024);
    // Two uploads of the largest size still arriving hold the gate…
    const held = [post(baseUrl, body, 1024), post(baseUrl, body, 1024)];
    // They end destroyed below, or with the server if an expectation fails first.
    for (const { answer } of held) answer.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // …so a third is told to come back, before its body is read.
    const third = await post(baseUrl, body).answer;
    expect(third.status).toBe(503);
    expect(third.retryAfter).toBe('10');
    expect(JSON.parse(third.text)).toMatchObject({
      data: null,
      error: { status: 503, message: API_ERRORS.uploadsBusy.message },
    });
    // Once they are gone, uploads pass again.
    for (const { request } of held) request.destroy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = await post(baseUrl, body).answer;
    expect(after.status, after.text).toBe(200);
  });

  it('gives twenty uploads of the largest size at once a clean answer and stays up', async () => {
    const { server, baseUrl } = await start(FILE_MB);
    const pid = server.child.pid ?? 0;
    const body = sponsorshipBody(FILE_MB * 1024 * 1024);
    const before = memoryOf(pid);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(baseUrl, body).answer));
    const after = memoryOf(pid);
    const statuses = answers.map((answer) => answer.status);
    // Reported, not asserted (ADR 027 keeps the figures).
    process.stdout.write(
      `20 × ${FILE_MB} MB × 5 PDF (corpo ${Math.round(body.length / 1024 / 1024)} MB): ` +
        `RSS prima ${before.rssMib} MiB, picco ${after.peakMib} MiB, dopo ${after.rssMib} MiB; ` +
        `risposte ${JSON.stringify(Object.fromEntries(statuses.map((s) => [s, statuses.filter((t) => t === s).length])))}\n`,
    );
    for (const answer of answers) {
      expect([200, 503]).toContain(answer.status);
      const parsed = JSON.parse(answer.text) as { data: null; error?: { message: string } };
      expect(parsed.data).toBeNull();
      if (answer.status === 503) expect(answer.retryAfter).toBe('10');
    }
    expect(statuses).toContain(200);
    // The process lives and answers.
    const alive = await fetch(new URL('/api/v1/SharepointContent/GetArticleCategories', baseUrl));
    expect(alive.status).toBe(200);
  });
});
