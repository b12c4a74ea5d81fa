import { describe, expect, it } from 'vitest';
import { participantRedirect } from './guard';

describe('the reserved pages an events’ participant reaches (ADR 055, 057)', () => {
  it('keeps them to «Le mie iscrizioni» and the pages under it, such as a learning test', () => {
    expect(participantRedirect('partecipante', '/area-riservata-iscrizioni')).toBeNull();
    expect(
      participantRedirect('partecipante', '/area-riservata-iscrizioni/12/test-ecm'),
    ).toBeNull();
    for (const elsewhere of ['/area-riservata-profilo', '/area-riservata-iscrizioni-altro']) {
      const sent = participantRedirect('partecipante', elsewhere);
      expect(sent?.status).toBe(302);
      expect(sent?.headers.get('location')).toBe('/area-riservata-iscrizioni');
    }
    expect(participantRedirect('socio', '/area-riservata-profilo')).toBeNull();
  });
});
