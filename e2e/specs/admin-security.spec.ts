import type { Page } from '@playwright/test';
import { TWO_FACTOR_MESSAGES } from '@sodalis/contracts';
import { Secret, TOTP } from 'otpauth';
import { expect, test } from '../support/fixtures';
import { openAdmin } from '../support/admin';
import { waitForMail } from '../support/mail';
import { DEMO_PASSWORD, openSignedIn, submitLogin } from '../support/session';

const STAFF_PASSWORD = 'Plasmaderivati-sicuri-31';

/** The code the phone's authenticator shows `offsetMs` from now (otpauth, as the app does). */
function totpCode(secret: string, offsetMs = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetMs,
  });
}

/**
 * A new staff account with a password, as the secretariat makes one: created from the admin
 * API with an invitation, whose link sets the password. The demo secretariat account is never
 * given two-factor (other specs sign in with it).
 */
async function createStaffAccount(page: Page, email: string): Promise<number> {
  const login = await page.request.post('/api/v1/Account/Login', {
    data: { username: 'segreteria.demo@example.org', password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const created = await page.request.post('/api/v1/Admin/Members', {
    data: { email, firstName: 'Elena', lastName: 'Galli', role: 'segreteria', invite: true },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id } = ((await created.json()) as { data: { id: number } }).data;
  const message = await waitForMail(email);
  const match = /\/area-riservata-resetpwd\?token=([A-Za-z0-9_-]+)/.exec(message);
  expect(match, 'link dell’invito').not.toBeNull();
  const reset = await page.request.post('/api/v1/Account/ResetPassword', {
    data: {
      username: email,
      password: STAFF_PASSWORD,
      confirmPassword: STAFF_PASSWORD,
      token: match?.[1] ?? '',
    },
  });
  expect(reset.status(), await reset.text()).toBe(200);
  return id;
}

test.describe('sicurezza dell’account della segreteria', () => {
  test.describe.configure({ timeout: 180_000 });
  // The wrong code is answered 401 on purpose: the browser logs the failed request.
  test.use({ allowedConsoleErrors: [/status of 401/] });

  test('attiva la verifica in due passaggi, esce e rientra con password e codice', async ({
    page,
    expectAccessible,
  }) => {
    const email = `elena.galli.${Date.now()}@example.org`;
    const memberId = await createStaffAccount(page, email);

    await submitLogin(page, email, STAFF_PASSWORD);
    await expect(page).toHaveURL(/\/amministrazione$/, { timeout: 20_000 });
    await openAdmin(page, '');
    await page.getByRole('link', { name: 'Sicurezza dell’account' }).first().click();
    await expect(page).toHaveURL(/\/amministrazione\/sicurezza$/);
    await expect(page.getByRole('heading', { name: 'Verifica in due passaggi' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Attiva la verifica in due passaggi' }).click();
    await expect(page.getByRole('img', { name: /Codice QR/ })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page);
    const codeField = page.getByRole('textbox', { name: 'Codice di verifica' });
    await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(codeField).toHaveAttribute('inputmode', 'numeric');
    await codeField.fill(totpCode(secret));
    await page.getByRole('button', { name: 'Conferma' }).click();

    const codes = page.getByTestId('recovery-codes').getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Ho salvato i codici, continua' }).click();
    await expect(page.getByTestId('two-factor-state')).toContainText('Attiva');
    await expect(page.getByTestId('two-factor-state')).toContainText('10');

    await page
      .getByRole('navigation', { name: 'Collegamenti del sito' })
      .getByRole('link', { name: 'Esci' })
      .click();
    await expect(page).toHaveURL(/\/area-riservata$/);

    // Password first: the page then asks for the code (no session yet).
    await submitLogin(page, email, STAFF_PASSWORD);
    const codeForm = page.getByTestId('login-code-form');
    await expect(codeForm).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    const loginCode = codeForm.getByLabel('Codice di verifica');
    await expect(loginCode).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(loginCode).toHaveAttribute('inputmode', 'numeric');
    await expectAccessible(page);

    // A wrong code: the toast says so, and the form stays.
    const right = new Set([totpCode(secret, -30_000), totpCode(secret), totpCode(secret, 30_000)]);
    let wrong = 100_000;
    while (right.has(String(wrong))) wrong += 1;
    await loginCode.fill(String(wrong));
    await codeForm.getByRole('button', { name: 'Verifica' }).click();
    await expect(page.getByTestId('toast')).toHaveText(TWO_FACTOR_MESSAGES.wrongCode);
    await expect(codeForm).toBeVisible();

    // The next step's code: never the one spent on confirming (a replay is refused).
    await loginCode.fill(totpCode(secret, 30_000));
    await codeForm.getByRole('button', { name: 'Verifica' }).click();
    await expect(page).toHaveURL(/\/amministrazione$/, { timeout: 20_000 });
    await openAdmin(page, '');
    await expect(page.getByRole('heading', { name: 'Amministrazione del sito' })).toBeVisible();

    // Her phone is lost: a colleague turns her two-factor off from her account's screen.
    // Another tab of the same browser: the session lives in each tab's sessionStorage.
    const colleague = await page.context().newPage();
    try {
      // Her sign-in through the screen is this test's subject; the colleague's is not.
      await openSignedIn(colleague, 'segreteria.demo@example.org', { landing: null });
      await openAdmin(colleague, `/account/${memberId}`);
      await colleague.getByRole('button', { name: 'Disattiva verifica in due passaggi' }).click();
      const dialog = colleague.getByRole('dialog', {
        name: 'Disattivare la verifica in due passaggi?',
      });
      await expect(dialog).toBeVisible();
      await expectAccessible(colleague);
      await dialog.getByRole('button', { name: 'Disattiva' }).click();
      await expect(
        colleague.getByText(`Verifica in due passaggi disattivata per ${email}.`),
      ).toBeVisible();
      await expect(
        colleague.getByRole('button', { name: 'Disattiva verifica in due passaggi' }),
      ).toHaveCount(0);
    } finally {
      await colleague.close();
    }
    // The password alone signs her in again.
    await page.evaluate(() => sessionStorage.clear());
    await submitLogin(page, email, STAFF_PASSWORD);
    await expect(page).toHaveURL(/\/amministrazione$/, { timeout: 20_000 });
  });
});
