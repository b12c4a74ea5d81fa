import { expect, test } from '../support/fixtures';
import { openAdmin, SCREEN_TIMEOUT } from '../support/admin';
import { openSignedIn } from '../support/session';

/**
 * The ECM questionnaire's report (ADR 058): under the demo congress's ECM data, the
 * completions over the confirmed registrants, each question's answers counted, the sponsor
 * declarations; no name. The screen passes axe.
 */
test.describe('Questionario ECM', () => {
  test.describe.configure({ timeout: 120_000 });

  test('la segreteria vede il questionario del congresso in forma aggregata', async ({
    page,
    expectAccessible,
  }) => {
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    await openAdmin(page, '/eventi');
    await page
      .getByRole('row', { name: /Congresso nazionale/ })
      .first()
      .getByRole('cell')
      .nth(1)
      .click({ timeout: SCREEN_TIMEOUT });
    const section = page.getByRole('region', { name: 'Questionario di gradimento ECM' });
    await expect(section).toBeVisible({ timeout: SCREEN_TIMEOUT });
    await expect(section.getByTestId('ecm-questionnaire-completed')).toHaveText(
      /^Questionari compilati: \d+ su \d+ iscritti confermati\.$/,
    );
    await expect(
      section.getByRole('table', { name: /rilevanza degli argomenti/ }).getByRole('row'),
    ).toHaveCount(6);
    await expect(section.getByRole('table', { name: 'Reclutamento da sponsor' })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Esporta CSV' })).toBeVisible();
    await expectAccessible(page);
  });
});
