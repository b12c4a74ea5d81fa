import { expect, test } from '../support/fixtures';
import { adminApi, openAdmin, SCREEN_TIMEOUT } from '../support/admin';
import { openSignedIn } from '../support/session';

const TREASURY = 'tesoreria.demo@example.org';
const TEXT = '/DuesReminderTexts/arretrati';

/**
 * The texts of the dues reminders (ADR 030, amendment of 28 November 2026): the treasury edits
 * the arrears reminder with its placeholders beside the editor and a preview, is stopped by an
 * unknown placeholder and by a save made meanwhile in another tab (ADR 041), and puts the
 * default text back.
 */
test.describe('amministrazione: i testi dei promemoria delle quote', () => {
  test.describe.configure({ timeout: 120_000 });
  // The stale save is refused on purpose: the browser logs the 409.
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test('la tesoreria modifica il testo dei promemoria arretrati, vede i segnaposto e l’anteprima, è fermata da un segnaposto sconosciuto e da un’altra scheda, e ripristina il testo predefinito', async ({
    page,
    expectAccessible,
  }) => {
    await openSignedIn(page, TREASURY, { landing: null });
    // A run before this one (a retry) may have left its text: start from the default.
    const initial = await adminApi(page, 'GET', TEXT);
    const defaultSubject = String(initial.defaultSubject);
    const defaultBody = String(initial.defaultBody);
    await adminApi(page, 'PUT', TEXT, { subject: defaultSubject, body: defaultBody });
    const other = await page.context().newPage();
    try {
      await openAdmin(page, '/promemoria-quote');
      await page.getByRole('link', { name: 'Modifica i testi dei promemoria' }).click();
      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: 'Quote arretrate', exact: true }) });
      await expect(row).toContainText('Predefinito', { timeout: SCREEN_TIMEOUT });
      await expectAccessible(page);

      await row.getByRole('cell', { name: 'Quote arretrate', exact: true }).click();
      await expect(page).toHaveURL(/\/amministrazione\/testi-promemoria\/arretrati$/);
      const subject = page.getByRole('textbox', { name: 'Oggetto' });
      const body = page.getByRole('textbox', { name: 'Testo', exact: true });
      await expect(subject).toHaveValue(defaultSubject, { timeout: SCREEN_TIMEOUT });
      const placeholders = page.getByRole('region', { name: 'Segnaposto di questo messaggio' });
      await expect(placeholders).toContainText('{quote}');
      await expect(placeholders).toContainText('{avviso-decadenza}');
      await expectAccessible(page);

      // A placeholder this message does not have is refused before saving, and named.
      await body.fill('Gentile {nome},\n{quote}\n{saluti}');
      await page.getByRole('button', { name: 'Salva' }).click();
      await expect(
        page.getByText(/Il segnaposto \{saluti\} non esiste in questo testo/),
      ).toBeVisible();

      const mySubject = '{acronimo} – Socio n. {numero}: quote da pagare';
      await subject.fill(mySubject);
      await body.fill(
        'Gentile {nome} {cognome},\n{quote}\nTotale: {importo}.\nPaga da qui: {link}',
      );
      // The preview fills the placeholders with an example member.
      await expect(page.getByTestId('anteprima-oggetto')).toHaveText(
        /– Socio n\. 00042: quote da pagare$/,
      );
      const preview = page.getByTestId('anteprima-testo');
      await expect(preview).toContainText('Gentile Anna Rossi,');
      await expect(preview).toContainText('Totale: 170,00 €.');
      await expect(preview).toContainText('Paga da qui: http');
      await page.getByRole('button', { name: 'Salva' }).click();
      await expect(page.getByText('Modifiche salvate')).toBeVisible();
      await expect(row).toContainText('Modificato dalla segreteria', { timeout: SCREEN_TIMEOUT });
      expect(await adminApi(page, 'GET', TEXT)).toMatchObject({ subject: mySubject, edited: true });

      // Two tabs: the other one saves first; this one's save is refused in place, text kept.
      await openSignedIn(other, TREASURY, { landing: null });
      for (const tab of [page, other]) {
        await openAdmin(tab, '/testi-promemoria/arretrati');
        await expect(tab.getByRole('textbox', { name: 'Oggetto' })).toHaveValue(mySubject, {
          timeout: SCREEN_TIMEOUT,
        });
      }
      await other.getByRole('textbox', { name: 'Oggetto' }).fill('{acronimo} – Scheda A');
      await other.getByRole('button', { name: 'Salva' }).click();
      await expect(other.getByText('Modifiche salvate')).toBeVisible();

      const mine = 'Gentile {nome},\n{quote}';
      await body.fill(mine);
      await page.getByRole('button', { name: 'Salva' }).click();
      const conflict = page.getByTestId('edit-conflict');
      await expect(conflict).toBeVisible();
      await expect(conflict).toContainText(`Modificato da ${TREASURY} il `);
      await expect(conflict).toContainText(': oggetto.');
      await expect(page.getByText('Modifiche salvate')).toHaveCount(0);
      await expect(body).toHaveValue(mine);
      await expectAccessible(page);
      expect(await adminApi(page, 'GET', TEXT)).toMatchObject({
        subject: '{acronimo} – Scheda A',
      });
      await conflict.getByRole('button', { name: 'Ricarica' }).click();
      await expect(subject).toHaveValue('{acronimo} – Scheda A');
      await expect(conflict).toHaveCount(0);

      // "Ripristina il testo predefinito": the default in the form and its preview, then saved.
      await page.getByRole('button', { name: 'Ripristina il testo predefinito' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Il testo predefinito è nel modulo' }),
      ).toBeVisible();
      await expect(subject).toHaveValue(defaultSubject);
      await expect(body).toHaveValue(defaultBody);
      await expect(page.getByTestId('anteprima-oggetto')).toHaveText(
        /Quote associative arretrate da pagare$/,
      );
      await page.getByRole('button', { name: 'Salva' }).click();
      await expect(page.getByText('Modifiche salvate')).toBeVisible();
      await expect(row).toContainText('Predefinito', { timeout: SCREEN_TIMEOUT });
      expect(await adminApi(page, 'GET', TEXT)).toMatchObject({
        subject: defaultSubject,
        body: defaultBody,
        edited: false,
      });
    } finally {
      await other.close();
      await adminApi(page, 'PUT', TEXT, { subject: defaultSubject, body: defaultBody });
    }
  });
});
