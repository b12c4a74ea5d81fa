import type { MyRegistration } from '@sodalis/contracts';
import { render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MyRegistrations, type MyRegistrationChange } from './my-registrations';

const PAGE = '/area-riservata-iscrizioni';

function registration(id: number, overrides: Partial<MyRegistration>): MyRegistration {
  return {
    id,
    event: {
      id: 1,
      title: `Evento ${id}`,
      slug: `evento-${id}`,
      startsAt: '2027-01-28T08:00:00.000Z',
      endsAt: '2027-01-28T12:00:00.000Z',
    },
    state: 'confirmed',
    stateLabel: 'Confermata',
    typeName: 'Non socio',
    addons: [],
    totalCents: 12000,
    priceWindow: 'standard',
    payBy: null,
    offerExpiresAt: null,
    waitingPosition: null,
    refusalReason: null,
    causale: `ISCRIZIONE ${id} CK 3`,
    cancellable: false,
    payment: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const payment = (payCents: number, duesYears: number[] = [], duesCents = 0) => ({
  payCents,
  duesYears,
  duesCents,
  orderDescription: 'Iscrizione - prova',
});

const LIST: MyRegistration[] = [
  registration(1, {
    state: 'awaiting_payment',
    stateLabel: 'In attesa di pagamento',
    typeName: 'Socio in regola',
    priceWindow: 'early',
    addons: [{ name: 'Cena sociale', cents: 6000 }],
    totalCents: 21000,
    payBy: '2026-12-05T11:00:00.000Z',
    cancellable: true,
    payment: payment(29000, [2026], 8000),
  }),
  registration(2, {
    state: 'offered',
    stateLabel: 'Posto offerto dalla lista d’attesa',
    totalCents: 0,
    offerExpiresAt: '2026-12-01T11:00:00.000Z',
    cancellable: true,
  }),
  registration(3, {
    state: 'offered',
    stateLabel: 'Posto offerto dalla lista d’attesa',
    offerExpiresAt: '2026-12-01T11:00:00.000Z',
    cancellable: true,
    payment: payment(12000),
  }),
  registration(4, {
    state: 'waiting',
    stateLabel: 'In lista d’attesa',
    waitingPosition: 3,
    cancellable: true,
  }),
  registration(5, {}),
  registration(6, {
    state: 'pending_approval',
    stateLabel: 'In attesa di approvazione',
    cancellable: true,
  }),
  registration(7, {
    state: 'refused',
    stateLabel: 'Rifiutata',
    refusalReason: 'Manca l’attestato della scuola.',
  }),
  registration(8, {
    ecm: {
      measuredMinutes: 180,
      minutesPresent: 210,
      eventMinutes: 240,
      percent: 87.5,
      threshold: 90,
      reached: false,
      corrected: true,
    },
  }),
  registration(9, {
    ecmCredits: {
      earned: false,
      creditsText: '4,5',
      earnedOn: null,
      certificate: null,
      checks: [
        { condition: 'profession', met: true, text: 'Professione e disciplina accreditate' },
        { condition: 'attendance', met: false, text: 'Presenza 72% su 90% richiesto' },
        { condition: 'test', met: false, text: 'Test di apprendimento non ancora svolto' },
        { condition: 'questionnaire', met: true, text: 'Questionario di gradimento compilato' },
      ],
    },
  }),
  registration(10, {
    ecmCredits: {
      earned: true,
      creditsText: '1',
      earnedOn: '28/01/2027',
      certificate: {
        id: 3,
        number: '3/400001-1',
        state: 'valid',
        verifyPath: '/verifica-attestato/ABC',
        issuedAt: '2027-01-29T10:00:00.000Z',
      },
      checks: [],
    },
  }),
];

function page(confirming: number | null, change?: MyRegistrationChange) {
  const Pages = createRoutesStub([
    {
      path: PAGE,
      Component: () => (
        <MyRegistrations
          registrations={LIST}
          change={change}
          confirmingCancel={confirming}
          paymentOf={(one) => <div data-testid="payment-panel">pagamento {one.id}</div>}
        />
      ),
    },
  ]);
  render(<Pages initialEntries={[PAGE]} />);
  return screen.getAllByTestId('my-registration');
}

describe('«Le mie iscrizioni» (ADR 049)', () => {
  it('says by state what comes next: pay by a date, take or pay an offered place, the waiting list’s position', () => {
    const [awaiting, offeredFree, offeredPaid, waiting, confirmed] = page(null).map((card) =>
      within(card),
    );
    if (!awaiting || !offeredFree || !offeredPaid || !waiting || !confirmed)
      throw new Error('cinque iscrizioni attese');

    expect(awaiting.getByRole('link', { name: 'Evento 1' }).getAttribute('href')).toBe(
      '/eventi/1-evento-1',
    );
    expect(awaiting.getByTestId('registration-state').textContent).toBe('In attesa di pagamento');
    expect(awaiting.getByText('Socio in regola (quota early bird)')).toBeTruthy();
    expect(awaiting.getByText('Cena sociale: 60,00 €')).toBeTruthy();
    expect(awaiting.getByText(/Completa il pagamento entro il/).textContent).toContain(
      '05/12/2026, 12:00',
    );
    expect(awaiting.getByTestId('registration-amount').textContent).toBe(
      'Da pagare: 290,00 € (iscrizione 210,00 € e quota associativa 2026 80,00 €)',
    );
    expect(awaiting.getByTestId('payment-panel').textContent).toBe('pagamento 1');
    expect(awaiting.getByRole('link', { name: 'Annulla iscrizione' }).getAttribute('href')).toBe(
      `${PAGE}?annulla=1`,
    );

    expect(offeredFree.getByText(/accettalo entro il/).textContent).toContain('01/12/2026, 12:00');
    expect(offeredFree.getByRole('button', { name: 'Accetta il posto' })).toBeTruthy();
    expect(offeredFree.queryByTestId('payment-panel')).toBeNull();

    expect(offeredPaid.queryByRole('button', { name: 'Accetta il posto' })).toBeNull();
    expect(offeredPaid.getByText('Il posto è tuo quando paghi la quota.')).toBeTruthy();
    expect(offeredPaid.getByTestId('payment-panel')).toBeTruthy();

    expect(waiting.getByText(/in posizione/).textContent).toBe(
      'Sei in lista d’attesa, in posizione 3: se si libera un posto ti scriveremo.',
    );
    expect(waiting.getByRole('link', { name: 'Esci dalla lista d’attesa' })).toBeTruthy();

    expect(confirmed.getByTestId('registration-state').textContent).toBe('Confermata');
    expect(confirmed.queryByRole('link', { name: /Annulla|Esci/ })).toBeNull();
    expect(confirmed.queryByTestId('payment-panel')).toBeNull();
  });

  it('says a registration awaits the secretariat’s approval, and why one was refused (ADR 053)', () => {
    const cards = page(null).map((card) => within(card));
    const [pending, refused] = cards.slice(5);
    if (!pending || !refused) throw new Error('sette iscrizioni attese');
    expect(pending.getByTestId('registration-state').textContent).toBe('In attesa di approvazione');
    expect(pending.getByText(/la segreteria la\s+esamina/)).toBeTruthy();
    expect(pending.queryByTestId('payment-panel')).toBeNull();
    expect(refused.getByTestId('registration-state').textContent).toBe('Rifiutata');
    expect(refused.getByTestId('registration-refusal').textContent).toBe(
      'Motivo del rifiuto: Manca l’attestato della scuola.',
    );
    expect(refused.queryByRole('link', { name: /Annulla/ })).toBeNull();
  });

  it('asks before cancelling, with a form that posts to the page', () => {
    const cards = page(4);
    const confirmation = within(cards[3] as HTMLElement).getByTestId('cancel-confirmation');
    expect(confirmation.textContent).toContain(
      'Vuoi davvero uscire dalla lista d’attesa di «Evento 4»?',
    );
    const form = confirmation.querySelector('form') as HTMLFormElement;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe(PAGE);
    const fields = Object.fromEntries(
      [...form.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map((input) => [
        input.name,
        input.value,
      ]),
    );
    expect(fields).toEqual({ intent: 'annulla', id: '4' });
    expect(within(confirmation).getByRole('button', { name: 'Sì, esci dalla lista d’attesa' }));
    expect(
      within(confirmation).getByRole('link', { name: 'No, torna all’elenco' }).getAttribute('href'),
    ).toBe(PAGE);
  });

  it('shows an ECM event’s minutes and percentage against the threshold (ADR 056)', () => {
    page(null);
    const [line] = screen.getAllByTestId('ecm-presence');
    expect(screen.getAllByTestId('ecm-presence')).toHaveLength(1);
    expect(line?.textContent).toBe(
      'Presenza ai fini ECM: 210 minuti su 240 (87,5%); soglia richiesta 90%: non ancora raggiunta. Il dato comprende una correzione della segreteria.',
    );
  });

  it('says each condition of the ECM credits, met or missing, and offers the certificate once earned (ADR 060)', () => {
    page(null);
    const [missing, earned] = screen.getAllByTestId('ecm-credits');
    expect(missing?.getAttribute('data-earned')).toBe('false');
    expect(
      within(missing as HTMLElement)
        .getAllByTestId('ecm-credit-check')
        .map((line) => line.textContent),
    ).toEqual([
      '✓ Fatto: Professione e disciplina accreditate',
      '✗ Manca: Presenza 72% su 90% richiesto',
      '✗ Manca: Test di apprendimento non ancora svolto',
      '✓ Fatto: Questionario di gradimento compilato',
    ]);
    expect(within(missing as HTMLElement).queryByTestId('ecm-certificate-download')).toBeNull();
    expect(within(earned as HTMLElement).getByTestId('ecm-credits-outcome').textContent).toBe(
      'Hai ottenuto 1 credito ECM (acquisiti il 28/01/2027).',
    );
    expect(
      within(earned as HTMLElement).getByRole('button', {
        name: 'Attestato ECM n. 3/400001-1 (PDF)',
      }),
    ).toBeTruthy();
  });

  it('shows what a change answered: the server’s sentence', () => {
    page(null, { ok: true, message: 'La tua iscrizione è annullata.' });
    expect(screen.getByTestId('registration-change').textContent).toBe(
      'La tua iscrizione è annullata.',
    );
  });

  it('shows a refused change in the server’s words, with the focus on it', () => {
    page(null, { ok: false, issues: [{ path: 'registration', message: 'Non si può più.' }] });
    const refusal = screen.getByTestId('registration-change-errors');
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(refusal.textContent).toContain('Non si può più.');
    expect(document.activeElement).toBe(refusal);
  });
});
