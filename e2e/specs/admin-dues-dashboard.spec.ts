import { expect, test } from '../support/fixtures';
import { openAdmin } from '../support/admin';
import { openSignedIn } from '../support/session';

test.describe('amministrazione: riepilogo delle quote', () => {
  test.describe.configure({ timeout: 90_000 });

  test('la tesoreria vede il riepilogo di un anno, sceglie un altro anno e scarica il CSV', async ({
    page,
    expectAccessible,
  }) => {
    await openSignedIn(page, 'tesoreria.demo@example.org');
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
});
