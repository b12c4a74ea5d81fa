import { describe, expect, it } from 'vitest';
import { ExternalLinksInputSchema } from './site-text-schemas.js';
import {
  EXTERNAL_LINKS_DEFAULT,
  everyExternalLink,
  externalLink,
  isSitePath,
  withSocietyNames,
} from './site-texts.js';

const society = { acronym: 'SIMTI', name: 'Società Italiana di Medicina Trasfusionale' };

describe('the site texts (ADR 035)', () => {
  it('put the configured acronym and name in place, lower case inside a link', () => {
    expect(withSocietyNames('Mondo {acronimo}: {nome}', society)).toBe(
      'Mondo SIMTI: Società Italiana di Medicina Trasfusionale',
    );
    expect(withSocietyNames('/chi-siamo-{acronimo}', society, true)).toBe('/chi-siamo-simti');
  });

  it('tell a path of the site from another site written without a scheme', () => {
    expect(isSitePath('/chi-siamo?scheda=storia')).toBe(true);
    expect(isSitePath('//esempio.it')).toBe(false);
    expect(isSitePath('/\\esempio.it')).toBe(false);
    expect(isSitePath('/con spazi')).toBe(false);
  });

  it('give a kind’s default while a saved list lacks it', () => {
    const saved = { collegamenti: EXTERNAL_LINKS_DEFAULT.collegamenti.slice(1) };
    expect(externalLink(saved, 'area-professionale').url).toBe('https://www.simtipro.it/');
    expect(externalLink(null, 'privacy').etichetta).toBe('Privacy policy');
    expect(everyExternalLink(saved)).toEqual(EXTERNAL_LINKS_DEFAULT);
    expect(ExternalLinksInputSchema.safeParse(EXTERNAL_LINKS_DEFAULT).success).toBe(true);
  });
});
