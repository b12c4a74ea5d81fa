import { expect, gotoHydrated, test } from '../support/fixtures';
import { linkPath, waitForMail } from '../support/mail';

function uniqueAddress(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
}

test.describe('la newsletter', () => {
  test('segnala i campi non validi e, inviata, mostra l’avviso di successo e si svuota', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    const form = page.getByTestId('newsletter-form');
    await form.getByRole('button', { name: 'ISCRIVITI' }).click();
    await expect(form).toContainText('Inserisci una e-mail valida.');
    await expect(form).toContainText('Devi acconsentire al trattamento dei dati personali.');
    const email = form.getByLabel('Indirizzo e-mail');
    await expect(email).toHaveAttribute('aria-invalid', 'true');

    await email.fill(uniqueAddress('lettore'));
    await form.getByRole('checkbox').check();
    await expect(form).not.toContainText('Inserisci una e-mail valida.');
    await form.getByRole('button', { name: 'ISCRIVITI' }).click();

    await expect(page.getByTestId('toast')).toHaveText(
      /^Congratulazioni, ti sei iscritto con successo alla newsletter! Ti abbiamo inviato un’e-mail: apri il link che contiene entro \d+ giorni per confermare l’iscrizione\.$/,
    );
    await expect(email).toHaveValue('');
    await expect(form.getByRole('checkbox')).not.toBeChecked();
    await expect(form).not.toContainText('Inserisci una e-mail valida.');
    await expect(form.getByRole('status')).toContainText('per confermare l’iscrizione');
  });

  test('un visitatore si iscrive, conferma dal link dell’e-mail e poi si cancella', async ({
    page,
    expectAccessible,
  }) => {
    const address = uniqueAddress('conferma');
    await gotoHydrated(page, '/');
    const form = page.getByTestId('newsletter-form');
    await form.getByLabel('Indirizzo e-mail').fill(address);
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'ISCRIVITI' }).click();
    await expect(page.getByTestId('toast')).toBeVisible();

    const mail = await waitForMail(address);
    expect(mail).toContain('Conferma');
    const confirm = linkPath(mail, '/newsletter/conferma');
    const unsubscribe = linkPath(mail, '/newsletter/annulla');

    await gotoHydrated(page, confirm);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Conferma l’iscrizione alla newsletter',
    );
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Conferma l’iscrizione' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iscrizione confermata');
    // The link works once: opening it again says it is already done.
    await gotoHydrated(page, confirm);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iscrizione confermata');

    await gotoHydrated(page, unsubscribe);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Annulla l’iscrizione alla newsletter',
    );
    await page.getByRole('button', { name: 'Annulla l’iscrizione' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iscrizione annullata');
    await expectAccessible(page);
    await gotoHydrated(page, confirm);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Link non valido');
  });

  test('un link non valido lo dice, senza pulsanti', async ({ page }) => {
    await gotoHydrated(page, '/newsletter/conferma?token=non-valido');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Link non valido');
    await expect(page.getByRole('button', { name: 'Conferma l’iscrizione' })).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  test.describe('senza JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('la conferma funziona anche con un modulo HTML semplice', async ({ page, request }) => {
      const address = uniqueAddress('senza-js');
      const response = await request.post('/api/v1/Account/SubscribeMailUp', {
        data: { email: address },
      });
      expect(response.status()).toBe(200);
      const confirm = linkPath(await waitForMail(address), '/newsletter/conferma');
      await page.goto(confirm);
      await page.getByRole('button', { name: 'Conferma l’iscrizione' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iscrizione confermata');
    });
  });
});
