import { expect, gotoHydrated, test } from '../support/fixtures';
import { adminApi, openAdmin, SCREEN_TIMEOUT } from '../support/admin';
import { openSignedIn } from '../support/session';

/** A content's own fields, as its save takes them back. */
function fieldsOf(record: Record<string, unknown>): Record<string, unknown> {
  const {
    id: _id,
    place: _place,
    pagePath: _path,
    exists: _exists,
    updatedAt: _at,
    ...rest
  } = record;
  return rest;
}

test.describe('amministrazione: la home, Chi siamo e i collegamenti ad altri siti', () => {
  test.describe.configure({ timeout: 120_000 });

  test('la redazione cambia il titolo della home e un collegamento del piè di pagina, e la home li mostra subito; le schermate passano axe', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const title = `Benvenuti ${String(Date.now()).slice(-6)}`;
    await openSignedIn(page, 'redazione.demo@example.org', { landing: null });
    await openAdmin(page, '/testi-sito');
    await expect(page.getByRole('cell', { name: 'Collegamenti ad altri siti' })).toBeVisible({
      timeout: SCREEN_TIMEOUT,
    });
    await expectAccessible(page);
    const home = fieldsOf(await adminApi(page, 'GET', '/SiteTexts/home'));
    const links = fieldsOf(await adminApi(page, 'GET', '/SiteTexts/collegamenti'));

    try {
      await page.getByRole('cell', { name: 'Home: testata' }).click();
      await expect(page).toHaveURL(/\/amministrazione\/testi-sito\/home$/);
      const titleInput = page.getByRole('textbox', { name: 'Titolo', exact: true });
      // The title as stored (the demo's "{acronimo}", unless an earlier attempt left its own).
      await expect(titleInput).toHaveValue(String(home.titolo), { timeout: SCREEN_TIMEOUT });
      await expectAccessible(page);
      // A link that is neither a path of the site nor https is refused before saving.
      const linkInput = page.getByRole('textbox', { name: 'Collegamento del pulsante' });
      await linkInput.fill('chi-siamo');
      await page.getByRole('button', { name: 'Salva' }).click();
      await expect(page.getByText(/Indica un indirizzo del sito che inizia con \//)).toBeVisible();
      await linkInput.fill('/chi-siamo');
      await titleInput.fill(title);
      await page.getByRole('button', { name: 'Salva' }).click();
      await expect(page.getByText('Modifiche salvate')).toBeVisible();

      await openAdmin(page, '/testi-sito/collegamenti');
      // The fifth row is the privacy policy's (the footer's first link).
      const privacyLabel = page.getByRole('textbox', { name: 'Testo del collegamento' }).nth(4);
      await expect(privacyLabel).toHaveValue('Privacy policy', { timeout: SCREEN_TIMEOUT });
      await expectAccessible(page);
      await privacyLabel.fill('Informativa sulla privacy');
      await page
        .getByRole('textbox', { name: 'Indirizzo (https://)' })
        .nth(4)
        .fill('www.esempio.it/privacy');
      await page.getByRole('button', { name: 'Salva' }).click();
      await expect(page.getByText('Modifiche salvate')).toBeVisible();

      await gotoHydrated(page, '/');
      await expect(page.getByTestId('home-hero').getByRole('heading', { level: 1 })).toContainText(
        title,
      );
      const privacy = page
        .locator('footer')
        .getByRole('link', { name: /Informativa sulla privacy/ });
      await expect(privacy).toHaveAttribute('href', 'https://www.esempio.it/privacy');
      await expect(privacy).toHaveAttribute('target', '_blank');
      // Rendered on the server: the same without JavaScript.
      const noScript = await browser.newContext({ javaScriptEnabled: false });
      const plain = await noScript.newPage();
      await plain.goto('/');
      await expect(plain.getByRole('heading', { level: 1 })).toContainText(title);
      await expect(
        plain.locator('footer').getByRole('link', { name: /Informativa sulla privacy/ }),
      ).toBeVisible();
      await noScript.close();
      // The footer's contacts are those of /contatti.
      const contacts = page.getByTestId('footer-contacts');
      await gotoHydrated(page, '/contatti');
      const address = (await page.locator('main address').textContent()) ?? '-';
      await gotoHydrated(page, '/');
      await expect(contacts).toContainText(address);
    } finally {
      await adminApi(page, 'PUT', '/SiteTexts/home', home);
      await adminApi(page, 'PUT', '/SiteTexts/collegamenti', links);
    }

    // The cards' screen: a repeater with add, remove and order.
    await openAdmin(page, '/testi-sito/chi-siamo');
    await expect(page.getByRole('textbox', { name: 'Titolo della scheda' }).first()).toHaveValue(
      'Mondo {acronimo}',
      { timeout: SCREEN_TIMEOUT },
    );
    await expectAccessible(page);
  });
});
