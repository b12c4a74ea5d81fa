import { expect, test } from '../support/fixtures';
import { adminApi, openAdmin, SCREEN_TIMEOUT } from '../support/admin';
import { openSignedIn } from '../support/session';

const STAFF = 'segreteria.demo@example.org';

/**
 * An account's history beside its form (ADR 031, amendment of 2026-11-24): a rename is undone
 * from the history and the open form shows the earlier name at once.
 */
test.describe('versioni di un account', () => {
  test.describe.configure({ timeout: 120_000 });

  test('annulla il cambio di cognome dalla cronologia accanto al modulo', async ({
    page,
    expectAccessible,
  }) => {
    const email = `storia.${Date.now()}@example.org`;
    await openSignedIn(page, STAFF, { landing: null });
    const created = await adminApi(page, 'POST', '/Members', {
      email,
      firstName: 'Elena',
      lastName: 'Conti',
      role: 'socio',
    });
    const id = Number(created.id);
    await adminApi(page, 'PUT', `/Members/${id}`, {
      firstName: 'Elena',
      lastName: 'Conti Ferri',
      role: 'socio',
      status: 'active',
    });

    await openAdmin(page, `/account/${id}`);
    const lastName = page.getByRole('textbox', { name: /^Cognome/ });
    await expect(lastName).toHaveValue('Conti Ferri', { timeout: SCREEN_TIMEOUT });
    const history = page.getByTestId('account-history');
    await expect(history).toContainText(`Account modificato: ${email}`);
    await expectAccessible(page);
    await history
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: 'Annulla questa modifica' })
      .click();
    await expect(
      page.getByText('Modifica annullata: nome e cognome sono tornati alla versione precedente.'),
    ).toBeVisible();
    await expect(lastName).toHaveValue('Conti');
    await expect(history.getByRole('listitem')).toHaveCount(3);
  });
});
