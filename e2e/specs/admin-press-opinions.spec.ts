import type { Browser, Page } from '@playwright/test';
import { expect, gotoHydrated, test } from '../support/fixtures';
import { chooseOption, fillAdminField, openAdmin, romeDate } from '../support/admin';
import { openSignedIn } from '../support/session';

/** `dd/MM/yyyy` of a `YYYY-MM-DD` date. */
function italian(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** A member's own browser session, closed afterwards. */
async function asMember(browser: Browser, account: string, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  try {
    const member = await context.newPage();
    await openSignedIn(member, account, { landing: null });
    await run(member);
  } finally {
    await context.close();
  }
}

test.describe('amministrazione: rassegna stampa e pareri', () => {
  test.describe.configure({ timeout: 120_000 });

  test('la segreteria pubblica un articolo per gli Affiliati: l’Affiliato lo legge, il Socio no', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const word = `Rassegnaprova${Date.now()}`;
    const headline = `${word}: i donatori di sangue aumentano`;
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    await openAdmin(page, '/rassegna-stampa');
    await expect(page.getByRole('table')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Crea' }).click();
    await expect(page).toHaveURL(/\/amministrazione\/rassegna-stampa\/create$/);
    await fillAdminField(page, 'textbox', 'Titolo dell’articolo', headline);
    await fillAdminField(page, 'textbox', 'Testata', 'Il Resto del Carlino');
    await fillAdminField(
      page,
      'textbox',
      'Indirizzo dell’articolo',
      'ftp://www.example.org/donatori',
    );
    await chooseOption(page, 'Pubblico', 'Solo Affiliati');
    await page.getByRole('button', { name: 'Pubblica' }).click();
    // The server's rule and Italian message, said on the field before anything is sent.
    await expect(
      page.getByText('Indica un indirizzo web valido (http:// o https://).').first(),
    ).toBeVisible();
    await fillAdminField(
      page,
      'textbox',
      'Indirizzo dell’articolo',
      'https://www.example.org/donatori',
    );
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Pubblica' }).click();
    await expect(page.getByText('Elemento creato')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: headline })).toContainText(
      'Solo Affiliati',
    );

    for (const [account, visible] of [
      ['affiliato.demo@example.org', 1],
      ['socio.demo@example.org', 0],
    ] as const) {
      await asMember(browser, account, async (member) => {
        const answered = member.waitForResponse((response) =>
          response.url().includes('/api/v1/SharepointContent/GetRassegneStampa'),
        );
        await gotoHydrated(member, `/area-riservata-rassegna?q=${word}`);
        expect((await answered).status()).toBe(200);
        await expect(member.getByRole('heading', { name: headline })).toHaveCount(visible);
        if (visible === 1) {
          const item = member.getByRole('listitem').filter({ hasText: headline });
          await expect(item).toContainText('Il Resto del Carlino');
          await expect(item.getByRole('link', { name: /LEGGI ONLINE/ })).toHaveAttribute(
            'href',
            'https://www.example.org/donatori',
          );
        }
      });
    }
  });

  test('la segreteria pubblica un parere con una risposta su più righe e i soci lo leggono a capo', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const word = `Parerediprova${Date.now()}`;
    const today = romeDate();
    const title = `Parere ${italian(today)} – ${word} sulle piastrine`;
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    await openAdmin(page, '/pareri');
    await expect(page.getByRole('table')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Crea' }).click();
    await expect(page).toHaveURL(/\/amministrazione\/pareri\/create$/);
    // A new opinion starts with today's date already in its title.
    await expect(page.getByRole('textbox', { name: 'Titolo' })).toHaveValue(
      `Parere ${italian(today)} – `,
    );
    await fillAdminField(page, 'textbox', 'Titolo', `${word} sulle piastrine`);
    await fillAdminField(
      page,
      'textbox',
      'Domanda',
      'Per quanto tempo si conservano\nle piastrine?',
    );
    await fillAdminField(
      page,
      'textbox',
      'Risposta',
      'Fino a cinque giorni.\nSette con la riduzione dei patogeni.\nVedi le linee guida.',
    );
    await page.getByRole('button', { name: 'Pubblica' }).click();
    // The title without its date is refused before it leaves the form, with the reason.
    await expect(
      page.getByText(`deve essere ${italian(today)}, la data di pubblicazione`).first(),
    ).toBeVisible();
    await fillAdminField(page, 'textbox', 'Titolo', title);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Pubblica' }).click();
    await expect(page.getByText('Elemento creato')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();

    await asMember(browser, 'socio.demo@example.org', async (member) => {
      await gotoHydrated(member, `/area-riservata-pareri?q=${word}`);
      const item = member.getByRole('listitem').filter({ hasText: title });
      await expect(item).toContainText(italian(today));
      await item.getByRole('link', { name: /LEGGI/ }).click();
      await expect(member).toHaveURL(/\/area-riservata-pareri-dettaglio\?id=\d+$/);
      const answer = member.getByTestId('risposta');
      await expect(answer).toContainText('Sette con la riduzione dei patogeni.');
      // Three lines, two visible breaks; the question's line break too.
      await expect(answer.locator('br')).toHaveCount(2);
      await expect(member.getByTestId('domanda').locator('br')).toHaveCount(1);
      const lines = await answer.evaluate((element) => (element as HTMLElement).innerText);
      expect(lines.split('\n')).toEqual([
        'Fino a cinque giorni.',
        'Sette con la riduzione dei patogeni.',
        'Vedi le linee guida.',
      ]);
    });
  });
});
