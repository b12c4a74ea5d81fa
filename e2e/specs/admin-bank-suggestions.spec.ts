import type { AdminBankRow, AdminPage } from '@sodalis/contracts';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { adminApi, openAdmin, romeDate } from '../support/admin';
import { createMember } from '../support/membership';
import { openSignedIn } from '../support/session';

/**
 * The row waiting for review with the CSV's `reference` (kept as `csv:<reference>`, ADR 029), read
 * through the API: the list shows the oldest rows first, and other specs leave rows waiting.
 */
async function rowToReview(page: Page, reference: string): Promise<AdminBankRow> {
  for (let pageNumber = 1; ; pageNumber += 1) {
    const found = (await adminApi(
      page,
      'GET',
      `/BankRows?status=review&perPage=200&page=${pageNumber}`,
    )) as unknown as AdminPage<AdminBankRow>;
    const row = found.items.find((item) => item.reference === `csv:${reference}`);
    if (row !== undefined) return row;
    if (pageNumber * 200 >= found.total) throw new Error(`${reference}: movimento non trovato`);
  }
}

/**
 * A transfer without the coded causale whose text names the member's number (ADR 029, amendment
 * of 2026-11-27 night): the row waiting for review suggests that member, and one click assigns it.
 */
test.describe('amministrazione: bonifici suggeriti', () => {
  test.describe.configure({ timeout: 90_000 });

  test('un bonifico con "SOCIO <numero>" nella causale suggerisce quel socio, assegnato con un clic', async ({
    page,
    expectAccessible,
  }) => {
    const today = romeDate();
    const year = Number(today.slice(0, 4));
    const bookedOn = today.split('-').reverse().join('/');
    // A member of this run only: its number is the one the server gave, whatever came before.
    const seed = Date.now();
    const lastName = `Numerato${seed % 100_000}`;
    const email = `numerato.${seed}@example.org`;
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    const member = await createMember(page, {
      firstName: 'Ottavio',
      lastName,
      email,
      sinceYear: year,
    });

    // The bank's CSV: the remittance names the number only, the payer is someone else.
    const reference = `E2E-SOCIO-${seed}`;
    const statement = [
      'Data contabile;Importo;Descrizione;Ordinante;Riferimento',
      `${bookedOn};80,00;Bonifico quota ${year} SOCIO ${member.memberNumber};Conto famiglia;${reference}`,
      '',
    ].join('\r\n');
    await openAdmin(page, '/bonifici/create');
    await page.getByLabel('Estratto conto').setInputFiles({
      name: 'estratto.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(statement, 'utf8'),
    });
    const preview = page.getByRole('table', { name: 'Movimenti in entrata del file' });
    await expect(preview.getByRole('row')).toHaveCount(2);
    await expect(preview).toContainText('Causale non riconosciuta: da controllare');
    await page.getByRole('button', { name: 'Applica l’importazione' }).click();
    await expect(page.getByText(/Estratto conto importato/)).toBeVisible();

    const row = await rowToReview(page, reference);
    await openAdmin(page, `/bonifici/${row.id}/show`);
    const suggested = page.getByRole('region', { name: 'Soci suggeriti' });
    const suggestion = suggested.getByRole('listitem').filter({ hasText: lastName });
    await expect(suggestion).toContainText(
      `Ottavio ${lastName} (n. ${member.memberNumber}): numero socio nella causale;`,
    );
    await expectAccessible(page);
    await suggestion
      .getByRole('button', { name: `Assegna a Ottavio ${lastName} (${year})` })
      .click();
    await expect(
      page.getByText('Bonifico assegnato: quota pagata e ricevuta numerata.'),
    ).toBeVisible();
    await expect(page.getByText('Assegnato', { exact: true })).toBeVisible();
    await expect(suggested).toBeHidden();

    await openAdmin(page, `/soci/${member.id}/show`);
    const ledgerYear = page
      .getByRole('table', { name: 'Anni registrati nel libro quote' })
      .getByRole('row', { name: new RegExp(`^${year} `) });
    await expect(ledgerYear).toContainText('Pagata');
    await expect(ledgerYear).toContainText('Bonifico');
    await expect(ledgerYear).toContainText(bookedOn);
  });
});
