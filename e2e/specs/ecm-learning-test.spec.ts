import { expect, test } from '../support/fixtures';
import { ecmCourseUnderway } from '../support/events';
import { openSignedIn } from '../support/session';

// The ECM learning test with scripts (ADR 057): from «Le mie iscrizioni» to the test, each
// choice saved at once and found again after a reload, the attempt handed in and its score;
// axe on the page. The same page without scripts is proven in
// apps/server/test/web/event-ecm-test-pages.test.ts. The real clock: a course that began three
// hours ago is registered to, then ended a minute ago by the secretariat.

test.describe('Test di apprendimento ECM (ADR 057)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('si apre da «Le mie iscrizioni», salva ogni risposta subito, riprende dopo un ricaricamento e si consegna', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const title = `Corso ECM e2e ${Date.now().toString(36)}`;
    const course = await ecmCourseUnderway(request, {
      title,
      eventCode: '400005',
      professionCode: 1,
      disciplineCode: 47,
    });
    const registrationId = await course.register('affiliato.demo@example.org');
    // Present the whole time (a signature sheet), and the course ended a minute ago.
    await course.attend(registrationId);
    await course.end();

    await openSignedIn(page, 'affiliato.demo@example.org', {
      landing: '/area-riservata-iscrizioni',
    });
    // This course's card: the same person may be taking another course's test meanwhile.
    const line = page
      .getByTestId('my-registration')
      .filter({ hasText: title })
      .getByTestId('ecm-test-link')
      .filter({ hasText: 'da svolgere' });
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
