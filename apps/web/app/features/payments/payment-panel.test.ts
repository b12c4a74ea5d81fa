import type { Fee } from '@sodalis/contracts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PaymentPanel } from './payment-panel';

const FEES: Fee[] = [
  { id: 1, title: 'Quota Socio ordinario', quota: 80, accesso: { socio: 'Socio' } },
];

describe('the payment panel as the server renders it', () => {
  it('says payments are unavailable when no PayPal client id is configured', () => {
    const html = renderToStaticMarkup(
      createElement(PaymentPanel, { kind: 'soci', fees: FEES, paypalClientId: null }),
    );
    expect(html).toContain('>PayPal</h3>');
    expect(html).toContain('Il pagamento online non è al momento disponibile');
    expect(html).not.toContain('<select');
  });

  it('renders the fields with the spec’s placeholder and label; the button waits for the browser', () => {
    const html = renderToStaticMarkup(
      createElement(PaymentPanel, { kind: 'soci', fees: FEES, paypalClientId: 'id-di-prova' }),
    );
    expect(html).toContain('<option value="" selected="">Seleziona la quota</option>');
    expect(html).toContain('Quota Socio ordinario – 80,00 €');
    expect(html).toContain('Nominativo del socio');
    expect(html).toMatch(/type="number"[^>]*min="\d{4}"[^>]*max="2099"[^>]*step="1"/);
    expect(html).not.toContain('Il pagamento online non è al momento disponibile');
  });
});
