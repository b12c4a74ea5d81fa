import { LAPSED_PAGE } from '@sodalis/contracts';
import { expect, gotoHydrated, test } from '../support/fixtures';
import {
  codiceFiscaleFor,
  codiceFiscaleWithWrongCheck,
  fillApplication,
} from '../support/membership';
import { minimalPdf } from '../support/pdf';

test.describe('iscrizione online', () => {
  test.describe('senza JavaScript', () => {
    // The refused second form answers 400, which the browser logs.
    test.use({ javaScriptEnabled: false, allowedConsoleErrors: [/status of 400/] });

    // axe needs scripts: the same form is checked with them below.
    test('la domanda si invia dalla pagina Soci; una seconda volta è riconosciuta, mai duplicata', async ({
      page,
    }) => {
      const seed = Date.now();
      const applicant = {
        firstName: 'Giulia',
        lastName: 'Senzascript',
        email: `giulia.${seed}@example.org`,
        codiceFiscale: codiceFiscaleFor(seed),
      };
      await page.goto('/chi-siamo-iscrizione');
      await expect(page.getByRole('heading', { name: 'Iscriviti' })).toBeVisible();
      await expect(page.getByRole('radio', { name: 'Socio' })).toBeChecked();
      await fillApplication(page, applicant);
      await page.getByRole('button', { name: 'Invia la domanda' }).click();
      await expect(page.getByTestId('application-received')).toContainText(
        'abbiamo ricevuto la tua domanda',
      );

      await page.goto('/chi-siamo-iscrizione');
      await fillApplication(page, applicant);
      await page.getByRole('button', { name: 'Invia la domanda' }).click();
      await expect(page.getByTestId('application-error')).toContainText(
        'Abbiamo già ricevuto una domanda',
      );
      // What was typed is still there.
      await expect(page.getByLabel('E-mail (obbligatorio)', { exact: true })).toHaveValue(
        applicant.email,
      );
    });
  });

  test.describe('con JavaScript', () => {
    // The refused form answers 400, which the browser logs.
    test.use({ allowedConsoleErrors: [/status of 400/] });

    test('con JavaScript: un codice fiscale sbagliato è segnalato sul campo, poi la domanda parte', async ({
      page,
      expectAccessible,
    }) => {
      const seed = Date.now() + 1;
      const applicant = {
        firstName: 'Marco',
        lastName: 'Conscript',
        email: `marco.${seed}@example.org`,
        codiceFiscale: codiceFiscaleWithWrongCheck(seed),
      };
      await gotoHydrated(page, '/chi-siamo-affiliati');
      await expect(page.getByRole('radio', { name: 'Affiliato' })).toBeChecked();
      await fillApplication(page, applicant);
      await page
        .getByLabel('Sezione (solo per gli Affiliati)', { exact: true })
        .selectOption('tecnici');
      await page.getByRole('button', { name: 'Invia la domanda' }).click();
      await expect(page.getByText('Il codice fiscale non è valido')).toBeVisible();
      await expect(
        page.getByLabel('Codice fiscale (obbligatorio)', { exact: true }),
      ).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page);
      await page
        .getByLabel('Codice fiscale (obbligatorio)', { exact: true })
        .fill(codiceFiscaleFor(seed));
      await page.getByLabel('Curriculum in PDF (obbligatorio)', { exact: true }).setInputFiles({
        name: 'cv.pdf',
        mimeType: 'application/pdf',
        buffer: minimalPdf('cv'),
      });
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Invia la domanda' }).click();
      await expect(page.getByTestId('application-received')).toBeVisible();
      await expectAccessible(page);
    });
  });

  test('la pagina del socio decaduto dice perché e come tornare socio', async ({
    page,
    expectAccessible,
  }) => {
    await gotoHydrated(page, LAPSED_PAGE.path);
    await expect(page.getByRole('heading', { level: 1, name: LAPSED_PAGE.title })).toBeVisible();
    await expect(page.getByText(LAPSED_PAGE.payArrears)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Domanda di iscrizione' })).toBeVisible();
    await expectAccessible(page);
  });
});
