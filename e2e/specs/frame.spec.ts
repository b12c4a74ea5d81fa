import { expect, gotoHydrated, test } from '../support/fixtures';

test.describe('la cornice del sito', () => {
  test('il modulo newsletter segnala i campi non validi quando si invia', async ({ page }) => {
    await gotoHydrated(page, '/');
    const form = page.getByTestId('newsletter-form');
    await form.getByRole('button', { name: 'ISCRIVITI' }).click();
    await expect(form).toContainText('Inserisci una e-mail valida.');
    await expect(form).toContainText('Devi acconsentire al trattamento dei dati personali.');
    await form.getByLabel('Indirizzo e-mail').fill('non-una-email');
    await expect(form).toContainText('Inserisci una e-mail valida.');
    await form.getByLabel('Indirizzo e-mail').fill('socio@example.org');
    await expect(form).not.toContainText('Inserisci una e-mail valida.');
  });

  // The request fails on purpose: the browser logs the 500.
  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 500/] });

    test('mostra lo spinner durante una richiesta e un avviso di errore che sparisce da solo', async ({
      page,
    }) => {
      await page.clock.install();
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/v1/Account/SubscribeMailUp', async (route) => {
        await released;
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"data":null}',
        });
      });
      await gotoHydrated(page, '/');
      const spinner = page.getByTestId('spinner-overlay');
      // The balls' endless animations: standing still while the overlay is hidden (under
      // `visibility: hidden` they would still cost the idle page every frame), running while it
      // shows.
      const ballStates = () =>
        spinner
          .locator('.ball-scale-multiple > div')
          .evaluateAll((balls) =>
            balls.flatMap((ball) => ball.getAnimations().map((animation) => animation.playState)),
          );
      expect(await ballStates()).toEqual(['paused', 'paused', 'paused']);
      const form = page.getByTestId('newsletter-form');
      await form.getByLabel('Indirizzo e-mail').fill('socio@example.org');
      await form.getByRole('checkbox').check();
      await form.getByRole('button', { name: 'ISCRIVITI' }).click();

      await page.clock.runFor(50);
      await expect(spinner).toHaveClass(/spinner-overlay--visible/);
      await expect(spinner).toHaveCSS('z-index', '99999');
      expect(await ballStates()).toEqual(['running', 'running', 'running']);
      release();
      await expect(spinner).not.toHaveClass(/spinner-overlay--visible/);
      await expect.poll(ballStates).toEqual(['paused', 'paused', 'paused']);

      const toast = page.getByTestId('toast');
      await expect(toast).toHaveText("Errore durante l'iscrizione");
      await expect(toast).toHaveClass(/toast--error/);
      const area = page.locator('.toast-area');
      await expect(area).toHaveCSS('z-index', '1200');
      await page.clock.runFor(4_000);
      await expect(toast).toBeVisible();
      await page.clock.runFor(1_100);
      await expect(toast).toHaveCount(0);
      // The form keeps what was typed after a failure.
      await expect(form.getByLabel('Indirizzo e-mail')).toHaveValue('socio@example.org');
    });
  });

  // The site's stylesheet is inline in the public pages and never in the back office's
  // (ADR 020); a visit that begins there gets it as a file on its first public page.
  test('il foglio di stile del sito è nelle pagine pubbliche, non nell’amministrazione', async ({
    page,
  }) => {
    const societyBlue = 'rgb(28, 42, 63)';
    await gotoHydrated(page, '/');
    await expect(page.locator('head style#site-stylesheet')).toHaveCount(1);
    await expect(page.locator('head link[rel="stylesheet"]')).toHaveCount(0);
    await expect(page.locator('.site-navbar')).toHaveCSS('background-color', societyBlue);

    const backOffice = await (await page.request.get('/amministrazione')).text();
    expect(backOffice).not.toContain('site-stylesheet');
    expect(backOffice).not.toContain('.site-navbar');
    // Signed out, the back office sends the visitor to the sign-in page, in the site's look.
    await page.goto('/amministrazione');
    await page.waitForURL(/\/area-riservata/);
    await expect(page.locator('.site-navbar')).toHaveCSS('background-color', societyBlue);
  });
});
