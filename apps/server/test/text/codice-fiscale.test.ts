import { describe, expect, it } from 'vitest';
import {
  codiceFiscaleMatchesName,
  codiceFiscaleNameLetters,
} from '../../src/text/codice-fiscale.js';

describe('the codice fiscale’s letters of the name (ADR 059)', () => {
  it('takes the surname’s consonants, then the name’s', () => {
    expect(codiceFiscaleNameLetters('Rossi', 'Mario')).toBe('RSSMRA');
    expect(codiceFiscaleMatchesName('RSSMRA85T10A562S', 'Mario', 'Rossi')).toBe(true);
  });

  it('takes the 1st, 3rd and 4th consonant of a name with four or more', () => {
    expect(codiceFiscaleNameLetters('Verdi', 'Giuseppe')).toBe('VRDGPP');
    expect(codiceFiscaleNameLetters('Bianchi', 'Gianfranco')).toBe('BNCGFR');
    // Not for the surname: its first three consonants.
    expect(codiceFiscaleNameLetters('Franceschini', 'Ada')).toBe('FRNDAA');
  });

  it('goes on with the vowels and pads short names with X', () => {
    expect(codiceFiscaleNameLetters('Fo', 'Dario')).toBe('FOXDRA');
    expect(codiceFiscaleNameLetters('Wu', 'Li')).toBe('WUXLIX');
    expect(codiceFiscaleNameLetters('Ai', 'Eo')).toBe('AIXEOX');
    expect(codiceFiscaleNameLetters('Rea', 'Ugo')).toBe('REAGUO');
  });

  it('reads accented letters as plain ones and drops apostrophes and spaces', () => {
    expect(codiceFiscaleNameLetters('D’Amico', 'Niccolò')).toBe('DMCNCL');
    expect(codiceFiscaleNameLetters("Dell'Acqua", 'Nicolò')).toBe('DLLNCL');
    expect(codiceFiscaleNameLetters('De Luca', 'Maria Luisa')).toBe('DLCMLS');
    expect(codiceFiscaleNameLetters('Lò', 'Éva')).toBe('LOXVEA');
  });

  it('tells a code of another name, whatever the case and spaces of the code', () => {
    expect(codiceFiscaleMatchesName(' rssmra85t10a562s ', 'Mario', 'Rossi')).toBe(true);
    expect(codiceFiscaleMatchesName('RSSMRA85T10A562S', 'Maria', 'Rossi')).toBe(true);
    expect(codiceFiscaleMatchesName('RSSMRA85T10A562S', 'Luigi', 'Rossi')).toBe(false);
    expect(codiceFiscaleMatchesName('RSSMRA85T10A562S', 'Mario', 'Russo')).toBe(true);
    expect(codiceFiscaleMatchesName('RSSMRA85T10A562S', 'Mario', 'Bianchi')).toBe(false);
  });
});
