import type { AdminEvent, RegistrationAnswer } from '@sodalis/contracts';
import { expect, test } from '../support/fixtures';
import { romeLocal } from '../support/events';
import { openSignedIn, signInThroughApi } from '../support/session';

// The ECM learning test with scripts (ADR 057): from «Le mie iscrizioni» to the test, each
// choice saved at once and found again after a reload, the attempt handed in and its score;
// axe on the page. The same page without scripts is proven in
// apps/server/test/web/event-ecm-test-pages.test.ts. The real clock: a course that began three
// hours ago is registered to, then ended a minute ago by the secretariat.

const MINUTE = 60_000;

test.describe('Test di apprendimento ECM (ADR 057)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('si apre da «Le mie iscrizioni», salva ogni risposta subito, riprende dopo un ricaricamento e si consegna', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const staff = await signInThroughApi(request, 'segreteria.demo@example.org');
    const person = await signInThroughApi(request, 'affiliato.demo@example.org');
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    const admin = async <T>(method: 'post' | 'put', path: string, data: object) => {
      const response = await request[method](`/api/v1/Admin${path}`, {
        data,
        headers: as(staff),
      });
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()) as { data: T }).data;
    };

    const now = Date.now();
    const body = {
      title: `Corso ECM e2e ${now.toString(36)}`,
      startsAt: romeLocal(new Date(now - 3 * 60 * MINUTE)),
      endsAt: romeLocal(new Date(now + 60 * MINUTE)),
      mode: 'in-presenza',
      venueName: 'Aula',
      venueCity: 'Roma',
      ecmCredits: true,
      registrationTypes: [{ name: 'Partecipante', eligibility: 'tutti', standardCents: 0 }],
      published: true,
    };
    const event = await admin<AdminEvent>('post', '/Events', body);
    await admin('put', `/Events/${event.id}/Ecm`, {
      type: 'residenziale',
      providerCode: '1234',
      eventCode: '400005',
      credits: 1,
      professions: [1],
      disciplines: [47],
    });
    for (const index of [1, 2, 3]) {
      await admin('post', `/Events/${event.id}/EcmTest/Questions`, {
        text: `Domanda ${index} sul plasma?`,
        options: [`Giusta ${index}`, `Errata A ${index}`, `Errata B ${index}`, `Errata C ${index}`],
        correct: 0,
      });
    }
    await admin('post', `/Events/${event.id}/EcmTest/Open`, {});
    const registered = await request.post(`/api/v1/Events/${event.id}/Registrations`, {
      data: {
        requestKey: `e2eecm${now.toString(36)}padding`,
        typeId: event.registrationTypes[0]?.id,
        addonIds: [],
        professionCode: 1,
        disciplineCode: 47,
        employment: 'dipendente',
      },
      headers: as(person),
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const registrationId = ((await registered.json()) as { data: RegistrationAnswer }).data
      .registration.id;
    // Present the whole time (a signature sheet), and the course ended a minute ago.
    await admin('post', `/EventAttendance/Registrations/${registrationId}/EcmAdjustments`, {
      kind: 'replace',
      minutes: 240,
      reason: 'Foglio firme',
    });
    await admin('put', `/Events/${event.id}`, {
      ...body,
      endsAt: romeLocal(new Date(now - MINUTE)),
      registrationTypes: event.registrationTypes,
    });

    await openSignedIn(page, 'affiliato.demo@example.org', {
      landing: '/area-riservata-iscrizioni',
    });
    const line = page.getByTestId('ecm-test-link').filter({ hasText: 'da svolgere' });
    await line.getByRole('link', { name: 'Vai al test' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Test di apprendimento ECM');
    await page.getByTestId('ecm-test-start').click();
    const questions = page.getByTestId('ecm-test-question');
    await expect(questions).toHaveCount(3);
    await expectAccessible(page);

    // Each choice saved at once: a reload finds it.
    const first = questions.first();
    const right = first.getByRole('radio', { name: /^Giusta/ });
    await right.check();
    await expect(page.getByTestId('ecm-test-saved')).toHaveText('Risposta alla domanda 1 salvata.');
    await page.reload();
    await expect(
      page
        .getByTestId('ecm-test-question')
        .first()
        .getByRole('radio', { name: /^Giusta/ }),
    ).toBeChecked();
    await expect(page.getByText('Risposte salvate: 1 su 3.')).toBeVisible();

    // The others, then handed in: all right, passed; the right answers are never shown.
    for (const position of [1, 2]) {
      await page
        .getByTestId('ecm-test-question')
        .nth(position)
        .getByRole('radio', { name: /^Giusta/ })
        .check();
      await expect(page.getByTestId('ecm-test-saved')).toHaveText(
        `Risposta alla domanda ${position + 1} salvata.`,
      );
    }
    await page.getByRole('button', { name: 'Consegna il test' }).click();
    const result = page.getByTestId('ecm-test-result');
    await expect(result).toContainText('Test superato (tentativo 1)');
    await expect(result).toContainText('3 risposte corrette su 3: 100% (soglia 75%).');
    await expect(page.getByTestId('ecm-test-form')).toHaveCount(0);
    await expectAccessible(page);
  });
});
