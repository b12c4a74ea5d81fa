import { APPLICATION_MESSAGES, API_ERRORS, MEMBERSHIP_PRIVACY } from '@sodalis/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { minimalPdf } from '../helpers/pdf-corpus.js';
import { createTestApp, testEngines, type TestApp } from '../helpers/test-app.js';

/** Codici fiscali with a right check digit, one per applicant. */
const CODICI_FISCALI = [
  'RSSMRA85T10A562S',
  'BNCLRA90A41F205I',
  'VRDGPP80A01H501U',
  'BNCMRA70A01F205B',
  'RSSLRA75C41H501E',
  'FRRLCU82M15L219J',
  'CLMNNA88D52G273G',
  'GLLPLA79H10D969P',
  'MRNFNC91E20A944U',
  'CNTSRA84S60F839S',
];

/** The "Iscriviti" form as a browser without scripts posts it (multipart, with the CV). */
async function applicationForm(index: number): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  const fields: Record<string, string> = {
    kind: 'Socio',
    section: '',
    firstName: 'Maria',
    lastName: `Rossi ${index}`,
    email: `richiedente.${index}@example.org`,
    codiceFiscale: CODICI_FISCALI[index] as string,
    qualification: 'Medico trasfusionista',
    workplace: 'Ospedale di Arezzo',
    centre: 'SIMT',
    region: 'Toscana',
    registerNumber: `AR-${index}`,
    privacy: 'on',
    privacyVersion: MEMBERSHIP_PRIVACY.version,
  };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set(
    'cv',
    new Blob([minimalPdf(`cv ${index}`)], { type: 'application/pdf' }),
    `cv-${index}.pdf`,
  );
  const request = new Request('http://localhost/chi-siamo-iscrizione', {
    method: 'POST',
    body: form,
  });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    type: request.headers.get('content-type') ?? '',
  };
}

/**
 * The public forms' hourly limits (ADR 040), through the real form and routes: per client
 * address and from all addresses together, and the files' disk budget; parallel submissions
 * from one address never pass the limit (the count is one statement in the database).
 */
describe.each(testEngines())('the public forms’ hourly limits (%s)', (engine) => {
  let testApp: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    testApp = await createTestApp(engine, {
      web: 'build',
      outbox: 'manual',
      env: {
        APPLICATION_RATE_LIMIT_PER_HOUR: '2',
        APPLICATIONS_PER_HOUR: '3',
        SPONSORSHIP_REQUESTS_PER_HOUR: '2',
        SPONSORSHIP_RATE_LIMIT_PER_HOUR: '100',
        NEWSLETTER_SIGNUPS_PER_HOUR: '2',
        NEWSLETTER_RATE_LIMIT_PER_HOUR: '100',
        PUBLIC_UPLOADS_MB_PER_HOUR: '1',
      },
    });
    app = testApp.app;
  }, 120_000);

  afterAll(async () => {
    await testApp.close();
  });

  beforeEach(async () => {
    const { db } = app.services;
    await db.deleteFrom('throttle_counters').execute();
    await db.deleteFrom('membership_applications').execute();
  });

  async function apply(index: number, address: string): Promise<LightMyRequestResponse> {
    const { body, type } = await applicationForm(index);
    return app.inject({
      method: 'POST',
      url: '/chi-siamo-iscrizione',
      headers: { 'content-type': type },
      payload: body,
      remoteAddress: address,
    });
  }

  const stored = async () =>
    (await app.services.db.selectFrom('membership_applications').select('email').execute()).length;

  function expectClosed(answer: LightMyRequestResponse, text: string) {
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(429);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    expect(answer.body).toContain(text);
  }

  it('takes two applications an hour from one address and three from all, refusing the rest in Italian', async () => {
    expect((await apply(0, '192.0.2.1')).statusCode).toBe(200);
    expect((await apply(1, '192.0.2.1')).statusCode).toBe(200);
    // The address's third: refused before the CV is read, nothing stored.
    expectClosed(await apply(2, '192.0.2.1'), 'Troppe richieste di iscrizione in questo momento');
    expect((await apply(3, '192.0.2.2')).statusCode).toBe(200);
    // Everyone's fourth in the hour, from a new address.
    expectClosed(await apply(4, '192.0.2.3'), 'Troppe richieste di iscrizione in questo momento');
    expect(await stored()).toBe(3);
    expect(APPLICATION_MESSAGES.tooMany).toContain('Troppe richieste di iscrizione');
  });

  it('lets no more than the address’s limit through when its applications arrive at once', async () => {
    const answers = await Promise.all([0, 1, 2, 3, 4, 5].map((index) => apply(index, '192.0.2.9')));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
    expect(await stored()).toBe(2);
  });

  it('caps the newsletter’s sign-ups and the sponsorship requests from all addresses together', async () => {
    const signUp = (index: number) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/Account/SubscribeMailUp',
        payload: { email: `lettore.${index}@example.org` },
        remoteAddress: `198.51.100.${index + 1}`,
      });
    expect((await signUp(0)).statusCode).toBe(200);
    expect((await signUp(1)).statusCode).toBe(200);
    const third = await signUp(2);
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(third.json()).toMatchObject({
      error: { message: API_ERRORS.tooManyRequests.message },
    });
    expect((await sponsorshipRequest(0)).statusCode).toBe(200);
    expect((await sponsorshipRequest(1)).statusCode).toBe(200);
    const refused = await sponsorshipRequest(2);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: { message: API_ERRORS.tooManyRequests.message },
    });
  });

  const sponsorshipRequest = (index: number, size = 0) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/SharepointContent/InviaRichiestaPatrocinio',
      remoteAddress: `203.0.113.${index + 1}`,
      payload: {
        richiedente: 'Mario Rossi',
        email: `organizzatore.${index}@example.org`,
        ente: 'ASL Roma 1',
        telefono: '+39 06 1234567',
        richiesta: 'Patrocinio',
        tipoEvento: 'Nazionale',
        titoloEvento: `Giornata di studio ${index}`,
        dataInizio: '2026-05-14',
        dataFine: '2026-05-15',
        luogo: 'Roma',
        sede: 'Auditorium',
        organizzatore: 'Servizio trasfusionale',
        contenutiEvento: 'Programma della giornata.',
        accettaPrivacy: true,
        attachments: [
          {
            fileName: 'programma.pdf',
            content: minimalPdf(`programma ${index}`, size).toString('base64'),
          },
        ],
      },
    });

  it('stores no more public files in an hour than the disk budget allows', async () => {
    const files = async () =>
      (await app.services.db.selectFrom('files').select('sha256').execute()).length;
    const before = await files();
    // 600 KB: within the megabyte of the hour.
    const first = await sponsorshipRequest(0, 600 * 1024);
    expect(first.statusCode, first.body).toBe(200);
    // Another 600 KB would pass it: refused, and its file never stored.
    const second = await sponsorshipRequest(1, 600 * 1024);
    expect(second.statusCode, second.body).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    expect(await files()).toBe(before + 1);
  });
});
