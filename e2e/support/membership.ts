import type { Page } from '@playwright/test';
import { adminApi, openAdmin } from './admin';
import { expect, gotoHydrated } from './fixtures';
import { waitForMail } from './mail';
import { minimalPdf } from './pdf';
import { openSignedIn } from './session';

const ODD = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
];

/** The check letter of a codice fiscale's first 15 characters (the ministry's table). */
function checkLetter(first15: string): string {
  let sum = 0;
  for (const [index, char] of [...first15].entries()) {
    const value = /\d/.test(char) ? Number(char) : char.charCodeAt(0) - 65;
    sum += index % 2 === 0 ? (ODD[value] ?? 0) : value;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** A valid codice fiscale different at each call (born in a day of 1980 from `seed`). */
export function codiceFiscaleFor(seed: number): string {
  const day = String((seed % 28) + 1).padStart(2, '0');
  const letters = [...String(seed).padStart(6, '0').slice(-6)]
    .map((digit) => String.fromCharCode(66 + Number(digit)))
    .join('');
  const first15 = `${letters}80A${day}H501`;
  return first15 + checkLetter(first15);
}

/**
 * The codice fiscale of `seed` with a wrong check letter: the one after the right one, so that
 * it is wrong whatever the seed (a fixed letter is the right one for one seed in 26).
 */
export function codiceFiscaleWithWrongCheck(seed: number): string {
  const valid = codiceFiscaleFor(seed);
  const right = valid.charCodeAt(15) - 65;
  return valid.slice(0, 15) + String.fromCharCode(65 + ((right + 1) % 26));
}

/** A small PDF for the CV field. */
export const CV_PDF = {
  name: 'curriculum.pdf',
  mimeType: 'application/pdf',
  buffer: minimalPdf('curriculum e2e'),
};

/** Fills the "Iscriviti" form of the page open in `page`. */
export async function fillApplication(
  page: Page,
  applicant: { firstName: string; lastName: string; email: string; codiceFiscale: string },
) {
  const form = page.locator('form', {
    has: page.getByRole('button', { name: 'Invia la domanda' }),
  });
  await form.getByLabel('Nome (obbligatorio)', { exact: true }).fill(applicant.firstName);
  await form.getByLabel('Cognome (obbligatorio)', { exact: true }).fill(applicant.lastName);
  await form.getByLabel('E-mail (obbligatorio)', { exact: true }).fill(applicant.email);
  await form
    .getByLabel('Codice fiscale (obbligatorio)', { exact: true })
    .fill(applicant.codiceFiscale);
  await form.getByLabel('Qualifica (obbligatorio)', { exact: true }).fill('Tecnico di laboratorio');
  await form.getByLabel('Sede di lavoro (obbligatorio)', { exact: true }).fill('Ospedale di Siena');
  await form.getByLabel('Regione (obbligatorio)', { exact: true }).selectOption('Toscana');
  await form.getByLabel('Curriculum in PDF (obbligatorio)', { exact: true }).setInputFiles(CV_PDF);
  await form.getByRole('checkbox').check();
  await expect(form.getByRole('checkbox')).toBeChecked();
}

/** The password `applyApproveAndSignIn` sets for the new member. */
export const NEW_MEMBER_PASSWORD = 'Plasma-fresco-2026';

/**
 * A new member as the secretariat makes one: the application sent from the Soci page, approved
 * in the back office with the board's ratification on `ratifiedOn`, the invitation's link
 * followed to set a password, which signs the member in. Leaves `page` on the reserved home.
 */
export async function applyApproveAndSignIn(
  page: Page,
  applicant: { firstName: string; lastName: string; email: string; codiceFiscale: string },
  ratifiedOn: string,
): Promise<void> {
  await gotoHydrated(page, '/chi-siamo-iscrizione');
  await fillApplication(page, applicant);
  await page.getByRole('button', { name: 'Invia la domanda' }).click();
  await expect(page.getByTestId('application-received')).toBeVisible();

  await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
  await openAdmin(page, '/domande-iscrizione');
  await page.getByRole('row', { name: new RegExp(applicant.lastName) }).click();
  await page.getByLabel('Data della ratifica del Consiglio Direttivo').fill(ratifiedOn);
  await page.getByRole('button', { name: 'Approva e invia l’invito' }).click();
  await expect(page.getByText(/Domanda approvata: account creato e invito inviato/)).toBeVisible();

  const invitation = await waitForMail(`username ${applicant.email}`);
  const link =
    /https?:\/\/[^/\s]+(\/area-riservata-resetpwd\?token=[A-Za-z0-9_-]+&username=[^\s]+)/.exec(
      invitation,
    )?.[1] ?? '';
  await page.evaluate(() => sessionStorage.clear());
  await gotoHydrated(page, link);
  const reset = page.getByTestId('reset-form');
  const password = NEW_MEMBER_PASSWORD;
  await reset.getByPlaceholder('Inserisci una nuova password').fill(password);
  await reset.getByPlaceholder('Conferma password').fill(password);
  await reset.getByRole('button', { name: 'RICHIEDI' }).click();
  // Signed in with the password just chosen (ADR 021, amended 2026-11-28): no second sign-in.
  await expect(page).not.toHaveURL(/\/area-riservata-resetpwd/);
  await gotoHydrated(page, '/area-riservata-homepage');
  await expect(page.getByTestId('welcome')).toContainText(applicant.lastName);
}

/**
 * A member of one test, made as the secretariat gives an existing account a position (ADR 042):
 * the account, then its membership with the next member number and `sinceYear` as the first year
 * due. `page` is signed in as the secretariat. Answers the number the server gave: never assumed,
 * since the demo register's numbers come first and move the next one.
 */
export async function createMember(
  page: Page,
  member: { firstName: string; lastName: string; email: string; sinceYear: number },
): Promise<{ id: number; memberNumber: string }> {
  const account = await adminApi(page, 'POST', '/Members', {
    email: member.email,
    firstName: member.firstName,
    lastName: member.lastName,
    role: 'socio',
  });
  const id = Number(account.id);
  const membership = await adminApi(page, 'POST', `/Memberships/${id}`, {
    firstName: member.firstName,
    lastName: member.lastName,
    kind: 'Socio',
    sinceYear: member.sinceYear,
  });
  const memberNumber = membership.memberNumber;
  if (typeof memberNumber !== 'string' || memberNumber === '') {
    throw new Error(`${member.email}: la posizione non ha un numero di socio`);
  }
  return { id, memberNumber };
}
