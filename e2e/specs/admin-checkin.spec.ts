import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { openAdmin, SCREEN_TIMEOUT } from '../support/admin';
import { openSignedIn } from '../support/session';

/**
 * The check-in on a phone (ADR 051): at 375 px the treasury chooses the demo congress, finds
 * the speaker by name, types the badge's code while the network is down, sees the scan waiting
 * on the device, and once back online sees it sent and the person inside. The page passes axe.
 * Sessions (ADR 054): one added on "Presenze e attestati" (its Italian message first), then
 * chosen at the check-in, where who is inside is the session's and a scan goes with it.
 */
/** The demo speaker's badge code, as the check-in finds it by the name typed. */
async function speakerCode(page: Page): Promise<string> {
  await page.getByRole('textbox', { name: 'Codice del badge o nome' }).fill('Lanza');
  const found = page.getByRole('list', { name: 'Persone trovate' }).getByRole('listitem');
  await expect(found).toHaveCount(1);
  const code = /[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}/.exec(
    (await found.textContent()) ?? '',
  )?.[0];
  expect(code).toBeDefined();
  return code ?? '';
}

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
    const code = await speakerCode(page);
    await expectAccessible(page);

    await page.context().setOffline(true);
    await field.fill(code);
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

  test.describe('sessioni', () => {
    // The session's form sent with its end before its start, on purpose: the server's 400.
    test.use({ allowedConsoleErrors: [/status of 400/] });

    test('una sessione aggiunta si sceglie all’accoglienza: presenti e scansioni sono della sessione', async ({
      page,
      expectAccessible,
    }) => {
      await openSignedIn(page, 'tesoreria.demo@example.org', { landing: null });
      await openAdmin(page, '/presenze-attestati');
      await page.getByRole('combobox', { name: 'Evento' }).click({ timeout: SCREEN_TIMEOUT });
      const congress = page.getByRole('option', { name: /^Congresso nazionale/ });
      // The congress's first day, from the choice's "(dd/mm/yyyy)".
      const [, day, month, year] = /\((\d{2})\/(\d{2})\/(\d{4})\)/.exec(
        (await congress.textContent()) ?? '',
      ) ?? ['', '', '', ''];
      await congress.click();
      const name = `Tavola rotonda ${Date.now().toString(36)}`;
      await page.getByRole('textbox', { name: 'Nome' }).fill(name);
      await page.getByLabel('Inizio (ora di Roma)').fill(`${year}-${month}-${day}T11:00`);
      await page.getByLabel('Fine (ora di Roma)').fill(`${year}-${month}-${day}T10:00`);
      await page.getByRole('button', { name: 'Aggiungi la sessione' }).click();
      await expect(page.getByText('Fine: deve essere dopo l’inizio della sessione.')).toBeVisible();
      await page.getByLabel('Fine (ora di Roma)').fill(`${year}-${month}-${day}T12:30`);
      await page.getByRole('button', { name: 'Aggiungi la sessione' }).click();
      await expect(page.getByRole('table', { name: 'Sessioni' })).toContainText(name);
      await expect(page.getByRole('table', { name: 'Sessioni' })).toContainText(
        'Sessione inaugurale',
      );

      await openAdmin(page, '/accoglienza');
      await page.getByRole('combobox', { name: 'Evento' }).click({ timeout: SCREEN_TIMEOUT });
      await page.getByRole('option', { name: /^Congresso nazionale/ }).click();
      const count = page.getByTestId('checkin-present-count');
      await expect(count).toContainText('Presenti ora', { timeout: SCREEN_TIMEOUT });
      // The demo's opening session: the speaker entered and was never scanned out of it.
      const choice = page.getByRole('combobox', { name: 'Giornata o sessione' });
      await choice.click();
      await page.getByRole('option', { name: /^Sessione inaugurale/ }).click();
      await expect(count).toContainText('Presenti in «Sessione inaugurale»: 1 su 1', {
        timeout: SCREEN_TIMEOUT,
      });
      await expect(page.getByTestId('checkin-present')).toContainText('Marco Lanza');
      await choice.click();
      await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
      await expect(count).toContainText(`Presenti in «${name}»: 0 su 1`, {
        timeout: SCREEN_TIMEOUT,
      });
      await expectAccessible(page);

      // The badge typed for the session: it leaves with the session, and the server answers for
      // it (the congress is weeks ahead: a session of another day is refused, not stored).
      const field = page.getByRole('textbox', { name: 'Codice del badge o nome' });
      const code = await speakerCode(page);
      await field.fill(code);
      await field.press('Enter');
      await expect(page.getByTestId('checkin-last')).toContainText(
        'Marco Lanza: La sessione scelta è di un altro giorno',
        { timeout: SCREEN_TIMEOUT },
      );
      await expect(page.getByTestId('checkin-pending')).toContainText(
        'Tutte le scansioni sono state inviate.',
      );
      await expect(count).toContainText(`Presenti in «${name}»: 0 su 1`);
    });
  });
});
