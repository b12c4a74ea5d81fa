import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmedPeople,
  insertCertificate,
  revokeCertificate,
} from '../../src/modules/events/attendance/repository.js';
import { createTestApp, fixedClock, testEngines, type TestApp } from '../helpers/test-app.js';
import { pageText, requireWebBuild } from '../helpers/web-pages.js';

// The public check of a certificate of attendance (ADR 051), as the production build renders it
// without JavaScript: valid, then revoked, and an unknown code; nothing of the person but the name.
const TODAY = '2026-11-22';

describe.each(testEngines())('the certificate’s verification page on %s', (engine) => {
  let testApp: TestApp;
  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    requireWebBuild();
    testApp = await createTestApp(engine, {
      demoContent: true,
      clock: fixedClock(TODAY),
      web: 'build',
    });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('says a certificate is valid with its number, name and event, then revoked, never indexed nor kept', async () => {
    const db = testApp.app.services.db;
    const congress = await db
      .selectFrom('events')
      .select(['id', 'title', 'starts_at', 'ends_at'])
      .where('title', 'like', 'Congresso nazionale%')
      .executeTakeFirstOrThrow();
    const [person] = await confirmedPeople(db, congress.id);
    if (person === undefined) throw new Error('la demo non ha iscritti confermati al congresso');
    const certificate = await insertCertificate(db, {
      year: 2027,
      number: 41,
      verify_code: 'ABCDEFGHJKLMNPQR',
      event_id: congress.id,
      registration_id: person.registrationId,
      member_id: person.memberId,
      holder_name: `${person.firstName} ${person.lastName}`,
      event_title: congress.title,
      event_starts_at: congress.starts_at,
      event_ends_at: congress.ends_at,
      minutes_present: 600,
      issued_at: '2027-01-25T10:00:00.000Z',
      reissued_at: null,
      revoked_at: null,
      revoked_reason: null,
    });

    const page = await get('/verifica-attestato/abcdefghjklmnpqr');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<meta name="robots" content="noindex"');
    const text = pageText(page.body);
    expect(text).toContain('Attestato valido');
    expect(text).toContain('41/2027');
    expect(text).toContain(`${person.firstName} ${person.lastName}`);
    expect(text).toContain(congress.title);
    expect(text).not.toContain(person.email);

    await revokeCertificate(
      db,
      certificate.id,
      'Presenza non verificata',
      '2027-02-01T10:00:00.000Z',
    );
    const revoked = pageText((await get('/verifica-attestato/ABCDEFGHJKLMNPQR')).body);
    expect(revoked).toContain('Attestato revocato il 01/02/2027');
    expect(revoked).toContain('Revocato');
    // The reason is the secretariat's, not the public's.
    expect(revoked).not.toContain('Presenza non verificata');

    const unknown = pageText((await get('/verifica-attestato/NONESISTE')).body);
    expect(unknown).toContain('Nessun attestato corrisponde a questo codice');
  });
});
