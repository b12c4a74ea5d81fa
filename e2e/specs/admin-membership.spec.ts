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
});
