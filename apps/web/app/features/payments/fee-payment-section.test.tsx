import type { Fee, MemberDuesView, PaymentSettings } from '@sodalis/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answerData, answerError, fakeApi, never } from '../../../test/fake-api';
import { signInTab } from '../../../test/session';
import { ToastArea } from '../../components/toast-area';
import { FeePaymentSection } from './fee-payment-section';

const FEES: Fee[] = [
  { id: 1, title: 'Quota Socio ordinario', quota: 80, accesso: { socio: 'Socio' } },
];
const SETTINGS: PaymentSettings = {
  paypalClientId: 'id-di-prova',
  bankAccount: { iban: 'IT60X0542811101000000123456', holder: 'SIMTI' },
};
const TAB = '/chi-siamo-iscrizione?scheda=pagamento';

/** A member two years behind (ADR 029): both years open, payable together. */
const DUES: MemberDuesView = {
  memberNumber: '1234',
  standing: 'arrears',
  accountName: 'Giulia Ferri',
  openYears: [
    { year: 2025, amountCents: 8000 },
    { year: 2026, amountCents: 9000 },
  ],
  totalCents: 17000,
  fee: { id: 1, title: 'Quota Socio ordinario', quota: 90 },
  years: [],
  bankTransfer: {
    iban: 'IT60X0542811101000000123456',
    holder: 'SIMTI',
    causale: 'QUOTA 1234 2025 2026',
  },
};

const Page = createRoutesStub([
  {
    path: '/chi-siamo-iscrizione',
    Component: () => (
      <>
        <FeePaymentSection kind="soci" fees={FEES} {...SETTINGS} />
        <ToastArea />
      </>
    ),
  },
]);

const showPage = () => render(<Page initialEntries={[TAB]} />);
const dues = () => screen.getByTestId('open-dues');

describe('the payment tab before the scripts run (ADR 022, 029)', () => {
  it('says what the dues need, with the account for a transfer, beside the general form', () => {
    const html = renderToString(<Page initialEntries={[TAB]} />);
    const page = document.createElement('div');
    page.innerHTML = html;
    // Shown only where scripts are off.
    expect(html).toMatch(/<noscript>.*Per vedere le quote ancora da pagare.*<\/noscript>/s);
    expect(html).toContain('IT60 X054 2811 1010 0000 0123 456');
    expect(page.querySelector('select')?.textContent).toContain('Quota Socio ordinario – 80,00 €');
    // PayPal's button waits for the browser, and nobody is known yet: no sign-in prompt.
    expect(html).not.toContain('Paga con PayPal');
    expect(html).not.toContain('data-testid="dues-sign-in"');
  });
});

describe('the payment tab once hydrated', () => {
  it('asks a visitor to sign in and come back here, beside the general form (ADR 030)', () => {
    const calls = fakeApi({});
    showPage();
    const prompt = screen.getByTestId('dues-sign-in');
    expect(prompt.textContent).toContain(
      'Sei Socio o Affiliato? Accedi all’area riservata per vedere le quote ancora da pagare e pagarle a tuo nome, con PayPal o con bonifico.',
    );
    expect(
      within(prompt)
        .getByRole('link', { name: 'Accedi per vedere le tue quote' })
        .getAttribute('href'),
    ).toBe('/area-riservata?ritorno=%2Fchi-siamo-iscrizione%3Fscheda%3Dpagamento');
    expect(screen.getByRole('button', { name: 'Paga con PayPal' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows a member only their own dues: the open years, the total, PayPal and the transfer', async () => {
    const token = signInTab('socio');
    const calls = fakeApi({ '/api/v1/Membership/MyDues': () => answerData(DUES) });
    showPage();
    await screen.findByTestId('open-dues');

    expect(calls.map(({ path, method }) => `${method} ${path}`)).toEqual([
      'GET /api/v1/Membership/MyDues',
    ]);
    expect(calls[0]?.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(dues().textContent).toContain('Socio n. 1234 – Stato: Moroso');
    const rows = within(dues())
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['AnnoImporto', '202580,00 €', '202690,00 €', 'Totale170,00 €']);
    expect(
      screen.getByRole('button', { name: 'Paga tutte le quote con PayPal (170,00 €)' }),
    ).toBeTruthy();
    const transfer = screen.getByTestId('bank-transfer');
    expect(within(transfer).getByTestId('bank-iban').textContent).toContain(
      'IT60 X054 2811 1010 0000 0123 456',
    );
    expect(within(transfer).getByTestId('bank-causale').textContent).toContain(
      'QUOTA 1234 2025 2026',
    );
    expect(within(transfer).getByRole('button', { name: 'Copia la causale' })).toBeTruthy();
    // The general form and the sign-in prompt are not for a member with dues.
    expect(screen.queryByRole('button', { name: 'Paga con PayPal' })).toBeNull();
    expect(screen.queryByTestId('dues-sign-in')).toBeNull();
  });

  it('keeps the panel’s place busy while the dues are on their way', () => {
    signInTab('affiliato');
    fakeApi({ '/api/v1/Membership/MyDues': never });
    showPage();
    const loading = screen.getByText('Caricamento delle tue quote…').closest('section');
    expect(loading?.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Paga con PayPal' })).toBeNull();
  });

  it('tells a member in good standing there is nothing to pay', async () => {
    signInTab('socio');
    fakeApi({
      '/api/v1/Membership/MyDues': () =>
        answerData({ ...DUES, standing: 'good', openYears: [], totalCents: 0, bankTransfer: null }),
    });
    showPage();
    expect((await screen.findByTestId('standing')).textContent).toBe('In regola');
    expect(dues().textContent).toContain('Non hai quote da pagare.');
    expect(within(dues()).queryByRole('button')).toBeNull();
  });

  it('says the session ended when the server no longer knows it, and forgets it (ADR 021)', async () => {
    signInTab('socio');
    fakeApi({
      '/api/v1/Membership/MyDues': () => answerError(401, 'non-autorizzato', 'Sessione non valida'),
    });
    showPage();
    expect((await screen.findByTestId('dues-sign-in')).textContent).toContain(
      'La sessione è scaduta: accedi di nuovo all’area riservata per vedere le quote ancora da pagare e pagarle a tuo nome.',
    );
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(screen.getByRole('button', { name: 'Paga con PayPal' })).toBeTruthy();
  });

  it('gives an account without a membership the general form, without a prompt to sign in', async () => {
    signInTab('socio');
    const calls = fakeApi({
      '/api/v1/Membership/MyDues': () => answerError(404, 'non-trovato', 'Nessuna iscrizione'),
    });
    showPage();
    expect(await screen.findByRole('button', { name: 'Paga con PayPal' })).toBeTruthy();
    expect(screen.queryByTestId('dues-sign-in')).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('asks nothing of the API for staff: the general form', () => {
    signInTab('tesoreria');
    const calls = fakeApi({});
    showPage();
    expect(screen.getByRole('button', { name: 'Paga con PayPal' })).toBeTruthy();
    expect(screen.queryByTestId('dues-sign-in')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('loads nothing of PayPal when the general form is incomplete: the spec’s error toast (spec §5)', async () => {
    const user = userEvent.setup();
    showPage();
    await user.selectOptions(screen.getByLabelText('Quota'), '1');
    await user.click(screen.getByRole('button', { name: 'Paga con PayPal' }));
    const toast = await screen.findByText('Compila i dati di pagamento per continuare');
    expect(toast.closest('[data-testid="toast"]')?.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('button', { name: 'Paga con PayPal' })).toBeTruthy();
    expect(document.querySelector('script[src*="paypal"]')).toBeNull();
  });
});
