import { describe, expect, it } from 'vitest';
import { SubscribeMailUpBodySchema } from './account.js';
import { InviaRichiestaPatrocinioBodySchema } from './sponsorship.js';
import {
  acceptAttachments,
  base64DecodedBytes,
  EMPTY_SPONSORSHIP_FORM,
  isPhoneNumber,
  isRealDate,
  isStrictBase64,
  isWebAddress,
  looksLikePdf,
  sponsorshipFieldErrors,
  type SponsorshipFormValues,
} from './sponsorship-rules.js';

const VALID: SponsorshipFormValues = {
  ...EMPTY_SPONSORSHIP_FORM,
  richiedente: 'Mario Rossi',
  ente: 'ASL Roma 1',
  tipoEvento: 'Nazionale',
  titoloEvento: 'Giornata di studio',
  dataInizio: '2026-05-14',
  dataFine: '2026-05-14',
  luogo: 'Roma',
  accettaPrivacy: true,
};

describe('sponsorship rules (spec §5)', () => {
  it('accepts a complete form and reports nothing', () => {
    expect(sponsorshipFieldErrors(VALID)).toEqual({});
  });

  it('requires the required fields and the privacy consent', () => {
    expect(sponsorshipFieldErrors(EMPTY_SPONSORSHIP_FORM)).toEqual({
      richiedente: 'Campo obbligatorio.',
      ente: 'Campo obbligatorio.',
      tipoEvento: 'Campo obbligatorio.',
      titoloEvento: 'Campo obbligatorio.',
      dataInizio: 'Campo obbligatorio.',
      dataFine: 'Campo obbligatorio.',
      luogo: 'Campo obbligatorio.',
      accettaPrivacy: 'Devi acconsentire al trattamento dei dati personali.',
    });
    expect(sponsorshipFieldErrors({ ...VALID, richiedente: ' \n ' })).toEqual({
      richiedente: 'Campo obbligatorio.',
    });
  });

  it('checks the e-mail format only when one is given', () => {
    expect(sponsorshipFieldErrors({ ...VALID, email: 'mario@' })).toEqual({
      email: 'Il formato email non è corretto',
    });
    expect(sponsorshipFieldErrors({ ...VALID, email: ' mario@example.org ' })).toEqual({});
  });

  it('wants dataFine on or after dataInizio, and real dates', () => {
    expect(sponsorshipFieldErrors({ ...VALID, dataFine: '2026-05-13' })).toEqual({
      dataFine: 'La data di fine non può precedere la data di inizio.',
    });
    expect(sponsorshipFieldErrors({ ...VALID, dataInizio: '2026-02-29' }).dataInizio).toBe(
      'Inserisci una data valida.',
    );
    expect(isRealDate('2028-02-29')).toBe(true);
    expect(isRealDate('2026-02-29')).toBe(false);
    expect(isRealDate('2026-13-01')).toBe(false);
    expect(isRealDate('26-05-14')).toBe(false);
    expect(isRealDate('2026-5-14')).toBe(false);
  });

  it('takes only complete web addresses for sitoWeb', () => {
    expect(isWebAddress('https://www.esempio.it/evento?id=3')).toBe(true);
    expect(isWebAddress('http://esempio.it')).toBe(true);
    for (const bad of [
      'www.esempio.it',
      'https://localhost',
      'javascript:alert(1)',
      'https://a b.it',
    ]) {
      expect(isWebAddress(bad), bad).toBe(false);
    }
    expect(sponsorshipFieldErrors({ ...VALID, sitoWeb: 'esempio.it' }).sitoWeb).toMatch(
      /indirizzo web completo/,
    );
  });

  it('accepts common phone formats only', () => {
    for (const good of ['+39 06 1234567', '06/1234567', '(02) 123.456', '3331234567']) {
      expect(isPhoneNumber(good), good).toBe(true);
    }
    for (const bad of ['telefono', '12', '+39 06 12x4567'])
      expect(isPhoneNumber(bad), bad).toBe(false);
  });

  it('limits the choice lists and the lengths', () => {
    expect(sponsorshipFieldErrors({ ...VALID, richiesta: 'Altro' }).richiesta).toBe(
      'Scegli tra Patrocinio e Pubblicazione sul sito.',
    );
    expect(sponsorshipFieldErrors({ ...VALID, richiesta: 'Pubblicazione sul sito' })).toEqual({});
    expect(sponsorshipFieldErrors({ ...VALID, luogo: 'x'.repeat(201) }).luogo).toBe(
      'Puoi scrivere al massimo 200 caratteri.',
    );
  });

  it('adds attachments up to five, skipping names already there (spec §5)', () => {
    const files = (names: string[]) => names.map((name) => ({ name }));
    expect(acceptAttachments(['a.pdf'], files(['b.pdf', 'a.pdf', 'c.pdf']))).toEqual(
      files(['b.pdf', 'c.pdf']),
    );
    expect(
      acceptAttachments(['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf'], files(['e.pdf', 'f.pdf'])),
    ).toEqual(files(['e.pdf']));
    expect(acceptAttachments(['1', '2', '3', '4', '5'], files(['6']))).toEqual([]);
    expect(acceptAttachments([], files(['x.pdf', 'x.pdf']))).toEqual(files(['x.pdf']));
  });

  it('recognises PDFs by type or name', () => {
    expect(looksLikePdf({ name: 'a.PDF', type: '' })).toBe(true);
    expect(looksLikePdf({ name: 'a', type: 'application/pdf' })).toBe(true);
    expect(looksLikePdf({ name: 'a.txt', type: 'text/plain' })).toBe(false);
  });

  it('accepts strict base64 only, and knows its decoded size', () => {
    expect(isStrictBase64('JVBERi0xLjQ=')).toBe(true);
    for (const bad of ['', 'JVBERi0', 'data:application/pdf;base64,JVBE', 'JVBE Ri0x', '====']) {
      expect(isStrictBase64(bad), bad).toBe(false);
    }
    for (const size of [0, 1, 2, 3, 4, 1000]) {
      const encoded = Buffer.alloc(size, 7).toString('base64');
      if (size > 0) expect(base64DecodedBytes(encoded)).toBe(size);
    }
  });
});

describe('the InviaRichiestaPatrocinio schema applies the same rules as the form', () => {
  const attachments = [{ fileName: 'a.pdf', content: Buffer.from('%PDF-1.4').toString('base64') }];
  const cases: Partial<SponsorshipFormValues>[] = [
    {},
    { richiedente: '' },
    { email: 'x@' },
    { sitoWeb: 'esempio' },
    { dataFine: '2026-05-01' },
    { tipoEvento: 'Locale' },
    { accettaPrivacy: false },
    { telefono: 'numero' },
    { luogo: '', ente: '' },
  ];
  it.each(cases)('same fields refused for %o', (change) => {
    const values = { ...VALID, ...change };
    const formErrors = Object.keys(sponsorshipFieldErrors(values)).sort();
    const result = InviaRichiestaPatrocinioBodySchema.safeParse({ ...values, attachments });
    const apiErrors = result.success
      ? []
      : [...new Set(result.error.issues.map((issue) => String(issue.path[0])))].sort();
    expect(apiErrors).toEqual(formErrors);
  });

  it('answers trimmed values with empty optional fields as null', () => {
    const result = InviaRichiestaPatrocinioBodySchema.parse({
      ...VALID,
      titoloEvento: '  Giornata\r\ndi studio ',
      contenutiEvento: ' riga 1\r\nriga 2 ',
      attachments,
    });
    expect(result).toMatchObject({
      titoloEvento: 'Giornata di studio',
      contenutiEvento: 'riga 1\nriga 2',
      email: null,
      richiesta: null,
      sitoWeb: null,
      accettaPrivacy: true,
    });
  });
});

describe('SubscribeMailUp body', () => {
  it('wants a valid e-mail, with the newsletter’s message', () => {
    expect(SubscribeMailUpBodySchema.parse({ email: ' a@example.org ' })).toEqual({
      email: 'a@example.org',
    });
    for (const body of [{}, { email: '' }, { email: 'a@b' }, { email: 3 }]) {
      const result = SubscribeMailUpBodySchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Inserisci una e-mail valida.');
    }
  });
});
