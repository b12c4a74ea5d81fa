import { API_ERRORS } from '@sodalis/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { staffSite } from '../helpers/staff-api.js';
import { testEngines } from '../helpers/test-app.js';
import { sendUpload, type UploadAnswer, type UploadRequest } from '../helpers/upload-request.js';

/**
 * The upload gate (ADR 027, amended 2026-11-24) on a real listening app: every route whose body
 * limit passes 1 MiB draws from one budget of bytes in flight, so a small CSV import is not
 * refused while large PDFs arrive on another route; only a truly spent budget answers 503.
 */
const MIB = 1024 * 1024;
const SPONSORSHIP_PATH = '/api/v1/SharepointContent/InviaRichiestaPatrocinio';
const IMPORT_PATH = '/api/v1/Admin/Members/Import';

/** The first bytes of a sponsorship request, declared `declaredBytes` long and left open. */
function heldSponsorship(origin: string, declaredBytes: number): UploadRequest {
  const upload = sendUpload(
    origin,
    SPONSORSHIP_PATH,
    Buffer.from('{"richiedente":"Mario Rossi",'),
    declaredBytes,
  );
  // It ends destroyed by the test, or with the server if an expectation fails first.
  upload.answer.catch(() => undefined);
  return upload;
}

/** A whole sponsorship body of `bytes` (it fails validation: only the gate's answer matters). */
function sponsorshipOf(origin: string, bytes: number): Promise<UploadAnswer> {
  const text = JSON.stringify({ richiedente: 'x'.repeat(bytes) });
  const body = Buffer.from(text.slice(0, bytes - 2) + '"}');
  return sendUpload(origin, SPONSORSHIP_PATH, body, body.length).answer;
}

/** A members' import preview of a short CSV: a small body on a route whose limit is 2 MiB. */
function smallImport(origin: string, token: string): Promise<UploadAnswer> {
  const body = Buffer.from(
    JSON.stringify({ csv: 'email;nome;cognome;ruolo\nnuovo.gate@example.org;Gino;Gate;socio' }),
  );
  return sendUpload(origin, IMPORT_PATH, body, body.length, token).answer;
}

/** Until `attempt` is refused: the held uploads reach the gate a moment after they are sent. */
async function refusedSoon(attempt: () => Promise<UploadAnswer>): Promise<UploadAnswer> {
  let answer = await attempt();
  for (let tries = 0; answer.status !== 503 && tries < 50; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer = await attempt();
  }
  return answer;
}

/** Lets the server see what was just sent (headers of held uploads) before the next request. */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 500));
}

describe.each(testEngines())('upload gate (%s)', (engine) => {
  // An 8 MiB budget: two held uploads of 3 MiB leave room for small bodies but not a third.
  const site = staffSite(engine, { env: { UPLOADS_IN_FLIGHT_MB: '8' } });
  let origin: string;
  const held: UploadRequest[] = [];

  beforeAll(async () => {
    origin = await site.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterEach(async () => {
    for (const upload of held.splice(0)) upload.request.destroy();
    await settle();
  });

  afterAll(() => {
    for (const upload of held.splice(0)) upload.request.destroy();
  });

  it('accepts a small import on a 2 MiB route while two large uploads arrive on another', async () => {
    const token = site.tokens.segreteria;
    held.push(heldSponsorship(origin, 3 * MIB), heldSponsorship(origin, 3 * MIB));
    await settle();

    const imported = await smallImport(origin, token);
    expect(imported.status, imported.text).toBe(200);
    expect(JSON.parse(imported.text)).toMatchObject({ data: { applied: false } });

    // The large ones were still in flight: a third of their size does not fit the budget.
    const third = await refusedSoon(() => sponsorshipOf(origin, 3 * MIB));
    expect(third.status).toBe(503);
  });

  it('refuses any body with 503 and Retry-After once the budget is spent, and accepts it after', async () => {
    const token = site.tokens.segreteria;
    held.push(heldSponsorship(origin, 4 * MIB), heldSponsorship(origin, 4 * MIB));

    const refused = await refusedSoon(() => smallImport(origin, token));
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBe('10');
    expect(JSON.parse(refused.text)).toMatchObject({
      data: null,
      error: { status: 503, message: API_ERRORS.uploadsBusy.message },
    });

    for (const upload of held.splice(0)) upload.request.destroy();
    await settle();
    const after = await smallImport(origin, token);
    expect(after.status, after.text).toBe(200);
  });

  it('still enforces each route’s own body limit when the budget has room', async () => {
    const token = site.tokens.segreteria;
    const body = Buffer.from(JSON.stringify({ csv: 'x'.repeat(3 * MIB) }));
    const tooLarge = await sendUpload(origin, IMPORT_PATH, body, body.length, token).answer;
    expect(tooLarge.status).toBe(413);
  });
});

describe.each(testEngines())('upload gate and slow uploads (%s)', (engine) => {
  // Two held uploads spend the budget; the request timeout ends them and gives it back.
  const site = staffSite(engine, {
    env: { UPLOADS_IN_FLIGHT_MB: '8', REQUEST_TIMEOUT_SECONDS: '2' },
  });
  let origin: string;

  beforeAll(async () => {
    origin = await site.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('ends uploads that never finish arriving (408), so the budget is free again', async () => {
    const token = site.tokens.segreteria;
    const slow = [heldSponsorship(origin, 4 * MIB), heldSponsorship(origin, 4 * MIB)];
    const refused = await refusedSoon(() => smallImport(origin, token));
    expect(refused.status).toBe(503);

    // The server ends them by itself: the test never closes them.
    const ended = await Promise.all(
      slow.map((upload) => upload.answer.then((answer) => answer.status).catch(() => 'chiusa')),
    );
    for (const end of ended) expect([408, 'chiusa']).toContain(end);
    await settle();
    const after = await smallImport(origin, token);
    expect(after.status, after.text).toBe(200);
  });
});
