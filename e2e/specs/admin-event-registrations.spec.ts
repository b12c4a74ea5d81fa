import { expect, test } from '../support/fixtures';
import type { Page } from '@playwright/test';
import { adminApi, openAdmin, romeDate, SCREEN_TIMEOUT } from '../support/admin';
import { openSignedIn } from '../support/session';

/**
 * The registrations for the treasury (ADR 049): the list filtered by an event shows the
 * event's summary (places, states, takings) above its registrations, and one registration its
 * details; both screens pass axe; a message to the webinar's registrants is written and sent.
 * Registrations subject to approval (ADR 053) approved and refused, and a transfer left for
 * review given to one, on events of the run's own. Nothing here changes a registration other
 * tests meet.
 */
test.describe('iscrizioni agli eventi', () => {
  test.describe.configure({ timeout: 120_000 });

  test('la tesoreria vede le iscrizioni di un evento con il riepilogo e ne apre una', async ({
    page,
    expectAccessible,
  }) => {
    await openSignedIn(page, 'tesoreria.demo@example.org', { landing: null });
    await openAdmin(page, '/iscrizioni');
    await expect(page.getByText('Scegli un evento per vederne il riepilogo')).toBeVisible({
      timeout: SCREEN_TIMEOUT,
    });
    await page.getByRole('combobox', { name: 'Evento' }).click();
    await page.getByRole('option', { name: /^Webinar: il Patient Blood Management/ }).click();
    const summary = page.getByRole('region', { name: /^Riepilogo: Webinar/ });
    await expect(summary).toBeVisible({ timeout: SCREEN_TIMEOUT });
    await expect(summary.getByText(/Posti occupati 2 su 2/)).toBeVisible();
    await expect(summary.getByText(/in lista d’attesa 1/)).toBeVisible();
    const rows = page.getByRole('table').last().getByRole('row');
    // The header and the webinar's four registrations (confirmed, offered, waiting, expired).
    await expect(rows).toHaveCount(5, { timeout: SCREEN_TIMEOUT });
    await expectAccessible(page);

    // Writing to the webinar's registrants: those holding a place, then the one waiting too.
    await page.getByText('Scrivi agli iscritti').click();
    const mailing = page.getByTestId('registration-mailing');
    await expect(mailing.getByTestId('mailing-count')).toHaveText('Lo riceveranno 2 persone.');
    await mailing.getByRole('checkbox', { name: 'in lista d’attesa' }).check();
    await expect(mailing.getByTestId('mailing-count')).toHaveText('Lo riceveranno 3 persone.');
    await mailing.getByRole('button', { name: 'Invia il messaggio' }).click();
    await expect(mailing.getByText('Oggetto: scrivi l’oggetto del messaggio.')).toBeVisible();
    await expect(mailing.getByLabel('Oggetto')).toHaveAttribute('aria-invalid', 'true');
    const subject = `Link del webinar ${Date.now()}`;
    await mailing.getByLabel('Oggetto').fill(subject);
    await mailing.getByLabel(/^Testo/).fill('Il link per collegarsi arriverà il giorno prima.');
    await mailing.getByRole('button', { name: 'Invia il messaggio' }).click();
    await expect(page.getByText('Messaggio in invio a 3 persone.')).toBeVisible();
    await expect(
      page.getByTestId('mailing-history').getByRole('row', { name: new RegExp(subject) }),
    ).toContainText('tesoreria.demo@example.org');
    await expectAccessible(page);

    await rows.filter({ hasText: 'In lista d’attesa' }).click();
    await expect(page.getByText('Causale del bonifico')).toBeVisible({ timeout: SCREEN_TIMEOUT });
    await expect(page.getByText(/^ISCRIZIONE \d+ CK \d{2}$/)).toBeVisible();
    await expectAccessible(page);
  });

  test('la segreteria approva un’iscrizione soggetta ad approvazione, ne rifiuta un’altra con il motivo e le assegna un bonifico da controllare', async ({
    page,
    expectAccessible,
  }) => {
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    const seed = Date.now();
    // Two events of this run only, each with a type subject to approval (ADR 053).
    const event = async (name: string) =>
      (await adminApi(page, 'POST', '/Events', {
        title: `Corso con approvazione ${name} ${seed}`,
        startsAt: `${romeDate(40)}T09:00`,
        endsAt: `${romeDate(40)}T17:00`,
        mode: 'in-presenza',
        venueName: 'Aula magna',
        venueCity: 'Roma',
        places: 10,
        registrationTypes: [
          {
            name: 'Specializzando',
            eligibility: 'tutti',
            standardCents: 4321,
            requiresApproval: true,
          },
        ],
        addons: [],
        published: true,
      })) as unknown as { id: number; registrationTypes: { id: number }[] };
    const register = async (created: { id: number; registrationTypes: { id: number }[] }) =>
      ownRegistration(page, created.id, created.registrationTypes[0]?.id ?? 0);
    const approving = await register(await event('A'));
    const refusing = await register(await event('B'));

    await openAdmin(page, `/iscrizioni/${approving}/show`);
    const approval = page.getByRole('region', { name: 'Iscrizione soggetta ad approvazione' });
    await expect(approval).toBeVisible({ timeout: SCREEN_TIMEOUT });
    await expect(page.getByText('In attesa di approvazione', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await approval.getByRole('button', { name: 'Approva' }).click();
    await expect(
      page.getByText('Iscrizione approvata: la persona riceve un’e-mail.'),
    ).toBeVisible();
    await expect(page.getByText('In attesa di pagamento', { exact: true })).toBeVisible();
    await expect(approval).toBeHidden();

    await openAdmin(page, `/iscrizioni/${refusing}/show`);
    await page.getByRole('button', { name: 'Rifiuta…' }).click({ timeout: SCREEN_TIMEOUT });
    const dialog = page.getByRole('dialog', { name: 'Rifiuta l’iscrizione' });
    await dialog.getByRole('button', { name: 'Rifiuta l’iscrizione' }).click();
    await expect(
      dialog.getByText('Motivo: scrivi perché l’iscrizione è rifiutata (lo riceve la persona).'),
    ).toBeVisible();
    await expect(dialog.getByLabel('Motivo')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
    const reason = 'Manca l’attestato della scuola di specializzazione.';
    await dialog.getByLabel('Motivo').fill(reason);
    await dialog.getByRole('button', { name: 'Rifiuta l’iscrizione' }).click();
    await expect(
      page.getByText('Iscrizione rifiutata: la persona riceve il motivo.'),
    ).toBeVisible();
    await expect(page.getByText(`Rifiutata (${reason})`)).toBeVisible();

    // A transfer for the approved registration whose causale the bank garbled: left for review,
    // then given to the registration found by its number (ADR 053).
    const today = romeDate();
    const reference = `E2E-ISCR-${seed}`;
    const statement = [
      'Data contabile;Importo;Descrizione;Ordinante;Riferimento',
      `${today.split('-').reverse().join('/')};43,21;Iscrizione corso specializzando;Conto personale;${reference}`,
      '',
    ].join('\r\n');
    await adminApi(page, 'POST', '/BankStatements', {
      fileName: `estratto-${seed}.csv`,
      contentBase64: Buffer.from(statement, 'utf8').toString('base64'),
    });
    const rows = (await adminApi(
      page,
      'GET',
      '/BankRows?status=review&perPage=200',
    )) as unknown as {
      items: { id: number; reference: string }[];
    };
    const row = rows.items.find((item) => item.reference === `csv:${reference}`);
    expect(row).toBeDefined();
    await openAdmin(page, `/bonifici/${row?.id ?? 0}/show`);
    const assign = page.getByTestId('assign-registration');
    await assign
      .getByLabel(/Cerca per numero dell’iscrizione/)
      .fill(String(approving), { timeout: SCREEN_TIMEOUT });
    await assign
      .getByRole('list', { name: 'Iscrizioni trovate' })
      .getByRole('button', { name: new RegExp(`^${approving} – `) })
      .click();
    await expect(assign.getByRole('status')).toContainText(`iscrizione ${approving}`);
    await expectAccessible(page);
    await assign.getByRole('button', { name: 'Assegna all’iscrizione' }).click();
    await expect(
      page.getByText(
        'Bonifico assegnato all’iscrizione: pagamento registrato e iscrizione confermata.',
      ),
    ).toBeVisible();
    await expect(page.getByText('Assegnato', { exact: true })).toBeVisible();
    await openAdmin(page, `/iscrizioni/${approving}/show`);
    await expect(page.getByText('Confermata', { exact: true })).toBeVisible({
      timeout: SCREEN_TIMEOUT,
    });

    // Paid, then cancelled by the staff with a reason: the payment is left to refund (ADR 049).
    await page.getByRole('button', { name: 'Annulla l’iscrizione…' }).click();
    const cancelling = page.getByRole('dialog', { name: 'Annulla l’iscrizione' });
    await cancelling.getByRole('button', { name: 'Annulla l’iscrizione' }).click();
    await expect(
      cancelling.getByText(
        'Motivo: scrivi perché l’iscrizione è annullata (lo riceve la persona).',
      ),
    ).toBeVisible();
    await cancelling.getByLabel('Motivo').fill('Il corso è rinviato a data da definire.');
    await cancelling.getByRole('button', { name: 'Annulla l’iscrizione' }).click();
    await expect(
      page.getByText(
        'Iscrizione annullata: il pagamento è ora «da rimborsare» in Pagamenti, dove si registra il rimborso.',
      ),
    ).toBeVisible();
    await expect(
      page.getByText('Annullata (Il corso è rinviato a data da definire. – quota da rimborsare)'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Annulla l’iscrizione…' })).toHaveCount(0);
  });
  test('la segreteria segna come emessa la fattura chiesta da un’iscrizione pagata', async ({
    page,
    expectAccessible,
  }) => {
    await openSignedIn(page, 'segreteria.demo@example.org', { landing: null });
    const seed = Date.now();
    const created = (await adminApi(page, 'POST', '/Events', {
      title: `Corso con fattura ${seed}`,
      startsAt: `${romeDate(45)}T09:00`,
      endsAt: `${romeDate(45)}T17:00`,
      mode: 'online',
      onlineUrl: 'https://example.org/aula',
      places: 10,
      registrationTypes: [{ name: 'Non socio', eligibility: 'tutti', standardCents: 12000 }],
      addons: [],
      published: true,
    })) as unknown as { id: number; registrationTypes: { id: number }[] };
    const id = await ownRegistration(page, created.id, created.registrationTypes[0]?.id ?? 0, {
      invoice: { name: 'Ospedale di prova', taxId: '01234567890', recipientCode: 'ABC1234' },
    });
    await adminApi(
      page,
      'POST',
      `/EventRegistrations/${id}/HandPayment`,
      { method: 'carta', paidOn: romeDate() },
      201,
    );
    await openAdmin(page, `/iscrizioni/${id}/show`);
    const form = page.getByRole('form', { name: 'Fattura richiesta, da emettere' });
    await expect(form).toBeVisible({ timeout: SCREEN_TIMEOUT });
    await expect(
      page.getByText(/Ospedale di prova – 01234567890 – ABC1234 – da emettere/),
    ).toBeVisible();
    await form.getByRole('button', { name: 'Segna come emessa' }).click();
    await expect(form.getByText('Numero della fattura: indicalo.')).toBeVisible();
    await expectAccessible(page);
    await form.getByLabel('Numero della fattura').fill(`E2E/${seed}`);
    await form.getByRole('button', { name: 'Segna come emessa' }).click();
    await expect(page.getByText(`Fattura n. E2E/${seed} segnata come emessa.`)).toBeVisible();
    await expect(
      page.getByText(new RegExp(`emessa, n\\. E2E/${seed} del \\d{2}/\\d{2}/\\d{4}`)),
    ).toBeVisible();
    await expect(form).toBeHidden();
  });
});

/** The signed-in account registers itself for the event (the members' API); answers its id. */
async function ownRegistration(
  page: Page,
  eventId: number,
  typeId: number,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const response = await page.request.post(`/api/v1/Events/${eventId}/Registrations`, {
    headers: { authorization: `Bearer ${token ?? ''}` },
    data: {
      typeId,
      requestKey: `e2e${Date.now()}${Math.random().toString(36).slice(2, 10)}`,
      ...extra,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { registration: { id: number } } }).data.registration
    .id;
}
