import { describe, expect, it } from 'vitest';
import { participantRedirect } from './guard';

describe('the reserved pages an events’ participant reaches (ADR 055, 057, 058)', () => {
  it('keeps them to «Le mie iscrizioni» and the pages of each registration', () => {
    expect(participantRedirect('partecipante', '/area-riservata-iscrizioni')).toBeNull();
    for (const own of ['test-ecm', 'questionario']) {
      expect(
        participantRedirect('partecipante', `/area-riservata-iscrizioni/12/${own}`),
      ).toBeNull();
    }
    for (const elsewhere of [
      '/area-riservata-homepage',
      '/area-riservata-profilo',
      '/area-riservata-iscrizioniX',
      '/area-riservata-iscrizioni-altro',
    ]) {
      const sent = participantRedirect('partecipante', elsewhere);
      expect(sent?.status).toBe(302);
      expect(sent?.headers.get('location')).toBe('/area-riservata-iscrizioni');
    }
    expect(participantRedirect('socio', '/area-riservata-profilo')).toBeNull();
  });
});
