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

/** A name's letters as the codice fiscale reads them: no accents, apostrophes or spaces. */
function lettersOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
}

const isVowel = (letter: string) => 'AEIOU'.includes(letter);

/** Three letters: the consonants, then the vowels, then X for a name too short. */
function threeLetters(consonants: string[], vowels: string[]): string {
  return [...consonants, ...vowels, 'X', 'X', 'X'].slice(0, 3).join('');
}

/**
 * The first six letters of a codice fiscale for a surname and a name (D.M. 23 dicembre 1976, the
 * rules of the Agenzia delle Entrate): the surname's first three consonants, then its vowels, X
 * when shorter; the name's the same, except that with four consonants or more it takes the
 * first, third and fourth. Several surnames or names count as one (spaces dropped), accented
 * letters as plain ones.
 */
export function codiceFiscaleNameLetters(lastName: string, firstName: string): string {
  const part = (name: string, isFirstName: boolean) => {
    const letters = [...lettersOf(name)];
    const consonants = letters.filter((letter) => !isVowel(letter));
    const vowels = letters.filter(isVowel);
    if (isFirstName && consonants.length >= 4) {
      return [consonants[0], consonants[2], consonants[3]].join('');
    }
    return threeLetters(consonants, vowels);
  };
  return part(lastName, false) + part(firstName, true);
}

/**
 * Whether a codice fiscale's first six letters encode the surname and name (ADR 059). A false is
 * a warning for the staff, never a refusal: the Agenzia's corrections and some people born
 * abroad have codes that differ.
 */
export function codiceFiscaleMatchesName(
  code: string,
  firstName: string,
  lastName: string,
): boolean {
  return code.trim().toUpperCase().slice(0, 6) === codiceFiscaleNameLetters(lastName, firstName);
}
