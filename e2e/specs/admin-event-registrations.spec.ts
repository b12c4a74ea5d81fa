import { expect, test } from '../support/fixtures';
import { openAdmin, SCREEN_TIMEOUT } from '../support/admin';
import { openSignedIn } from '../support/session';

/**
 * The registrations for the treasury (ADR 049): the list filtered by an event shows the
 * event's summary (places, states, takings) above its registrations, and one registration its
 * details; both screens pass axe. Read-only on the demo's full webinar: nothing here changes
 * what other tests meet.
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

    await rows.filter({ hasText: 'In lista d’attesa' }).click();
    await expect(page.getByText('Causale del bonifico')).toBeVisible({ timeout: SCREEN_TIMEOUT });
    await expect(page.getByText(/^ISCRIZIONE \d+ CK \d{2}$/)).toBeVisible();
    await expectAccessible(page);
  });
});
