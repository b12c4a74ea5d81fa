import { expect, test } from '../support/fixtures';
import { openAdmin, SCREEN_TIMEOUT } from '../support/admin';
import { openSignedIn } from '../support/session';

/**
 * ECM (ADR 056): the demo congress's ECM data under its form, with the checklist of what is
 * missing and a refusal under its field, its speakers (ADR 059); its attendance for ECM on "Presenze e attestati",
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

    // The speakers (ADR 059): the demo's two, and one added with the credits of the role.
    const speakers = page.getByTestId('ecm-speakers');
    await expect(speakers.getByTestId('ecm-speaker')).toHaveCount(2);
    await expect(speakers.getByTestId('ecm-speaker').first()).toContainText('Conti Stefano');
    await speakers.getByRole('textbox', { name: 'Nome', exact: true }).fill('Mario');
    await speakers.getByRole('textbox', { name: 'Cognome' }).fill('Rossi');
    await speakers.getByRole('textbox', { name: 'Codice fiscale' }).fill('RSSMRA85T10A562S');
    await speakers.getByRole('combobox', { name: 'Professione', exact: true }).click();
    await page.getByRole('option', { name: 'Medico chirurgo', exact: true }).click();
    await speakers.getByRole('combobox', { name: 'Disciplina', exact: true }).click();
    await page.getByRole('option', { name: 'Medicina trasfusionale', exact: true }).click();
    await speakers.getByRole('combobox', { name: 'Condizione lavorativa' }).click();
    await page.getByRole('option', { name: 'Dipendente', exact: true }).click();
    await speakers.getByRole('button', { name: 'Aggiungi docente' }).click();
    await expect(speakers.getByText(/^Minuti di docenza: un numero intero/)).toBeVisible();
    await speakers.getByRole('textbox', { name: 'Minuti di docenza' }).fill('45');
    await speakers.getByRole('button', { name: 'Aggiungi docente' }).click();
    await expect(page.getByText('Docente aggiunto.')).toBeVisible();
    const added = speakers.getByTestId('ecm-speaker').filter({ hasText: 'Rossi Mario' });
    await expect(added).toContainText('Medico chirurgo – Medicina trasfusionale');
    await expect(added).toContainText('Relatore (45 minuti)');
    await expectAccessible(page);

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
