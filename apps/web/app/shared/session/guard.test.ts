import { describe, expect, it } from 'vitest';
import { participantRedirect } from './guard';

describe('the reserved pages of an events’ participant (ADR 055, 058)', () => {
  it('keeps them to «Le mie iscrizioni» and the pages of each registration', () => {
    expect(participantRedirect('partecipante', '/area-riservata-iscrizioni')).toBeNull();
    expect(
      participantRedirect('partecipante', '/area-riservata-iscrizioni/12/questionario'),
    ).toBeNull();
    for (const elsewhere of ['/area-riservata-homepage', '/area-riservata-iscrizioniX']) {
      expect(participantRedirect('partecipante', elsewhere)?.headers.get('location')).toBe(
        '/area-riservata-iscrizioni',
      );
    }
    expect(participantRedirect('socio', '/area-riservata-homepage')).toBeNull();
  });
});
