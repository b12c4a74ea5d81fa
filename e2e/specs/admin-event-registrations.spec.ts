import { expect, test } from '../support/fixtures';
import { openAdmin, SCREEN_TIMEOUT } from '../support/admin';
import { openSignedIn } from '../support/session';

/**
 * The registrations for the treasury (ADR 049): the list filtered by an event shows the
 * event's summary (places, states, takings) above its registrations, and one registration its
 * details; both screens pass axe; a message to the webinar's registrants is written and sent.
 * Nothing here changes a registration other tests meet.
 */
test.describe('iscrizioni agli eventi', () => {
  test.describe.configure({ timeout: 120_000 });

  test('la tesoreria vede le iscrizioni di un evento con il riepilogo e ne apre una', async ({
    page,
    expectAccessible,
  }) => {
    await openSignedIn(page, 'tesoreria.demo@example.org', { landing: null });
    await openAdmin(page, '/iscrizioni');
    await expect(page.getByText('Scegli un evento per vederne il riepilogo')).toBeVisible({
      timeout: SCREEN_TIMEOUT,
    });
    await page.getByRole('combobox', { name: 'Evento' }).click();
    await page.getByRole('option', { name: /^Webinar: il Patient Blood Management/ }).click();
    const summary = page.getByRole('region', { name: /^Riepilogo: Webinar/ });
    await expect(summary).toBeVisible({ timeout: SCREEN_TIMEOUT });
    await expect(summary.getByText(/Posti occupati 2 su 2/)).toBeVisible();
    await expect(summary.getByText(/in lista d’attesa 1/)).toBeVisible();
    const rows = page.getByRole('table').last().getByRole('row');
    // The header and the webinar's four registrations (confirmed, offered, waiting, expired).
    await expect(rows).toHaveCount(5, { timeout: SCREEN_TIMEOUT });
    await expectAccessible(page);

    // Writing to the webinar's registrants: those holding a place, then the one waiting too.
    await page.getByText('Scrivi agli iscritti').click();
    const mailing = page.getByTestId('registration-mailing');
    await expect(mailing.getByTestId('mailing-count')).toHaveText('Lo riceveranno 2 persone.');
    await mailing.getByRole('checkbox', { name: 'in lista d’attesa' }).check();
    await expect(mailing.getByTestId('mailing-count')).toHaveText('Lo riceveranno 3 persone.');
    await mailing.getByRole('button', { name: 'Invia il messaggio' }).click();
    await expect(mailing.getByText('Oggetto: scrivi l’oggetto del messaggio.')).toBeVisible();
    await expect(mailing.getByLabel('Oggetto')).toHaveAttribute('aria-invalid', 'true');
    const subject = `Link del webinar ${Date.now()}`;
    await mailing.getByLabel('Oggetto').fill(subject);
    await mailing.getByLabel(/^Testo/).fill('Il link per collegarsi arriverà il giorno prima.');
    await mailing.getByRole('button', { name: 'Invia il messaggio' }).click();
    await expect(page.getByText('Messaggio in invio a 3 persone.')).toBeVisible();
    await expect(
      page.getByTestId('mailing-history').getByRole('row', { name: new RegExp(subject) }),
    ).toContainText('tesoreria.demo@example.org');
    await expectAccessible(page);

    await rows.filter({ hasText: 'In lista d’attesa' }).click();
    await expect(page.getByText('Causale del bonifico')).toBeVisible({ timeout: SCREEN_TIMEOUT });
    await expect(page.getByText(/^ISCRIZIONE \d+ CK \d{2}$/)).toBeVisible();
    await expectAccessible(page);
  });
});
