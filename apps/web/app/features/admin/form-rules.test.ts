import {
  AdminCategoryInputSchema,
  AdminNewsInputSchema,
  HomeInputSchema,
  SITE_TEXT_MESSAGES,
} from '@sodalis/contracts';
import { describe, expect, it } from 'vitest';
import { httpsAddress, schemaRules, siteLink, webAddress } from './form-rules';

describe('a form checked with the server’s schema', () => {
  it('shows the server’s Italian messages on the form’s fields', () => {
    const rules = schemaRules(AdminNewsInputSchema);
    expect(
      rules({ title: ' ', publishedOn: '2026-02-30', sourceUrl: 'javascript:alert(1)' }),
    ).toEqual({
      title: 'Campo obbligatorio.',
      publishedOn: 'Indica una data valida (aaaa-mm-gg).',
      sourceUrl: 'Indica un indirizzo web valido (http:// o https://).',
    });
  });

  it('checks the body the form will send, and passes a valid one', () => {
    const rules = schemaRules(AdminCategoryInputSchema, (values) => ({ title: values.name }));
    expect(rules({ id: 3, name: 'Eventi' })).toEqual({});
    expect(rules({ id: 3, name: '' })).toEqual({ title: 'Campo obbligatorio.' });
  });
});

describe('a web address typed as people say it', () => {
  it('accepts "www.…" before saving and the server stores it with https://', () => {
    expect(webAddress('www.sito-esempio.it')).toBeUndefined();
    expect(webAddress('sito-esempio')).toBe('Indica un indirizzo web valido (http:// o https://).');
    const parsed = AdminNewsInputSchema.safeParse({
      title: 'Notizia',
      publishedOn: '2026-02-10',
      sourceUrl: 'www.sito-esempio.it/pagina',
    });
    expect(parsed.success && parsed.data.sourceUrl).toBe('https://www.sito-esempio.it/pagina');
  });
});

describe('the links of the home and of /chi-siamo (ADR 035)', () => {
  it('take a path of the site or an https address, as the server does', () => {
    for (const value of [
      '/chi-siamo',
      '/chi-siamo-{acronimo}',
      'https://www.esempio.it',
      'www.esempio.it',
    ])
      expect(siteLink(value)).toBeUndefined();
    for (const value of [
      'chi-siamo',
      '//esempio.it',
      'http://www.esempio.it',
      'javascript:alert(1)',
    ])
      expect(siteLink(value)).toBe(SITE_TEXT_MESSAGES.siteLink);
    expect(httpsAddress('www.esempio.it')).toBeUndefined();
    expect(httpsAddress('/chi-siamo')).toBe(SITE_TEXT_MESSAGES.httpsAddress);
    const hero = { titolo: 'T', sottotitolo: 'S', testo: 'Testo', pulsante: 'Vai' };
    const parsed = HomeInputSchema.safeParse({ ...hero, link: 'www.esempio.it/congresso' });
    expect(parsed.success && parsed.data.link).toBe('https://www.esempio.it/congresso');
  });
});
