import { DUE_STATUS_LABELS, MEMBER_PROFILE_MESSAGES, paymentDescription } from '@sodalis/contracts';
import { expect, test } from '../support/fixtures';
import { capturedPayPalOrder } from '../support/paypal-stand-in';
import { memberPost, openSignedIn } from '../support/session';

interface Fee {
  id: number;
  title: string;
  quota: number;
  accesso: Record<string, string>;
}

test.describe('Il mio profilo (ADR 030)', () => {
  // The refused save answers 400, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test('il socio vede quote e stato, corregge i dati di lavoro con messaggi in italiano', async ({
    page,
    expectAccessible,
  }) => {
    await openSignedIn(page, 'socio.demo@example.org');
    // A payment reported while signed in gives the account its membership and the year (ADR 024);
    // PayPal (the API stand-in) has the order captured, so the server verifies it.
    const fees = (
      (await (await page.request.get('/api/v1/SharepointContent/GetQuote')).json()) as {
        data: Fee[];
      }
    ).data;
    const fee = fees.find((item) => Object.values(item.accesso)[0] === 'Socio');
    const year = new Date().getFullYear();
    const orderId = await capturedPayPalOrder({
      value: fee?.quota.toFixed(2) ?? '',
      description: paymentDescription(year, 'Socio Dimostrativo', fee?.title ?? ''),
    });
    await memberPost(page, '/api/v1/Payment/RegistraPagamento', {
      orderId,
      quotaId: fee?.id,
      anno: year,
      nominativo: 'Socio Dimostrativo',
      importo: fee?.quota.toFixed(2),
      valuta: 'EUR',
    });

    await page.getByRole('link', { name: 'Il mio profilo' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(MEMBER_PROFILE_MESSAGES.title);
    await expect(page.getByTestId('profile-data')).toContainText('socio.demo@example.org');
    const yearRow = page
      .getByTestId('profile-years')
      .getByRole('row', { name: new RegExp(`^${year}`) });
    // Reported at once, paid once verified (ADR 024): the page shows the ledger when loaded.
    await expect(yearRow).toContainText(
      new RegExp(`${DUE_STATUS_LABELS.reported}|${DUE_STATUS_LABELS.paid}`),
    );
    await expect(async () => {
      await page.reload();
      await expect(yearRow).toContainText(DUE_STATUS_LABELS.paid, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(
      yearRow.getByRole('button', { name: /^Ricevuta n\. \d+\/\d{4} \(PDF\)$/ }),
    ).toBeVisible();
    await expect(page.getByTestId('profile-standing')).toHaveText('In regola');
    await expectAccessible(page);

    await page.getByLabel('Telefono').fill('chiamami');
    await page.getByLabel('Qualifica (obbligatorio)').fill('Medico trasfusionista');
    await page.getByLabel('Sede di lavoro (obbligatorio)').fill('Ospedale di Prova');
    await page.getByLabel('Regione (obbligatorio)').selectOption('Lazio');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByTestId('profile-message')).toHaveText(MEMBER_PROFILE_MESSAGES.failed);
    await expect(page.getByText(MEMBER_PROFILE_MESSAGES.badPhone)).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Telefono').fill('+39 06 1234567');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByTestId('profile-message')).toHaveText(MEMBER_PROFILE_MESSAGES.saved);
    await page.reload();
    await expect(page.getByLabel('Telefono')).toHaveValue('+39 06 1234567');
    await expect(page.getByLabel('Sede di lavoro (obbligatorio)')).toHaveValue('Ospedale di Prova');
  });
});
