import { expect, test } from '../support/fixtures';
import { openAdmin, SCREEN_TIMEOUT } from '../support/admin';
import { openSignedIn } from '../support/session';

/**
 * ECM (ADR 056): the demo congress's ECM data under its form, with the checklist of what is
 * missing and a refusal under its field; its attendance for ECM on "Presenze e attestati",
 * corrected with a reason. The screens pass axe.
 */
test.describe('ECM', () => {
  test.describe.configure({ timeout: 120_000 });
  // The refusals shown under their fields are the API's 400s.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test('la segreteria vede cosa manca, corregge i crediti e una presenza ECM', async ({
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

    const section = page.getByTestId('ecm-section');
    await expect(section.getByRole('heading', { name: 'ECM' })).toBeVisible({
      timeout: SCREEN_TIMEOUT,
    });
    await expect(
      section.getByText('Tutto pronto: l’evento può assegnare i crediti.'),
    ).toBeVisible();
    const credits = section.getByRole('textbox', { name: 'Crediti' });
    await credits.fill('0');
    await section.getByRole('button', { name: 'Salva dati ECM' }).click();
    await expect(section.getByText(/^Crediti: un numero maggiore di 0/)).toBeVisible();
    await credits.fill('5,5');
    await section.getByRole('textbox', { name: 'Codice provider' }).fill('');
    await section.getByRole('button', { name: 'Salva dati ECM' }).click();
    await expect(page.getByText('Dati ECM salvati.')).toBeVisible();
    await expect(section.getByText('✗ Codice provider — mancante')).toBeVisible();
    await expectAccessible(page);
    await section.getByRole('textbox', { name: 'Codice provider' }).fill('9999');
    await section.getByRole('button', { name: 'Salva dati ECM' }).click();
    await expect(
      section.getByText('Tutto pronto: l’evento può assegnare i crediti.'),
    ).toBeVisible();

    await openAdmin(page, '/presenze-attestati');
    await page.getByRole('combobox', { name: 'Evento' }).click({ timeout: SCREEN_TIMEOUT });
    await page.getByRole('option', { name: /^Congresso nazionale/ }).click();
    const report = page.getByTestId('ecm-attendance');
    await expect(page.getByRole('heading', { name: 'Presenze ECM (soglia 90%)' })).toBeVisible({
      timeout: SCREEN_TIMEOUT,
    });
    const row = report.getByRole('row').nth(1);
    const form = row.getByRole('form', { name: /^Correggi la presenza di/ });
    await form.getByRole('textbox', { name: 'Minuti' }).fill('15');
    await form.getByRole('button', { name: 'Correggi' }).click();
    await expect(form.getByText(/^Motivo: scrivi perché/)).toBeVisible();
    await form.getByRole('textbox', { name: 'Motivo' }).fill('Firma sul foglio cartaceo');
    await form.getByRole('button', { name: 'Correggi' }).click();
    await expect(row.getByText(/\+15 minuti — Firma sul foglio cartaceo/)).toBeVisible();
    await expectAccessible(page);
  });
});
