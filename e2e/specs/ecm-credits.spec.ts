import type { EcmCreditsReport } from '@sodalis/contracts';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { openAdmin, SCREEN_TIMEOUT } from '../support/admin';
import { ecmCourseUnderway } from '../support/events';
import { openSignedIn } from '../support/session';

// A participant from the check-in to the ECM certificate (ADR 060), with the real clock and
// scripts: the staff scan the badge at the entrance, correct the exit not read, end the course;
// the participant passes the test, fills in the questionnaire, sees the credits earned in «Le
// mie iscrizioni» and downloads the numbered certificate; the staff see it on «Crediti ECM» and
// anyone verifies it at the printed address. axe on each page.

/** The participant's card in «Le mie iscrizioni». */
const cardOf = (page: Page, title: string) =>
  page.getByTestId('my-registration').filter({ hasText: title });

test.describe('Crediti ECM (ADR 060)', () => {
  test.describe.configure({ timeout: 150_000 });

  test('dall’accoglienza all’attestato ECM: presenza, test, questionario, crediti e verifica', async ({
    page,
    request,
    expectAccessible,
  }) => {
    const title = `Corso ECM e2e crediti ${Date.now().toString(36)}`;
    const course = await ecmCourseUnderway(request, {
      title,
      eventCode: '400007',
      // Tecnico sanitario laboratorio biomedico, the demo affiliate's profession.
      professionCode: 28,
      disciplineCode: 93,
    });
    const { event, admin } = course;
    const registrationId = await course.register('affiliato.demo@example.org', {
      fiscalCode: 'LNZMRC80A01H501Y',
    });

    // The entrance: the staff find the person by name and scan them in.
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    await openAdmin(page, '/accoglienza');
    await page.getByRole('combobox', { name: 'Evento' }).click({ timeout: SCREEN_TIMEOUT });
    await page.getByRole('option', { name: new RegExp(`^${title}`) }).click();
    const field = page.getByRole('textbox', { name: 'Codice del badge o nome' });
    await field.fill('Lanza');
    const found = page.getByRole('list', { name: 'Persone trovate' }).getByRole('listitem');
    await expect(found).toHaveCount(1, { timeout: SCREEN_TIMEOUT });
    const code = /[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}/.exec(
      (await found.textContent()) ?? '',
    )?.[0];
    expect(code).toBeDefined();
    await field.fill(code ?? '');
    await field.press('Enter');
    await expect(page.getByTestId('checkin-last')).toContainText('Entrata: Marco Lanza');
    await expect(page.getByTestId('checkin-present')).toContainText('Marco Lanza', {
      timeout: SCREEN_TIMEOUT,
    });
    // Scanned in late and never out: the staff count the whole course from the signature sheet,
    // and the course ends a minute ago.
    await course.attend(
      registrationId,
      'Foglio firme: presente dall’inizio, badge non letto all’uscita',
    );
    await course.end();

    // The participant: the test, all right.
    await openSignedIn(page, 'affiliato.demo@example.org', {
      landing: '/area-riservata-iscrizioni',
    });
    await expect(cardOf(page, title).getByTestId('ecm-credits')).toContainText(
      'Non ancora ottenuti',
    );
    await cardOf(page, title).getByRole('link', { name: 'Vai al test' }).click();
    await page.getByTestId('ecm-test-start').click();
    const questions = page.getByTestId('ecm-test-question');
    await expect(questions).toHaveCount(3);
    for (const position of [0, 1, 2]) {
      await questions
        .nth(position)
        .getByRole('radio', { name: /^Giusta/ })
        .check();
      await expect(page.getByTestId('ecm-test-saved')).toHaveText(
        `Risposta alla domanda ${position + 1} salvata.`,
      );
    }
    await page.getByRole('button', { name: 'Consegna il test' }).click();
    await expect(page.getByTestId('ecm-test-result')).toContainText('Test superato');

    // The questionnaire, then the credits.
    await page.goto('/area-riservata-iscrizioni');
    await cardOf(page, title).getByRole('link', { name: 'Compila il questionario' }).click();
    const form = page.getByTestId('questionnaire-form');
    await form.getByRole('radio', { name: 'Molto rilevante' }).check();
    await form.getByRole('radio', { name: 'Buona' }).check();
    await form.getByRole('radio', { name: 'Molto utile' }).check();
    const groups = form.getByRole('group');
    await groups
      .filter({ hasText: 'interessi commerciali' })
      .getByRole('radio', { name: 'Sì' })
      .check();
    await groups
      .filter({ hasText: 'reclutato' })
      .first()
      .getByRole('radio', { name: 'No' })
      .check();
    await page.getByRole('button', { name: 'Invia il questionario' }).click();
    await expect(page.getByTestId('questionnaire-done')).toBeVisible();

    await page.goto('/area-riservata-iscrizioni');
    const credits = cardOf(page, title).getByTestId('ecm-credits');
    await expect(credits).toHaveAttribute('data-earned', 'true');
    await expect(credits.getByTestId('ecm-credits-outcome')).toContainText(
      'Hai ottenuto 1 credito ECM',
    );
    await expect(credits.getByTestId('ecm-credit-check')).toHaveCount(4);
    await expectAccessible(page);
    const download = page.waitForEvent('download');
    await credits.getByTestId('ecm-certificate-download').click();
    expect((await download).suggestedFilename()).toBe('attestato-ecm-1-400007-1.pdf');

    // The staff's screen: the row earned, its certificate issued.
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    await openAdmin(page, `/crediti-ecm?evento=${event.id}`);
    const row = page.getByTestId('ecm-credit-row').filter({ hasText: 'Lanza' });
    await expect(row).toHaveAttribute('data-earned', 'true', { timeout: SCREEN_TIMEOUT });
    await expect(row).toContainText('1/400007-1');
    await expectAccessible(page);

    // Anyone verifies it at the address printed on it.
    const report = await admin<EcmCreditsReport>(
      'get',
      `/EventAttendance/Events/${event.id}/EcmCredits`,
    );
    const verifyPath = report.rows[0]?.certificate?.verifyPath ?? '';
    await page.goto(verifyPath);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Verifica dell’attestato di crediti ECM',
    );
    await expect(page.getByTestId('certificate-verification')).toContainText('Attestato valido');
    await expect(page.getByTestId('certificate-ecm-credits')).toContainText('1, acquisiti il');
    await expectAccessible(page);
  });
});
