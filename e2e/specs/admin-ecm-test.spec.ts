import { ECM_TEST_MESSAGES } from '@sodalis/contracts';
import { expect, test } from '../support/fixtures';
import { openAdmin, SCREEN_TIMEOUT } from '../support/admin';
import { openSignedIn } from '../support/session';

/**
 * The ECM learning test's bank (ADR 057) on the demo congress's screen, beside its ECM data: a
 * question without its right option is refused under the field, then added and removed; the
 * section passes axe.
 */
test.describe('Test di apprendimento ECM: le domande', () => {
  test.describe.configure({ timeout: 120_000 });
  // The refusal shown under its field is the API's 400.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test('la segreteria aggiunge una domanda con 4 risposte e una corretta, poi la toglie', async ({
    page,
    expectAccessible,
  }) => {
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    await openAdmin(page, '/eventi');
    await page
      .getByRole('row', { name: /Congresso nazionale/ })
      .first()
      .getByRole('cell')
      .nth(1)
      .click({ timeout: SCREEN_TIMEOUT });

    const section = page.getByTestId('ecm-test-section');
    await expect(section.getByRole('heading', { name: 'Test di apprendimento' })).toBeVisible({
      timeout: SCREEN_TIMEOUT,
    });
    await expect(section.getByTestId('ecm-test-window')).toContainText('Aperto');
    const text = `Domanda e2e ${Date.now().toString(36)}: cosa indica il test di Coombs diretto?`;
    const form = section.getByTestId('ecm-question-form').last();
    await form.getByRole('textbox', { name: 'Domanda' }).fill(text);
    const options = [
      'Anticorpi legati alle emazie',
      'Anticorpi liberi nel siero',
      'Il gruppo AB0',
      'La conta piastrinica',
    ];
    for (const [index, option] of options.entries()) {
      await form.getByRole('textbox', { name: `Risposta ${index + 1}` }).fill(option);
    }
    await form.getByRole('button', { name: 'Aggiungi la domanda' }).click();
    await expect(form.getByText(ECM_TEST_MESSAGES.correct)).toBeVisible();
    await form.getByRole('radio', { name: 'Corretta la 1' }).check();
    await form.getByRole('button', { name: 'Aggiungi la domanda' }).click();
    await expect(page.getByText('Domanda salvata.')).toBeVisible();
    const added = section.getByTestId('ecm-question').filter({ hasText: text });
    await expect(added).toContainText('Anticorpi legati alle emazie — corretta');
    await expectAccessible(page);

    await added.getByRole('button', { name: 'Togli' }).click();
    await expect(page.getByText('Domanda tolta.')).toBeVisible();
    await expect(section.getByTestId('ecm-question').filter({ hasText: text })).toHaveCount(0);
  });
});
