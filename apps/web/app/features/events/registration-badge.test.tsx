import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RegistrationBadge } from './registration-badge';

const badge = {
  code: 'ABCDEFGHJKLM',
  qrDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
  certificate: null,
};

describe('the badge in "Le mie iscrizioni"', () => {
  it('shows the QR code and the code in the server’s HTML, before any script', () => {
    const html = renderToString(<RegistrationBadge registrationId={7} badge={badge} />);
    expect(html).toContain('src="data:image/svg+xml;base64,PHN2Zy8+"');
    expect(html).toContain('alt="Codice QR del badge ABCD-EFGH-JKLM"');
    expect(html).toContain('ABCD-EFGH-JKLM');
  });

  it('offers the certificate once issued', () => {
    render(
      <RegistrationBadge
        registrationId={7}
        badge={{ ...badge, certificate: { number: '3/2027', state: 'valid', verifyPath: '/x' } }}
      />,
    );
    expect(screen.getByRole('button', { name: 'Scarica il badge (PDF)' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Attestato di partecipazione n. 3/2027 (PDF)' }),
    ).toBeTruthy();
  });
});
