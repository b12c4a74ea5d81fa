import codiceFiscaleModule from 'codice-fiscale-js';

/**
 * codice-fiscale-js's CommonJS build exports `{ CodiceFiscale }` while its types declare the
 * class as the default export: read it from where it really is.
 */
const { CodiceFiscale } = codiceFiscaleModule as unknown as {
  CodiceFiscale: { check(code: string): boolean };
};

/**
 * The check character and the date and place codes of a codice fiscale (omocodie included): the
 * membership's applications and register, and the events' accounts and registrations.
 */
export function isValidCodiceFiscale(code: string): boolean {
  return CodiceFiscale.check(code);
}
