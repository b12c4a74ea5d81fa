import { expect, gotoHydrated, test } from '../support/fixtures';
import { waitForMail } from '../support/mail';
import { DEMO_PASSWORD, submitLogin } from '../support/session';

const GENERIC_FAILURE =
  "Qualcosa è andato storto, riprova, se il problema persiste contatta l'assistenza.";

test.describe('l’accesso all’area riservata', () => {
  // Staff land in the back office (ADR 023) and reach the reserved home from there.
  for (const [email, greeting, role, landing] of [
    ['socio.demo@example.org', 'Benvenuto Giulia Ferri', 'Socio', /\/area-riservata-homepage$/],
    [
      'affiliato.demo@example.org',
      'Benvenuto Marco Lanza',
      'Affiliato',
      /\/area-riservata-homepage$/,
    ],
    ['segreteria.demo@example.org', 'Benvenuto Paola Neri', 'Segreteria', /\/amministrazione$/],
  ] as const) {
    test(`${email} entra, vede la home riservata ed esce`, async ({ page }) => {
      await submitLogin(page, email, DEMO_PASSWORD);
      await expect(page).toHaveURL(landing);
      if (role === 'Segreteria') {
        await gotoHydrated(page, '/area-riservata-homepage');
        await expect(
          page.getByRole('link', { name: 'Vai all’amministrazione del sito' }),
        ).toHaveAttribute('href', '/amministrazione');
      }
      await expect(page.getByTestId('welcome')).toHaveText(greeting);
      await expect(page.getByRole('navigation', { name: 'Percorso' })).toContainText(
        `Area riservata (${role})`,
      );
      const cards = await page
        .getByTestId('reserved-cards')
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(cards).toEqual([
        '/area-riservata-raccomandazioni',
        '/area-riservata-pareri',
        '/area-riservata-assemblee',
        '/area-riservata-assemblee-regionali',
        '/area-riservata-rassegna',
        '/area-riservata-servizio-trasfusionale',
      ]);
      // With a session, the login page goes straight to the reserved home (staff: back office).
      await page.goto('/area-riservata');
      await expect(page).toHaveURL(landing);
      if (role === 'Segreteria') await gotoHydrated(page, '/area-riservata-homepage');
      const token = await page.evaluate(() => sessionStorage.getItem('token'));
      await page.getByRole('link', { name: 'Esci' }).click();
      await expect(page).toHaveURL(/\/area-riservata$/);
      expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
      // "Esci" ends the session on the server too (ADR 021): a copy of the token stops working.
      await expect
        .poll(async () => {
          const roles = await page.request.get('/api/v1/ReservedArea/GetRoles', {
            headers: { authorization: `Bearer ${token ?? ''}` },
          });
          return roles.status();
        })
        .toBe(401);
      await page.goto('/area-riservata-homepage');
      await expect(page).toHaveURL(/\/area-riservata$/);
    });
  }

  // The wrong password is refused on purpose: the browser logs the 401.
  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 401/] });

    test('il modulo valida l’e-mail, disattiva LOGIN e segnala le credenziali sbagliate', async ({
      page,
    }) => {
      await gotoHydrated(page, '/area-riservata');
      const form = page.getByTestId('login-form');
      const login = form.getByRole('button', { name: 'LOGIN' });
      await expect(login).toBeDisabled();
      await form.getByLabel('Username (e-mail)').fill('non-una-email');
      await form.getByLabel('Password').focus();
      await expect(form).toContainText('Il formato email non è corretto');
      await form.getByLabel('Username (e-mail)').fill('socio.demo@example.org');
      await form.getByLabel('Password').fill('sbagliata-davvero');
      await login.click();
      await expect(page.getByTestId('toast')).toHaveText(GENERIC_FAILURE);
      await expect(page).toHaveURL(/\/area-riservata$/);
    });
  });

  test('"Recupera password" svuota e ricorda la password e cambia i pulsanti', async ({ page }) => {
    await gotoHydrated(page, '/area-riservata');
    const form = page.getByTestId('login-form');
    await form.getByLabel('Password').fill('segreto-123');
    await form.getByRole('button', { name: 'Recupera password' }).click();
    await expect(form.getByLabel('Password')).toBeDisabled();
    await expect(form.getByLabel('Password')).toHaveValue('');
    await expect(form.getByRole('button')).toHaveText(['Annulla', 'RICHIEDI']);
    await form.getByRole('button', { name: 'Annulla' }).click();
    await expect(form.getByLabel('Password')).toBeEnabled();
    await expect(form.getByLabel('Password')).toHaveValue('segreto-123');
    await expect(form.getByRole('button')).toHaveText(['Recupera password', 'LOGIN']);
  });

  test('al primo accesso nuovo.demo deve scegliere la password, ed entra subito tornando alla pagina da cui veniva', async ({
    page,
  }) => {
    // Opened from a dues reminder (ADR 030): the page to come back to survives the change.
    const tab = '/chi-siamo-iscrizione?scheda=pagamento';
    await gotoHydrated(page, `/area-riservata?ritorno=${encodeURIComponent(tab)}`);
    const signIn = page.getByTestId('login-form');
    await signIn.getByLabel('Username (e-mail)').fill('nuovo.demo@example.org');
    await signIn.getByLabel('Password').fill(DEMO_PASSWORD);
    await signIn.getByRole('button', { name: 'LOGIN' }).click();
    await expect(page).toHaveURL(
      /\/area-riservata-resetpwd\?token=[A-Za-z0-9_-]+&username=nuovo\.demo%40example\.org&ritorno=%2Fchi-siamo-iscrizione%3Fscheda%3Dpagamento$/,
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('CAMBIO PASSWORD');
    const form = page.getByTestId('reset-form');
    await expect(form.getByPlaceholder('Inserisci una nuova password')).toBeVisible();
    await form.getByPlaceholder('Inserisci una nuova password').fill('Emazie-e-plasma-2026');
    await form.getByPlaceholder('Conferma password').fill('Emazie-e-plasma-2025');
    await expect(form).toContainText('Le password non corrispondono');
    await expect(form.getByRole('button', { name: 'RICHIEDI' })).toBeDisabled();
    await form.getByPlaceholder('Conferma password').fill('Emazie-e-plasma-2026');
    await form.getByRole('button', { name: 'RICHIEDI' }).click();
    // Signed in with the password just chosen: no second sign-in. The payment tab
    // loads as a document of its own (ADR 012), so the session is what shows it.
    await expect(page).toHaveURL(/\/chi-siamo-iscrizione\?scheda=pagamento$/);
    await gotoHydrated(page, '/area-riservata-homepage');
    await expect(page.getByTestId('welcome')).toHaveText('Benvenuto Luca Conti');
  });

  test('il recupero password arriva per e-mail e il suo link imposta una nuova password', async ({
    page,
  }) => {
    const account = 'affiliato.demo@example.org';
    /** Asks for the link, follows it from the e-mail and sets `password`; answers the e-mail. */
    async function recover(password: string, earlier: string[]): Promise<string> {
      await gotoHydrated(page, '/area-riservata');
      const form = page.getByTestId('login-form');
      await form.getByLabel('Username (e-mail)').fill(account);
      await form.getByRole('button', { name: 'Recupera password' }).click();
      await form.getByRole('button', { name: 'RICHIEDI' }).click();
      await expect(page.getByTestId('toast')).toHaveText(
        'Email inviata correttamente, controlla la tua casella di posta elettronica per continuare',
      );
      const mail = await waitForMail(`username=${encodeURIComponent(account)}`, earlier);
      const link =
        /https?:\/\/[^/\s]+(\/area-riservata-resetpwd\?token=[A-Za-z0-9_-]+&username=[^\s]+)/.exec(
          mail,
        )?.[1] ?? '';
      const response = await gotoHydrated(page, link);
      expect(response?.headers()['referrer-policy']).toBe('no-referrer');
      const reset = page.getByTestId('reset-form');
      await reset.getByPlaceholder('Inserisci una nuova password').fill(password);
      await reset.getByPlaceholder('Conferma password').fill(password);
      await reset.getByRole('button', { name: 'RICHIEDI' }).click();
      // Signed in with the new password at once.
      await expect(page).toHaveURL(/\/area-riservata-homepage$/);
      await expect(page.getByTestId('welcome')).toHaveText('Benvenuto Marco Lanza');
      await page.evaluate(() => sessionStorage.clear());
      return mail;
    }

    const first = await recover('Globuli-rossi-2026', []);
    // The demo password again, through a second link: other specs sign in with it.
    await recover(DEMO_PASSWORD, [first]);
  });

  test('la pagina di cambio password senza token non chiama il server', async ({ page }) => {
    let called = false;
    await page.route('**/api/v1/Account/ResetPassword', async (route) => {
      called = true;
      await route.abort();
    });
    await gotoHydrated(page, '/area-riservata-resetpwd');
    await expect(page.getByRole('alert')).toContainText('Il collegamento non è completo');
    const form = page.getByTestId('reset-form');
    await form.getByPlaceholder('Inserisci una nuova password').fill('Globuli-bianchi-2026');
    await form.getByPlaceholder('Conferma password').fill('Globuli-bianchi-2026');
    await expect(form.getByRole('button', { name: 'RICHIEDI' })).toBeDisabled();
    expect(called).toBe(false);
  });

  test('la guardia rimanda all’accesso con un token in scadenza', async ({ page }) => {
    await gotoHydrated(page, '/area-riservata');
    await page.evaluate(() => {
      const encode = (value: object) =>
        btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
      const exp = Math.floor(Date.now() / 1000) + 2999;
      sessionStorage.setItem(
        'token',
        `${encode({ alg: 'HS256' })}.${encode({ unique_name: 'A', family_name: 'B', role: 'socio', exp })}.x`,
      );
    });
    await page.goto('/area-riservata-homepage');
    await expect(page).toHaveURL(/\/area-riservata$/);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  });

  test('le pagine di accesso e la home riservata non hanno violazioni WCAG 2.1 AA', async ({
    page,
    expectAccessible,
  }) => {
    await gotoHydrated(page, '/area-riservata');
    await expectAccessible(page);
    await gotoHydrated(
      page,
      '/area-riservata-resetpwd?token=abc&username=socio.demo%40example.org',
    );
    await expectAccessible(page);
    await submitLogin(page, 'segreteria.demo@example.org', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/amministrazione$/);
    await gotoHydrated(page, '/area-riservata-homepage');
    await expect(page.getByTestId('welcome')).toBeVisible();
    await expectAccessible(page);
  });
});
