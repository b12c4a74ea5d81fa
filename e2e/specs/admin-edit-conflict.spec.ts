import { expect, test } from '../support/fixtures';
import { adminApi, openAdmin, SCREEN_TIMEOUT } from '../support/admin';
import { openSignedIn } from '../support/session';

const STAFF = 'segreteria.demo@example.org';

/**
 * No silent overwrite between two tabs (ADR 041): a news item open in two tabs of the same
 * staff member; the tab that saves second, over the other's save, is told so in the form, keeps
 * what it typed, and chooses "Ricarica" or "Sovrascrivi".
 */
test.describe('nessuna sovrascrittura silenziosa tra due schede', () => {
  test.describe.configure({ timeout: 120_000 });
  // The stale save is refused on purpose: the browser logs the 409.
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test('la seconda scheda che salva vede chi ha cambiato cosa, tiene il suo testo, ricarica o sovrascrive', async ({
    page: tabB,
    expectAccessible,
  }) => {
    const stamp = Date.now();
    const title = `Due schede ${stamp}`;
    const titleA = `Titolo della scheda A ${stamp}`;
    const noteB = 'Nota scritta nella scheda B';
    await openSignedIn(tabB, STAFF, { landing: null });
    const item = await adminApi(tabB, 'POST', '/News', {
      title,
      subtitleHtml: '<p>Testo.</p>',
      publishedOn: '2026-11-20',
      published: false,
      categoryIds: [],
      keptAttachmentIds: [],
      newAttachments: [],
    });
    const tabA = await tabB.context().newPage();
    try {
      await openSignedIn(tabA, STAFF, { landing: null });
      // Tab B was opened first; tab A after it.
      for (const tab of [tabB, tabA]) {
        await openAdmin(tab, `/news/${String(item.id)}`);
        await expect(tab.getByRole('textbox', { name: 'Titolo' })).toHaveValue(title, {
          timeout: SCREEN_TIMEOUT,
        });
      }

      // Tab A saves a new title.
      await tabA.getByRole('textbox', { name: 'Titolo' }).fill(titleA);
      await tabA.getByRole('button', { name: 'Salva bozza' }).click();
      await expect(tabA.getByText('Modifiche salvate')).toBeVisible();

      // Tab B, still at the version it read, writes a note and saves: refused, in place.
      const noteField = tabB.getByRole('textbox', { name: 'Note interne (non pubblicate)' });
      await noteField.fill(noteB);
      await tabB.getByRole('button', { name: 'Salva bozza' }).click();
      const conflict = tabB.getByTestId('edit-conflict');
      await expect(conflict).toBeVisible();
      await expect(conflict).toContainText('Qualcun altro ha modificato questo elemento');
      await expect(conflict).toContainText(`Modificato da ${STAFF} il `);
      await expect(conflict).toContainText(': titolo.');
      await expect(tabB.getByText('Modifiche salvate')).toHaveCount(0);
      await expect(noteField).toHaveValue(noteB);
      await expect(tabB.getByRole('textbox', { name: 'Titolo' })).toHaveValue(title);
      await expectAccessible(tabB);
      // Nothing of B's was written.
      const afterRefusal = await adminApi(tabB, 'GET', `/News/${String(item.id)}`);
      expect(afterRefusal).toMatchObject({ title: titleA, internalNote: null });

      // "Ricarica": B's text goes, A's title shows.
      await conflict.getByRole('button', { name: 'Ricarica' }).click();
      await expect(tabB.getByRole('textbox', { name: 'Titolo' })).toHaveValue(titleA);
      await expect(noteField).toHaveValue('');
      await expect(conflict).toHaveCount(0);

      // A saves again; B writes its note again and, told again, overwrites on purpose.
      await tabA.getByRole('textbox', { name: 'Titolo' }).fill(`${titleA} bis`);
      await tabA.getByRole('button', { name: 'Salva bozza' }).click();
      await expect
        .poll(async () => (await adminApi(tabB, 'GET', `/News/${String(item.id)}`)).title)
        .toBe(`${titleA} bis`);
      await noteField.fill(noteB);
      await tabB.getByRole('button', { name: 'Salva bozza' }).click();
      await expect(conflict).toBeVisible();
      await conflict.getByRole('button', { name: 'Sovrascrivi' }).click();
      await expect(tabB.getByText('Modifiche salvate')).toBeVisible();
      await expect(conflict).toHaveCount(0);
      const overwritten = await adminApi(tabB, 'GET', `/News/${String(item.id)}`);
      expect(overwritten).toMatchObject({ title: titleA, internalNote: noteB, published: false });
    } finally {
      await tabA.close();
      await adminApi(tabB, 'DELETE', `/News/${String(item.id)}`);
      await adminApi(tabB, 'DELETE', `/News/Bin/${String(item.id)}`);
    }
  });
});
