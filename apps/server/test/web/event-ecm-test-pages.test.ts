import type { AdminEvent, EcmTestAdmin, RegistrationAnswer } from '@sodalis/contracts';
import { ecmTestPath } from '@sodalis/contracts';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSite, signInDemoAccount } from '../helpers/member-api.js';
import { testEngines } from '../helpers/test-app.js';
import { pageRequests, pageText, requireWebBuild } from '../helpers/web-pages.js';

// The ECM learning test's page as the production build renders it, without JavaScript (ADR 057,
// ADR 022): begun, answered, saved and handed in by forms posted with the session cookie of a
// sign-in without scripts, through the real server. The real clock (the web app checks a
// token's expiry against it): the event is moved to yesterday once its registration is made.

const HOUR = 60 * 60_000;

describe.each(testEngines())('the ECM learning test without scripts (%s)', (engine) => {
  beforeAll(() => {
    requireWebBuild();
  });
  const site = demoSite(engine, { web: 'build', roles: ['socio', 'segreteria'] });
  const pages = pageRequests(() => site.app);

  const admin = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) => {
    const response = await site.app.inject({
      method,
      url: `/api/v1/Admin${path}`,
      ...(payload === undefined ? {} : { payload }),
      headers: { authorization: `Bearer ${site.tokens.segreteria}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: T }).data;
  };

  it('links it from «Le mie iscrizioni», begins an attempt, keeps the answers saved, hands it in and shows the score only', async () => {
    const event = await admin<AdminEvent>('POST', '/Events', {
      title: `Corso ECM pagine ${randomUUID().slice(0, 6)}`,
      startsAt: '2027-03-10T09:00',
      endsAt: '2027-03-10T13:00',
      mode: 'in-presenza',
      venueName: 'Aula',
      venueCity: 'Roma',
      ecmCredits: true,
      registrationTypes: [{ name: 'Partecipante', eligibility: 'tutti', standardCents: 0 }],
      published: true,
    });
    await admin('PUT', `/Events/${event.id}/Ecm`, {
      type: 'residenziale',
      providerCode: '1234',
      eventCode: '400004',
      credits: 1,
      professions: [1],
      disciplines: [47],
    });
    for (const index of [1, 2, 3, 4]) {
      await admin('POST', `/Events/${event.id}/EcmTest/Questions`, {
        text: `Domanda ${index} sulle emazie?`,
        options: [
          `Giusta ${index}`,
          `Sbagliata A ${index}`,
          `Sbagliata B ${index}`,
          `Sbagliata C ${index}`,
        ],
        correct: 0,
      });
    }
    const bank = await admin<EcmTestAdmin>('POST', `/Events/${event.id}/EcmTest/Open`);
    expect(bank.questionsPerAttempt).toBe(3);

    const token = site.tokens.socio;
    const registered = await site.app.inject({
      method: 'POST',
      url: `/api/v1/Events/${event.id}/Registrations`,
      payload: {
        requestKey: randomUUID().replaceAll('-', ''),
        typeId: event.registrationTypes[0]?.id,
        addonIds: [],
        professionCode: 1,
        disciplineCode: 47,
        employment: 'dipendente',
      },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const registrationId = (registered.json() as { data: RegistrationAnswer }).data.registration.id;
    // The course was yesterday, 4 hours; the person was there the whole time.
    const end = Date.now() - 20 * HOUR;
    await site.app.services.db
      .updateTable('events')
      .set({
        starts_at: new Date(end - 4 * HOUR).toISOString(),
        ends_at: new Date(end).toISOString(),
      })
      .where('id', '=', event.id)
      .execute();
    await admin('POST', `/EventAttendance/Registrations/${registrationId}/EcmAdjustments`, {
      kind: 'replace',
      minutes: 240,
      reason: 'Foglio firme',
    });

    const path = ecmTestPath(registrationId);
    const mine = await pages.get('/area-riservata-iscrizioni', token);
    expect(mine.body).toContain(`href="${path}"`);
    expect(pageText(mine.body)).toContain(
      'Test di apprendimento ECM: da svolgere, 1 tentativo rimasto',
    );

    const first = await pages.get(path, token);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('data-testid="ecm-test-start"');
    const started = await pages.post(path, [['intent', 'inizia']], token);
    expect(started.statusCode, pageText(started.body).slice(0, 400)).toBe(200);
    const legends = [...started.body.matchAll(/<legend[^>]*>([\s\S]*?)<\/legend>/g)].map((match) =>
      pageText(match[1] ?? ''),
    );
    expect(legends).toHaveLength(3);
    expect(legends[0]).toMatch(/^1\. Domanda [1-4] sulle emazie\?$/);
    // The right option's index as shown, for each position.
    const optionsAt = (html: string, position: number) =>
      [...html.matchAll(new RegExp(`for="domanda-${position}-(\\d)">([^<]*)<`, 'g'))].map(
        (match) => match[2] ?? '',
      );
    const right = [0, 1, 2].map((position) =>
      optionsAt(started.body, position).findIndex((text) => text.startsWith('Giusta')),
    );
    expect(right.every((index) => index >= 0)).toBe(true);

    // Saved without scripts: the page comes back with the choice checked; a reload too.
    const saved = await pages.post(
      path,
      [
        ['intent', 'salva'],
        ['risposta-0', String(right[0])],
      ],
      token,
    );
    expect(saved.statusCode).toBe(200);
    const checked = new RegExp(
      `id="domanda-0-${right[0]}"[^>]*checked|checked=""[^>]*id="domanda-0-${right[0]}"`,
    );
    expect(saved.body).toMatch(checked);
    expect(pageText(saved.body)).toContain('Risposte salvate: 1 su 3');
    const reloaded = await pages.get(path, token);
    expect(reloaded.body).toMatch(checked);
    expect(optionsAt(reloaded.body, 1)).toEqual(optionsAt(started.body, 1));

    // A choice out of range: refused, said at the top, nothing lost.
    const wrong = await pages.post(
      path,
      [
        ['intent', 'salva'],
        ['risposta-1', '7'],
      ],
      token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('data-testid="ecm-test-errors"');
    expect(wrong.body).toMatch(checked);

    // Handed in: two right of three (66,7%), below 75%: not passed, no attempt left.
    const handed = await pages.post(
      path,
      [
        ['intent', 'consegna'],
        ['risposta-0', String(right[0])],
        ['risposta-1', String(right[1])],
        ['risposta-2', String(((right[2] ?? 0) + 1) % 4)],
      ],
      token,
    );
    expect(handed.statusCode).toBe(200);
    const text = pageText(handed.body);
    expect(text).toContain('Test non superato (tentativo 1)');
    expect(text).toContain('2 risposte corrette su 3: 66,7% (soglia 75%)');
    expect(text).toContain('Non ti restano tentativi.');
    expect(handed.body).not.toContain('data-testid="ecm-test-form"');
    expect(handed.body).not.toContain('Giusta');
    expect(pageText((await pages.get('/area-riservata-iscrizioni', token)).body)).toContain(
      'Test di apprendimento ECM: non superato, 0 tentativi rimasti',
    );
  });

  it('opens to an events’ participant (ADR 055) too: the demo congress’s test, before its end, says when it opens', async () => {
    const token = await signInDemoAccount(site.app, 'partecipante.demo@example.org');
    const { db } = site.app.services;
    const participant = await db
      .selectFrom('members')
      .select('id')
      .where('email', '=', 'partecipante.demo@example.org')
      .executeTakeFirstOrThrow();
    const registration = await db
      .selectFrom('event_registrations')
      .select('id')
      .where('member_id', '=', participant.id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('event_registrations')
      .set({ state: 'confirmed' })
      .where('id', '=', registration.id)
      .execute();
    const page = await pages.get(ecmTestPath(registration.id), token);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-testid="ecm-test-refusal"');
    expect(pageText(page.body)).toMatch(
      /Il test si apre al termine dell’evento: dal \d\d\/\d\d\/\d{4}, 13:00\./,
    );
  });
});
