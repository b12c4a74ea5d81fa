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
    // The members’ list: axe checks it in the next test, with one column more.
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

  test('la segreteria importa il registro: anteprima con la riga scartata e il perché, poi applica', async ({
    page,
    expectAccessible,
  }) => {
    const seed = Date.now() % 1_000_000;
    const year = new Date().getFullYear();
    const register = [
      `email;nome;cognome;tipo;regione;primo anno;${year - 1};${year}`,
      `registro.${seed}@example.org;Elena;Registro${seed};Socio;Marche;${year - 1};10/02/${year - 1} bonifico;`,
      `scartata.${seed}@example.org;Piero;Scartato${seed};Socio;Marche;${year};;forse`,
    ].join('\n');
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    await openAdmin(page, '/soci');
    await page.getByRole('link', { name: 'Importa il registro' }).click();
    await page.getByLabel('File del registro').setInputFiles({
      name: 'registro.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(register, 'utf8'),
    });
    const counts = page.getByTestId('register-preview-counts');
    await expect(counts).toBeVisible({ timeout: 20_000 });
    // The refused row first, with its line and the reason in Italian; nothing written yet.
    const refused = page.getByRole('row', { name: new RegExp(`Scartato${seed}`) });
    await expect(refused).toContainText('3');
    await expect(refused).toContainText(`Anno ${year}: "forse" non è riconosciuto`);
    await expect(
      page.getByText(/1 righe da scartare\. Nulla è stato ancora scritto\./),
    ).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Importa 1 soci' }).click();
    await expect(page.getByText(/Registro importato: 1 nuovi soci/)).toBeVisible();
    const member = page.getByRole('row', { name: new RegExp(`registro\\.${seed}@example\\.org`) });
    // Last year paid as the file says; this year is what remains to pay.
    await expect(member).toContainText('Marche');
    await expect(member).toContainText(String(year));
    await expect(page.getByRole('row', { name: new RegExp(`scartata\\.${seed}`) })).toHaveCount(0);
  });
});
