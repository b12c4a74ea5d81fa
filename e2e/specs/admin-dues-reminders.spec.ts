import { expect, test } from '../support/fixtures';
import { openAdmin } from '../support/admin';
import { openSignedIn } from '../support/session';

test.describe('amministrazione: promemoria delle quote', () => {
  test.describe.configure({ timeout: 90_000 });

  test('la segreteria vede il prossimo promemoria di ciascun socio e li sospende per tutti, poi li riprende', async ({
    page,
    expectAccessible,
  }) => {
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    await openAdmin(page, '/promemoria-quote');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Promemoria delle quote' }),
    ).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Prossimo promemoria di ciascun socio' }),
    ).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Sospendi per tutti' }).click();
    await expect(page.getByText(/I promemoria sono sospesi per tutti/)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Riprendi per tutti' }).click();
    await expect(page.getByText(/I promemoria partono ai soci/)).toBeVisible();
  });
});
