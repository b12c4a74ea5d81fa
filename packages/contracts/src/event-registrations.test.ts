import { describe, expect, it } from 'vitest';
import { readRegistrationCausale, registrationCausale } from './event-registrations.js';

describe('the causale of a registration’s transfer', () => {
  it('names the registration with a check that survives what banks do to it', () => {
    const causale = registrationCausale(1234);
    expect(causale).toMatch(/^ISCRIZIONE 1234 CK \d{2}$/);
    for (const written of [
      causale,
      causale.toLowerCase(),
      causale.replaceAll(' ', '\n'),
      `BONIFICO SEPA iscrizione congresso - ${causale.replaceAll(' ', '.')} grazie`,
    ]) {
      expect(readRegistrationCausale(written)).toEqual({ kind: 'valid', registrationId: 1234 });
    }
    const check = causale.slice(-2);
    const other = String((Number(check) + 1) % 100).padStart(2, '0');
    expect(readRegistrationCausale(`ISCRIZIONE 1234 CK ${other}`).kind).toBe('wrongCheck');
    expect(readRegistrationCausale(`ISCRIZIONE 1243 CK ${check}`).kind).toBe('wrongCheck');
    expect(readRegistrationCausale('QUOTA 00042 ANNI 2026 CK 37')).toEqual({ kind: 'none' });
    expect(readRegistrationCausale('Iscrizione al congresso')).toEqual({ kind: 'none' });
  });
});
