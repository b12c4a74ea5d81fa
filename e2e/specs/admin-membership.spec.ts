import { expect, gotoHydrated, test } from '../support/fixtures';
import { openAdmin } from '../support/admin';
import { codiceFiscaleFor, fillApplication } from '../support/membership';
import { waitForMail } from '../support/mail';
import { openSignedIn } from '../support/session';

test.describe('amministrazione: domande di iscrizione', () => {
  test.describe.configure({ timeout: 90_000 });

  test('la segreteria approva una domanda: numero di socio, invito, quota del primo anno', async ({
    page,
    expectAccessible,
  }) => {
    const seed = Date.now() + 7;
    const email = `nuovo.socio.${seed}@example.org`;
    await gotoHydrated(page, '/chi-siamo-iscrizione');
    await fillApplication(page, {
      firstName: 'Anna',
      lastName: `Approvata${seed % 100_000}`,
      email,
      codiceFiscale: codiceFiscaleFor(seed),
    });
    await page.getByRole('button', { name: 'Invia la domanda' }).click();
    await expect(page.getByTestId('application-received')).toBeVisible();

    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    await openAdmin(page, '/domande-iscrizione');
    const row = page.getByRole('row', { name: new RegExp(`Approvata${seed % 100_000}`) });
    await expect(row).toContainText('In attesa');
    await expectAccessible(page);
    await row.click();
    await expect(page.getByText(email)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Approva e invia l’invito' }).click();
    await expect(
      page.getByText(/Domanda approvata: account creato e invito inviato/),
    ).toBeVisible();
    await expect(page.getByText('Approvata', { exact: true })).toBeVisible();

    const invitation = await waitForMail(`username ${email}`);
    expect(invitation).toContain('area-riservata-resetpwd');

    await openAdmin(page, '/soci');
    const member = page.getByRole('row', { name: new RegExp(email) });
    await expect(member).toContainText('Socio');
    await expectAccessible(page);
    await member.click();
    await expect(page.getByRole('cell', { name: 'Da pagare', exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test('la segreteria vede i soci dimostrativi con il loro stato e sceglie le colonne dell’elenco', async ({
    page,
    expectAccessible,
  }) => {
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    await openAdmin(page, '/soci');
    // The demo register (ADR 042): each standing of the year, with its member number.
    const lapsed = page.getByRole('row', { name: /decaduto\.demo@example\.org/ });
    await expect(lapsed).toContainText('00001');
    await expect(lapsed).toContainText('Decaduto');
    await expect(page.getByRole('row', { name: /arretrati\.demo@example\.org/ })).toContainText(
      'Moroso',
    );
    const socio = page.getByRole('row', { name: /socio\.demo@example\.org/ });
    await expect(socio).toContainText('00003');
    await expect(page.getByRole('columnheader', { name: 'Codice fiscale' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Colonne' }).click();
    await page.getByRole('switch', { name: 'Codice fiscale' }).check();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('columnheader', { name: 'Codice fiscale' })).toBeVisible();
    await expect(socio).toContainText('FRRGLI85A52F205K');
    await expectAccessible(page);
    // The choice stays with this browser.
    await page.reload();
    await expect(page.getByRole('columnheader', { name: 'Codice fiscale' })).toBeVisible({
      timeout: 20_000,
    });
  });
});
