import { PAYMENT_MESSAGES, receiptLabel, type Fee, type MemberReceipt } from '@sodalis/contracts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CopyableText } from './copyable-text';
import { FeePaymentSection } from './fee-payment-section';
import { PaymentConfirmation } from './payment-confirmation';

const FEES: Fee[] = [
  { id: 1, title: 'Quota Socio ordinario', quota: 80, accesso: { socio: 'Socio' } },
];
const BANK = { iban: 'it60x0542811101000000123456', holder: 'Società di prova' };

describe('the payment tab before scripts (ADR 029, amended 2026-11-27)', () => {
  it('shows the general form and, for a browser without scripts, the IBAN as text in groups of four', () => {
    const html = renderToStaticMarkup(
      createElement(FeePaymentSection, {
        kind: 'soci',
        fees: FEES,
        paypalClientId: 'id-di-prova',
        bankAccount: BANK,
      }),
    );
    expect(html).toContain('Seleziona la quota');
    expect(html).toMatch(/<noscript>.*data-testid="dues-no-script"/s);
    expect(html).toContain('<code class="copyable-text">IT60 X054 2811 1010 0000 0123 456</code>');
    expect(html).toContain('Società di prova');
    // No copy button before scripts: nothing it could do.
    expect(html).not.toContain('Copia');
  });

  it('leaves the bank out when no account is configured', () => {
    const html = renderToStaticMarkup(
      createElement(FeePaymentSection, {
        kind: 'affiliati',
        fees: FEES,
        paypalClientId: null,
        bankAccount: null,
      }),
    );
    expect(html).not.toContain('IBAN');
    expect(html).toContain('dues-no-script');
  });
});

describe('a value to copy', () => {
  it('is readable text before scripts, selectable whole, without a button', () => {
    const html = renderToStaticMarkup(
      createElement(CopyableText, {
        value: 'IT60X0542811101000000123456',
        shown: 'IT60 X054 2811 1010 0000 0123 456',
        what: 'l’IBAN',
      }),
    );
    expect(html).toContain('class="copyable-text"');
    expect(html).toContain('IT60 X054 2811 1010 0000 0123 456');
    expect(html).not.toContain('<button');
  });
});

describe('the confirmation after paying', () => {
  const receipt: MemberReceipt = {
    id: 7,
    paymentId: 3,
    number: '3/2026',
    kind: 'receipt',
    cancels: null,
    years: '2025, 2026',
    amount: '160.00',
    method: 'PayPal',
    issuedAt: '2026-03-02T09:00:00.000Z',
  };

  it('keeps the spec’s success text, what was paid, and the receipt with its download', () => {
    const html = renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(PaymentConfirmation, {
          paid: 'Quote 2025, 2026 – 160,00 € – ordine PayPal ABC.',
          receipt: { kind: 'ready', receipt },
        }),
      ),
    );
    expect(html).toContain(PAYMENT_MESSAGES.success);
    expect(html).toContain('Quote 2025, 2026 – 160,00 € – ordine PayPal ABC.');
    expect(html).toContain(receiptLabel('3/2026'));
    expect(html).toContain('Scarica la ricevuta (PDF)');
    expect(html).toContain('href="/area-riservata-profilo"');
    expect(html).toMatch(/tabindex="-1"/);
    expect(html).toContain('role="status"');
  });
});
