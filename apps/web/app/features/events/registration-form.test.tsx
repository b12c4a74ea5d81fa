import {
  EMPTY_PREFILL,
  REGISTRATION_MESSAGES,
  type MyRegistration,
  type PublicEvent,
  type RegistrationQuote,
  type RegistrationRequest,
} from '@sodalis/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { createRoutesStub, useActionData } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  registrationStep,
  type RegistrationCalls,
  type RegistrationStep,
} from './registration-fields';
import {
  emptyFields,
  RegistrationForm,
  RegistrationQuoteStep,
  RegistrationRefused,
} from './registration-form';

const PAGE = '/eventi/1-congresso/iscrizione';

const EVENT: PublicEvent = {
  id: 1,
  title: 'Congresso',
  slug: 'congresso',
  startsAt: '2027-01-28T08:00:00.000Z',
  endsAt: '2027-01-30T12:00:00.000Z',
  mode: 'in-presenza',
  venueName: 'Centro congressi',
  venueAddress: null,
  venueCity: 'Bologna',
  onlineUrl: null,
  descriptionHtml: '',
  organisers: null,
  ecmCredits: false,
  registrationOpensAt: null,
  registrationClosesAt: null,
  cancellableUntil: null,
  places: 300,
  earlyBirdUntil: '2026-12-15T22:59:00.000Z',
  onsiteFrom: null,
  cover: null,
  registrationTypes: [
    {
      id: 11,
      name: 'Socio in regola',
      description: null,
      eligibility: 'iscritti-in-regola',
      memberRoles: ['socio'],
      earlyCents: 15000,
      standardCents: 20000,
      onsiteCents: null,
      requiresApproval: false,
    },
    {
      id: 12,
      name: 'Relatore',
      description: null,
      eligibility: 'codice',
      memberRoles: [],
      earlyCents: null,
      standardCents: 0,
      onsiteCents: null,
      requiresApproval: false,
    },
  ],
  addons: [{ id: 21, name: 'Cena sociale', description: null, priceCents: 6000 }],
  priceWindow: 'early',
};

const QUOTE: RegistrationQuote = {
  typeId: 11,
  typeName: 'Socio in regola',
  priceWindow: 'early',
  typeCents: 15000,
  addons: [{ id: 21, name: 'Cena sociale', cents: 6000 }],
  totalCents: 21000,
  duesYears: [2026],
  duesCents: 8000,
  payCents: 29000,
  placeAvailable: false,
  requiresApproval: false,
};

/**
 * The page's two steps over a fake of the calls (the network edge): the quote refuses a form
 * without a type as the server does, then answers QUOTE.
 */
function pages(sent: RegistrationRequest[] = []) {
  const calls: RegistrationCalls = {
    quote: (body) => {
      sent.push(body);
      return Promise.resolve(
        body.typeId === undefined
          ? {
              ok: false,
              status: 400,
              issues: [{ path: 'typeId', message: REGISTRATION_MESSAGES.typeRequired }],
            }
          : { ok: true, data: QUOTE },
      );
    },
    register: () => Promise.reject(new Error('non in questo test')),
  };
  return createRoutesStub([
    {
      path: PAGE,
      action: async ({ request }) => registrationStep(await request.formData(), calls),
      Component: function Page() {
        const step = useActionData<RegistrationStep>();
        if (step?.step === 'quote')
          return <RegistrationQuoteStep fields={step.fields} quote={step.quote} action={PAGE} />;
        return (
          <RegistrationForm
            event={EVENT}
            fields={
              step?.step === 'form'
                ? step.fields
                : emptyFields('chiave-di-prova-0123456789', {
                    fiscalCode: 'RSSMRA80A01H501U',
                    professionCode: 1,
                    disciplineCode: 47,
                    otherProfession: null,
                    employment: 'dipendente',
                    employer: 'Ospedale di prova',
                  })
            }
            issues={step?.step === 'form' ? step.issues : []}
            action={PAGE}
          />
        );
      },
    },
  ]);
}

describe('the registration form (ADR 049)', () => {
  it('is a plain form to the page before scripts: types with prices and who may choose, the invoice’s fields shown', () => {
    const Pages = pages();
    const html = document.createElement('div');
    html.innerHTML = renderToString(<Pages initialEntries={[PAGE]} />);
    const form = html.querySelector('form') as HTMLFormElement;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe(PAGE);
    const legend = form.querySelector('fieldset legend');
    expect(legend?.textContent).toBe('Tipo di iscrizione (obbligatorio)');
    expect(form.textContent).toContain('Socio in regola – 150,00 €');
    expect(form.textContent).toContain('Soci in regola con la quota associativa');
    expect(form.textContent).toContain('Relatore – Gratuita');
    expect(form.textContent).toContain('Cena sociale – 60,00 €');
    expect(form.querySelector<HTMLInputElement>('[name="fiscalCode"]')?.value).toBe(
      'RSSMRA80A01H501U',
    );
    expect(form.querySelector<HTMLInputElement>('[name="employer"]')?.value).toBe(
      'Ospedale di prova',
    );
    expect(form.querySelector<HTMLInputElement>('[name="requestKey"]')?.value).toBe(
      'chiave-di-prova-0123456789',
    );
    // A code type: the code's field. The invoice's fields are there without scripts.
    expect(form.querySelector('[name="accessCode"]')).not.toBeNull();
    expect(form.querySelector<HTMLFieldSetElement>('#iscrizione-fattura')?.hidden).toBe(false);
  });

  it('with scripts hides the invoice until asked, shows a refusal next to its field with the focus on the summary, then the quote', async () => {
    const user = userEvent.setup();
    const Pages = pages();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Pages initialEntries={[PAGE]} />);
    document.body.append(container);
    render(<Pages initialEntries={[PAGE]} />, { container, hydrate: true });

    const invoice = () => document.getElementById('iscrizione-fattura') as HTMLFieldSetElement;
    expect(invoice().hidden).toBe(true);
    await user.click(screen.getByLabelText('Desidero la fattura'));
    expect(invoice().hidden).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Continua: riepilogo e quota' }));
    const summary = await screen.findByTestId('registration-errors');
    expect(document.activeElement).toBe(summary);
    expect(summary.querySelector('a')?.getAttribute('href')).toBe('#iscrizione-typeId');
    const group = screen.getByRole('group', { name: 'Tipo di iscrizione (obbligatorio)' });
    expect(group.getAttribute('aria-describedby')).toBe('iscrizione-typeId-errore');
    expect(document.getElementById('iscrizione-typeId-errore')?.textContent).toBe(
      REGISTRATION_MESSAGES.typeRequired,
    );
    // What was typed stays.
    expect((screen.getByLabelText('Codice fiscale') as HTMLInputElement).value).toBe(
      'RSSMRA80A01H501U',
    );

    await user.click(screen.getByLabelText(/^Socio in regola/));
    await user.click(screen.getByLabelText(/^Cena sociale/));
    await user.click(screen.getByRole('button', { name: 'Continua: riepilogo e quota' }));
    const heading = await screen.findByRole('heading', { name: 'Riepilogo dell’iscrizione' });
    expect(document.activeElement).toBe(heading);
    const quote = screen.getByTestId('registration-quote');
    expect(quote.textContent).toContain('Socio in regola (quota early bird)');
    expect(screen.getByTestId('registration-total').textContent).toBe('210,00 €');
    expect(quote.textContent).toContain('Quota associativa 2026 (rinnova e iscriviti)');
    expect(screen.getByTestId('registration-pay').textContent).toBe('290,00 €');
    expect(screen.getByTestId('registration-waiting').textContent).toBe(
      'L’evento è al completo: la tua iscrizione andrà in lista d’attesa.',
    );
    // The second step posts the first's fields again.
    const kept = [...quote.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map(
      (input) => [input.name, input.value],
    );
    expect(kept).toEqual(
      expect.arrayContaining([
        ['typeId', '11'],
        ['addonIds', '21'],
        ['fiscalCode', 'RSSMRA80A01H501U'],
        ['wantsInvoice', '1'],
        ['requestKey', 'chiave-di-prova-0123456789'],
      ]),
    );
    const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
    expect(button('Conferma iscrizione').disabled).toBe(false);
    expect(button('Modifica').disabled).toBe(false);
  });

  it('asks profession and discipline from the national lists without scripts: every discipline grouped by profession, the prefill chosen (ADR 059)', () => {
    const Pages = pages();
    const html = document.createElement('div');
    html.innerHTML = renderToString(<Pages initialEntries={[PAGE]} />);
    const profession = html.querySelector<HTMLSelectElement>('select[name="professionCode"]');
    const discipline = html.querySelector<HTMLSelectElement>('select[name="disciplineCode"]');
    // The options marked chosen by the server (the test DOM's `value` of a parsed select is not).
    const chosen = (select: Element | null | undefined) =>
      select?.querySelector<HTMLOptionElement>('option[selected]');
    expect(chosen(profession)?.textContent).toBe('Medico chirurgo');
    expect([...(profession?.options ?? [])].at(-1)?.textContent).toBe(
      'Altra professione (non sanitaria)',
    );
    const groups = [...(discipline?.querySelectorAll('optgroup') ?? [])];
    expect(groups).toHaveLength(31);
    const physicians = groups.find((group) => group.label === 'Medico chirurgo');
    expect([...(physicians?.querySelectorAll('option') ?? [])].map((o) => o.textContent)).toContain(
      'Medicina trasfusionale',
    );
    expect(chosen(discipline)?.value).toBe('47');
    expect(chosen(html.querySelector('select[name="employment"]'))?.value).toBe('dipendente');
    // The words of who is not a health professional: there without scripts, said when to use.
    expect(html.querySelector('input[name="otherProfession"]')).not.toBeNull();
    expect(html.textContent).toContain('Solo se hai scelto «Altra professione (non sanitaria)»');
    expect(html.querySelector('label[for="iscrizione-professionCode"]')).not.toBeNull();
  });

  it('with scripts offers the chosen profession’s disciplines only, and asks the words of another profession', async () => {
    const user = userEvent.setup();
    const sent: RegistrationRequest[] = [];
    const Pages = pages(sent);
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Pages initialEntries={[PAGE]} />);
    document.body.append(container);
    render(<Pages initialEntries={[PAGE]} />, { container, hydrate: true });

    const discipline = () => screen.queryByLabelText('Disciplina') as HTMLSelectElement | null;
    expect(discipline()?.querySelector('optgroup')).toBeNull();
    expect(discipline()?.value).toBe('47');
    const names = () => [...(discipline()?.options ?? [])].map((option) => option.textContent);
    expect(names()).toContain('Ematologia');
    expect(names()).not.toContain('Infermiere');

    await user.selectOptions(screen.getByLabelText('Professione'), 'Infermiere');
    expect(names()).toEqual(['Scegli la disciplina', 'Infermiere']);
    expect(discipline()?.value).toBe('85');
    expect(screen.queryByLabelText('Quale professione (obbligatorio)')).toBeNull();

    await user.selectOptions(
      screen.getByLabelText('Professione'),
      'Altra professione (non sanitaria)',
    );
    expect(discipline()).toBeNull();
    await user.type(screen.getByLabelText('Quale professione (obbligatorio)'), 'Ingegnere');
    await user.selectOptions(screen.getByLabelText('Condizione lavorativa'), 'Dipendente');
    await user.click(screen.getByLabelText(/^Socio in regola/));
    await user.click(screen.getByRole('button', { name: 'Continua: riepilogo e quota' }));
    await screen.findByRole('heading', { name: 'Riepilogo dell’iscrizione' });
    expect(sent.at(-1)).toMatchObject({
      professionCode: 'altra',
      disciplineCode: '',
      otherProfession: 'Ingegnere',
      employment: 'dipendente',
    });
  });

  it('says in the quote that a type is subject to approval, and above a new form why the last registration was refused (ADR 053)', () => {
    const refused: MyRegistration = {
      id: 9,
      event: { id: 1, title: 'Congresso', slug: 'congresso', startsAt: '', endsAt: '' },
      state: 'refused',
      stateLabel: 'Rifiutata',
      typeName: 'Specializzando',
      addons: [],
      totalCents: 5000,
      priceWindow: 'standard',
      payBy: null,
      offerExpiresAt: null,
      waitingPosition: null,
      refusalReason: 'Manca l’attestato della scuola.',
      causale: 'ISCRIZIONE 9 CK 00',
      cancellable: false,
      payment: null,
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    const Stub = createRoutesStub([
      {
        path: PAGE,
        Component: () => (
          <>
            <RegistrationRefused registration={refused} />
            <RegistrationQuoteStep
              fields={emptyFields('chiave-di-prova-0123456789', EMPTY_PREFILL)}
              quote={{ ...QUOTE, placeAvailable: true, requiresApproval: true }}
              action={PAGE}
            />
          </>
        ),
      },
    ]);
    render(<Stub initialEntries={[PAGE]} />);
    expect(screen.getByTestId('registration-approval').textContent).toContain(
      'Questo tipo di iscrizione è soggetto ad approvazione',
    );
    expect(screen.queryByTestId('registration-waiting')).toBeNull();
    expect(screen.getByTestId('registration-refused').textContent).toBe(
      'La tua iscrizione precedente (Specializzando) è stata rifiutata dalla segreteria.Motivo: Manca l’attestato della scuola.',
    );
  });
});
