import { expect, gotoHydrated, test } from '../support/fixtures';
import { openAdmin } from '../support/admin';
import { codiceFiscaleFor, fillApplication } from '../support/membership';
import { openSignedIn } from '../support/session';

test.describe('amministrazione: riepilogo delle quote', () => {
  test.describe.configure({ timeout: 90_000 });

  test('la tesoreria vede il riepilogo di un anno, sceglie un altro anno e scarica il CSV', async ({
    page,
    expectAccessible,
  }) => {
    await openSignedIn(page, 'tesoreria.demo@example.org', { landing: null });
    await openAdmin(page, '/riepilogo-quote');
    const year = new Date().getFullYear();
    await expect(
      page.getByRole('heading', { name: `Riepilogo delle quote ${year}` }),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: 'Soci per posizione' })).toContainText(
      'In regola',
    );
    await expect(page.getByRole('table', { name: `Incassato ${year} per metodo` })).toContainText(
      'Contanti',
    );
    await expectAccessible(page);

    await page.getByLabel('Anno').fill('1999');
    await page.getByRole('button', { name: 'Mostra' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'L’anno deve essere compreso tra il 2000 e il 2100.',
    );
    await page.getByLabel('Anno').fill(String(year - 1));
    await page.getByRole('button', { name: 'Mostra' }).click();
    await expect(
      page.getByRole('heading', { name: `Riepilogo delle quote ${year - 1}` }),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: `Quote ${year - 1} per stato` })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Scarica CSV (Excel)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`quote-${year - 1}.csv`);
    await expectAccessible(page);
  });

  test('la segreteria registra una quota pagata in contanti: errori per campo, poi l’anno pagato', async ({
    page,
    expectAccessible,
  }) => {
    const seed = Date.now() + 11;
    const email = `contanti.${seed}@example.org`;
    await gotoHydrated(page, '/chi-siamo-iscrizione');
    await fillApplication(page, {
      firstName: 'Carla',
      lastName: `Contanti${seed % 100_000}`,
      email,
      codiceFiscale: codiceFiscaleFor(seed),
    });
    await page.getByRole('button', { name: 'Invia la domanda' }).click();
    await expect(page.getByTestId('application-received')).toBeVisible();

    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    await openAdmin(page, '/domande-iscrizione');
    await page.getByRole('row', { name: new RegExp(`Contanti${seed % 100_000}`) }).click();
    await page.getByRole('button', { name: 'Approva e invia l’invito' }).click();
    await expect(page.getByText(/Domanda approvata/)).toBeVisible();

    await openAdmin(page, '/soci');
    await page.getByRole('row', { name: new RegExp(email) }).click();
    await expect(page.getByRole('cell', { name: 'Da pagare', exact: true })).toBeVisible();
    const form = page.getByRole('form', { name: 'Pagamento in contanti o con carta' });
    await form.getByRole('button', { name: 'Registra il pagamento' }).click();
    await expect(form.getByText('Indica un importo in euro maggiore di zero')).toBeVisible();
    await expect(form.getByLabel('Importo incassato in euro')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expectAccessible(page);

    await form.getByLabel('Importo incassato in euro').fill('80');
    await form.getByLabel('Metodo').selectOption('contanti');
    await form.getByRole('button', { name: 'Registra il pagamento' }).click();
    await expect(page.getByText(/Pagamento registrato/)).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Pagata', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Contanti', exact: true })).toBeVisible();
    await expectAccessible(page);
  });
});
