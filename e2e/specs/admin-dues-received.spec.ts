import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/fixtures';
import { openAdmin, romeDate } from '../support/admin';
import { createMember } from '../support/membership';
import { pdfText } from '../support/pdf';
import { openSignedIn } from '../support/session';

/**
 * Money dated when it was received (ADR 029 and 030, amended 2026-11-27): cash entered today for
 * a day of last year takes a receipt of last year, numbered in last year's sequence and dated
 * that day, on the payment's screen and in its PDF.
 */
test.describe('amministrazione: data di incasso', () => {
  test.describe.configure({ timeout: 90_000 });

  test('contanti incassati il 20 dicembre dell’anno scorso: la ricevuta è dell’anno scorso', async ({
    page,
  }) => {
    const lastYear = Number(romeDate().slice(0, 4)) - 1;
    const receivedOn = `20/12/${lastYear}`;
    // A member of this run only, due since last year: a retry makes another.
    const seed = Date.now();
    const lastName = `Incasso${seed % 100_000}`;
    const email = `incasso.${seed}@example.org`;
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    const member = await createMember(page, {
      firstName: 'Dario',
      lastName,
      email,
      sinceYear: lastYear,
    });

    await openAdmin(page, `/soci/${member.id}/show`);
    const form = page.getByRole('form', { name: 'Pagamento in contanti o con carta' });
    await form.getByLabel(/^Anni pagati/).fill(String(lastYear));
    await form.getByLabel('Importo incassato in euro').fill('80');
    await form.getByLabel('Metodo').selectOption('contanti');
    await form.getByLabel(/^Incassato il/).fill(`${lastYear}-12-20`);
    await form.getByRole('button', { name: 'Registra il pagamento' }).click();
    await expect(page.getByText(`Pagamento registrato: quota ${lastYear} pagata.`)).toBeVisible();
    const ledgerYear = page
      .getByRole('table', { name: 'Anni registrati nel libro quote' })
      .getByRole('row', { name: new RegExp(`^${lastYear} `) });
    await expect(ledgerYear).toContainText('Pagata');
    await expect(ledgerYear).toContainText('Contanti');
    await expect(ledgerYear).toContainText(receivedOn);

    await openAdmin(page, '/pagamenti');
    await page.getByPlaceholder('Nome, e-mail o ordine PayPal').fill(email);
    const row = page.getByRole('row', { name: new RegExp(lastName) });
    await expect(row).toContainText(receivedOn);
    // The last column, "Ricevuta": the number in last year's sequence (`7/2025`).
    const receiptCell = row.getByRole('cell').last();
    await expect(receiptCell).toHaveText(new RegExp(`^\\d+/${lastYear}$`));
    const receipt = (await receiptCell.textContent()) ?? '';
    // The list may draw again as the filter settles: click until the detail opens.
    await expect(async () => {
      await row.getByRole('cell', { name: `Dario ${lastName}` }).click({ timeout: 2000 });
      await expect(page).toHaveURL(/\/amministrazione\/pagamenti\/\d+\/show$/, { timeout: 2000 });
    }).toPass();
    await expect(page.getByText(receipt, { exact: true })).toBeVisible();
    await expect(page.getByText(receivedOn, { exact: true })).toBeVisible();
    // A verified payment with its receipt: the screen axe checks in admin-payments.spec.ts.

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Scarica la ricevuta' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`ricevuta-${receipt.replace('/', '-')}.pdf`);
    const text = await pdfText(new Uint8Array(await readFile(await file.path())));
    for (const line of [
      `Ricevuta n. ${receipt}`,
      `Ricevuto da: Dario ${lastName}`,
      `Numero socio: ${member.memberNumber}`,
      `Causale: quota associativa, anno ${lastYear}`,
      'Metodo di pagamento: Contanti',
      `Data del pagamento: ${receivedOn}`,
      'Importo: 80,00 €',
    ]) {
      expect(text).toContain(line);
    }
  });
});
