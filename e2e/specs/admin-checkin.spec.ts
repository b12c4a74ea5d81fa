import { expect, test } from '../support/fixtures';
import { openAdmin, SCREEN_TIMEOUT } from '../support/admin';
import { openSignedIn } from '../support/session';

/**
 * The check-in on a phone (ADR 051): at 375 px the treasury chooses the demo congress, finds
 * the speaker by name, types the badge's code while the network is down, sees the scan waiting
 * on the device, and once back online sees it sent and the person inside. The page passes axe.
 */
test.describe('accoglienza', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ viewport: { width: 375, height: 740 } });

  test('un badge scritto senza rete resta in coda e parte quando la rete torna', async ({
    page,
    expectAccessible,
  }) => {
    await openSignedIn(page, 'tesoreria.demo@example.org', { landing: null });
    await openAdmin(page, '/accoglienza');
    await page.getByRole('combobox', { name: 'Evento' }).click({ timeout: SCREEN_TIMEOUT });
    await page.getByRole('option', { name: /^Congresso nazionale/ }).click();
    await expect(page.getByTestId('checkin-present-count')).toContainText('su 1', {
      timeout: SCREEN_TIMEOUT,
    });
    const field = page.getByRole('textbox', { name: 'Codice del badge o nome' });
    await field.fill('Lanza');
    const found = page.getByRole('list', { name: 'Persone trovate' }).getByRole('listitem');
    await expect(found).toHaveCount(1);
    const code = /[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}/.exec(
      (await found.textContent()) ?? '',
    )?.[0];
    expect(code).toBeDefined();
    await expectAccessible(page);

    await page.context().setOffline(true);
    await field.fill(code ?? '');
    await field.press('Enter');
    await expect(page.getByTestId('checkin-last')).toContainText('Entrata: Marco Lanza');
    await expect(page.getByTestId('checkin-pending')).toContainText(
      '1 scansione in attesa di invio',
    );
    await expect(page.getByTestId('checkin-pending')).toContainText('Rete assente');

    // Back online, the queue leaves by itself (the browser's `online` event).
    await page.context().setOffline(false);
    await expect(page.getByTestId('checkin-pending')).toContainText(
      'Tutte le scansioni sono state inviate.',
      { timeout: SCREEN_TIMEOUT },
    );
    await expect(page.getByTestId('checkin-present')).toContainText('Marco Lanza');
    await expect(page.getByTestId('checkin-present-count')).toContainText('Presenti ora: 1 su 1');
  });
});
