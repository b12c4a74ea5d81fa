import type { Locator, Page } from '@playwright/test';
import { expect, gotoHydrated, test } from '../support/fixtures';
import { waitForMail } from '../support/mail';
import { minimalPdf } from '../support/pdf';

/** A small real PDF the server accepts (it parses every upload, ADR 027). */
function pdf(name: string) {
  return { name, mimeType: 'application/pdf', buffer: minimalPdf(name) };
}

/** A form control by its label (required fields add " *" to it). */
function field(form: Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return form.getByLabel(new RegExp(`^${escaped}( \\*)?$`));
}

async function openForm(page: Page): Promise<Locator> {
  await gotoHydrated(page, '/patrocini?scheda=modulo');
  const form = page.getByTestId('sponsorship-form');
  await expect(form).toBeVisible();
  return form;
}

async function fillValidForm(form: Locator, title: string) {
  await field(form, 'Richiedente').fill('Mario Rossi');
  await field(form, 'E-mail').fill('mario.rossi@example.org');
  await field(form, 'Ente').fill('ASL Roma 1');
  await field(form, 'Tipo di richiesta').selectOption('Patrocinio');
  await field(form, 'Tipo di evento').selectOption('Nazionale');
  await field(form, 'Titolo dell’evento').fill(title);
  await field(form, 'Data di inizio').fill('2026-05-14');
  await field(form, 'Data di fine').fill('2026-05-15');
  await field(form, 'Luogo').fill('Roma');
  await field(form, 'Sito web').fill('https://www.evento.example');
  await form
    .getByLabel('Contenuti dell’evento', { exact: true })
    .fill('Prima giornata.\nSeconda giornata.');
  await form.getByRole('checkbox', { name: /Acconsento al trattamento/ }).check();
}

const submitButton = (form: Locator) => form.getByRole('button', { name: 'INVIA RICHIESTA' });
const attachmentNames = (form: Locator) =>
  form.getByTestId('attachment').locator('.attachments-field__name');

test.describe('i patrocini', () => {
  test('la pagina ha la scheda Richiesta con le indicazioni e la scheda Modulo di richiesta', async ({
    page,
  }) => {
    await gotoHydrated(page, '/patrocini');
    await expect(page).toHaveTitle(/^Patrocini \| SIMTI$/);
    const tabs = page.getByRole('navigation', { name: 'Sezioni della pagina' });
    await expect(tabs.getByRole('link', { name: 'Richiesta', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByTestId('tab-richiesta')).toContainText('patrocinio');
    await expect(page.getByTestId('sponsorship-form')).toBeHidden();

    await tabs.getByRole('link', { name: 'Modulo di richiesta' }).click();
    await expect(page).toHaveURL(/\/patrocini\?scheda=modulo$/);
    await expect(page.getByTestId('sponsorship-form')).toBeVisible();
    await expect(page.getByTestId('tab-richiesta')).toBeHidden();

    // What was typed survives a look at the other tab.
    await page.getByTestId('sponsorship-form').getByLabel('Richiedente').fill('Anna Bianchi');
    await tabs.getByRole('link', { name: 'Richiesta', exact: true }).click();
    await tabs.getByRole('link', { name: 'Modulo di richiesta' }).click();
    await expect(page.getByTestId('sponsorship-form').getByLabel('Richiedente')).toHaveValue(
      'Anna Bianchi',
    );
  });

  test('il modulo segnala i campi non validi e si invia solo se valido e con un PDF', async ({
    page,
    expectAccessible,
  }) => {
    const form = await openForm(page);
    await expect(submitButton(form)).toBeDisabled();

    const requester = field(form, 'Richiedente');
    await requester.focus();
    await requester.blur();
    await expect(requester).toHaveAttribute('aria-invalid', 'true');
    await expect(form).toContainText('Campo obbligatorio.');

    const email = field(form, 'E-mail');
    await email.fill('mario.rossi@');
    await expect(form).not.toContainText('Il formato email non è corretto');
    await email.blur();
    await expect(form).toContainText('Il formato email non è corretto');

    await field(form, 'Sito web').fill('www.evento.example');
    await field(form, 'Sito web').blur();
    await expect(form).toContainText('Inserisci un indirizzo web completo');

    await field(form, 'Data di inizio').fill('2026-05-15');
    await field(form, 'Data di fine').fill('2026-05-14');
    await expect(form).toContainText('La data di fine non può precedere la data di inizio.');
    await expectAccessible(page);

    await fillValidForm(form, 'Corso di prova');
    await expect(form).not.toContainText('Campo obbligatorio.');
    await expect(form).not.toContainText('Il formato email non è corretto');
    await expect(form).not.toContainText('La data di fine');
    // Valid, but no attachment yet.
    await expect(submitButton(form)).toBeDisabled();
    await form.getByTestId('attachments-input').setInputFiles([pdf('programma.pdf')]);
    await expect(attachmentNames(form)).toHaveText(['programma.pdf']);
    await expect(submitButton(form)).toBeEnabled();

    // Withdrawing the consent disables it again, with the message.
    await form.getByRole('checkbox', { name: /Acconsento al trattamento/ }).uncheck();
    await expect(submitButton(form)).toBeDisabled();
    await expect(form).toContainText('Devi acconsentire al trattamento dei dati personali.');
  });

  test('allega i PDF con il selettore: al massimo 5, salta i nomi già presenti, rifiuta i non PDF', async ({
    page,
    expectAccessible,
  }) => {
    const form = await openForm(page);
    const input = form.getByTestId('attachments-input');
    await expect(
      form.getByText('attendi che i PDF siano caricati prima di inviare la richiesta'),
    ).toBeVisible();

    await input.setInputFiles([pdf('a.pdf'), pdf('b.pdf')]);
    await expect(attachmentNames(form)).toHaveText(['a.pdf', 'b.pdf']);

    // A name already added is skipped.
    await input.setInputFiles([pdf('b.pdf'), pdf('c.pdf')]);
    await expect(attachmentNames(form)).toHaveText(['a.pdf', 'b.pdf', 'c.pdf']);

    // Only PDFs.
    await input.setInputFiles([
      { name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('testo') },
    ]);
    await expect(form.getByTestId('attachments-notice')).toContainText('«note.txt» non è un PDF');
    await expect(attachmentNames(form)).toHaveCount(3);

    // Beyond five, the rest is ignored silently.
    await input.setInputFiles([pdf('d.pdf'), pdf('e.pdf'), pdf('f.pdf')]);
    await expect(attachmentNames(form)).toHaveText(['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf', 'e.pdf']);
    await expect(form.getByTestId('attachments-notice')).toHaveText('');
    await expect(input).toBeDisabled();
    await expectAccessible(page);

    await form.getByRole('button', { name: 'Rimuovi b.pdf' }).click();
    await expect(attachmentNames(form)).toHaveText(['a.pdf', 'c.pdf', 'd.pdf', 'e.pdf']);
    await expect(input).toBeEnabled();
    await input.setInputFiles([pdf('b.pdf')]);
    await expect(attachmentNames(form)).toHaveText(['a.pdf', 'c.pdf', 'd.pdf', 'e.pdf', 'b.pdf']);
  });

  test('inviata la richiesta, avvisa del successo e svuota il modulo; la segreteria riceve l’e-mail', async ({
    page,
  }) => {
    const title = `Giornata di studio ${Date.now()}`;
    const form = await openForm(page);
    await fillValidForm(form, title);
    await form
      .getByTestId('attachments-input')
      .setInputFiles([pdf('programma.pdf'), pdf('locandina.pdf')]);
    await expect(submitButton(form)).toBeEnabled();
    await submitButton(form).click();

    await expect(page.getByTestId('toast')).toHaveText('Richiesta inviata correttamente!');
    await expect(field(form, 'Richiedente')).toHaveValue('');
    await expect(field(form, 'Titolo dell’evento')).toHaveValue('');
    await expect(field(form, 'Tipo di evento')).toHaveValue('');
    await expect(
      form.getByRole('checkbox', { name: /Acconsento al trattamento/ }),
    ).not.toBeChecked();
    await expect(form.getByTestId('attachment')).toHaveCount(0);
    await expect(submitButton(form)).toBeDisabled();
    // Cleared, not complained about: nothing was touched since.
    await expect(form).not.toContainText('Campo obbligatorio.');

    const mail = await waitForMail(title);
    expect(mail).toContain('To: segreteria@');
    expect(mail).toContain('programma.pdf');
    expect(mail).toContain('locandina.pdf');
  });

  // The request fails on purpose: the browser logs the 500.
  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 500/] });

    test('se l’invio non riesce, avvisa dell’errore e non perde nulla', async ({ page }) => {
      await page.route('**/api/v1/SharepointContent/InviaRichiestaPatrocinio', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"data":null}' }),
      );
      const form = await openForm(page);
      await fillValidForm(form, 'Richiesta che non parte');
      await form.getByTestId('attachments-input').setInputFiles([pdf('programma.pdf')]);
      await submitButton(form).click();

      await expect(page.getByTestId('toast')).toHaveText(
        "Qualcosa è andato storto, riprova, se il problema persiste contatta l'assistenza.",
      );
      await expect(page.getByTestId('toast')).toHaveClass(/toast--error/);
      await expect(field(form, 'Richiedente')).toHaveValue('Mario Rossi');
      await expect(field(form, 'Titolo dell’evento')).toHaveValue('Richiesta che non parte');
      await expect(form.getByRole('checkbox', { name: /Acconsento al trattamento/ })).toBeChecked();
      await expect(attachmentNames(form)).toHaveText(['programma.pdf']);
      await expect(submitButton(form)).toBeEnabled();
    });
  });
});
